"""How fast the app shows up and how smooth it stays, on generated workspaces.

    python bench/tui.py PATH [PATH …]        # e.g. workspaces made by bench/generate.py

For each workspace, in a fresh child process (so imports count, as they do for a user):

- ``first_frame``: seconds from process start to Textual's ``Ready`` event (the first frame
  has been drawn; the audit is still running in its worker);
- ``audit``: seconds until the first audit result is on screen;
- ``files_view``: seconds the UI spends filling the Files view (every memory, one row each);
- ``scroll``: the slowest of 40 page-downs through that table (key press handled and the
  screen refreshed);
- ``stall_*``: the longest the event loop went without running a 10 ms heartbeat timer
  during each phase — what an operator feels as a frozen screen;
- ``live``: seconds from touching one memory file to the re-audit shown in the views.

The app runs headless under Textual's Pilot at 160×50, watching the workspace.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

START = time.perf_counter()
ROOT = Path(__file__).resolve().parent.parent


class Heartbeat:
    """Longest gap between ticks of a fast timer: the worst UI stall in a phase."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.worst = 0.0

    def tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, now - self.last)
        self.last = now

    def phase(self) -> float:
        worst, self.worst, self.last = self.worst, 0.0, time.perf_counter()
        return round(worst, 3)


async def measure(path: str) -> dict[str, float | int]:
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp
    from memtui.tui.audit_table import AuditTable

    out: dict[str, float | int] = {}

    class Timed(MemtuiApp):
        def on_ready(self) -> None:
            out["first_frame"] = round(time.perf_counter() - START, 3)
            super().on_ready()

    app = Timed(open_workspace(path))
    beat = Heartbeat()
    async with app.run_test(size=(160, 50)) as pilot:
        app.set_interval(0.01, beat.tick)

        async def until(cond: object, timeout: float = 600) -> None:
            deadline = time.perf_counter() + timeout
            while not cond():  # type: ignore[operator]
                if time.perf_counter() > deadline:
                    raise SystemExit(f"bench: timed out on {path}")
                await pilot.pause(0.01)

        await until(lambda: app.audits >= 1 and app.views_ready)
        out["audit"] = round(time.perf_counter() - START, 3)
        out["files"] = len(app.result.files)
        out["stall_open"] = beat.phase()

        files = app.query_one("#files-view", AuditTable)
        t = time.perf_counter()
        await pilot.press("2")
        await until(lambda: files.table.row_count == len(app.result.files))
        await pilot.pause()
        out["files_view"] = round(time.perf_counter() - t, 3)
        out["stall_files_view"] = beat.phase()

        worst = 0.0
        for _ in range(40):
            t = time.perf_counter()
            await pilot.press("pagedown")
            await pilot.pause()
            worst = max(worst, time.perf_counter() - t)
        out["scroll"] = round(worst, 3)
        out["stall_scroll"] = beat.phase()

        target = next(p for p in app.result.scans if p.startswith("memory/"))
        before = app.audits
        t = time.perf_counter()
        with open(Path(path) / target, "a", encoding="utf-8") as fh:
            fh.write("\nOne more line.\n")
        await until(lambda: app.audits > before, timeout=120)
        out["live"] = round(time.perf_counter() - t, 3)
        out["stall_live"] = beat.phase()
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        result = asyncio.run(measure(argv[1]))
        print(json.dumps(result))
        return 0
    if not argv:
        print(__doc__)
        return 2
    env = {**os.environ, "MEMTUI_NO_CACHE": "1",
           "MEMTUI_CONFIG_DIR": tempfile.mkdtemp(prefix="memtui-bench-")}
    for path in argv:
        proc = subprocess.run([sys.executable, __file__, "--child", path], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{path}: failed\n{proc.stderr[-2000:]}")
            return 1
        print(f"{path}: {proc.stdout.strip()}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
