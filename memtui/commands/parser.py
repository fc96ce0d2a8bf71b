"""What every command shares about its command line: the argument parser and the one-line
error."""

from __future__ import annotations

import argparse
import os
import sys

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
