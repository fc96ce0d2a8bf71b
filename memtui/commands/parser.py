"""What every command shares about its command line: the argument parser and the one-line
error, always ``PROG: error: MESSAGE`` on stderr (argparse's own style)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import IO, TYPE_CHECKING

from memtui.core.safe_output import printable
from memtui.edit.errors import Refused

if TYPE_CHECKING:
    from rich.console import Console

#: The smallest context window --num-ctx accepts (a window smaller than this holds no
#: system prompt, let alone memory).
MIN_NUM_CTX = 256


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        fail(self.prog, f"{message} (see {self.prog} --help)")
        raise SystemExit(2)

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """Write --help, usage and --version, but let a failed write be seen (argparse
        drops it: help into /dev/full said nothing and exited 0)."""
        if message:
            (file or sys.stderr).write(message)


def fail(prog: str, message: object, status: int = 2) -> int:
    """Say ``PROG: error: MESSAGE`` in one line on stderr; returns ``status`` (default 2,
    a bad argument or path)."""
    sys.stderr.write(f"{prog}: error: {printable(str(message))}\n")
    return status


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above zero: {text!r}")
    return value


def days(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be zero or more: {text!r}")
    return value


def context_window(text: str) -> int:
    """``--num-ctx``, the same in every command: a whole number of at least 256."""
    value = positive_int(text)
    if value < MIN_NUM_CTX:
        raise argparse.ArgumentTypeError(f"must be at least {MIN_NUM_CTX}: {text!r}")
    return value


def report(prog: str, exc: Exception) -> int:
    """:func:`fail` with an exception: exit status 1 when memtui refused, else 2."""
    return fail(prog, exc, 1 if isinstance(exc, Refused) else 2)


def os_error(exc: OSError) -> str:
    """``exc`` in one line: what the system said, and about which path."""
    where = f": {os.fsdecode(exc.filename)}" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def wide_console() -> Console:
    """A rich console for tables: the terminal's width on a terminal; elsewhere wide enough
    that no row wraps (a pipe or a file gets whole lines, not 80 columns)."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 1000)
