"""A dialog before Apply says what *will* happen; the notice after it, what did (issue 32
#12: the ``w`` dialog said "rewrote 1 fuzzy wikilink" before anything was written)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

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
    }
    for past, cs in plans.items():
        assert past in cs.summary, cs.summary
        assert past not in cs.planned and "will " in cs.planned, cs.planned
