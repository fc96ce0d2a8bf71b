"""Memoisation of the audit's steps: the one place the audit is incremental.

Each step of the derivation (`memtui.core.derive`) is a pure function of the inputs it
reads; `Memo` keeps its last result together with those inputs (its *key*) and gives the
result back while the key is the same. Keys hold the inputs themselves: scans, link
results, resolvers (compared by identity first, the way tuples compare, then by value), so
a kept result can never outlive the objects it was made from, and an equal input (a file
scanned again to the same scan) reuses it too. Nothing is ever patched: a step whose
inputs changed is computed again, whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

V = TypeVar("V")


class Memo:
    """The last result of each named step, with the key it was computed for."""

    def __init__(self) -> None:
        self._once: dict[str, tuple[object, Any]] = {}
        self._each: dict[str, dict[Hashable, tuple[object, Any]]] = {}

    def once(self, step: str, key: object, make: Callable[[], V],
             holds: Callable[[V], bool] | None = None) -> V:
        """``make()``, or its result of the last call of ``step`` made with an equal key
        (while ``holds(value)``, when given)."""
        hit = self._once.get(step)
        if hit is not None and hit[0] == key and (holds is None or holds(hit[1])):
            return hit[1]  # type: ignore[no-any-return]
        value = make()
        self._once[step] = (key, value)
        return value

    def each(self, step: str, keyed: Iterable[tuple[Hashable, object]],
             make: Callable[[Hashable], V], holds: Callable[[V], bool] | None = None
             ) -> dict[Hashable, V]:
        """``make(item)`` for every (item, key) of ``keyed``, in order, each reused from the
        last call of ``step`` while its key is equal (and ``holds(value)``, when given: a
        value that depends on the clock says how long it holds); items not in ``keyed``
        are let go."""
        get = self._each.get(step, {}).get
        new: dict[Hashable, tuple[object, Any]] = {}
        out: dict[Hashable, V] = {}
        if holds is None:
            for item, key in keyed:
                hit = get(item)
                if hit is None or hit[0] != key:
                    hit = (key, make(item))
                new[item] = hit
                out[item] = hit[1]
        else:
            for item, key in keyed:
                hit = get(item)
                if hit is None or hit[0] != key or not holds(hit[1]):
                    hit = (key, make(item))
                new[item] = hit
                out[item] = hit[1]
        self._each[step] = new
        return out

    def clear(self) -> None:
        self._once.clear()
        self._each.clear()
