"""Why an edit did not happen: a refusal (exit 1) or a bad argument (exit 2)."""

from __future__ import annotations

import sys

from memtui.core.safe_output import printable


class Refused(Exception):
    """The operation was refused; the message is one line for the operator (exit 1)."""


class UsageError(Exception):
    """A bad argument: unknown memory, bad name, bad line number (exit 2)."""


def report(prog: str, exc: Exception) -> int:
    """Say ``prog: exc`` in one line on stderr; the exit status: 1 refused, else 2."""
    sys.stderr.write(f"{prog}: {printable(str(exc))}\n")
    return 1 if isinstance(exc, Refused) else 2


def tolerant_stdout() -> None:
    """Let stdout print paths that are not valid UTF-8 (escaped) instead of failing."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if callable(reconfigure):
        reconfigure(errors="backslashreplace")
