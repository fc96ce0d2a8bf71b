"""Keeping Python's garbage collector from freezing the screen.

An audit of 10,000 memories is about a million long-lived objects, and a collection walks
every object the collector tracks: a full (generation 2) one took most of a second, and even
the interface's own objects alone (the tables' cached lines and Textual's caches, ~55,000)
cost 50–150 ms per full collection, enough to stall scrolling (bench/TUI.md). So, while the
app runs:

- an audit and its rows are built (in a worker) with the collector off, and what was built
  is frozen as it stands (``gc.freeze``: out of every later collection's sight) instead of
  being walked young; reference counting still frees each old result when the next
  replaces it, since audit results hold no reference cycles;
- once a result is on screen, young garbage is collected and what lives is frozen too;
- full collections never start on their own: `HeapKeeper.tick` runs one (and freezes what
  survives) when no key or mouse event came for a second and one is due by CPython's usual
  count, or unconditionally after ten times that count, so memory stays bounded under
  endless input;
- Textual's rendered lines do hold cycles (``Strip.divide`` caches a list holding the
  strip), so lines frozen and dropped later are garbage no collection sees: about 600
  objects per audit. After enough freezes, the next moment of 3 s without input unfreezes,
  collects everything and freezes again (a sweep), which keeps a long watch session's
  memory flat. A sweep walks the whole heap (0.13 s at 261 memories, 0.56 s at 10,000), so
  it comes after `SWEEP_AFTER` freezes, or one per `BLOCKS_PER_SWEEP` allocated memory
  blocks on bigger heaps (every 121 at 10,000 memories).

All of that assumes CPython's generational collector (3.11 to 3.13, and 3.14 from 3.14.5:
three generations, each generation-1 collection counted towards the next full one). The
keeper does not assume it: `generational` asks the collector at ``start`` (a young
collection must add exactly one to the third count), and due counts come from the
collector's own third threshold. A collector that answers otherwise keeps its own schedule:
thresholds are left alone and only the idle sweeps run. That is the incremental collector
3.14.0 to 3.14.4 shipped: ``gc.collect(1)`` collects the young objects and an increment of
the old ones and counts nothing towards a full collection, and a full one rarely runs on its
own. bench/RESULTS.md has the probe on 3.11, 3.13, 3.14 and 3.15.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

IDLE_SECONDS = 1.0  # no key or mouse event for this long: a full collection goes unnoticed
FULL_DUE = 10  # generation-1 collections between full ones: CPython's default threshold
FULL_FORCED = 10 * FULL_DUE  # a full collection even while input keeps coming (x the due)
SWEEP_AFTER = 20  # audits settled between sweeps of the frozen heap, at least
SWEEP_IDLE_SECONDS = 3.0
BLOCKS_PER_SWEEP = 20_000  # allocated memory blocks per audit between sweeps (cheap to ask)


def generational() -> bool:
    """Whether the collector counts generation-1 collections towards a full one, as CPython's
    three-generation collector does (asked of it, by one young collection)."""
    if len(gc.get_stats()) != 3 or len(gc.get_threshold()) != 3:
        return False
    before = gc.get_count()
    gc.collect(1)
    after = gc.get_count()
    return len(before) == len(after) == 3 and after[2] == before[2] + 1


class HeapKeeper:
    """Schedules the app's full garbage collections; ``start`` and ``stop`` bracket a run."""

    def __init__(self) -> None:
        self._saved = gc.get_threshold()
        self.last_input = time.monotonic()
        self.full_collections = 0
        self.sweeps = 0
        self.sweep_seconds = 0.0  # how long the last sweep took
        self.settled = 0  # freezes since the last sweep
        self._builders = 0  # workers inside `building`
        self._lock = threading.Lock()
        self.generational = True  # known at `start`
        self.full_due = FULL_DUE

    def start(self) -> None:
        self.generational = generational()
        if not self.generational:
            return  # the collector's own schedule; `tick` only sweeps
        young, middle, full = self._saved[:3]
        self.full_due = full if full > 0 else FULL_DUE
        gc.set_threshold(young, middle, 1_000_000)

    def stop(self) -> None:
        """Collections as before ``start``; frozen objects back in the collector's sight."""
        gc.set_threshold(*self._saved)
        gc.unfreeze()

    def input_seen(self) -> None:
        self.last_input = time.monotonic()

    def tick(self) -> bool:
        """A full collection if one is due and the operator is idle (never while a worker
        is `building`: it would walk what is being built); True if one ran."""
        busy = self._builders > 0
        quiet = time.monotonic() - self.last_input
        if self.settled >= self.sweep_after() and quiet >= SWEEP_IDLE_SECONDS and not busy:
            start = time.perf_counter()
            gc.unfreeze()
            gc.collect(2)
            gc.freeze()
            self.sweep_seconds = time.perf_counter() - start
            self.sweeps += 1
            self.settled = 0
            return True
        if not self.generational:
            return False
        due = gc.get_count()[2]
        forced = self.full_due * (FULL_FORCED // FULL_DUE)
        if due >= forced or (due >= self.full_due and quiet >= IDLE_SECONDS and not busy):
            gc.collect(2)
            gc.freeze()  # what survived is alive: out of the next collections' way
            self.settled += 1
            self.full_collections += 1
            return True
        return False

    @contextmanager
    def building(self) -> Iterator[None]:
        """Around a worker building an audit result and its rows: no collection at all
        meanwhile, then what was built is frozen as it stands. Otherwise the first young
        collection afterwards walks every object just made (0.13 s at 10,000 memories,
        longer while the interface competes for the interpreter)."""
        with self._lock:
            self._builders += 1
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            yield
            gc.freeze()
        finally:
            if was_enabled:
                gc.enable()
            with self._lock:
                self._builders -= 1

    def sweep_after(self) -> int:
        """Audits between sweeps: more on a bigger heap, since a sweep walks all of it."""
        return max(SWEEP_AFTER, sys.getallocatedblocks() // BLOCKS_PER_SWEEP)

    def settle(self) -> None:
        """A new audit result is on screen: collect young garbage, freeze what is alive."""
        gc.collect(1)
        gc.freeze()
        self.settled += 1
