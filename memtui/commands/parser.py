"""What every command shares about its command line: the argument parser and the one-line
error."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

from memtui.core.safe_output import printable


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")
        raise SystemExit(2)


def fail(message: str) -> int:
    """Print one line on stderr and return the usage/path error status."""
    sys.stderr.write(f"memtui: {printable(message)}\n")
    return 2


def os_error(exc: OSError) -> str:
    """``exc`` in one line: what the system said, and about which path."""
    where = f": {os.fsdecode(exc.filename)}" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def wide_console() -> Console:
    """A rich console for tables: the terminal's width on a terminal; elsewhere wide enough
    that no row wraps (a pipe or a file gets whole lines, not 80 columns)."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 1000)
