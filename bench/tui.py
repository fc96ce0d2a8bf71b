"""How fast the app shows up and how smooth it stays, on generated workspaces.

    python bench/tui.py PATH [PATH …]        # e.g. workspaces made by bench/generate.py

For each workspace, in a fresh child process (so imports count, as they do for a user):

- ``first_frame``: seconds from process start to Textual's ``Ready`` event (the first frame
  has been drawn; the audit is still running in its worker);
- ``audit``: seconds until the first audit result is on screen (each memory's token count
  is made after that); ``counted``: until those counts are on screen too;
- ``files_view``: seconds the UI spends filling the Files view (every memory, one row each);
- ``scroll_key``: the slowest handling of one page-down, over 60 of them at key-repeat
  pace (30 a second) through that table; ``stall_scroll`` is what the operator sees while
  holding the key (handling plus the app's own redraws);
- ``preview``: seconds from the cursor coming to rest to the memory shown in the preview
  (it waits 0.25 s of rest, then renders);
- ``stall_*``: the longest the event loop went without running a 10 ms heartbeat timer
  during each phase — what an operator feels as a frozen screen (``stall_open``: from the
  first frame, when the audit starts, until it is on screen; before the first frame the
  terminal shows nothing that could freeze); ``cpu_stall_*``: the most CPU time the app
  used between two heartbeats (the same freeze as a busy machine cannot inflate it);
  ``cpu_open``: the app's CPU seconds until the first audit shows; ``gc_*``: the longest
  garbage collection in each phase (any thread: it holds the interpreter), with its
  generation (``gc_gen_*``); ``fulls``: every full collection of the run (seconds from
  process start to its start, and its length; compare ``first_frame``), and how many the
  app ran (``full_collections``, ``sweeps``: see memtui/tui/heap.py);
  ``stall_idle``: 2 s without input after the re-audit, when a held-back full collection
  runs; ``full_now``: seconds one full collection takes at the end;
- ``live``: seconds from touching one memory file to the re-audit shown in the views;
- ``peak_mib``: the app's own peak memory (``VmHWM``) over the whole run.

The app runs headless under Textual's Pilot at 160×50, watching the workspace. Each
workspace is measured twice: with an empty token-count cache, then with the cache that run
filled (what a second launch sees).
"""

from __future__ import annotations

