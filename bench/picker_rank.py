"""What the repoint picker costs per keystroke: ``rank`` (Textual's fuzzy matcher over
every memory's path, title and description) for each prefix of a typed query, over N
memories of the synthetic workspace shape; CPU time (user+sys) per call, median and range.
The empty query (the list as first shown) is measured too, and each prefix ranked over
the previous prefix's matches only (what the picker does when a query extends the last).
``--app`` types the query into the real picker under Pilot instead (the list caught up
after each key) and measures each step the picker runs on the UI thread (its key handler,
and its list rebuild where that is a step of its own): CPU time (``time.thread_time``) of
each, one uninterrupted block of the event loop, i.e. a freeze. Textual's own layout and
rendering after a step are not in it. Nothing is asserted.

    PYTHONPATH=$PWD nice python bench/picker_rank.py [--memories 2000] [--repeat 5] [--app]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memtui.tui.dialogs.memory_picker import Candidate, MemoryPickerScreen, rank


def candidates(n: int) -> list[Candidate]:
    kinds = ("user", "feedback", "project", "reference")
    return [Candidate(f"memory/{kinds[i % 4]}_topic_{i:05d}_line-{i % 37}.md",
                      f"Topic {i} of line {i % 37}",
                      f"what the agent keeps about topic {i}, shift {i % 3}")
            for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--app", action="store_true")
    ns = ap.parse_args()
    cands = candidates(ns.memories)
    suggestions = [c.path for c in cands[:3]]
    query = "line 12 shift"
    if ns.app:
        import asyncio

        asyncio.run(in_app(cands, suggestions, query))
        return
    print(f"{ns.memories} memories, query typed letter by letter: {query!r}; "
          f"CPU ms (user+sys) of one rank()")
    pool = cands
    for prefix in ["", *(query[:k] for k in (1, 4, 7, len(query)))]:
        times, narrowed = [], []
        for _ in range(ns.repeat):
            t0 = time.process_time()
            found = rank(prefix, cands, suggestions)
            times.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            rank(prefix, pool, suggestions)
            narrowed.append((time.process_time() - t0) * 1000)
        pool = [c for c, _ in found]
        print(f"  {prefix!r:16} {len(found):5} match  median {statistics.median(times):8.2f} ms "
              f"({min(times):.2f}-{max(times):.2f}); over the last matches "
              f"{statistics.median(narrowed):8.2f} ms")


async def in_app(cands: list[Candidate], suggestions: list[str], query: str) -> None:
    import functools

    from textual.app import App
    from textual.widgets import Input

    steps: list[float] = []  # each handler run on the UI thread: one uninterrupted block

    def timed(method: Any) -> Any:
        @functools.wraps(method)
        def run(*args: Any) -> Any:
            t0 = time.thread_time()
            try:
                return method(*args)
            finally:
                steps.append((time.thread_time() - t0) * 1000)
        return run

    for name in ("on_input_changed", "show"):  # show: the list's rebuild, when there is one
        if name in vars(MemoryPickerScreen):
            setattr(MemoryPickerScreen, name, timed(vars(MemoryPickerScreen)[name]))

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(MemoryPickerScreen("bench", "pick", cands, suggestions))

    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        field = screen.query_one("#query", Input)
        steps.clear()
        for key in query:
            await pilot.press("space" if key == " " else key)
            while getattr(screen, "ranked_for", field.value) != field.value:
                await pilot.pause(0.02)
        print(f"{len(cands)} memories, {query!r} typed into the picker: the picker's steps on "
              f"the UI thread, CPU ms: median {statistics.median(steps):.2f}, "
              f"max {max(steps):.2f} ({len(steps)} steps)")

if __name__ == "__main__":
    main()
