"""The Broken links view and its repoint (issue 32 §10): the file holding a broken link is
never offered as its new target, and a link leading out of the workspace is listed under
its own heading (outside the memory folder), not among the files that do not exist."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from memtui.tui.views.broken import BrokenLinksView
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

FRONT = "---\nname: {0}\ndescription: {0}\nmetadata:\n  type: project\n---\n"


def broken_workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# Memory\n\n- [Auth flow](memory/auth-flow.md) — how login works\n"
        "- [Tokens](memory/tokens.md) — token lifetimes\n", encoding="utf-8")
    (root / "memory" / "auth-flow.md").write_text(
        FRONT.format("auth-flow") + "See [the old flow](auth-flow-old.md) and "
        "[the shared notes](../../shared-notes.md).\n", encoding="utf-8")
    (root / "memory" / "tokens.md").write_text(FRONT.format("tokens") + "Tokens.\n",
                                               encoding="utf-8")
    return root


async def test_repoint_never_offers_the_file_holding_the_link(tmp_path: Path) -> None:
    ws = broken_workspace(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        # the audit itself ranks the source closest to its own broken target
        missing = [b for b in app.result.broken_links if not b.outside]
        assert missing[0].suggestions[:1] == ["memory/auth-flow.md"]
        await switch(pilot, app, "4")
        view = app.query_one(BrokenLinksView)
        assert view.shown[0].data.target == "memory/auth-flow-old.md"
        view.table.move_cursor(0)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.pause()
        offered = [c.path for c in app.screen.shown]
        assert offered == ["memory/tokens.md"]
        await pilot.press("escape")


async def test_a_link_out_of_the_workspace_has_its_own_heading(tmp_path: Path) -> None:
    ws = broken_workspace(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        view = app.query_one(BrokenLinksView)
        summary = str(view.summary(app.result, app.palette))
        assert summary == ("2 broken links: 1 to files that do not exist · "
                           "1 outside the memory folder (nothing there)")
        rows = [[str(c) for c in r.cells] for r in view.shown]
        assert rows[0][3] == "missing" and rows[0][1] == "auth-flow-old.md"
        assert rows[1][3] == "outside" and rows[1][1] == "../../shared-notes.md"
        assert rows[1][2] == "outside the memory folder: no such file"
        assert "where" not in view._hidden
