"""An archive made outside the app (``memtui fix archive`` in another shell) is told as
such by the app's live notice, not as deletions (newuser35 #8: "feedback_x.md deleted
(+432 more)" for 1,199 memories moved into ``_archive/``)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.edit.conftest import cli, write_tree
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

FRONT = "---\nname: {0}\ndescription: note {0}\ntype: project\n---\n\n{1}\n"


def folder(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    files = {f"c{i}.md": FRONT.format(f"c{i}", f"Cold note {i}.") for i in range(4)}
    files["MEMORY.md"] = "# Index\n" + "".join(f"- [C{i}](c{i}.md) — note {i}\n"
                                               for i in range(4))
    write_tree(root, files)
    return root


async def test_memories_archived_outside_the_app_are_said_moved(tmp_path: Path) -> None:
    ws = folder(tmp_path)
    app = open_app(ws)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.pause(0.3)  # the watcher is up
        assert cli("fix", "archive", ws, "c0", "c1", "c2").returncode == 0
        await wait_for(pilot, lambda: "c0.md" not in app.result.scans, timeout=20)
        await wait_for(pilot, lambda: "moved into" in app.notice, timeout=10)
        assert "deleted" not in app.notice
        assert app.notice.startswith("3 memories moved into _archive/")
        assert cli("undo", ws).returncode == 0
        await wait_for(pilot, lambda: "c0.md" in app.result.scans, timeout=20)
        assert cli("fix", "archive", ws, "c3").returncode == 0
        await wait_for(pilot, lambda: "c3.md" not in app.result.scans, timeout=20)
        await wait_for(pilot, lambda: "moved into" in app.notice, timeout=10)
        assert app.notice.startswith("c3.md moved into _archive/")


async def test_star_picks_every_row_the_filter_shows_and_v_archives_them(
        tmp_path: Path) -> None:
    """newuser35 #7: no way to pick every (filtered) row: 1,000 memories to archive were
    1,000 presses of space. ``*`` picks the rows shown (again: unpicks them)."""
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from memtui.tui.widgets.audit_table import AuditTable
    from tests.tui.test_app import switch

    ws = tmp_path / "memory"
    files = {f"c{i}.md": FRONT.format(f"c{i}", f"Cold note {i}.") for i in range(12)}
    files["MEMORY.md"] = "# Index\n" + "".join(f"- [C{i}](c{i}.md) — note {i}\n"
                                               for i in range(12))
    write_tree(ws, files)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        view = app.query_one("#files-view", AuditTable)
        await pilot.press("slash", *"c1", "enter")
        await wait_for(pilot, lambda: {r.key for r in view.shown} == {"c1.md", "c10.md",
                                                                       "c11.md"})
        await pilot.press("asterisk")
        await wait_for(pilot, lambda: view.picked_count() == 3)
        assert app.notice.startswith("3 rows picked")
        assert "Pick every row shown  (*)" in {
            str(c.title) for c in app.get_system_commands(app.screen)}
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: (ws / "_archive" / "c11.md").exists())
        assert sorted(p.name for p in (ws / "_archive").iterdir()) == \
            ["c1.md", "c10.md", "c11.md"]


async def test_the_palette_shows_the_journal_and_what_u_undoes_next(tmp_path: Path) -> None:
    """newuser35 #23: the app had ``u`` but no way to see the journal."""
    from memtui.tui.dialogs.confirm import ConfirmScreen

    ws = folder(tmp_path)
    assert cli("fix", "archive", ws, "c0", "c1").returncode == 0
    assert cli("fix", "archive", ws, "c2").returncode == 0
    assert cli("undo", ws).returncode == 0
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "History  (H)" in {str(c.title) for c in app.get_system_commands(app.screen)}
        await app.run_action("show_history")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        lines = app.screen.lines  # type: ignore[attr-defined]
        assert lines[0].startswith("    #2 ") and "(undone): archived c2.md" in lines[0]
        assert lines[1].startswith("u → #1 ") and "archive: archived c0.md to _archive/c0.md" \
            in lines[1]
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
