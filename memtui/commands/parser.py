"""What every command shares about its command line: the argument parser and the one-line
error."""

from __future__ import annotations

import argparse
import sys


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message} (see {self.prog} --help)\n")
        raise SystemExit(2)


def fail(message: str) -> int:
    """Print one line on stderr and return the usage/path error status."""
    sys.stderr.write(f"memtui: {message}\n")
    return 2
