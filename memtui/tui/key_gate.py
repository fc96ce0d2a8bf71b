"""Keys typed while the app redirects input wait, then go where the input went.

A key that opens a dialog starts a worker, which pushes the dialog when it gets to run;
the chat pane is composed before its input can take the focus. Keys the terminal sends
meanwhile (typed quickly, or pasted) would reach the view still underneath and run its
one-key commands (``o`` opens $EDITOR, ``d`` asks to delete, ``r`` re-audits). While such
a redirection is pending the gate holds every key; once nothing is pending it hands them
on in the order they came (the app calls ``next_key`` until it returns None).

A ``hold`` lasts until released (a curation flow: keys wait whenever no dialog of it is
up); an ``expect`` ends by itself once its condition no longer holds (focus landed), or
after ``at_most`` seconds. At most ``LIMIT`` keys wait; more are dropped and counted.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from textual import events

#: Keys held at most (a paste meant for a dialog that never came is not kept whole).
LIMIT = 512


@dataclass
class _Wait:
    pending: Callable[[], bool]  # True while keys must wait
    once: bool  # forgotten as soon as it no longer holds
    deadline: float | None


class KeyGate:
    """Holds keys while a redirection of the input is pending (see the module)."""

    def __init__(self) -> None:
        self._waits: dict[str, _Wait] = {}
        self.held: deque[events.Key] = deque()
        self.dropped = 0
        self._serial = 0

    def hold(self, pending: Callable[[], bool]) -> str:
        """Keys wait whenever ``pending()`` is true, until ``release`` of the name returned."""
        self._serial += 1
        name = f"hold-{self._serial}"
        self._waits[name] = _Wait(pending, False, None)
        return name

    def expect(self, pending: Callable[[], bool], at_most: float = 2.0) -> None:
        """Keys wait until ``pending()`` turns false (or ``at_most`` seconds pass)."""
        self._serial += 1
        self._waits[f"expect-{self._serial}"] = _Wait(pending, True,
                                                      time.monotonic() + at_most)

    def release(self, name: str) -> None:
        self._waits.pop(name, None)

    def closed(self) -> bool:
        """Whether a redirection is pending now (spent waits are forgotten)."""
        now = time.monotonic()
        closed = False
        for name, wait in list(self._waits.items()):
            if wait.deadline is not None and now > wait.deadline:
                del self._waits[name]
            elif wait.pending():
                closed = True
            elif wait.once:
                del self._waits[name]
        return closed

    def take(self, key: events.Key) -> bool:
        """Hold ``key`` if the gate is closed, or if keys wait already (they keep their
        order); False: the key may go on now."""
        if not self.held and not self.closed():
            return False
        if len(self.held) < LIMIT:
            self.held.append(key)
        else:
            self.dropped += 1
        return True

    def next_key(self) -> events.Key | None:
        """The next held key to hand on, when nothing is pending any more."""
        if self.held and not self.closed():
            return self.held.popleft()
        return None
