"""A key for a view, typed before the first audit is shown (the views covered, "auditing
…"): it waits and acts once the audit is shown. It was lost: the view focused had no rows
yet (`j` typed a second after the first screen, under load, never moved the Index view's
cursor; `j` typed later did). The app's own keys act at once, as before."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import make_ws, memory
from tests.tui.conftest import wait_for


def _workspace(root: Path) -> Path:
    names = [f"note_{i:03}" for i in range(120)]
    files = {f"memory/{n}.md": memory(n, "A fact. " * 40) for n in names}
    files["MEMORY.md"] = "".join(f"- [{n}](memory/{n}.md) — a hook\n" for n in names)
    return make_ws(root, files)


async def test_a_view_key_typed_before_the_first_audit_acts(tmp_path: Path) -> None:
    app = open_app(_workspace(tmp_path / "ws"), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.result is None  # the first audit not shown yet
        await pilot.press("j", "j")
        await wait_for(pilot, lambda: app.result is not None and app.views_ready,
                       timeout=120)
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: index.table.cursor_row == 2, timeout=20)


async def test_the_apps_own_key_acts_at_once_before_the_first_audit(
        tmp_path: Path) -> None:
    app = open_app(_workspace(tmp_path / "ws"), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.result is None
        await pilot.press("question_mark")  # the help, over the covered views
        await wait_for(pilot, lambda: len(app.screen_stack) > 1, timeout=20)
        assert not app.keys.held
