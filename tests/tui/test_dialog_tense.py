"""A dialog before Apply says what *will* happen; the notice after it, what did (issue 32
#12: the ``w`` dialog said "rewrote 1 fuzzy wikilink" before anything was written;
newuser26 #2: the rename dialog said "renamed memory/scrap-log.md to …", and Esc there,
read as closing a report, left the memory unrenamed)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row


async def test_the_w_dialog_says_will_rewrite_until_applied(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/user-role.md")
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        details = str(app.screen.query_one("#details", Static).content)
        assert details == "will rewrite 1 fuzzy wikilink to the exact spelling in 1 file"
        assert "rewrote" not in details
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: "[[yield-source]] and [[yield-source]]" in (
            workspace / "memory" / "user-role.md").read_text())
        await wait_for(pilot, lambda: app.notice.startswith("rewrote 1 fuzzy wikilink"))


async def test_the_rename_dialog_says_will_rename_until_applied(workspace: Path) -> None:
    from memtui.tui.dialogs.choice import ChoiceScreen

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/yield-source.md")
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        app.screen.query_one(Input).value = "yield-origin"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        details = str(app.screen.query_one("#details", Static).content)
        assert details.startswith("will rename memory/yield-source.md to "
                                  "memory/yield-origin.md (name 'yield-origin'); links will "
                                  "be rewritten in 2 files"), details
        assert "renamed" not in details and "rewritten in 2 files;" not in details
        assert (workspace / "memory" / "yield-source.md").exists()
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: (workspace / "memory" / "yield-origin.md").exists())
        await wait_for(pilot, lambda: app.notice.startswith("renamed memory/yield-source.md"))


def test_every_planned_summary_speaks_of_the_future(tmp_path: Path) -> None:
    """The operations whose dialog shows the summary before Apply (repoint, fold, remove
    link, unlink, unfold, fix wikilinks, redact): "will …" there, the past once done."""
    from memtui.core.workspace import open_workspace
    from memtui.edit import fold_ops, index_ops, memory_ops
    from memtui.edit.snapshot import Snapshot
    from tests.edit.conftest import BASE, write_tree

    ws = open_workspace(write_tree(tmp_path / "ws", {
        **BASE, "memory/line-b.md": BASE["memory/line-b.md"] + "See [a](line-a.md).\n"}))
    snap = Snapshot.read(ws)
    plans = {
        "repointed": index_ops.repoint(snap, "memory/gone.md", "memory/creds.md"),
        "folded": fold_ops.fold(snap, ["user-role", "yield-source"], "Cold"),
        "removed": index_ops.remove_link(snap, "memory/line-a.md"),
        "to memory/line-a.md made": memory_ops.unlink(snap, "line-b", "memory/line-a.md"),
        "unfolded": fold_ops.unfold(snap, 9),
        "rewrote": memory_ops.fix_wikilinks(snap),
        "replaced": memory_ops.redact(snap, "creds"),
        "renamed": memory_ops.rename(snap, "yield-source", "yield-origin"),
        "created": memory_ops.new(snap, "new-note", "user", "a new note", True),
    }
    for past, cs in plans.items():
        assert past in cs.summary, cs.summary
        assert past not in cs.planned and "will " in cs.planned, cs.planned
    new = plans["created"].planned
    assert new == ("will create memory/new-note.md (user) and add it to MEMORY.md under "
                   "'People'"), new  # the section of user memories alone (newuser37 #38)


def test_the_gemini_pointer_plans_speak_of_the_future(tmp_path: Path) -> None:
    """Gemini's repoint and remove of a pointer line: the dialog (``e``, ``X``) and
    ``--dry-run`` show ``planned``."""
    from memtui.core.workspace import open_workspace
    from memtui.edit import gemini_ops
    from memtui.edit.snapshot import Snapshot
    from tests.edit.test_agent_ops import gemini

    folder = gemini(tmp_path, "# Project Memory\n- See $DIR/gone.md for gone notes.\n"
                              "- See vpn.md for vpn notes.\n")
    snap = Snapshot.read(open_workspace(folder))
    plans = {
        "repointed": gemini_ops.repoint_pointer(snap, "gone.md", "deploy-notes.md"),
        "removed": gemini_ops.remove_pointer(snap, "gone.md"),
        "removed the duplicate": gemini_ops.repoint_pointer(snap, "gone.md", "vpn.md",
                                                            remove_duplicate=True),
    }
    for past, cs in plans.items():
        assert past in cs.summary, cs.summary
        assert "repointed" not in cs.planned and "removed" not in cs.planned, cs.planned
        assert cs.planned.startswith("MEMORY.md: will "), cs.planned
