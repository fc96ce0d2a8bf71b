"""CPU seconds (process_time: every thread) of each view switch and of opening a dialog, in
the real app under Pilot at 120x40 (issue 32 item 17).

    python bench/switch_cpu.py WS CHECKOUT [--rounds 3] [--profile OUT.prof]
    python bench/switch_cpu.py WS CHECKOUT --first n      # one first open, pair many runs

CHECKOUT is the source tree to import memtui from, so two versions can be paired in one
sitting. WS is copied to a temporary folder for each run (the Delete dialog is opened and
cancelled; nothing is written). The app settles first (audit and token counts done), then
each view key 2..8 and back to 1 is pressed ``--rounds`` times; a switch is measured from
the key until its tab is active and the app is idle again (WS gets a git history of one
commit when it has none, for the Trend view). Dialogs: ``?`` (help),
``n`` (New memory) and ``d`` on the Files view (Delete), each until it has its focus,
then Esc. Prints one line per case: the first switch to a view (it is built then) and the
median of the later ones. With driver keys the first switch's CPU of the app's own
thread (the event loop: the screen's work) is printed beside it; the rest is other
threads' (the Trend's history read, started by its first show, which the screen does not
wait for).

Two ways to press a key (``--keys``): ``pilot`` (Pilot's ``press`` and ``pause``; each
walks every widget of the screen, hidden views and the preview's blocks included, with a
callback each: ~40 ms of every figure, see "harness") and ``driver`` (the key posted to the
app as a terminal's key arrives, ``App.simulate_key``; the CPU counted until the app has
been quiet, under 1 ms of CPU in each of three 30 ms slices, which also takes in any
work the key left for later). ``both`` (the default) runs the two in turn.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

VIEW_KEYS = "23456781"


async def settle(pilot: Any, app: Any) -> None:
    while not (app.audits >= 1 and app.views_ready):
        await asyncio.sleep(0.02)
    await asyncio.sleep(1.0)
    # the views built (and laid out) ahead while idle, where the app does it
    deadline = time.monotonic() + 20
    while not getattr(app, "ahead_done", True) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    await pilot.pause()


async def timed(pilot: Any, key: str, done: Any) -> float:
    start = time.process_time()
    await pilot.press(key)
    deadline = time.monotonic() + 20
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"key {key}: the view or dialog never settled")
        await asyncio.sleep(0.005)
    await pilot.pause()
    return time.process_time() - start


QUIET_SLICE = 0.03  # seconds
QUIET_CPU = 0.001  # CPU seconds a slice may use and count as quiet
QUIET_SLICES = 3


#: CPU seconds of the app's own thread (the event loop's: the screen's work) in the last
#: ``timed_driver`` call; the rest of its figure is other threads' (the Trend's history).
LOOP_CPU: list[float] = []


async def timed_driver(app: Any, key: str, done: Any) -> float:
    """CPU from posting ``key`` (as the terminal driver does) until ``done()`` holds and
    the app is quiet again; the quiet slices themselves are not counted."""
    start, loop_start = time.process_time(), time.thread_time()
    app.simulate_key({"?": "question_mark"}.get(key, key))
    deadline = time.monotonic() + 20
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"key {key}: the view or dialog never settled")
        await asyncio.sleep(0.005)
    end, loop_end = time.process_time(), time.thread_time()
    quiet = 0
    while quiet < QUIET_SLICES and time.monotonic() < deadline:
        before = time.process_time()
        await asyncio.sleep(QUIET_SLICE)
        used = time.process_time() - before
        if used < QUIET_CPU:
            quiet += 1
        else:
            quiet = 0
            end = time.process_time()
            loop_end = time.thread_time()
    LOOP_CPU[:] = [loop_end - loop_start]
    return end - start


async def first_dialog(ws: Path, key: str) -> None:
    """``--first KEY``: the app settled (its views made ahead), one dialog key's CPU by
    driver keys, once: a first open happens once per app, so pair many short runs."""
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp

    app = MemtuiApp(open_workspace(ws), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        used = await timed_driver(
            app, key, lambda: len(app.screen_stack) > 1 and app.screen.focused is not None)
        print(f"first {key}: {used * 1000:.0f} ms CPU (its loop thread "
              f"{LOOP_CPU[0] * 1000:.0f})", flush=True)


async def measure(ws: Path, rounds: int, profile: str | None, mode: str = "pilot") -> None:
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp

    app = MemtuiApp(open_workspace(ws), watch=False)
    prof = None
    press = timed if mode == "pilot" else timed_driver
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        if profile:
            import cProfile

            prof = cProfile.Profile()
            prof.enable()
        cost: dict[str, list[float]] = {k: [] for k in VIEW_KEYS}

        def shown(key: str) -> Any:
            from textual.widgets import TabbedContent

            pid = ("index", "files", "orphans", "broken", "graph", "findings", "block",
                   "trend")[int(key) - 1]
            return lambda: app.query_one(TabbedContent).active == pid

        idle: list[float] = []  # the harness alone: the key of the view already shown
        loop_first: dict[str, float] = {}  # driver keys: the first switch's loop-thread CPU
        for _ in range(rounds):
            for key in VIEW_KEYS:
                cost[key].append(await press(pilot if mode == "pilot" else app, key,
                                                   shown(key)))
                if mode != "pilot" and key not in loop_first:
                    loop_first[key] = LOOP_CPU[0]
            idle.append(await press(pilot if mode == "pilot" else app, "1", shown("1")))
        dialogs: dict[str, list[float]] = {"? help": [], "n new memory": [], "d delete": []}
        for _ in range(rounds):
            await timed(pilot, "1", shown("1"))
            for label in dialogs:
                key = label[0]
                if key == "d":
                    await timed(pilot, "2", shown("2"))

                def up() -> bool:
                    return len(app.screen_stack) > 1 and app.screen.focused is not None

                dialogs[label].append(await press(pilot if mode == "pilot" else app, key, up))
                await pilot.press("escape")
                while len(app.screen_stack) > 1:
                    await asyncio.sleep(0.01)
                await pilot.pause()
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)  # type: ignore[arg-type]
    print(f"keys by {mode}:", flush=True)
    print(f"harness (a key that does nothing): median {statistics.median(idle) * 1000:.0f} ms"
          " CPU", flush=True)
    for key in VIEW_KEYS:
        first, later = cost[key][0], cost[key][1:] or cost[key]
        loop = (f" (its loop thread {loop_first[key] * 1000:.0f})" if key in loop_first
                else "")
        print(f"view {key}: first {first * 1000:.0f} ms{loop}, then median "
              f"{statistics.median(later) * 1000:.0f} ms CPU", flush=True)
    for label, values in dialogs.items():
        print(f"dialog {label}: median {statistics.median(values) * 1000:.0f} ms CPU "
              f"(max {max(values) * 1000:.0f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ws")
    parser.add_argument("checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile")
    parser.add_argument("--keys", choices=("pilot", "driver", "both"), default="both")
    parser.add_argument("--first", metavar="KEY",
                        help="only this dialog key's first open (driver keys), once")
    args = parser.parse_args()
    sys.path.insert(0, args.checkout)
    import os

    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("MEMTUI_CONFIG_DIR", str(Path(tmp) / "config"))
        copy = Path(tmp) / "ws"
        shutil.copytree(args.ws, copy)
        if not (copy / ".git").exists():  # the Trend view reads the history
            for cmd in (["init", "-q"], ["add", "-A"],
                        ["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "ws"]):
                subprocess.run(["git", "-C", str(copy), *cmd], check=True)
        if args.first:
            asyncio.run(first_dialog(copy, args.first))
            return
        for mode in ("pilot", "driver") if args.keys == "both" else (args.keys,):
            asyncio.run(measure(copy, args.rounds, args.profile, mode))


if __name__ == "__main__":
    main()
