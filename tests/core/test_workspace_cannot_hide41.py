"""What a workspace's writer controls never hides a credential from the verdict, round seven
(redteam41):

1. Markup a rendered page draws as nothing, written over a line break inside a value
   (``ghp_Zq8m<!--⏎x⏎-->L2v…``, ``<span⏎></span>``): redteam40 read such markup closed on
   its line and left this (exit 0 on integ). One mechanism: the reading that joins the lines
   a text marks as one (`memtui.core.scanner.continued_lines`, a ``\\`` at a line's end)
   joins the lines such markup holds the break of (`memtui.core.creds.as_seen.hidden_breaks`),
   and `memtui.core.creds.as_seen.seen` then drops the markup as it drops it on one line.
2. A layout chosen to narrow what is read: Claude Code's own memory folder
   (``~/.claude/projects/<p>/memory``) with a ``memory/`` subfolder added is taken for an item
   workspace, whose walk reads ``memory/`` and the top-level files alone: a credential in
   its ``notes/`` passed ``--fail-on error`` (exit 0 on integ), though Claude Code's tools
   reach it. One mechanism (`memtui.core.profiles.registry.walked_reach`): what the walk
   reads follows every agent the folder shows by its place or its shape, not the one
   profile recognition chose.
3. A baseline identity an attacker can keep: an ``unchecked_text`` error (a memory past the
   8 MiB the credential check reads) was fingerprinted by its text — the file's size and
   the line the check stopped at — so a token written into the unread tail, the size kept,
   matched the accepted finding (exit 0 on integ with ``--baseline``). One mechanism
   (`memtui.core.reporting.suppress.fingerprinted`): a finding standing for a value is keyed
   by the value, and one standing for text memtui did not read has none, so no baseline
   accepts it (as a credential whose value is not at hand).

Each test builds a real workspace and runs the real ``memtui audit`` in a child process; the
bound is measured in a child under a CPU limit.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.scanner.continued_lines import scan_joined
from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
AWS = "wJalrXUtnFEMIK7MDENGbPxRfiCYzQ8vLp3Tx9Wd"
INDEX = "# Index\n\n- [Deploy](deploy.md) — how we deploy\n"


def _memtui(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=180, cwd=cwd)


def _secrets(run: subprocess.CompletedProcess[str]) -> list[tuple[str, int]]:
    assert run.returncode == 1, (run.stdout[-1500:], run.stderr[-1500:])
    found = json.loads(run.stdout)["findings"]
    return [(f["path"], f["line"]) for f in found if f["kind"] == "secret"]


# 1. Markup drawn as nothing over a line break inside a value

def _cut(value: str, markup: str, at: int = 10) -> str:
    return value[:at] + markup + value[at:]


SPANNING = {
    "a comment over three lines": "Pushes use " + _cut(TOKEN, "<!--\nreviewed\n-->") + " now.",
    "an empty comment over a break": "Pushes use " + _cut(TOKEN, "<!--\n-->") + " now.",
    "a comment, CRLF": "Pushes use " + _cut(TOKEN, "<!--\r\nx\r\n-->") + " now.\r",
    "a span's tag over a break": "Pushes use " + _cut(TOKEN, "<span\n></span>") + " now.",
    "a tag's attributes over lines": "Pushes use " + _cut(TOKEN, "<b\nclass=x\n>") + "</b>.",
    "an AWS secret": "aws_secret_access_key = " + _cut(AWS, "<!--\n-->", 13),
    "a comment after a \\ join": "TOKEN=\\\n" + _cut(TOKEN, "<!--\n-->"),
}


@pytest.mark.parametrize("text", SPANNING.values(), ids=SPANNING.keys())
def test_markup_over_a_line_break_hides_no_credential(tmp_path: Path, text: str) -> None:
    """Exit 0 on integ: each line held half a token; a page and a model read it whole."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": INDEX,
                                   "deploy.md": memory("deploy", text + "\n")})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    secrets = _secrets(run)
    assert secrets and {p for p, _ in secrets} == {"deploy.md"}
    assert TOKEN not in run.stdout and AWS not in run.stdout  # masked as ever


def test_the_value_is_given_back_on_the_lines_that_write_it() -> None:
    """``fix redact`` takes every piece: each line holds what it writes of the value."""
    text = "intro\nPushes use " + _cut(TOKEN, "<!--\nreviewed\n-->") + " from CI.\n"
    hits, cut = scan_joined(text)
    assert cut is None
    assert [(h.line, h.value) for h in hits] == [
        (2, TOKEN[:10] + "<!--"), (3, "reviewed"), (4, "-->" + TOKEN[10:])]
    assert "markup a page draws as nothing" in hits[0].kind


