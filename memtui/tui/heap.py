"""Keeping Python's garbage collector from freezing the screen.

An audit of 10,000 memories is about a million long-lived objects, and every full
(generation 2) collection walks whatever the collector still tracks: most of a second before
anything was done, still 50–150 ms for the interface's own objects (cached lines of the
tables, their Textual caches) once audit results were frozen — enough to stall scrolling
(bench/TUI.md). So, while the app runs:

- full collections never start on their own: `HeapKeeper.tick` runs one when the operator
  has not touched a key or the mouse for a second (and one is due by CPython's usual
  count), or unconditionally after ten times that count, so memory stays bounded even under
  endless input;
- once an audit result is on screen, young garbage is collected and everything alive is
  moved out of the collector's sight (``gc.freeze``). Reference counting still frees each
  old result when the next replaces it: audit results hold no reference cycles;
- but Textual's rendered lines do (``Strip.divide`` caches a list holding the strip), so
  lines frozen with a result and dropped later are garbage no collection sees: about 600
  objects per audit. After enough audits, the next moment of 3 s without input unfreezes,
  collects everything and freezes again, which keeps a long watch session's memory flat.
  Such a sweep walks the whole heap (0.15 s at 261 memories, about 1 s at 10,000), so it
  comes after `SWEEP_AFTER` audits, or one per 10,000 frozen objects on bigger heaps.
"""

from __future__ import annotations

import gc
import sys
import time

IDLE_SECONDS = 1.0  # no key or mouse event for this long: a full collection goes unnoticed
FULL_DUE = 10  # generation-1 collections between full ones: CPython's default threshold
FULL_FORCED = 10 * FULL_DUE  # a full collection even while input keeps coming
SWEEP_AFTER = 20  # audits settled between sweeps of the frozen heap, at least
SWEEP_IDLE_SECONDS = 3.0
BLOCKS_PER_SWEEP = 20_000  # allocated memory blocks per audit between sweeps (cheap to ask)


class HeapKeeper:
    """Schedules the app's full garbage collections; ``start`` and ``stop`` bracket a run."""

    def __init__(self) -> None:
        self._saved = gc.get_threshold()
        self.last_input = time.monotonic()
        self.full_collections = 0
        self.sweeps = 0
        self.sweep_seconds = 0.0  # how long the last sweep took
        self.settled = 0  # audits settled since the last sweep

    def start(self) -> None:
        young, middle, _ = self._saved
        gc.set_threshold(young, middle, 1_000_000)

    def stop(self) -> None:
        """Collections as before ``start``; frozen objects back in the collector's sight."""
        gc.set_threshold(*self._saved)
        gc.unfreeze()

    def input_seen(self) -> None:
        self.last_input = time.monotonic()

    def tick(self, busy: bool = False) -> bool:
        """A full collection if one is due and the operator is idle (never while ``busy``:
        an audit is building objects a collection would walk); True if one ran."""
        due = gc.get_count()[2]
        quiet = time.monotonic() - self.last_input
        idle = quiet >= IDLE_SECONDS
        if self.settled >= self.sweep_after() and quiet >= SWEEP_IDLE_SECONDS and not busy:
            start = time.perf_counter()
            gc.unfreeze()
            gc.collect(2)
            gc.freeze()
            self.sweep_seconds = time.perf_counter() - start
            self.sweeps += 1
            self.settled = 0
            return True
        if due >= FULL_FORCED or (due >= FULL_DUE and idle and not busy):
            gc.collect(2)
            if not busy:  # what survived is alive: out of the next collections' way
                gc.freeze()
                self.settled += 1
            self.full_collections += 1
            return True
        return False

    def sweep_after(self) -> int:
        """Audits between sweeps: more on a bigger heap, since a sweep walks all of it."""
        return max(SWEEP_AFTER, sys.getallocatedblocks() // BLOCKS_PER_SWEEP)

    def settle(self) -> None:
        """A new audit result is on screen: collect young garbage, freeze what is alive."""
        gc.collect(1)
        gc.freeze()
        self.settled += 1
