"""The longest freeze while holding keys in each view, and while turning the mouse wheel.

    python bench/tui_views.py PATH        # e.g. bench/out/ws-10000

The real app runs headless under Pilot at 160×50 on PATH (the token-count cache as the
user has it). For each view and key, key events go through the driver at key-repeat pace
(30 a second) as a terminal sends them; a 10 ms heartbeat timer records the longest gap
between its ticks: the longest the screen could not change. Prints one line per case.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (view key, key held, key events sent)
CASES = [("1", "pagedown", 60), ("1", "down", 90), ("2", "pagedown", 60), ("2", "down", 90),
         ("3", "pagedown", 40), ("6", "pagedown", 40), ("5", "down", 60), ("5", "pagedown", 30)]


async def measure(path: str) -> None:
    from textual import events

    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp
    from memtui.tui.widgets.row_table import RowTable

    app = MemtuiApp(open_workspace(path))
    last, worst = time.perf_counter(), 0.0

    def tick() -> None:
        nonlocal last, worst
        now = time.perf_counter()
        worst, last = max(worst, now - last), now

    def phase() -> float:
        nonlocal last, worst
        found, worst, last = worst, 0.0, time.perf_counter()
        return round(found, 3)

    async with app.run_test(size=(160, 50)) as pilot:
        app.set_interval(0.01, tick)
        while not (app.audits >= 1 and app.views_ready):
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.5)
        for view, key, count in CASES:
            await pilot.press(view)
            await asyncio.sleep(2.0)  # the view built and drawn, the preview settled
            phase()
            for _ in range(count):
                app._driver.send_message(events.Key(key, None))  # type: ignore[union-attr]
                await asyncio.sleep(1 / 30)
            await asyncio.sleep(0.2)
            print(f"view {view}, holding {key}: longest freeze {phase():.3f} s", flush=True)
        await pilot.press("2")
        await asyncio.sleep(2.0)
        phase()
        table = app.active_view.query_one(RowTable)
        for _ in range(90):
            app._driver.send_message(events.MouseScrollDown(  # type: ignore[union-attr]
                table, 20, 20, 0, 0, 0, False, False, False, screen_x=20, screen_y=20))
            await asyncio.sleep(1 / 60)
        await asyncio.sleep(0.2)
        print(f"view 2, mouse wheel: longest freeze {phase():.3f} s")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        raise SystemExit(2)
    sys.path.insert(0, str(ROOT))
    asyncio.run(measure(sys.argv[1]))
