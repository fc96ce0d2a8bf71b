"""newuser39 #14: the app's History dialog was reached only through the palette, named in
no key table, and had both "Cancel" and "Close" (both closed it). ``H`` opens it; it has one
button; the key tables name it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

ROOT = Path(__file__).resolve().parents[2]


async def test_h_opens_the_history_with_one_button(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("H")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        screen = app.screen
        assert screen.heading == "History"  # type: ignore[attr-defined]
        assert [str(b.label) for b in screen.query(Button)] == ["Close"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)


def test_the_key_tables_name_h() -> None:
    for doc in ("README.md", "docs/app.md"):
        assert "| `H` | history" in (ROOT / doc).read_text(encoding="utf-8"), doc
