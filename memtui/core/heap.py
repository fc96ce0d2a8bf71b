"""Freed memory given back to the system at once, where the C library can (issue 35).

A one-shot audit of tens of thousands of memories lets go of large parts at known moments:
the near-duplicate sketches once paired (~75 MB at 50,000 memories, 50,000 blocks of
~1.5 KB in the C heap), the scan cache's writing. Freed, those blocks stay the process's:
the objects made after them are mostly Python's small ones, which live in arenas of their
own and never reuse that room, so each later step adds to the peak. glibc's
``malloc_trim`` hands every free page of its heap back (measured at 50,000 memories: the
resident size 290 → 189 MiB right after the pairing; the steps after it then stay under
the pairing's level instead of climbing 20 MiB past it).

Only where it exists (glibc; elsewhere `give_back` does nothing), and only for large runs
(`worth_it`): ``ctypes`` is imported on the first call, never by a small audit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

__all__ = ["MANY", "give_back", "worth_it"]

#: Below this many memories an audit's freed parts are a few MB: not worth the call.
MANY = 5_000

_trim: Callable[[int], int] | None = None
_looked = False


def worth_it(count: int) -> bool:
    """Whether an audit of ``count`` memories lets go of enough to give it back."""
    return count >= MANY


def give_back() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim(0)``); nothing
    where there is no such call."""
    global _trim, _looked
    if not _looked:
        _looked = True
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                fn = ctypes.CDLL(None).malloc_trim
                fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
                _trim = fn
            except (OSError, AttributeError):  # not glibc (musl has none)
                _trim = None
    if _trim is not None:
        _trim(0)
