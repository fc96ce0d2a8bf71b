"""The command line: ``memtui [PATH]`` opens the app; subcommands work headless.

This module only builds the parser and dispatches: each command is a module of
``memtui.commands``, imported only when used, so ``memtui audit --json`` never pays for
Textual.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from memtui.commands.parser import ArgumentParser, fail, os_error

#: subcommand → module providing ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "audit": ("memtui.commands.audit", "audit a workspace and report (text or --json)"),
    "fix": ("memtui.commands.fix", "repair the index and memories safely (each takes --dry-run)"),
    "history": ("memtui.commands.history", "list the operations done on a workspace"),
    "undo": ("memtui.commands.undo", "revert the last operation on a workspace"),
    "eval": ("memtui.commands.eval", "run the agent N times and classify each run"),
    "trend": ("memtui.commands.trend", "a workspace's health at each git commit that touched it"),
    "serve": ("memtui.commands.serve", "serve the app in a web browser (for demos)"),
}


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
    from memtui.commands import app as app_command

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


if __name__ == "__main__":
    raise SystemExit(main())
