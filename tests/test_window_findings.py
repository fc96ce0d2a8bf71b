"""newuser24 #29: an injected index 18x the model's window (749,826 qwen tokens against the
item platform's 40,960) made no finding at all: none in JSON, SARIF or the exit status, only
the header's bar and the report's "Share of the window" row. Past the window it is an
``over_limit`` error, from 80 % of it a ``near_limit`` warning; a window memtui only assumes
(an agent whose model it cannot know) makes neither."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli, write_tree

MEMORY = "---\nname: a\ndescription: about a\nmetadata:\n  type: project\n---\nA.\n"


def workspace(root: Path, notes: int) -> Path:
    index = "# Memory\n- [A](memory/a.md) — about a\n" + "".join(
        f"- note {i}: a fact kept inline\n" for i in range(notes))
    return write_tree(root, {"MEMORY.md": index, "memory/a.md": MEMORY})


def findings(proc_stdout: str) -> list[dict[str, object]]:
    return [f for f in json.loads(proc_stdout)["findings"]
            if f["kind"] in ("over_limit", "near_limit")]


def test_an_index_larger_than_the_window_is_an_error(tmp_path: Path) -> None:
    ws = workspace(tmp_path / "ws", 6000)
    done = cli("audit", ws, "--json")
    block = json.loads(done.stdout)["injected_block"]
    assert block["tokens"]["qwen"] > 40960
    found = findings(done.stdout)
    assert [(f["kind"], f["severity"], f["path"]) for f in found] == [
        ("over_limit", "error", "MEMORY.md")]
    assert str(found[0]["message"]).startswith(
        f"the injected block is {block['tokens']['qwen']:,} of the Qwen window's 40,960 qwen "
        "tokens (")
    assert done.returncode == 1
    text = cli("audit", ws)
    assert "Over the agent's load limit (over_limit: 1 error)" in text.stdout


def test_near_the_window_is_a_warning_and_a_small_index_nothing(tmp_path: Path) -> None:
    ws = workspace(tmp_path / "ws", 60)
    tokens = json.loads(cli("audit", ws, "--json").stdout)["injected_block"]["tokens"]["qwen"]
    assert findings(cli("audit", ws, "--json").stdout) == []
    near = findings(cli("audit", ws, "--json", "--num-ctx", str(int(tokens / 0.9))).stdout)
    assert [(f["kind"], f["severity"]) for f in near] == [("near_limit", "warning")]
    assert "little room is left for the conversation" in str(near[0]["message"])
    over = findings(cli("audit", ws, "--json", "--num-ctx", str(tokens - 1)).stdout)
    assert [(f["kind"], f["severity"]) for f in over] == [("over_limit", "error")]


def test_an_assumed_window_makes_no_finding(tmp_path: Path) -> None:
    ws = workspace(tmp_path / "ws", 6000)
    done = cli("audit", ws, "--json", "--profile", "openclaw")  # (gemini: its own window,
    # newuser32 #53)
    assert json.loads(done.stdout)["injected_block"]["window_name"] == "assumed Qwen"
    assert [f for f in findings(done.stdout) if "window" in str(f["message"])] == []


def test_a_block_just_past_the_window_never_reads_100_percent(tmp_path: Path) -> None:
    """newuser25 #8: "936 of the --num-ctx window's 932 qwen tokens (100%): larger than the
    window" beside the Share row's "100.4%"."""
    ws = workspace(tmp_path / "ws", 60)
    tokens = json.loads(cli("audit", ws, "--json").stdout)["injected_block"]["tokens"]["qwen"]
    window = int(tokens / 1.004)
    (over,) = findings(cli("audit", ws, "--json", "--num-ctx", str(window)).stdout)
    share = f"{tokens / window:.1%}"
    assert over["kind"] == "over_limit" and share != "100.0%"
    assert f"tokens ({share}): larger than the window" in str(over["message"])
    assert f"Share of the window    {share} of {window:,}" in cli(
        "audit", ws, "--num-ctx", str(window)).stdout


def test_percent_never_rounds_onto_or_across_100() -> None:
    from memtui.core.reporting.wording import percent

    assert [percent(u, w) for u, w in [(936, 932), (100_010, 100_000), (99_996, 100_000),
                                       (931, 932), (932, 932), (85, 100), (0, 0)]] == [
        "100.4%", "100.1%", "99.9%", "99.9%", "100%", "85%", "0%"]
