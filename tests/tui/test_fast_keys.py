"""Keys typed faster than the app handles them (issue 32 item 4): on the 40-file demo,
``Esc / vendor ⏎`` sent in one burst filtered the view for "vendor" and also ran ``o``
($EDITOR), ``d`` (a Delete dialog) and ``r``. A key meant for the filter or for a dialog
still opening must never act on the view behind it.

The keys go through the driver in one burst, as a terminal delivers a quick typist's (or a
paste's) keys; Pilot's ``press`` waits for the app to settle between keys and would hide
the problem."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.widgets import Input

from memtui.core.workspace import open_workspace
from memtui.demo import demo_copy
from memtui.tui.app import MemtuiApp
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

VIEW_ACTIONS = ("open_editor", "delete", "reaudit", "new_memory", "copy_path", "repoint",
                "rename", "redact", "undo", "fold")


def burst(app: MemtuiApp, keys: list[str]) -> None:
    """Send ``keys`` in one go, without letting the app run in between."""
    for key in keys:
        char = {"slash": "/", "enter": "\r", "space": " "}.get(key, key if len(key) == 1 else None)
        app._driver.send_message(events.Key(key, char))  # type: ignore[union-attr]


def record_actions(app: MemtuiApp, names: tuple[str, ...] = VIEW_ACTIONS) -> list[str]:
    """The view commands among ``names`` that run from now on (they run, and are listed)."""
    ran: list[str] = []
    for name in names:
        real = getattr(app, f"action_{name}")

        def spy(*args: Any, _name: str = name, _real: Any = real) -> Any:
            ran.append(_name)
            return _real(*args)

        setattr(app, f"action_{name}", spy)
    return ran


def fingerprint(root: Path) -> dict[str, str]:
    """Every file under ``root`` (memtui's own state too) and a hash of its bytes."""
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return demo_copy(tmp_path / "demo")


async def test_a_quick_filter_never_runs_the_view_s_keys(demo: Path) -> None:
    before = fingerprint(demo)
    app = MemtuiApp(open_workspace(demo), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        ran = record_actions(app)
        view: Any = app.active_view
        burst(app, ["escape", "slash", *"vendor", "enter"])
        await wait_for(pilot, lambda: ran or len(app.screen_stack) > 1
                       or (app.focused is view.body and view.filter_text == "vendor"))
        await pilot.pause(0.3)
        assert ran == []  # no $EDITOR, no Delete dialog, no re-audit …
        assert len(app.screen_stack) == 1
        assert view.query_one(Input).value == "vendor" and app.focused is view.body
    assert fingerprint(demo) == before  # nothing written


async def test_keys_typed_while_a_dialog_opens_are_the_dialog_s(demo: Path) -> None:
    """``n`` opens the New memory form from a worker; "yodel" typed straight after goes
    into its name field, not to the view (y copies a path, o opens $EDITOR, d deletes)."""
    before = fingerprint(demo)
    app = MemtuiApp(open_workspace(demo), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        ran = record_actions(app, tuple(a for a in VIEW_ACTIONS if a != "new_memory"))
        burst(app, ["n", *"yodel"])
        def typed() -> str:
            found = app.screen.query("#name").results(Input)
            return next((box.value for box in found), "")

        await wait_for(pilot, lambda: ran or (isinstance(app.screen, NewMemoryScreen)
                       and typed() == "yodel"))
        assert ran == []
        assert len(app.screen_stack) == 2
        burst(app, ["escape"])
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
    assert fingerprint(demo) == before


async def test_a_dialog_cancelled_at_once_leaves_the_next_key_to_the_view(
        demo: Path) -> None:
    """``d`` then Esc then ``r`` in one burst: the Delete dialog opens and Esc cancels it
    (Esc never reaches the view first), then ``r`` re-audits; nothing is deleted."""
    before = fingerprint(demo)
    app = MemtuiApp(open_workspace(demo), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")  # the Files view: its cursor is on a memory
        ran = record_actions(app, ("reaudit", "open_editor"))
        shown: list[type] = []
        push = app.push_screen

        def pushed(screen: Any, *args: Any, **kwargs: Any) -> Any:
            shown.append(type(screen))
            return push(screen, *args, **kwargs)

        app.push_screen = pushed  # type: ignore[method-assign]
        burst(app, ["d", "escape", "r"])
        await wait_for(pilot, lambda: bool(ran))
        await pilot.pause(0.3)
        assert ran == ["reaudit"]
        assert ConfirmScreen in shown  # the dialog came, and Esc closed it
        assert len(app.screen_stack) == 1
    assert fingerprint(demo) == before


async def test_a_filter_typed_into_a_big_view_runs_once_after_the_pause(
        demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser24 #31: typing "line 39999 " into the filter of a 40,034-line index filtered
    (and sorted) every row at each key, 2 s of CPU. Past ``FILTER_NOW`` rows the words are
    filtered once typing pauses, and at once on Enter (the final words)."""
    from memtui.tui.widgets import audit_table

    monkeypatch.setattr(audit_table, "FILTER_NOW", 5)  # the demo's index: 34 rows
    app = MemtuiApp(open_workspace(demo), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        view: Any = app.active_view
        passes: list[str] = []
        real = view.refilter
        view.refilter = lambda: (passes.append(view.filter_text), real())[1]
        burst(app, ["slash", *"vendor"])
        await wait_for(pilot, lambda: passes)
        await pilot.pause(audit_table.FILTER_PAUSE + 0.2)
        assert passes == ["vendor"]
        assert view.shown and all("vendor" in r.search for r in view.shown)
        assert len(view.shown) < len(view.rows)
        monkeypatch.setattr(audit_table, "FILTER_PAUSE", 60.0)
        burst(app, ["backspace"] * 6 + [*"cpk", "enter"])
        await wait_for(pilot, lambda: len(passes) == 2)
        assert passes[1] == "cpk" and app.focused is view.body
        assert view.shown and all("cpk" in r.search for r in view.shown)

