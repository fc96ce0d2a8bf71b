"""A refused undo (a file changed since the operation) names the way forward: the operation
that reverses it, where there is one (newuser33 #6: "MEMORY.md changed since operation #1
(fold); nothing was undone", and the fold could then only be reversed by knowing ``F``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from tests.edit.conftest import agent_rewrites_index, read


def fold_then_edit(ws: Path) -> None:
    assert main(["fix", "fold", str(ws), "user-role", "yield-source", "--label", "Cold"]) == 0
    # the packed line is line 4; an outside edit appends a line
    agent_rewrites_index(ws, "- an outside note\n")


def test_undo_names_the_unfold_that_reverses_a_fold(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fold_then_edit(ws)
    capsys.readouterr()
    assert main(["undo", str(ws)]) == 1
    err = capsys.readouterr().err
    assert err == (f"memtui undo: error: MEMORY.md changed since operation #1 (fold); nothing "
                   f"was undone; or reverse it: memtui fix unfold {ws} 4\n")
    # the way it names works, and keeps the outside line
    assert main(["fix", "unfold", str(ws), "4"]) == 0
    assert "- an outside note\n" in read(ws, "MEMORY.md")
    assert "- [User role](memory/user-role.md)" in read(ws, "MEMORY.md")


def test_undo_names_remove_link_for_an_add_to_index(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fix", "add-to-index", str(ws), "lonely_note"]) == 0
    agent_rewrites_index(ws, "- an outside note\n")
    capsys.readouterr()
    assert main(["undo", str(ws)]) == 1
    assert capsys.readouterr().err.endswith(
        f"; or reverse it: memtui fix remove-link {ws} memory/lonely_note.md\n")


async def test_the_app_names_F_when_the_file_changed_after_the_dialog_opened(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    assert main(["fix", "fold", str(ws), "user-role", "yield-source", "--label", "Cold"]) == 0
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("u")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        agent_rewrites_index(ws, "- an outside note\n")  # while it is open
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: "nothing was undone" in app.notice)
        assert app.notice == ("MEMORY.md changed since operation #1 (fold); nothing was "
                              "undone; or reverse it: F on MEMORY.md line 4 (Index view, 1) "
                              "unfolds it")
