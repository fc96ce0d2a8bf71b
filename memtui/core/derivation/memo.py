"""Memoisation of the audit's steps: the one place the audit is incremental.

Each step of the derivation (`memtui.core.derivation.derive`) is a pure function of the inputs it
reads; `Memo` keeps its last result together with those inputs (its *key*) and gives the
result back while the key is the same. Keys hold the inputs themselves: scans, link
results, resolvers (compared by identity first, the way tuples compare, then by value), so
a kept result can never outlive the objects it was made from, and an equal input (a file
scanned again to the same scan) reuses it too. A step whose inputs changed is computed
again, whole; a per-file step (`Memo.each`) is computed again for the files whose keys
changed, and the caller may say which files those can be (`Memo.each_changed`: the files
scanned anew, `Memo.changed`), so that the others are not even looked at. Each per-file
value is still kept with the key it was made for, so a wrong hint costs time, never a
wrong value, as long as it names every file whose key changed.

A step over all files whose value is one aggregate (the edges, what is reachable, the
near-duplicate pairs, the workspace's counts) goes through `Memo.once_by`: its key is each
file's *part* (what of the file the step reads), compared for the files that can have
changed alone, and its ``make`` is told which files' parts differ and given the last value,
so that it may derive the new value from the last one by those files (a pure function of
the two, checked against the whole computation by the tests) or compute it whole. A step
that can also take files created and deleted says so (``moves``): a new memory then costs
such a step that file, not every file (the near-duplicate buckets: ~0.4 s at 10,000).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import compress, filterfalse
from operator import is_not
from typing import Any, TypeVar

V = TypeVar("V")


class Same:
    """A key part equal to another only when both hold the very same object: for a value
    a step makes anew whenever it changes, whose equality would cost a pass over it."""

    __slots__ = ("obj",)

    def __init__(self, obj: object) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


class Memo:
    """The last result of each named step, with the key it was computed for."""

    def __init__(self, keep_items: bool = True) -> None:
        """``keep_items=False``: a memo for one call (a one-shot audit): ``each`` and
        ``each_changed`` neither key nor keep each item (at 50,000 files their keys and
        values held ~30 MB at the peak, issue 35) and ``changed`` keeps no values."""
        self.keep_items = keep_items
        self._once: dict[str, tuple[object, Any]] = {}
        self._each: dict[str, dict[Hashable, tuple[object, Any]]] = {}
        #: Each ``each`` step's last items (in order) and last output.
        self._items: dict[str, tuple[Hashable, ...]] = {}
        self._out: dict[str, dict[Hashable, Any]] = {}
        self._seen: dict[str, dict[Hashable, object]] = {}
        #: Each ``once_by`` step's key, items, each item's part and its value.
        self._by: dict[str, tuple[object, Sequence[Hashable], dict[Hashable, object] | None,
                                  Any]] = {}
        #: Whether ``once_by`` keeps each item's part (a one-shot audit has no next call to
        #: compare them with: at 50,000 files they would hold ~45 MB).
        self.keep_parts = True
        #: The items the last `each_changed` made anew (None: it looked at every item).
        self.made: list[Hashable] | None = None

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
        if not self.keep_items:
            return {item: make(item) for item, _key in keyed}
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
        self._out[step] = out
        self._items[step] = tuple(out)
        return out

    def each_changed(self, step: str, items: tuple[Hashable, ...],
                     changed: Iterable[Hashable] | None, key_of: Callable[[Hashable], object],
                     make: Callable[[Hashable], V], force: Iterable[Hashable] = ()
                     ) -> dict[Hashable, V]:
        """``each(step, ((i, key_of(i)) for i in items), make)``, when the caller knows that
        only the items of ``changed`` can have another key than in the last call of
        ``step`` (None: any can). With the same items as then, only those are looked at:
        the others keep their values, and with none changed the last output itself is
        given again (not to be changed by the caller). ``made`` then names the items whose
        value was made anew (None: any may have been). ``force``: items of ``changed`` made
        anew whatever their key (what they read that the key leaves out changed). An item
        of ``changed`` that is not one of ``items`` is passed over (newuser36 #19: git dated
        a Hermes store anew, which is no scanned file, and the trend died on it)."""
        if not self.keep_items:
            self.made = None
            return {i: make(i) for i in items}
        old, last = self._each.get(step), self._out.get(step)
        if changed is None or old is None or last is None or self._items.get(step) != items:
            self.made = None
            return self.each(step, ((i, key_of(i)) for i in items), make)
        todo = [item for item in changed if item in old]
        self.made = []
        if not todo:
            return last  # type: ignore[return-value]
        new, out = dict(old), dict(last)
        forced = set(force)
        for item in todo:
            key = key_of(item)
            hit = old.get(item)
            if hit is None or hit[0] != key or item in forced:
                hit = (key, make(item))
                self.made.append(item)
            new[item] = hit
            out[item] = hit[1]
        self._each[step], self._out[step] = new, out
        return out

    def changed(self, name: str, values: dict[Hashable, object]) -> list[Hashable] | None:
        """The keys of ``values`` whose value is not the very object it was in the last call
        of ``name``, and the keys added or taken away since (a file created or deleted);
        None on the first call."""
        if not self.keep_items:
            return None
        last = self._seen.get(name)
        self._seen[name] = dict(values)
        if last is None:
            return None
        if last.keys() != values.keys():
            moved = last.keys() ^ values.keys()
            return [*moved, *(k for k, v in values.items()
                              if k not in moved and last[k] is not v)]
        # In C: one pass comparing identities (a re-audit at 10,000 files asks this often).
        return list(compress(values, map(is_not, last.values(), values.values())))

    def once_by(self, step: str, key: object, items: Sequence[Hashable],
                changed: Iterable[Hashable] | None, part: Callable[[Hashable], object],
                make: Callable[[list[Hashable] | None, V | None], V],
                moves: bool = False) -> V:
        """``once(step, (key, items, [part(i) for i in items]), ...)`` in the time of the
        items that can have changed: ``changed`` names every item whose part can differ
        from the last call of ``step`` (None: any can; an item no longer there is passed
        over). ``make(diff, last)`` makes the value: ``diff`` the items whose part differs
        and ``last`` the last value (None and None: no last value to start from, or another
        key or other items: compute it whole; always, without ``keep_parts``). With
        ``moves``, a ``make`` that can also take items added and taken away is given them
        in ``diff`` (an item taken away is in ``diff`` and not in ``items``) while the items
        kept are in the same order as in the last call. Each call of ``step`` must be given
        ``changed`` relative to its own last call."""
        hit = self._by.get(step)
        came: list[Hashable] = []
        gone: list[Hashable] = []
        if hit is not None and hit[2] is not None and hit[0] == key and hit[1] != items \
                and moves:
            came, gone = _moved(hit[1], items, hit[2])  # type: ignore[assignment]
            if came is None:
                hit = None  # the kept items in another order
        if hit is None or hit[2] is None or hit[0] != key or (hit[1] != items and not moves):
            value = make(None, None)
            self._by[step] = (key, items, {i: part(i) for i in items} if self.keep_parts
                              else None, value)
            return value
        parts = hit[2]
        for i in gone:
            del parts[i]
        if changed is None:
            new = {i: part(i) for i in items}
            diff = [*(i for i in items if i not in parts or new[i] != parts[i]), *gone]
        else:
            diff, new = [*came, *gone], {i: part(i) for i in came}
            for i in changed:
                if i in new or i not in parts:
                    continue  # made above, or no longer there
                now = new[i] = part(i)
                if now != parts[i]:
                    diff.append(i)
        if not diff:
            if changed is None:
                self._by[step] = (key, items, new, hit[3])
            return hit[3]  # type: ignore[no-any-return]
        value = make(diff, hit[3])
        if changed is not None:
            parts.update(new)  # this step's own dict: the parts of this call
            new = parts
        self._by[step] = (key, items, new if self.keep_parts else None, value)
        return value

    def swap(self, name: str, value: object) -> object:
        """Keep ``value`` under ``name``; returns the one kept before (None: none)."""
        hit = self._once.get(name)
        self._once[name] = (value, None)
        return hit[0] if hit is not None else None

    def drop(self, *steps: str) -> None:
        """Keep nothing more of ``steps`` (a one-shot derivation's, once no later step
        reads them)."""
        for step in steps:
            self._once.pop(step, None)
            self._by.pop(step, None)

    def same(self, name: str, key: object) -> bool:
        """Whether ``key`` equals the key of the last call of ``name`` (False on the first)."""
        last = self.swap(name, key)
        return last is not None and last == key

    def clear(self) -> None:
        for kept in (self._once, self._each, self._items, self._out, self._seen, self._by):
            kept.clear()


def _moved(old: Sequence[Hashable], new: Sequence[Hashable], parts: dict[Hashable, object]
           ) -> tuple[list[Hashable] | None, list[Hashable]]:
    """The items of ``new`` not in ``old`` (whose items are the keys of ``parts``) and those
    of ``old`` not in ``new``; (None, []) when the items in both are not in the same order.
    In C but for the items that moved."""
    kept = set(new)
    came = list(filterfalse(parts.__contains__, new))
    gone = list(filterfalse(kept.__contains__, old))
    came_set, gone_set = set(came), set(gone)
    if list(filterfalse(came_set.__contains__, new)) != \
            list(filterfalse(gone_set.__contains__, old)):
        return None, []
    return came, gone
