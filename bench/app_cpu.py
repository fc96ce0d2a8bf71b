"""CPU of the real app (under Pilot, 120x40, watching) for three things a user does on a
big workspace (issue 32, newuser24 #31 and #50):

- ``edit``: one line appended to one memory (``--file``), ``--edits`` times, each seen by
  the watcher and re-audited; ms of CPU an edit, until the app is quiet again;
- ``filter``: ``/`` in the Index view (``--view``), then ``--text`` typed a key every
  ``--gap`` seconds; ms of CPU for the whole typing, until quiet;
- ``open``: the first audit, from the app's start to its views built ahead and quiet.

    python bench/app_cpu.py WS CHECKOUT --case edit [--file memory/note-1500.md]
    python bench/app_cpu.py WS BASE BRANCH --case filter --pairs 3   # paired, interleaved

CHECKOUT is the source tree to import memtui from; WS is copied to a temporary folder.
The figure is the app process's CPU (every thread; ``time.process_time``), not the token
counting child's. With two checkouts, runs ``--pairs`` rounds of base then branch, each a
fresh process, the load (/proc/loadavg) beside each figure. ``APP_CPU_PROFILE=OUT.prof``
(one checkout): a cProfile of the measured part, the screen's thread and every thread
started during it (the audit worker's) together.
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

QUIET_SLICE, QUIET_CPU, QUIET_SLICES = 0.05, 0.002, 6
THREAD_PROFILES: list[object] | None = None  # a list while profiling


def profile_threads() -> None:
    """Each thread worker started while ``THREAD_PROFILES`` is a list runs under a cProfile
    of its own, kept there (Textual runs them in a pool's threads, started before)."""
    import cProfile
    import inspect

    from textual.worker import Worker

    run = Worker._run_threaded

    async def profiled(self: Worker) -> object:
        work = self._work
        if THREAD_PROFILES is not None and callable(work) \
                and not inspect.iscoroutinefunction(getattr(work, "func", work)):
            prof = cProfile.Profile()
            THREAD_PROFILES.append(prof)
            self._work = lambda: prof.runcall(work)
        return await run(self)

    Worker._run_threaded = profiled  # type: ignore[method-assign]


def dump(prof: object, out: str) -> None:
    """``prof`` and every thread worker's profile, as one."""
    import pstats

    stats = pstats.Stats(prof)  # type: ignore[arg-type]
    for other in THREAD_PROFILES or ():
        stats.add(other)  # type: ignore[arg-type]
    stats.dump_stats(out)


async def quiet(deadline: float) -> float:
    """Wait until six 50 ms slices in a row used under 2 ms of CPU each; the process's CPU
    clock at the start of the first quiet slice."""
    end = time.process_time()
    n = 0
    while n < QUIET_SLICES and time.monotonic() < deadline:
        before = time.process_time()
        await asyncio.sleep(QUIET_SLICE)
        if time.process_time() - before < QUIET_CPU:
            n += 1
        else:
            n = 0
            end = time.process_time()
    return end


async def settle(app: object) -> None:
    while not (app.audits >= 1 and app.views_ready):  # type: ignore[attr-defined]
        await asyncio.sleep(0.02)
    deadline = time.monotonic() + 60
    while not getattr(app, "ahead_done", True) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


async def measure(ws: Path, args: argparse.Namespace) -> None:
    start_cpu = time.process_time()
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp

    global THREAD_PROFILES
    opening = None
    if args.case == "open" and os.environ.get("APP_CPU_PROFILE"):
        import cProfile

        profile_threads()
        THREAD_PROFILES = []
        opening = cProfile.Profile()
        opening.enable()
    app = MemtuiApp(open_workspace(ws), watch=args.case == "edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app)
        if args.case == "open":
            end = await quiet(time.monotonic() + 60)
            if opening is not None:
                opening.disable()
                dump(opening, os.environ["APP_CPU_PROFILE"])
            print(f"RESULT {(end - start_cpu) * 1000:.0f}", flush=True)
            return
        await asyncio.sleep(1.0)
        if args.case == "filter":
            await pilot.press(args.view)
            await asyncio.sleep(1.0)
        await quiet(time.monotonic() + 30)
        prof = None
        if os.environ.get("APP_CPU_PROFILE"):
            import cProfile

            profile_threads()
            THREAD_PROFILES = []
            prof = cProfile.Profile()
            prof.enable()
        figures = []
        if args.case == "edit":
            target = ws / args.file
            for i in range(args.edits):
                audits = app.audits
                start = time.process_time()
                with target.open("a", encoding="utf-8") as out:
                    out.write(f"one more line {i}\n")
                deadline = time.monotonic() + 60
                while app.audits == audits and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
                end = await quiet(time.monotonic() + 30)
                figures.append((end - start) * 1000)
        else:
            from textual import events

            start = time.process_time()
            await pilot.press("slash")
            for ch in args.text:
                # as a terminal's keys arrive: not waiting for the app to handle each
                app.post_message(events.Key("space" if ch == " " else ch, ch))
                await asyncio.sleep(args.gap)
            end = await quiet(time.monotonic() + 60)
            figures.append((end - start) * 1000)
            view = app.query_one(f"#{'index' if args.view == '1' else 'files'}-view")
            print(f"SHOWN {len(view.shown)} of {len(view.rows)} for {view.filter_text!r}",
                  flush=True)
        if prof is not None:
            prof.disable()
            dump(prof, os.environ["APP_CPU_PROFILE"])
        print("RESULT " + " ".join(f"{f:.0f}" for f in figures), flush=True)


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ws")
    parser.add_argument("checkouts", nargs="+")
    parser.add_argument("--case", choices=("edit", "filter", "open"), default="edit")
    parser.add_argument("--file", default="memory/note-1500.md")
    parser.add_argument("--edits", type=int, default=4)
    parser.add_argument("--view", default="1")
    parser.add_argument("--text", default="line 39999 ")
    parser.add_argument("--gap", type=float, default=0.15)
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    if len(args.checkouts) > 1:
        flags = [f"--case={args.case}", f"--file={args.file}", f"--edits={args.edits}",
                 f"--view={args.view}", f"--text={args.text}", f"--gap={args.gap}"]
        print(" ".join(flags), flush=True)
        for n in range(args.pairs):
            for tree in args.checkouts:
                before = load()
                out = subprocess.run([sys.executable, __file__, args.ws, tree, *flags],
                                     capture_output=True, text=True, check=False)
                line = [x for x in out.stdout.splitlines() if x.startswith("RESULT")]
                shown = line[0].split()[1:] if line else ["failed", out.stderr[-300:]]
                what = [x[6:] for x in out.stdout.splitlines() if x.startswith("SHOWN")]
                print(f"pair {n + 1} {tree}: {' '.join(shown)} ms CPU, load "
                      f"{before}-{load()}" + "".join(f" (shown {w})" for w in what),
                      flush=True)
        return
    sys.path.insert(0, args.checkouts[0])
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("MEMTUI_CONFIG_DIR", str(Path(tmp) / "config"))
        copy = Path(tmp) / "ws"
        shutil.copytree(args.ws, copy)
        asyncio.run(measure(copy, args))


if __name__ == "__main__":
    main()
