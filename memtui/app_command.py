"""``memtui [PATH]``: open the Textual app on a workspace (or ``--demo`` on a temporary copy)."""

from __future__ import annotations

import argparse
from pathlib import Path

from memtui.agent.settings import AgentSettings, host_problem
from memtui.audit_command import add_audit_options, options_from
from memtui.cli import fail


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md "
                        "(default: the current folder)")
    parser.add_argument("--demo", action="store_true",
                        help="open a temporary copy of the bundled demo workspace")
    parser.add_argument("--theme", metavar="NAME",
                        help="colour theme (memtui-night, memtui-paper or any Textual theme); "
                        "remembered for next time")
    parser.add_argument("--no-watch", action="store_true",
                        help="do not watch the workspace for changes")
    add_audit_options(parser)
    agent = parser.add_argument_group("agent (chat pane)")
    agent.add_argument("--model", help="Ollama model the chat pane talks to")
    agent.add_argument("--host", help="Ollama server (default: $OLLAMA_HOST or "
                       "http://127.0.0.1:11434)")
    agent.add_argument("--system-prompt", metavar="FILE", type=Path,
                       help="use this file as the agent's system prompt")
    agent.add_argument("--tool-prose", action="store_true",
                       help="describe the file tools in the system prompt as prose too")
    agent.add_argument("--decoys", action="store_true",
                       help="offer the decoy tools (save_skill, save_workflow, …)")


def agent_settings_from(ns: argparse.Namespace) -> AgentSettings:
    return AgentSettings(model=ns.model, host=ns.host, num_ctx=ns.num_ctx,
                         system_prompt_file=ns.system_prompt, tool_prose=ns.tool_prose,
                         decoys=ns.decoys)


def run(ns: argparse.Namespace) -> int:
    from memtui.core.workspace import WorkspaceError, open_workspace
    from memtui.tui.themes import theme_names

    if ns.demo and ns.path:
        return fail("give a PATH or --demo, not both")
    if ns.theme is not None and ns.theme not in theme_names():
        return fail(f"unknown theme {ns.theme!r} (choose from {', '.join(theme_names())})")
    if ns.system_prompt is not None and not ns.system_prompt.is_file():
        return fail(f"{ns.system_prompt}: no such file (--system-prompt)")
    host_error = host_problem(agent_settings_from(ns).resolved_host())
    if host_error:
        return fail(host_error)
    if ns.demo:
        from memtui.demo import demo_copy

        path: str = str(demo_copy())
    else:
        path = ns.path or "."
    try:
        ws = open_workspace(path)
    except WorkspaceError as exc:
        return fail(str(exc))

    from memtui.tui.app import MemtuiApp

    app = MemtuiApp(ws, options_from(ns), settings=agent_settings_from(ns), theme=ns.theme,
                    watch=not ns.no_watch)
    app.run()
    return app.return_code or 0
