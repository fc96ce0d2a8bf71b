"""A workspace's own configuration cannot make the audit pass unseen (issue 31 §2): what
its ``exclude`` leaves out is read and counted as suppressed (what the agent would read
there — a credential — reported: session 28); an exclude of the index or
of every memory is an error; a severity it lowers is named and counted; and ``--fail-on``
given as a flag holds whatever it lowers."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import DAY, NOW, make_ws, memory

KEY = "ADMIN_PASSWORD=Hu7#kd92!xq\n"


def _ws(tmp: Path, config: str, extra: dict[str, str] | None = None) -> Path:
    return make_ws(tmp / "w", {"MEMORY.md": "- [A](memory/a.md) — about a\n",
                               "memory/a.md": memory("a", KEY),
                               ".memtui.toml": config, **(extra or {})},
                   days_ago=(NOW - time.time()) / DAY)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["audit", *args])
    return status, capsys.readouterr().out


@pytest.mark.parametrize("globs", ['["**"]', '["memory/**", "MEMORY.md"]', '["*"]',
                                   '["memory"]'])
def test_an_exclude_of_everything_fails_and_counts_what_it_hid(
        globs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # (a.md, which the index links, is read whatever the exclude says: newuser26 #8; and
    # b.md's credential is reported: an exclude decides what is a memory, never what is
    # read for credentials — session 28, tests/test_readable_scope.py)
    ws = _ws(tmp_path, f"exclude = {globs}\n",
             {"memory/a.md": memory("a"), "memory/b.md": memory("b", KEY)})
    status, out = _run(capsys, str(ws), "--json")
    data = json.loads(out)
    assert status == 1
    assert [(f["kind"], f["path"]) for f in data["findings"]] == [
        ("exclude_all", "MEMORY.md"), ("unaudited_link", "MEMORY.md"), ("secret", "memory/b.md")]
    assert data["suppressed"]["exclude"] == 0 and data["suppressed"]["total"] == 0
    assert data["suppressed_findings"] == []
    assert data["excluded"] == {"files": 2, "unread": 0}
    status, out = _run(capsys, str(ws), "--format", "sarif")
    results = json.loads(out)["runs"][0]["results"]
    assert status == 1
    assert [(r["ruleId"], "suppressions" in r) for r in results] == [
        ("exclude_all", False), ("unaudited_link", False), ("secret", False)]


def test_an_exclude_of_a_folder_counts_what_it_hid_and_is_no_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, 'exclude = ["memory/briefs/**"]\n',
             {"memory/a.md": memory("a"),
              "memory/briefs/b1.md": "# brief\n", "memory/briefs/b2.md": "# brief\n"})
    status, out = _run(capsys, str(ws), "--json")
    data = json.loads(out)
    assert status == 0 and data["findings"] == []
    assert data["suppressed"]["exclude"] == 2  # each brief's frontmatter
    assert data["excluded"] == {"files": 2, "unread": 0}
    # A credential there is no memory's finding the exclude may hide (session 28).
    (ws / "memory" / "briefs" / "b1.md").write_text(f"# brief\n{KEY}")
    status, out = _run(capsys, str(ws), "--json")
    data = json.loads(out)
    assert status == 1 and [(f["kind"], f["path"]) for f in data["findings"]] == [
        ("secret", "memory/briefs/b1.md")]
    assert data["suppressed"]["exclude"] == 2


def test_a_lowered_severity_is_named_and_an_explicit_fail_on_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, '[severity]\nsecret = "info"\n')
    status, out = _run(capsys, str(ws), "--json", "--fail-on", "error")
    data = json.loads(out)
    assert status == 1  # the flag wins over the workspace's configuration
    assert [(f["kind"], f["severity"]) for f in data["findings"]] == [("secret", "info")]
    assert data["severity_changes"] == [{"rule": "secret", "from": "error", "to": "info",
                                         "findings": 1}]
    assert data["suppressed"]["lowered"] == 1
    # Without the flag the configuration decides (its fail-on, else error): lowered, it
    # passes, but says so.
    status, out = _run(capsys, str(ws))
    assert status == 1  # newuser31 #3
    assert "1 lowered by the config (secret error→info)" in " ".join(out.split())
    status, out = _run(capsys, str(ws), "--format", "sarif", "--fail-on", "error")
    (result,) = json.loads(out)["runs"][0]["results"]
    assert status == 1
    assert result["level"] == "note" and result["properties"] == {
        "severityLoweredFrom": "error"}


def test_an_exclude_that_matches_no_file_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser24 #68: `exclude = ["superseded/**"]` (the folder is memory/superseded/) left
    every memory in, and nothing said the pattern was dead, while a dead inline ignore is an
    `unused_ignore`. The Config row and the JSON name it, with the pattern that would match."""
    ws = _ws(tmp_path, 'exclude = ["superseded/**", "memory/briefs/**", "gone/*.md"]\n',
             {"memory/a.md": memory("a"), "memory/superseded/old.md": memory("old"),
              "memory/briefs/b1.md": "# brief\n"})
    _, out = _run(capsys, str(ws), "--json")
    data = json.loads(out)
    assert data["unused_excludes"] == ["superseded/**", "gone/*.md"]
    assert data["excluded"]["files"] == 1  # the brief: that pattern is used
    _, out = _run(capsys, str(ws))
    config = " ".join(next(line for line in out.splitlines() if line.startswith("Config"))
                      .split()[1:])
    assert config == (f"{ws / '.memtui.toml'}; exclude matches no file: superseded/** (did "
                      "you mean memory/superseded/**? patterns are relative to the "
                      "workspace), gone/*.md; exclude = [memory/briefs/**]: 1 file left out "
                      "(not audited)")
    (ws / ".memtui.toml").write_text('exclude = ["memory/superseded/**"]\n')
    _, out = _run(capsys, str(ws), "--json")
    assert "unused_excludes" not in json.loads(out)  # a pattern that matches: nothing said


