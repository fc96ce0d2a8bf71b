"""A redaction is not undoable, and every place says so (issue 32 #5: undo reported "undid #2
redact" and the file still held ``[REDACTED]``).

The journal never keeps the credential, so undo refuses the redaction in one line saying why
(exit status 1; an error notice in the app, no dialog) and the next undo goes on to the
operation before it; ``history`` marks the redaction "not undoable (the secret is not kept)".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.workspace import open_workspace
from memtui.edit.journal import Journal, undo
from memtui.edit.journal_seal import sealed
from tests.edit.conftest import INDEX, read, tree, with_hot

SECRET = "Tr0ub4dor&3xyz"
LONELY_LINE = "- [Lonely note](memory/lonely_note.md) — A note nothing links to\n"
REFUSAL = ("memtui undo: error: #2 redact is not undone: the credential was not kept (memtui "
           "never stores a secret), so memory/creds.md stays redacted; the next undo takes #1 "
           "(add-to-index)\n")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def index_then_redact(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    code, out, _ = run(capsys, "fix", "redact", ws, "creds")
    assert code == 0
    assert out.endswith("[#2; not undoable]\n")  # not "undo: memtui undo …"


def test_undo_refuses_a_redaction_in_one_line_and_goes_on_after(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index_then_redact(ws, capsys)
    redacted = tree(ws)
    assert SECRET not in read(ws, "memory/creds.md")
    assert (run(capsys, "undo", ws)) == (1, "", REFUSAL)
    assert tree(ws) == redacted  # nothing written in the workspace
    assert SECRET not in read(ws, "memory/creds.md")
    # the next undo takes the operation before it, as the line said
    code, out, err = run(capsys, "undo", ws)
    assert (code, err) == (0, "")
    assert out.startswith("undid #1 add-to-index: ")
    assert read(ws, "MEMORY.md") == INDEX
    code, _, err = run(capsys, "undo", ws)
    # not "every journaled operation is undone already": #2 is not (newuser21 #6)
    assert (code, err) == (1, "memtui undo: error: nothing to undo: #2 redact is not undoable "
                              "(the credential was not kept: memtui never stores a secret); "
                              "every other operation is undone already\n")
    assert run(capsys, "undo", ws, "--turn")[2] == err  # the turn undo says the same


def test_history_marks_a_redaction_not_undoable(ws: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    index_then_redact(ws, capsys)
    for _ in range(2):  # before undo met it, and after
        code, out, _ = run(capsys, "history", ws)
        assert code == 0
        lines = out.splitlines()
        assert " redact, not undoable (the secret is not kept): memory/creds.md: " in lines[0]
        assert "(undone)" not in lines[0]
        assert " add-to-index: MEMORY.md" in lines[2] and "undoable" not in lines[2]
        run(capsys, "undo", ws)
    code, out, _ = run(capsys, "history", ws, "--json")
    records = json.loads(out)
    assert records[0]["redacted"] is True and records[0]["passed_over"] is True
    assert records[0]["undone"] is False


def test_the_journal_keeps_no_secret_and_undo_raises_not_undoable(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from memtui.edit.journal import NotUndoable

    index_then_redact(ws, capsys)
    with pytest.raises(NotUndoable, match=r"^#2 redact is not undone: "):
        undo(open_workspace(ws))
    for record in (ws / ".memtui" / "journal").iterdir():
        assert SECRET.encode() not in record.read_bytes()
    assert Journal(open_workspace(ws)).last_active()["id"] == 1


def test_a_redaction_alone_says_nothing_is_older(ws: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "fix", "redact", ws, "creds")[0] == 0
    code, out, err = run(capsys, "undo", ws)
    assert (code, out) == (1, "")
    assert err.endswith("so memory/creds.md stays redacted; nothing older to undo\n")


def test_a_forged_passed_over_flag_makes_the_record_unreadable(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    record = ws / ".memtui" / "journal" / "000001.json"
    data = json.loads(record.read_text())
    data["passed_over"] = "yes"
    record.write_text(json.dumps(sealed(data, ws)))
    code, _, err = run(capsys, "undo", ws)
    assert code == 1 and "'passed_over' is not true or false" in err
    assert read(ws, "MEMORY.md") == with_hot(LONELY_LINE)


async def test_u_in_the_app_refuses_a_redaction_without_a_dialog(
        ws: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started
    from tests.tui.test_keys_dialogs import to_row

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/creds.md")
        await pilot.press("x")  # redact, in the app
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: SECRET not in read(ws, "memory/creds.md"))
        # said once, not "… undo cannot bring it back) (not undoable)" (newuser21 #6)
        await wait_for(pilot, lambda: "undo cannot bring it back" in app.notice)
        assert app.notice.count("undo") == 1 and "not undoable" not in app.notice, app.notice
        redacted = tree(ws)
        await pilot.press("u")
        await wait_for(pilot, lambda: "is not undone" in app.notice)
        assert app.notice == REFUSAL.removeprefix("memtui undo: error: ").rstrip("\n")
        assert app.query_one("#notice").has_class("-error")
        assert not isinstance(app.screen, ConfirmScreen)  # refused: nothing to confirm
        assert tree(ws) == redacted
        await pilot.press("u")  # goes on to the operation before it
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.heading == "Undo #1 add-to-index?"


def test_a_journal_that_cannot_be_marked_still_refuses_in_one_line(
        ws: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    index_then_redact(ws, capsys)

    def read_only(self: Journal, rec: dict) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(Journal, "mark_passed_over", read_only)
    code, out, err = run(capsys, "undo", ws)
    assert (code, out) == (1, "")
    assert err.endswith("so memory/creds.md stays redacted; and it could not be marked in the "
                        "journal (Read-only file system), so undo stops here\n")
    assert Journal(open_workspace(ws)).last_active()["id"] == 2


def test_undo_goes_back_past_every_earlier_operation_on_the_redacted_file(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser29 #13: the scrub rewrote the earlier records' bytes and before digests but not
    the after digest of the record before each, so undo stopped at the first earlier
    operation on that file ("changed since operation #1") and the journal was wedged."""
    creds = ws / "memory/creds.md"
    creds.write_text(creds.read_text() + "See [[line-a]] and [[line-b]].\n")
    assert run(capsys, "fix", "rename", ws, "line-a", "line-c")[0] == 0  # #1 rewrites creds
    assert run(capsys, "fix", "rename", ws, "line-b", "line-d")[0] == 0  # #2 rewrites creds
    code, out, _ = run(capsys, "fix", "redact", ws, "creds")
    assert code == 0 and "scrubbed it from 2 earlier journal records (#1, #2)" in out
    assert run(capsys, "undo", ws)[0] == 1  # #3 redact: refused, as documented
    for n, op in ((2, "rename"), (1, "rename")):
        code, out, err = run(capsys, "undo", ws)
        assert (code, err) == (0, ""), err
        assert out.startswith(f"undid #{n} {op}: ")
    text = read(ws, "memory/creds.md")
    assert SECRET not in text and "[REDACTED]" in text
    assert "See [[line-a]] and [[line-b]]." in text
    assert (ws / "memory/line-a.md").exists() and (ws / "memory/line-b.md").exists()
