"""Under an agent profile with per-file load limits (openclaw) the header shows the worst
overrun first (newuser24 #33): the bars went in load order and were cut with "…", so a
MEMORY.md at 325 % of its limit was past the edge even at 200 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.tui.app import open_app
from tests.tui.test_app import header_text, started
from tests.tui.test_widths import screen_text

FILES = {
    "AGENTS.md": "# AGENTS.md\n\n" + "Always run the tests before a push. " * 800,  # 28,000
    "SOUL.md": "# SOUL.md\n\n" + "Be brief and kind. " * 300,
    "TOOLS.md": "# TOOLS.md\n\n" + "The shell is zsh. " * 420,
    "IDENTITY.md": "# IDENTITY.md\n\nName: Clawd.\n",
    "USER.md": "# USER.md\n\nAnn, process engineer.\n",
    "HEARTBEAT.md": "# HEARTBEAT.md\n\nNothing to do.\n",
    "MEMORY.md": "# MEMORY.md\n\n" + "- Deploys run on Fridays, after the review.\n" * 1500,
    "memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann.\n",
}


@pytest.mark.parametrize("width", [120, 200])
async def test_the_worst_overrun_is_on_screen(tmp_path: Path, width: int) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    for name, text in FILES.items():
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text, encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(width, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "openclaw"
        loads = app.result.block.loads
        worst = max(loads, key=lambda load: load.share)
        assert worst.what == "MEMORY.md" and worst.share > 3, loads
        assert loads[0] is not worst  # load order: MEMORY.md is not first
        shown = screen_text(app).splitlines()[:3]
        figure = f"{worst.used:,}/{worst.limit:,}"
        assert any(figure in line for line in shown), (figure, shown, header_text(app))
