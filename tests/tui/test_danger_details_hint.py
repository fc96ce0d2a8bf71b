"""newuser40 #2: in a dialog that starts on Cancel (redact, remove repeats), Shift+Tab onto
the details said "Enter presses Apply", and Enter did nothing. A danger dialog's Enter
presses only a focused button; the line says so, and Enter on the details changes nothing."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for


def hint(screen: ConfirmScreen) -> str:
    return " ".join(str(s.render()) for s in screen.query(".hint").results(Static))


async def test_the_details_of_a_danger_dialog_do_not_promise_enter() -> None:
    answers: list[bool | None] = []
    screen = ConfirmScreen("Redact a.md?", [f"line {i}" for i in range(40)],
                           confirm="Redact", danger=True)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen, answers.append)
        await wait_for(pilot, lambda: app.screen is screen and bool(hint(screen)))
        assert hint(screen).startswith("Focus: the Cancel button")
        await pilot.press("shift+tab")
        await wait_for(pilot, lambda: hint(screen).startswith("Focus: the details"))
        assert hint(screen) == ("Focus: the details (↑ ↓ scroll) — Enter presses only a "
                                "button; Tab moves to the Redact button.")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and answers == []  # nothing answered, as the line says
        await pilot.press("tab")
        await wait_for(pilot, lambda: hint(screen).startswith("Focus: the Redact button"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: answers == [True])
