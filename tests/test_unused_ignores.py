"""An inline ignore comment that silences nothing is an ``unused_ignore`` info finding
(issue 31 §2, as ruff reports an unused ``noqa``): a stale ignore would hide the next
finding of its rule on that line or in that file."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import DAY, NOW, make_ws, memory

SECRET = "password: Hu7#kd92!xq"


def _ws(tmp: Path, files: dict[str, str]) -> Path:
    return make_ws(tmp / "w", {"MEMORY.md": "- [A](memory/a.md) — about a\n",
                               "memory/a.md": memory("a"), **files},
                   days_ago=(NOW - time.time()) / DAY)


def _audit(capsys: pytest.CaptureFixture[str], ws: Path, *args: str) -> tuple[int, dict]:
    status = main(["audit", str(ws), "--json", *args])
    return status, json.loads(capsys.readouterr().out)


def _unused(data: dict) -> list[tuple[str, int, str]]:
    return [(f["path"], f["line"], f["message"]) for f in data["findings"]
            if f["kind"] == "unused_ignore"]


def test_a_comment_that_silences_nothing_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    ws = _ws(tmp_path, {"memory/a.md": memory("a", "a fact <!-- memtui: ignore secret -->\n"
                                                   "<!-- memtui: ignore-file orphan -->\n")})
    for _ in range(2):  # cold, then from the scan cache
        status, data = _audit(capsys, ws)
        assert status == 0
        assert _unused(data) == [
            ("memory/a.md", 7, "<!-- memtui: ignore secret --> silences no finding of "
             "secret: remove it (or the rules it no longer needs)"),
            ("memory/a.md", 8, "<!-- memtui: ignore-file orphan --> silences no finding of "
             "orphan: remove it (or the rules it no longer needs)")]
        assert {f["severity"] for f in data["findings"]} == {"info"}


def test_a_used_comment_is_not_and_a_misspelled_rule_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, {
        "memory/a.md": memory("a", f"{SECRET} <!-- memtui: ignore secret -->\n"),
        "memory/b.md": memory("b", f"{SECRET} <!-- memtui: ignore secrte -->\n"),
        "memory/c.md": memory("c", "<!-- memtui: ignore-file orphan -->\n"),
        "memory/d.md": memory("d", "<!-- memtui: ignore -->\nplain\n"),
        "MEMORY.md": "".join(f"- [{n}](memory/{n}.md) — {n}\n" for n in "abd"),
    })
    status, data = _audit(capsys, ws)
    assert status == 1  # b's secret is reported
    # (a and b hold the same line: a near-duplicate pair since session 30, not this test's)
    assert [(f["kind"], f["path"]) for f in data["findings"]
            if f["kind"] not in ("stale", "near_duplicate")] == [
        ("secret", "memory/b.md"), ("unused_ignore", "memory/b.md"),
        ("unused_ignore", "memory/d.md")]
    assert _unused(data)[0][2] == ("<!-- memtui: ignore secrte --> names no rule 'secrte' "
                                   "(did you mean secret?): fix the rule id (memtui rules "
                                   "lists them)")
    assert _unused(data)[1][2].startswith("<!-- memtui: ignore --> silences no finding:")
    assert data["suppressed"]["inline"] == 2  # a's secret, c's orphan


def test_the_index_comments_count_too(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, {"MEMORY.md": "- [A](memory/a.md) — about a <!-- memtui: ignore "
                                     "broken_link -->\n"})
    _, data = _audit(capsys, ws)
    assert [(p, n) for p, n, _ in _unused(data)] == [("MEMORY.md", 1)]


def test_the_config_can_ignore_them_and_many_are_bounded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    many = "".join(f"line {i} <!-- memtui: ignore secret -->\n" for i in range(20_000))
    ws = _ws(tmp_path, {"memory/m.md": memory("m", many)})
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n- [M](memory/m.md) — m\n",
                                  encoding="utf-8")
    _, data = _audit(capsys, ws)
    unused = _unused(data)
    assert len(unused) == 21
    assert unused[-1][2] == ("and 19,980 more ignore comments in this file that silence "
                             "nothing")
    (ws / ".memtui.toml").write_text('ignore = ["unused_ignore"]\n', encoding="utf-8")
    _, data = _audit(capsys, ws)
    assert _unused(data) == [] and data["suppressed"]["config"] == 21


def test_a_misspelt_rule_id_is_named_not_called_unused(tmp_path: Path) -> None:
    """newuser23 #7: ``<!-- memtui: ignore secrett -->`` was reported as "silences no finding
    of secrett: remove it", advice that drops the silence the user meant; it is now named
    as no rule, with the closest id (the real CLI, on a copy of the demo)."""
    demo = tmp_path / "demo"
    run = [sys.executable, "-m", "memtui"]
    root = Path(__file__).resolve().parents[1]
    subprocess.run([*run, "demo", str(demo)], check=True, capture_output=True, cwd=root)
    with (demo / "memory" / "user-role.md").open("a", encoding="utf-8") as f:
        f.write("<!-- memtui: ignore secrett orphan -->\n")
    out = subprocess.run([*run, "audit", str(demo), "--json"], capture_output=True,
                         text=True, cwd=root).stdout
    said = [f["message"] for f in json.loads(out)["findings"] if f["kind"] == "unused_ignore"
            and f["path"] == "memory/user-role.md"]
    assert said == ["<!-- memtui: ignore orphan secrett --> names no rule 'secrett' (did you "
                    "mean secret?): fix the rule id (memtui rules lists them)"]


def test_a_line_comment_for_a_rule_without_lines_says_the_form_that_works(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser25 #33: `<!-- memtui: ignore orphan -->` in an orphan was "silences no finding
    of orphan: remove it", while the orphan finding it meant stood beside it: the comment
    is the wrong form (an orphan has no line), not stale. The same for a rule no comment
    reaches (stale: only the configuration)."""
    ws = _ws(tmp_path, {"memory/o.md": memory("o", "<!-- memtui: ignore orphan -->\n"
                                                   "<!-- memtui: ignore-file stale -->\n")})
    status, data = _audit(capsys, ws, "--fail-on", "never")
    assert status == 0
    assert _unused(data) == [
        ("memory/o.md", 7, "<!-- memtui: ignore orphan --> cannot silence orphan. Silence "
         "it: ignore = [\"orphan\"] in .memtui.toml, or <!-- memtui: ignore-file orphan --> "
         "anywhere in the file (its findings have no line)."),
        ("memory/o.md", 8, "<!-- memtui: ignore-file stale --> cannot silence stale. Silence "
         "it: ignore = [\"stale\"] in .memtui.toml (its finding is about the workspace as a "
         "whole: no comment reaches it).")]
    assert any(f["kind"] == "orphan" and f["path"] == "memory/o.md" for f in data["findings"])
