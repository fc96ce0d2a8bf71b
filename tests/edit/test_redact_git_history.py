"""A credential redacted in a file git tracks is still in the commits that recorded it
(newuser33 #5: "replaced … not kept in the journal" and ``git show HEAD:file`` still printed
the key). The dialog, the status line and ``fix redact`` say so, name a commit, and say to
rotate it. memtui reads the history itself (as data); the test makes it with real git."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memtui.cli import main
from tests.edit.conftest import read

SECRET = "Tr0ub4dor&3xyz"


def git(ws: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    return subprocess.run(["git", *args], cwd=ws, env=env, check=True, capture_output=True,
                          text=True, timeout=60).stdout


def committed(ws: Path) -> str:
    """``ws`` made a repository whose two commits hold the credential; HEAD's short id."""
    git(ws, "init", "-q")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "first")
    (ws / "MEMORY.md").write_text(read(ws, "MEMORY.md") + "\n", encoding="utf-8")
    (ws / "memory" / "creds.md").write_text(read(ws, "memory/creds.md") + "\nmore\n",
                                            encoding="utf-8")
    git(ws, "commit", "-qam", "second")
    return git(ws, "rev-parse", "--short=7", "HEAD").strip()


def note(head: str) -> str:
    return ("memory/creds.md is tracked by git: rotate the credential; redacting the file "
            f"does not remove it from history, it is still in commit {head} (\"second\") "
            "and 1 older commit")


def test_fix_redact_names_the_commit_that_still_holds_it(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = committed(ws)
    assert main(["fix", "redact", str(ws), "creds"]) == 0
    out = capsys.readouterr().out
    assert SECRET not in read(ws, "memory/creds.md")
    assert SECRET in git(ws, "show", "HEAD:memory/creds.md")  # what the note is about
    assert f"  {note(head)}\n" in out, out


def test_no_note_when_no_commit_holds_it(ws: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # tracked, but the credential was written after the last commit: history has no copy
    creds = read(ws, "memory/creds.md")
    (ws / "memory" / "creds.md").write_text(creds.replace(SECRET, "later"), encoding="utf-8")
    git(ws, "init", "-q")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "first")
    (ws / "memory" / "creds.md").write_text(creds, encoding="utf-8")
    assert main(["fix", "redact", str(ws), "creds"]) == 0
    assert "git" not in capsys.readouterr().out


async def test_the_app_dialog_and_status_say_it_is_still_in_git(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started
    from tests.tui.test_keys_dialogs import to_row

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    head = committed(ws)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/creds.md")
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert note(head) in app.screen.lines  # before Enter, not after
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: SECRET not in read(ws, "memory/creds.md"))
        await wait_for(pilot, lambda: "rotate the credential" in app.notice)
        assert note(head) in app.notice and f"commit {head}" in app.notice
