"""What a kept auditor reads again after one change, kept by its text (issue 35).

A re-audit after one line of MEMORY.md changed parsed and judged every other line again
(~0.5 s at 10,000 memories). A pure function of one line (or one hook, one run of lines)
is kept here by that text, for the lines of the last text read only: each whole read
starts a round (`Kept.start`), and what the round did not ask again is let go of when the
next one starts. The first round in a process keeps nothing: a one-shot audit reads its
index once, and would only hold its lines twice (the CLI's peak, issue 35)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """A memo of one pure function's values by their keys, over the last round and the
    current one."""

    def __init__(self) -> None:
        self._rounds = 0
        self._last: dict[Hashable, T] = {}
        self._now: dict[Hashable, T] = {}

    def start(self) -> Kept[T]:
        """A whole read begins: what the last round did not ask again is let go of."""
        self._rounds += 1
        self._last, self._now = self._now, {}
        return self

    @property
    def keeping(self) -> bool:
        """Whether this round keeps what it is asked (not the first round)."""
        return self._rounds >= 2

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept for ``key`` (this round or the last), else ``make()``'s."""
        if self._rounds < 2:  # (the first round keeps nothing)
            return make()
        now = self._now
        if key in now:
            return now[key]
        last = self._last
        value = last.pop(key) if key in last else make()  # (held once: this round's keys)
        now[key] = value
        return value

    def get_many(self, keys: Sequence[Hashable], make: Callable[[list[Hashable]], list[T]]
                 ) -> list[T]:
        """`get` of each of ``keys``, those kept in neither round made by one call of
        ``make`` (their distinct keys in order)."""
        if self._rounds < 2:
            return make(list(keys))
        now, last = self._now, self._last
        missing = [k for k in dict.fromkeys(keys) if k not in now and k not in last]
        if missing:
            now.update(zip(missing, make(missing), strict=True))
        out: list[T] = []
        for k in keys:
            if k not in now:
                now[k] = last.pop(k)
            out.append(now[k])
        return out
