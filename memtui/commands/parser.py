"""What every command shares about its command line: the argument parser and the one-line
error, always ``PROG: error: MESSAGE`` on stderr (argparse's own style)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from memtui.core import bounds
from memtui.core.reporting.safe_output import PATH_CHARS, printable, short_path
from memtui.edit.errors import Distrusted, Refused

if TYPE_CHECKING:
    from rich.console import Console

#: The smallest context window --num-ctx accepts (a window smaller than this holds no
#: system prompt, let alone memory).
MIN_NUM_CTX = bounds.NUM_CTX[0]


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, found the same way (``COLUMNS``, else the
    terminal on stdout, else 80) without importing ``shutil``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's, its width found by `terminal_columns` as argparse finds it, but without
    importing ``shutil`` (and with it ``bz2``, ``lzma``): argparse makes a formatter for
    every argument added, so every command paid ~3 ms for it (issue 35)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None, **kwargs: Any) -> None:
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width, **kwargs)


class RawDescriptionHelpFormatter(HelpFormatter, argparse.RawDescriptionHelpFormatter):
    """argparse's ``RawDescriptionHelpFormatter`` with `HelpFormatter`'s width."""


#: The metavars of a positional argument that names a memory (or a link target, a name).
NAMES_A_MEMORY = frozenset({"MEMORY", "OLD_TARGET", "NEW_TARGET", "TARGET", "NEW_NAME", "NAME"})


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2, and help is
    laid out by `HelpFormatter` unless told otherwise."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    #: Said after a usage error: `memtui demo` with a folder ./demo beside it (the cli).
    hint: str = ""

    #: The arguments this parser was last given (for `dash_hint`).
    _given: tuple[str, ...] = ()

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._given = tuple(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> None:  # type: ignore[override]
        fail(self.prog, f"{message} (see {self.prog} --help){self.hint}{self.dash_hint()}")
        raise SystemExit(2)

    def dash_hint(self) -> str:
        """When an argument starting with "-" is no option of this command, how to give a
        name starting with "-" (newuser31 #28: a memory named ``-rf``, which agents write
        from user text, was reported as a missing MEMORY)."""
        if not any(not a.option_strings and a.metavar in NAMES_A_MEMORY for a in self._actions):
            return ""
        known = self._option_string_actions
        for arg in self._given:
            if arg == "--":
                break
            if arg.startswith("-") and len(arg) > 1 and arg.split("=", 1)[0] not in known \
                    and not arg.lstrip("-").replace(".", "", 1).isdigit():
                return (f"; {arg} is read as an option: a memory named {arg} is given by its "
                        f"file's path (e.g. memory/{arg}.md), or after -- with every option "
                        "before it")
        return ""

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """Write --help, usage and --version, but let a failed write be seen (argparse
        drops it: help into /dev/full said nothing and exited 0)."""
        if message:
            (file or sys.stderr).write(message)


def fail(prog: str, message: object, status: int = 2) -> int:
    """Say ``PROG: error: MESSAGE`` in one line on stderr; returns ``status`` (default 2,
    a bad argument or path). A run of more than ``PATH_CHARS`` characters without a space
    (an argument echoed, a path) is cut in the middle, as `short_path` cuts a path:
    newuser26 #30, a 6,000-character MEMORY argument filled screens before the reason."""
    import re

    line = re.sub(rf"\S{{{PATH_CHARS + 1},}}",  # (a path cut already, "…", is left as it is)
                  lambda m: m.group() if "\u2026" in m.group() else short_path(m.group()),
                  printable(str(message)))
    sys.stderr.write(f"{prog}: error: {line}\n")
    return status


def terminal_problem() -> str | None:
    """Why the app cannot run here: stdin or stdout is not a terminal (CI, a pipe, a file),
    where Textual would draw its screen into the file and wait for keys forever (newuser22
    #37); None on a terminal, and under ``memtui serve`` (a browser is its terminal)."""
    if os.environ.get("MEMTUI_SERVED") or os.environ.get("TEXTUAL_DRIVER"):
        return None
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):  # closed or replaced streams
        pass
    return ("the app needs a terminal (stdin and stdout are not one here); for a report "
            "run memtui audit PATH")


def bounded(whole: bool, low: float, high: float, above: bool = False
            ) -> Callable[[str], Any]:
    """An argparse ``type``: a number (a whole number when ``whole``) from ``low`` to
    ``high`` (above ``low`` when ``above``), finite (`memtui.core.bounds`); anything else
    is argparse's one-line error and exit 2."""
    def convert(text: str) -> Any:
        try:
            return bounds.parse(text, whole, low, high, above)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    convert.__name__ = "whole number" if whole else "number"
    return convert


#: A count of something (workers, steps, runs): 1 to a million.
positive_int = bounded(True, 1, 1_000_000)
#: ``--stale-days``: 0 to a century.
days = bounded(False, *bounds.STALE_DAYS)
#: ``--num-ctx``, the same in every command: a whole number of at least 256.
context_window = bounded(True, *bounds.NUM_CTX)
#: ``--max-lines`` and ``--max-bytes``.
max_lines = bounded(True, *bounds.MAX_LINES)
max_bytes = bounded(True, *bounds.MAX_BYTES)
#: Seconds to wait for something: above 0, at most a day.
seconds = bounded(False, 0, 86_400, above=True)


def folder(value: str) -> str:
    """``--project``: an existing folder (else one line and exit 2, as argparse says it),
    made absolute."""
    import os

    if not value or "\0" in value or len(value) > 4096 or \
            not os.path.isdir(os.path.expanduser(value)):
        raise argparse.ArgumentTypeError(f"{value[:200]!r}: no such folder")
    # as checked: from the current folder, like every path argument (newuser24 #67: it was
    # then read from the workspace, and stale references silently went unchecked)
    return os.path.abspath(os.path.expanduser(value))


def report(prog: str, exc: Exception) -> int:
    """:func:`fail` with an exception: exit status 1 when memtui refused, else 2 (a journal
    record memtui did not write is bad input: 2)."""
    return fail(prog, cli_words(str(exc)),
                1 if isinstance(exc, Refused) and not isinstance(exc, Distrusted) else 2)


#: What the app's refusal of a write raced by another writer advises, and the command line's
#: words for it: a command has nothing to reload, it reads the files anew when run again
#: (newuser34 #18).
APP_RETRY, CLI_RETRY = "(reload and try again)", "(run the command again)"


def cli_words(message: str) -> str:
    """``message`` in the command line's words."""
    return message.replace(APP_RETRY, CLI_RETRY)


def os_error(exc: OSError) -> str:
    """``exc`` in one line: what the system said, and about which path."""
    where = f": {os.fsdecode(exc.filename)}" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def columns_given() -> bool:
    """Whether ``COLUMNS`` gives a width: a positive number (``COLUMNS=0`` made rich's
    console 0 wide and the report a traceback; newuser24 #66). Anything else is as unset."""
    try:
        return int(os.environ["COLUMNS"]) > 0
    except (KeyError, ValueError):
        return False


def wide_console() -> Console:
    """A rich console for tables: the terminal's width on a terminal; elsewhere wide enough
    that no row wraps (a pipe or a file gets whole lines, not 80 columns). The width is
    given, never left to rich, which would take a ``COLUMNS`` of 0."""
    from rich.console import Console

    return Console(highlight=False,
                   width=terminal_columns() if sys.stdout.isatty() else 1000)
