"""For a test that interrupts the process it starts: the child's SIGINT back at its default.

A job started in the background by a non-interactive shell (``cmd &``, as a CI runner or a
``setsid … &`` may start the suite) runs with SIGINT ignored, every child inherits that, and
Python keeps an ignored SIGINT ignored: the child never saw the test's SIGINT and the test
timed out (five tests failed so in a suite started that way, and passed alone)."""

from __future__ import annotations

import signal


def default_sigint() -> None:
    """A ``preexec_fn``: SIGINT at its default in the child, so Python there takes it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
