"""The command line's commands, one module per command. Each provides
``add_arguments(parser)`` and ``run(args) -> int``; ``memtui.cli`` builds the parser and
dispatches, importing a command's module only when it runs (``memtui [PATH]`` runs
:mod:`memtui.commands.app`)."""

from __future__ import annotations

#: subcommand → (module, one-line help).
COMMANDS: dict[str, tuple[str, str]] = {
    "audit": ("memtui.commands.audit", "audit a workspace and report (text or --json)"),
    "rules": ("memtui.commands.rules", "list the audit's rules, or print one in full"),
    "fix": ("memtui.commands.fix", "repair the index and memories safely (each takes --dry-run)"),
    "history": ("memtui.commands.history", "list the operations done on a workspace"),
    "undo": ("memtui.commands.undo", "revert the last operation (--turn: the agent's last turn)"),
    "eval": ("memtui.commands.eval", "run the agent N times and classify each run"),
    "fleet": ("memtui.commands.fleet", "open every workspace under ROOT, one row each"),
    "trend": ("memtui.commands.trend", "a workspace's health at each git commit that touched it"),
    "serve": ("memtui.commands.serve", "serve the app in a web browser (for demos)"),
    "demo": ("memtui.commands.demo", "copy the demo workspace into a folder, to keep"),
}