import asyncio
import gc
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
    """Longest gap between ticks of a fast timer: the worst UI stall in a phase. ``cpu``:
    the most CPU time this process used between two ticks, which a busy machine does not
    inflate (a worker holding the interpreter shows; being made to wait for a core does
    not)."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.last_cpu = time.process_time()
        self.worst = self.worst_cpu = 0.0
        self.gc_worst, self.gc_gen = 0.0, -1
        self.fulls: list[tuple[float, float]] = []  # full collections: (start, seconds)
        self._gc_start = 0.0
        gc.callbacks.append(self._collection)

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        took = time.perf_counter() - self._gc_start
        if took > self.gc_worst:
            self.gc_worst, self.gc_gen = took, info["generation"]
        if info["generation"] == 2:
            self.fulls.append((round(self._gc_start - START, 3), round(took, 3)))

    def tick(self) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        self.worst = max(self.worst, now - self.last)
        self.worst_cpu = max(self.worst_cpu, cpu - self.last_cpu)
        self.last, self.last_cpu = now, cpu

    def phase(self) -> float:
        worst, self.worst, self.last = self.worst, 0.0, time.perf_counter()
        self.cpu, self.worst_cpu, self.last_cpu = self.worst_cpu, 0.0, time.process_time()
        self.gc, self.gc_worst = self.gc_worst, 0.0
        self.gen, self.gc_gen = self.gc_gen, -1
        return round(worst, 3)

    def record(self, out: dict[str, object], name: str) -> None:
        """The phase that ends now, as ``stall_NAME``, ``cpu_stall_NAME``, ``gc_NAME``."""
        out[f"stall_{name}"] = self.phase()
        out[f"cpu_stall_{name}"] = round(self.cpu, 3)
        out[f"gc_{name}"] = round(self.gc, 3)
        out[f"gc_gen_{name}"] = self.gen


async def measure(path: str) -> dict[str, object]:
    # The imports `memtui PATH` makes before the app starts, so they count as they do there.
    from textual import events

    import memtui.cli
    import memtui.commands.app
    import memtui.commands.audit  # noqa: F401
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp
    from memtui.tui.widgets.audit_table import AuditTable
    from memtui.tui.widgets.preview import MemoryPreview

    out: dict[str, object] = {}

    class Timed(MemtuiApp):
        def on_ready(self) -> None:
            out["first_frame"] = round(time.perf_counter() - START, 3)
            beat.phase()  # freezes count from the first frame: nothing was on screen before
            self.set_interval(0.01, beat.tick)
            # (no super().on_ready(): Textual calls MemtuiApp's handler as well, and a
            # second call started a second full audit)

    from memtui.core.audit import AuditOptions

    beat = Heartbeat()
    app = Timed(open_workspace(path), AuditOptions(tokenizers=("qwen",)))  # as `memtui WS`

    async def until(cond: object, timeout: float = 900) -> None:
        # Plain sleeps: Pilot.pause would force extra screen updates of its own.
        deadline = time.perf_counter() + timeout
        while not cond():  # type: ignore[operator]
            if time.perf_counter() > deadline:
                raise SystemExit(f"bench: timed out on {path}")
            await asyncio.sleep(0.01)

    async with app.run_test(size=(160, 50)) as pilot:
        await until(lambda: app.shown >= 1 and app.views_ready)
        out["audit"] = round(time.perf_counter() - START, 3)
        out["files"] = len(app.result.files)
        beat.record(out, "open")
        out["cpu_open"] = round(time.process_time(), 3)
        await until(lambda: app.audits >= 1)
        out["counted"] = round(time.perf_counter() - START, 3)
        beat.record(out, "counting")

        t = time.perf_counter()
        await pilot.press("2")
        await until(lambda: bool(app.query("#files-view")))
        files = app.query_one("#files-view", AuditTable)
        await until(lambda: files.table.row_count == len(app.result.files))
        out["files_view"] = round(time.perf_counter() - t, 3)
        preview = app.query_one(MemoryPreview)
        await asyncio.sleep(1.0)  # let the preview of the first row settle
        beat.record(out, "files_view")

        # Holding page-down: key events arrive from the driver at key-repeat pace (30 a
        # second), as a terminal sends them; the app handles and draws them on its own; the
        # preview waits for the cursor to rest. `scroll_key` times the binding's action.
        worst = 0.0
        table = files.table
        page_down = table.action_page_down

        def timed_page_down() -> None:
            nonlocal worst
            t = time.perf_counter()
            page_down()
            worst = max(worst, time.perf_counter() - t)

        table.action_page_down = timed_page_down  # type: ignore[method-assign]
        table.focus()
        await asyncio.sleep(0.1)
        beat.phase()
        start_row = table.cursor_row
        for _ in range(60):
            app._driver.send_message(events.Key("pagedown", None))  # type: ignore[union-attr]
            await asyncio.sleep(1 / 30)
        await until(lambda: table.cursor_row > start_row)
        await asyncio.sleep(0.1)
        out["scroll_key"] = round(worst, 4)
        out["scroll_rows"] = table.cursor_row - start_row
        beat.record(out, "scroll")

        # The cursor rests: the preview renders that memory.
        t = time.perf_counter()
        want = files.current_row().path  # type: ignore[union-attr]
        await until(lambda: preview.path == want)
        await asyncio.sleep(0.3)
        out["preview"] = round(time.perf_counter() - t, 3)
        beat.record(out, "preview")

        target = sorted(app.result.scans)[len(app.result.scans) // 2]
        before = app.audits
        t = time.perf_counter()
        with open(Path(path) / target, "a", encoding="utf-8") as fh:
            fh.write("\nOne more line.\n")
        await until(lambda: app.audits > before, timeout=300)
        out["live"] = round(time.perf_counter() - t, 3)
        beat.record(out, "live")
        # Idle (no input): a full collection the keeper holds back may run now.
        await asyncio.sleep(2.0)
        beat.record(out, "idle")
        t = time.perf_counter()
        gc.collect(2)  # what one costs now, the app's audit frozen out of its sight
        out["full_now"] = round(time.perf_counter() - t, 3)
        out["full_collections"] = app.heap.full_collections
        out["sweeps"] = app.heap.sweeps
        out["fulls"] = beat.fulls
    # The app's own peak memory (VmHWM: ru_maxrss would carry over a parent's).
    with open("/proc/self/status") as status:
        out["peak_mib"] = round(next(int(ln.split()[1]) for ln in status
                                     if ln.startswith("VmHWM:")) / 1024)
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        result = asyncio.run(measure(argv[1]))
        print(json.dumps(result))
        return 0
    if not argv:
        print(__doc__)
        return 2
    for path in argv:
        scratch = Path(tempfile.mkdtemp(prefix="memtui-bench-"))
        env = {**os.environ, "MEMTUI_CONFIG_DIR": str(scratch / "config"),
               "MEMTUI_CACHE_DIR": str(scratch / "cache")}
        env.pop("MEMTUI_NO_CACHE", None)
        for run in ("cold", "warm"):  # token-count cache empty, then filled by the cold run
            proc = subprocess.run([sys.executable, __file__, "--child", path], cwd=ROOT,
                                  env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                print(f"{path}: failed\n{proc.stderr[-2000:]}")
                return 1
            print(f"{path} ({run} cache): {proc.stdout.strip()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
