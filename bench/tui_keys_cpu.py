"""CPU seconds (process_time) of holding down / pagedown in the Files and Index views of a
10,000-memory workspace at 160x50, at key-repeat pace, the preview open.

    python bench/tui_keys_cpu.py WS CHECKOUT   # e.g. bench/out/ws-10000 .

CHECKOUT is the source tree to import memtui from, so two versions can be paired in one
sitting (bench/RESULTS.md, issue 20 items 16-19).
"""

from __future__ import annotations

import asyncio
import sys
import time

CASES = (("2", "down"), ("2", "pagedown"), ("1", "down"))
KEYS = 90


async def measure(path: str) -> None:
    from textual import events

    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp

    app = MemtuiApp(open_workspace(path), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        while not (app.audits >= 1 and app.views_ready):
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.5)
        total = 0.0
        for view, key in CASES:
            await pilot.press(view)
            await asyncio.sleep(2.0)  # the view built and drawn, the preview settled
            start = time.process_time()
            for _ in range(KEYS):
                app._driver.send_message(events.Key(key, None))  # type: ignore[union-attr]
                await asyncio.sleep(1 / 30)
            await asyncio.sleep(0.5)
            used = time.process_time() - start
            total += used
            print(f"view {view} {key}: {used:.2f} s CPU", flush=True)
        print(f"total {total:.2f}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        raise SystemExit(2)
    sys.path.insert(0, sys.argv[2])
    asyncio.run(measure(sys.argv[1]))
