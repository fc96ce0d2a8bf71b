"""The add-to-index form's preview shows every line ``a``/``A`` will write (newuser26 #1:
at 120x40 the demo's five unreachable memories showed four lines, the fifth, the superseded
one, written unseen). The cause was the preview's id, ``preview``: the app's stylesheet
sizes ``#preview`` (the memory preview pane) at ``height: 1fr``, and the rule reached the
dialog's widget of the same id. No widget shares an id that the app's stylesheet styles."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Static

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch

TUI = Path(__file__).resolve().parents[2] / "memtui" / "tui"


async def test_every_drafted_line_is_shown_before_add(tmp_path: Path) -> None:
    root = demo_copy(tmp_path / "demo")
    app = open_app(root, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        await pilot.press("A")
        screen = await dialog(pilot, app, AddToIndexScreen)
        lines = screen.preview().splitlines()
        assert len(lines) == 5 and "superseded/cpk-target-2025.md" in lines[-1], lines
        shown = screen.query_one(".preview", Static)
        assert shown.region.height >= len(lines), shown.region  # a long line wraps
        assert shown.region.right <= screen.query_one("Vertical").region.right


def test_no_widget_takes_an_id_the_app_stylesheet_styles() -> None:
    styled = set(re.findall(r"#([A-Za-z][\w-]*)", (TUI / "memtui.tcss").read_text()))
    for name in sorted(styled):
        owners = [str(p.relative_to(TUI)) for p in TUI.rglob("*.py")
                  if re.search(rf"""id=f?["']{re.escape(name)}["']""", p.read_text())]
        assert len(owners) == 1, (name, owners)
