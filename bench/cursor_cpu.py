"""CPU of moving the cursor one row, the preview shown or hidden, in the real app under
Pilot at 120x40 (issue 32 #20: newuser23 finding 20).

    python bench/cursor_cpu.py WS CHECKOUT [--view 2] [--keys 30] [--gap 0.3] [--hidden]
    python bench/cursor_cpu.py WS BASE BRANCH --pairs 3 [...]   # paired, interleaved

CHECKOUT is the source tree to import memtui from. WS (e.g. a ``memtui demo DIR`` copy)
is copied to a temporary folder. The app settles (audit, views made ahead), the view key
is pressed, then ``--keys`` presses of ``j`` (``--key``) are posted as a terminal's keys
arrive (``App.simulate_key``) ``--gap`` seconds apart (0.3: each one previewed; 0.033: a
held key's repeat), and the CPU is counted until the app has been quiet (under 1 ms of CPU
in each of three 30 ms slices) after the last one. Prints ms of CPU a key, the process's
(every thread) and the app's own thread's (the event loop). With two checkouts, runs
``--pairs`` rounds of base then branch, each a fresh process, and prints the load
(/proc/loadavg) beside each figure. ``CURSOR_PROFILE=OUT.prof`` (one checkout): a cProfile of
the keys and the settling after them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUIET_SLICE, QUIET_CPU, QUIET_SLICES = 0.03, 0.001, 3


async def quiet(deadline: float) -> tuple[float, float]:
    """Wait until three 30 ms slices in a row used under 1 ms of CPU; the CPU clocks
    (process, thread) at the start of the first quiet slice."""
    end, loop_end = time.process_time(), time.thread_time()
    n = 0
    while n < QUIET_SLICES and time.monotonic() < deadline:
        before = time.process_time()
        await asyncio.sleep(QUIET_SLICE)
        if time.process_time() - before < QUIET_CPU:
            n += 1
        else:
            n = 0
            end, loop_end = time.process_time(), time.thread_time()
    return end, loop_end


async def measure(ws: Path, view: str, key: str, keys: int, gap: float, hidden: bool,
                  back: bool) -> None:
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp

    app = MemtuiApp(open_workspace(ws), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        while not (app.audits >= 1 and app.views_ready):
            await asyncio.sleep(0.02)
        await asyncio.sleep(1.0)
        deadline = time.monotonic() + 30
        while not getattr(app, "ahead_done", True) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await pilot.press(view)
        if hidden:
            await pilot.press("p")
        await asyncio.sleep(1.0)
        await quiet(time.monotonic() + 10)
        prof = None
        if os.environ.get("CURSOR_PROFILE"):
            import cProfile

            prof = cProfile.Profile()
            prof.enable()
        start, loop_start = time.process_time(), time.thread_time()
        for i in range(keys):
            app.simulate_key("k" if back and i % 2 else key)
            await asyncio.sleep(gap)
        end, loop_end = await quiet(time.monotonic() + 30)
        if prof is not None:
            prof.disable()
            prof.dump_stats(os.environ["CURSOR_PROFILE"])
        used, loop = (end - start) / keys * 1000, (loop_end - loop_start) / keys * 1000
        print(f"RESULT {used:.1f} {loop:.1f}", flush=True)


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ws")
    parser.add_argument("checkouts", nargs="+")
    parser.add_argument("--view", default="2")
    parser.add_argument("--key", default="j")
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--gap", type=float, default=0.3)
    parser.add_argument("--hidden", action="store_true", help="the preview hidden (p)")
    parser.add_argument("--back", action="store_true",
                        help="every other key k: the cursor goes back and forth")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    if len(args.checkouts) > 1:
        flags = [f"--view={args.view}", f"--key={args.key}", f"--keys={args.keys}",
                 f"--gap={args.gap}"] + ["--hidden"] * args.hidden + ["--back"] * args.back
        print(" ".join(flags), flush=True)
        for n in range(args.pairs):
            for tree in args.checkouts:
                before = load()
                out = subprocess.run([sys.executable, __file__, args.ws, tree, *flags],
                                     capture_output=True, text=True, check=False)
                line = [x for x in out.stdout.splitlines() if x.startswith("RESULT")]
                shown = line[0].split()[1:] if line else ["failed", out.stderr[-300:]]
                print(f"pair {n + 1} {tree}: {shown[0]} ms CPU a key (its loop thread "
                      f"{shown[1]}), load {before}-{load()}", flush=True)
        return
    sys.path.insert(0, args.checkouts[0])
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("MEMTUI_CONFIG_DIR", str(Path(tmp) / "config"))
        copy = Path(tmp) / "ws"
        shutil.copytree(args.ws, copy)
        asyncio.run(measure(copy, args.view, args.key, args.keys, args.gap, args.hidden,
                            args.back))


if __name__ == "__main__":
    main()