def test_an_exclude_of_a_file_that_is_no_memory_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser29 #1: `exclude = ["memory/notes.txt"]` for a file that is there (and read for
    its credentials) was said to match "no file": it matches no memory."""
    key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n"
    ws = _ws(tmp_path, 'exclude = ["memory/notes.txt", "memory/*.txt", "gone/*.md"]\n',
             {"memory/a.md": memory("a"), "memory/notes.txt": f"notes\n{key}"})
    _, out = _run(capsys, str(ws))
    config = " ".join(next(line for line in out.splitlines() if line.startswith("Config"))
                      .split()[1:])
    assert config == (f"{ws / '.memtui.toml'}; exclude matches no file: gone/*.md; exclude "
                      "matches no memory: memory/notes.txt (1 file there, none a memory: "
                      "exclude leaves out memories only; what the agent can read there is "
                      "read for credentials anyway), memory/*.txt (1 file there, none a "
                      "memory: exclude leaves out memories only; what the agent can read "
                      "there is read for credentials anyway)"), config
    _, out = _run(capsys, str(ws), "--json")
    data = json.loads(out)
    assert data["unused_excludes"] == ["memory/notes.txt", "memory/*.txt", "gone/*.md"]
    assert any(f["path"] == "memory/notes.txt" and f["kind"] == "secret"
               for f in data["findings"])


def test_the_config_row_names_the_exclude_and_what_it_left_out(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    """newuser37 #17: ``exclude = ["memory/يتيم-*"]`` left three orphans out of the text
    report (Memory files 55 of 58, Orphans 0) and the Config row named every other key but
    not it; only the JSON counted them. The row names the patterns and the files left out."""
    ws = _ws(tmp_path, 'exclude = ["memory/يتيم-*"]\n',
             {f"memory/يتيم-{i}.md": memory(f"يتيم {i}") for i in range(3)})
    _, out = _run(capsys, str(ws))
    config = " ".join(next(line for line in out.splitlines() if line.startswith("Config"))
                      .split()[1:])
    assert config == (f"{ws / '.memtui.toml'}; exclude = [memory/يتيم-*]: 3 files left out "
                      "(not audited)")
