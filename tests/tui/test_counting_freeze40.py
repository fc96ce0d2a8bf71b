"""The first audit's frame stands alone between two turns of the event loop (issue 35, the
app's worst freeze while counting): the operations the footer's keys ask about are imported
by the audit's thread, not by the screen's right after that frame, and the footer's keys are
asked for again in a later turn than the frame, after whatever came due during it. And a
notice that expires while the app closes (met while measuring it) is no error."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path
from typing import Any

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import wait_for
from tests.tui.test_resize_cursor import indexed

OPS = "memtui.edit.agent_ops"


async def started(pilot: Any, app: MemtuiApp) -> None:
    """The first audit complete (a minute at most: a busy machine)."""
    await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=60)
    await pilot.pause()


class _Seen:
    """A finder that finds nothing: it notes the thread each import of ``OPS`` ran in."""

    def __init__(self) -> None:
        self.threads: list[str] = []

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == OPS:
            self.threads.append(threading.current_thread().name)


async def test_the_footer_s_operations_are_imported_off_the_screen_s_thread(
        tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, OPS, raising=False)
    seen = _Seen()
    monkeypatch.setattr(sys, "meta_path", [seen, *sys.meta_path])
    app = MemtuiApp(open_workspace(indexed(tmp_path, 5)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.pause(0.1)
        assert seen.threads, "imported before the app started"
        assert threading.main_thread().name not in seen.threads, seen.threads


async def test_the_footer_s_keys_come_after_what_came_due_during_the_frame(
        tmp_path: Path, monkeypatch) -> None:
    order: list[str] = []
    keys_again = FittingFooter._keys_again

    def noted(self: FittingFooter) -> None:
        order.append("keys")
        keys_again(self)

    monkeypatch.setattr(FittingFooter, "_keys_again", noted)
    app = MemtuiApp(open_workspace(indexed(tmp_path, 5)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.pause(0.1)
        footer = app.query_one(FittingFooter)
        loop = asyncio.get_running_loop()

        def frame() -> None:  # a timer (a key, the heartbeat) comes due while it is drawn
            loop.call_at(loop.time() - 0.001, order.append, "due")

        order.clear()
        app.screen.call_after_refresh(frame)
        footer.bindings_changed(app.screen)
        app.screen.refresh()
        for _ in range(20):
            await pilot.pause(0.02)
            if "keys" in order and "due" in order:
                break
        assert order[:2] == ["due", "keys"], order


def test_a_notice_expiring_while_the_app_closes_is_no_error(tmp_path: Path) -> None:
    """Seen in the bench at 10,000 memories on a busy machine: the notice's timer came due
    as the app closed, its screen gone, and the app ended on an AttributeError."""

    class Stopped:
        def stop(self) -> None:
            pass

    app = MemtuiApp(open_workspace(indexed(tmp_path, 2)), AuditOptions(), watch=False)
    assert not app.screen_stack  # no screen: as while it closes
    app._notice_timer = Stopped()  # type: ignore[assignment]
    app.notice = "audited 2 memory files"
    app._expire_notice()
    assert app.notice == ""