ORDINARY = [
    "Some notes\n<!--\nA comment block over lines, with words in it.\n-->\nmore notes",
    "x<!-- reviewed by\n the team -->\nThe next line.",
    "Press <kbd\n>Ctrl</kbd> then go.",
    "password: see the vault<!--\n-->\n",
    "<!-- memtui: ignore secret -->\nnotes",
    "a <span\nclass='x'>word</span> b",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_comments_over_lines_find_nothing(text: str) -> None:
    """A guard: comment blocks and tags over lines in ordinary notes find nothing."""
    assert scan_joined(text) == ([], None)


_BOUND = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
from memtui.core.scanner.continued_lines import scan_joined
piece = sys.argv[1].encode().decode("unicode_escape")
text = piece * (1_048_576 // len(piece))
start = time.process_time()
scan_joined(text)
print(time.process_time() - start)
"""


@pytest.mark.parametrize("piece", ["x<!--\\n-->", "x<!--\\n", "x<span\\n>",
                                   "password=x<!--\\n-->y\\n", "ab<b\\na=1>cd\\n"])
def test_a_mebibyte_of_markup_over_breaks_is_read_in_bounded_time(piece: str) -> None:
    """1 MiB of comments and tags over line breaks: one pass to find them, the joined
    lines read once more, in runs of at most 64 lines (the ``\\`` join's bound)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", _BOUND, piece], env=env, text=True,
                         capture_output=True, timeout=120, cwd=ROOT,
                         preexec_fn=lambda: resource.setrlimit(
                             resource.RLIMIT_AS, (2 << 30, 2 << 30)))
    assert run.returncode == 0, run.stderr[-1500:]
    assert float(run.stdout) < 8.0


# 2. A layout chosen to narrow what is read

FM = "---\nname: a\ndescription: about a\ntype: project\n---\nx\n"


@pytest.mark.parametrize("given", [False, True], ids=["resolved", "through a link"])
def test_claude_codes_folder_with_a_memory_subfolder_is_walked_whole(
        tmp_path: Path, given: bool) -> None:
    """Exit 0 on integ: the ``memory/`` made it an item workspace, ``notes/`` unwalked."""
    place = tmp_path / "home" / ".claude" / "projects" / "p" / "memory"
    make_ws(place, {"MEMORY.md": "# Index\n- [a](a.md)\n", "a.md": FM,
                    "memory/x.md": "x\n", "notes/ops.md": f"CI token {TOKEN}\n"})
    target = place
    if given:  # the folder moved elsewhere, ~/.claude/projects/<p>/memory a link to it
        moved = tmp_path / "data" / "mem"
        moved.parent.mkdir()
        place.rename(moved)
        place.symlink_to(moved)
    run = _memtui("audit", "--json", "--fail-on", "error", str(target))
    assert ("notes/ops.md", 1) in _secrets(run)
    text = _memtui("audit", str(target))
    assert "not read for credentials" not in text.stdout


def test_an_item_workspace_showing_no_agent_still_skips_its_other_folders(
        tmp_path: Path) -> None:
    """A guard: an item workspace at a repository's root walks ``memory/``, not ``src/``."""
    ws = make_ws(tmp_path / "repo", {"MEMORY.md": "# Index\n- [a](memory/a.md)\n",
                                     "memory/a.md": FM, "src/app.md": f"token {TOKEN}\n"})
    run = _memtui("audit", "--json", "--fail-on", "error", str(ws))
    assert run.returncode == 0, run.stdout[-800:]
    assert "not read for credentials: src/" in _memtui("audit", str(ws)).stdout


# 3. A baseline identity an attacker can keep

def test_a_baseline_accepts_no_unread_text(tmp_path: Path) -> None:
    """Exit 0 on integ: the accepted ``unchecked_text`` matched after a token went into the
    unread tail with the file's size kept."""
    head = "---\nname: log\ndescription: the build log\ntype: project\n---\n"
    rows = ["line of the build log with the same words"] * 230_000
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "# Index\n- [log](log.md)\n",
                                   "log.md": head + "\n".join(rows) + "\n"})
    size = (ws / "log.md").stat().st_size
    assert size > 8 << 20
    baseline = tmp_path / "baseline.json"  # the operator's, outside the workspace
    wrote = _memtui("audit", "--write-baseline", str(baseline), str(ws))
    assert wrote.returncode in (0, 1), wrote.stderr
    added = f"deploy token {TOKEN}"
    rows[-10] = added
    rows[-20] = rows[-20][:len(rows[-20]) - (len(added) - len(rows[-10 - 1]))]
    (ws / "log.md").write_text(head + "\n".join(rows) + "\n")
    assert (ws / "log.md").stat().st_size == size
    run = _memtui("audit", "--json", "--fail-on", "error", "--baseline", str(baseline),
                  str(ws))
    assert run.returncode == 1, run.stdout[-800:]
    kinds = {f["kind"] for f in json.loads(run.stdout)["findings"]}
    assert "unchecked_text" in kinds
    # the baseline never recorded it, and said so
    assert "text the audit did not read" in wrote.stderr
    assert all(e["rule"] != "unchecked_text"
               for e in json.loads(baseline.read_text())["findings"])
