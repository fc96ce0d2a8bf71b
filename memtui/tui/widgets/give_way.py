"""Letting the screen go first while a worker thread audits.

Python runs one thread at a time and hands the interpreter back and forth every 5 ms, so
while the audit worker computes, each frame the event loop draws takes about twice its own
time: a 50 ms redraw becomes a 100 ms freeze. `GiveWay` tilts that towards the screen. The
event loop beats (a timer, running only while a worker is busy); the worker calls `check`
between small steps (every file it reads, every row it builds), and when the last beat is
late, the loop is drawing or waiting for the interpreter, so the worker sleeps (which lets
go of the interpreter) until the loop beats again. A worker never waits longer than
`MAX_WAIT` at a time, so it still finishes while the loop is blocked for some other
reason. Once the app quits (`stop`), a worker's next `check` ends it (`Closing`): its work
is for a screen that is going, and the interpreter waits for every worker thread before the
process ends (newuser26 #25: a minute on 20,000 memories, keys typed meanwhile going to the
shell after it).
"""

from __future__ import annotations

import asyncio
import threading
import time

BEAT = 0.01  # seconds between beats of the event loop while a worker is busy
LATE = 0.015  # a beat this late: the loop is busy
MAX_WAIT = 0.2  # the longest one `check` waits for the loop


class Closing(asyncio.CancelledError):
    """Raised by `GiveWay.check` in a worker once the app quits: the worker is cancelled
    (not an ``Exception``: no ``except Exception`` on its way out reports it as a failure)."""


class GiveWay:
    def __init__(self) -> None:
        self._last = time.monotonic()
        self._beaten = threading.Event()
        self.waited = 0.0  # seconds workers spent giving way (for the bench and tests)
        self._stopped = False

    def beat(self) -> None:
        """From the event loop (a timer while a worker is busy)."""
        self._last = time.monotonic()
        self._beaten.set()

    def stop(self) -> None:
        """The event loop is going (the app quits): workers never wait for it again (else
        a worker still auditing waited `MAX_WAIT` at every step for beats that no longer
        come, and quitting during the first audit took 35 s, newuser22 #27's SIGTERM), and
        a worker's next `check` ends it."""
        self._stopped = True
        self._beaten.set()

    def check(self) -> None:
        """From a worker between steps: give way when the loop is late. Cheap otherwise.
        Raises `Closing` in a worker thread once the app quits (never in the loop's)."""
        if self._stopped:
            if threading.current_thread() is not threading.main_thread():
                raise Closing
            return
        if time.monotonic() - self._last <= LATE:
            return
        start = time.monotonic()
        self._beaten.clear()
        self._beaten.wait(MAX_WAIT)
        self.waited += time.monotonic() - start
