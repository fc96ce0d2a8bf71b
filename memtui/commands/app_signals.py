"""SIGHUP and SIGTERM end the app as ``q`` does, the terminal given back (newuser22 #27:
``--demo``'s copy removed; newuser27 #17: the alternate screen left, even when the app's
loop is held up)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App


#: The signals that end ``memtui --demo`` with its copy removed (those a system has).
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM")
                       if hasattr(signal, name))


@contextlib.contextmanager
def ends_on_signals(app: App[Any], cleanup: Callable[[], None] | None = None
                    ) -> Iterator[None]:
    """While in it, SIGHUP (the terminal closed) and SIGTERM end ``app`` as ``q`` does, its
    workers stopped, and the caller's cleanup runs (``--demo`` removes its copy, not left
    in /tmp: newuser22 #27). Python's default for both ends the process at once; a
    SystemExit from the handler would leave the audit's thread waiting for a screen that
    is gone, the process never ending. Before the app runs, the handler exits.

    An app whose loop answers but whose shutdown never ends is ended too, `EXIT_LIMIT`
    seconds after the signal (newuser29 #20: with the terminal gone, Textual's driver waited
    for ever to queue its last write, and the app outlived its tmux session); ``cleanup``
    (``--demo``'s copy removed) runs before a process is ended that way."""
    import asyncio  # (the app imports it anyway; not at the CLI's start)

    terminal = saved_terminal()

    def ending(signum: int, _frame: object) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not running yet (or any more): nothing to stop
            raise SystemExit(128 + signum) from None
        answered = threading.Event()
        loop.call_soon_threadsafe(answered.set)
        loop.call_soon_threadsafe(partial(app.exit, return_code=128 + signum))
        # An app whose loop is held up (newuser27 #17: a frozen audit) never gets to its
        # exit: the terminal is given back as the app leaves it, and the process ends. A
        # loop that answers ends the app itself, however long that takes (--demo's copy
        # is removed after it).
        threading.Thread(target=held_up,
                         args=(answered, finished, terminal, 128 + signum, cleanup),
                         daemon=True).start()

    finished = threading.Event()
    before = {signum: signal.signal(signum, ending) for signum in ENDING_SIGNALS}
    try:
        yield
    finally:
        finished.set()
        for signum, handler in before.items():
            signal.signal(signum, handler)


#: Seconds the loop of an app told to end by a signal has to answer before the terminal is
#: given back and the process ended without it…
EXIT_GRACE = 3.0
#: …and to have ended, answering or not (its workers stopped, its driver closed).
EXIT_LIMIT = 10.0
#: What the app turned on (the alternate screen, the mouse, bracketed paste, a hidden
#: cursor), turned off as Textual's driver does when it stops.
RESTORE = ("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?1004l"
           "\x1b[?1049l\x1b[?25h")


def saved_terminal() -> tuple[int, list[Any]] | None:
    """The terminal's settings before the app changes them (fd and ``tcgetattr``), or None
    when standard input is no terminal."""
    try:
        import termios
    except ImportError:
        return None
    try:
        fd = sys.stdin.fileno()
        return fd, termios.tcgetattr(fd)
    except (termios.error, OSError, ValueError, AttributeError):  # (termios.error is no
        return None  # OSError: a pipe, as a served app's stdin is, raised it out of the app)


def held_up(answered: threading.Event, finished: threading.Event,
            terminal: tuple[int, list[Any]] | None, status: int,
            cleanup: Callable[[], None] | None = None) -> None:
    """`hard_end` unless the app's loop ``answered`` within `EXIT_GRACE` and the app
    ``finished`` running within `EXIT_LIMIT` of the signal."""
    deadline = time.monotonic() + EXIT_LIMIT
    if answered.wait(EXIT_GRACE) and finished.wait(max(0.0, deadline - time.monotonic())):
        return
    if cleanup is not None:
        with contextlib.suppress(Exception):
            cleanup()
    hard_end(terminal, status)


def hard_end(terminal: tuple[int, list[Any]] | None, status: int) -> None:
    """Give the terminal back (screen, modes, then the settings ``terminal`` saved) and end
    the process at once: the app did not end within `EXIT_GRACE`."""
    with contextlib.suppress(OSError):
        fd = os.open("/dev/tty", os.O_WRONLY | os.O_NOCTTY)
        try:
            os.write(fd, RESTORE.encode())
        finally:
            os.close(fd)
    if terminal is not None:
        with contextlib.suppress(ImportError):
            import termios

            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(terminal[0], termios.TCSANOW, terminal[1])
    os._exit(status)
