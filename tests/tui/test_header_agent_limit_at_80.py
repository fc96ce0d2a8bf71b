"""newuser30 #15: at 80 columns an agent's header (Hermes, OpenClaw, Codex) kept "2.5% of
40,960" — the share of an assumed window — and cut the agent's own load limit, the figure
that says the agent drops or refuses memory. The chars, the bar and the share give way
first now, as under claude-code."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.test_app import header_text, started
from tests.tui.test_header_worst_limit import FILES
from tests.tui.test_widths import screen_text


async def test_the_worst_overrun_is_on_screen_at_80_columns(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    for name, text in FILES.items():
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text, encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "openclaw"
        worst = max(app.result.block.loads, key=lambda load: load.share)
        shown = screen_text(app).splitlines()[:3]
        figure = f"{worst.used:,}/{worst.limit:,}"
        assert any(figure in line for line in shown), (figure, shown, header_text(app))
