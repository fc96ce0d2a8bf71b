"""The command line: ``memtui [PATH]`` opens the app; subcommands work headless.

Each subcommand lives in the module that owns its concept and is imported only when used,
so ``memtui audit --json`` never pays for Textual.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from memtui.core.safe_output import printable

#: subcommand → module providing ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "audit": ("memtui.audit_command", "audit a workspace and report (text or --json)"),
    "fix": ("memtui.edit.commands", "repair the index and memories safely (each takes --dry-run)"),
    "history": ("memtui.edit.history_command", "list the operations done on a workspace"),
    "undo": ("memtui.edit.undo_command", "revert the last operation on a workspace"),
    "eval": ("memtui.agent.eval_command", "run the agent N times and classify each run"),
}


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")
        raise SystemExit(2)


def fail(message: str) -> int:
    """Print one line on stderr and return the usage/path error status."""
    sys.stderr.write(f"memtui: {printable(message)}\n")
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        name = args.pop(0)
        module_name, help_text = COMMANDS[name]
        module = importlib.import_module(module_name)
        parser = ArgumentParser(prog=f"memtui {name}", description=help_text)
        module.add_arguments(parser)
        ns = parser.parse_args(args)
        try:
            return int(module.run(ns))
        except KeyboardInterrupt:
            return 130
        except OSError as exc:  # a path the system refused that no command foresaw
            return fail(os_error(exc))
    from memtui import app_command

    parser = ArgumentParser(
        prog="memtui",
        description="Audit, curate and watch an AI agent's file-based memory.",
        epilog="commands: " + "; ".join(f"{k}: {v[1]}" for k, v in COMMANDS.items()),
    )
    app_command.add_arguments(parser)
    ns = parser.parse_args(args)
    try:
        return int(app_command.run(ns))
    except OSError as exc:
        return fail(os_error(exc))


def os_error(exc: OSError) -> str:
    """``exc`` in one line: what the system said, and about which path."""
    where = f": {os.fsdecode(exc.filename)}" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


if __name__ == "__main__":
    raise SystemExit(main())
