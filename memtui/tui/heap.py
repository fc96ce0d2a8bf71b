"""Keeping Python's garbage collector from freezing the screen.

An audit of 10,000 memories is about a million long-lived objects. Every full
(generation 2) collection walks all of them — most of a second on a busy 2-core machine —
and the event loop stands still meanwhile (bench/TUI.md). So: no full collection while an
audit builds its objects, and once its result is on screen, everything alive is moved out of
the collector's sight. Reference counting still frees each old result when the next
replaces it, since audit results hold no reference cycles.
"""

from __future__ import annotations

import gc

_GC_THRESHOLDS = gc.get_threshold()


def hold_full_collections() -> None:
    """While an audit builds its objects, no full collection (each would walk them all)."""
    young, middle, _ = _GC_THRESHOLDS
    gc.set_threshold(young, middle, 1_000_000)


def restore_collections() -> None:
    gc.set_threshold(*_GC_THRESHOLDS)


def settle_heap() -> None:
    """Collect young garbage, freeze what is alive (``gc.freeze``), resume full collections
    for whatever comes later."""
    gc.collect(1)
    gc.freeze()
    restore_collections()
