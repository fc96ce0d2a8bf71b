"""``memtui [PATH]``: open the Textual app on a workspace (or ``--demo`` on a temporary copy)."""

from __future__ import annotations

import argparse

from memtui.agent.options import add_agent_options, agent_option_error, settings_from
from memtui.commands.audit import add_audit_options, options_from
from memtui.commands.parser import fail


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md "
                        "(default: the current folder)")
    parser.add_argument("--demo", action="store_true",
                        help="open a temporary copy of the bundled demo workspace")
    parser.add_argument("--fleet", metavar="ROOT",
                        help="open the fleet screen: every workspace under ROOT, one row each")
    parser.add_argument("--theme", metavar="NAME",
                        help="colour theme (memtui-night, memtui-paper or any Textual theme); "
                        "remembered for next time")
    parser.add_argument("--no-watch", action="store_true",
                        help="do not watch the workspace for changes")
    add_audit_options(parser)
    add_agent_options(parser, num_ctx=False)


def run(ns: argparse.Namespace) -> int:
    from memtui.core.workspace import WorkspaceError, open_workspace
    from memtui.tui.themes import theme_names

    if ns.demo and ns.path:
        return fail("give a PATH or --demo, not both")
    if ns.theme is not None and ns.theme not in theme_names():
        return fail(f"unknown theme {ns.theme!r} (choose from {', '.join(theme_names())})")
    if ns.system_prompt is not None and not ns.system_prompt.is_file():
        return fail(f"{ns.system_prompt}: no such file (--system-prompt)")
    problem = agent_option_error(ns)
    if problem:
        return fail(problem)
    if ns.fleet is not None:
        if ns.demo or ns.path:
            return fail("give --fleet ROOT alone, without a PATH or --demo")
        from memtui.commands.fleet import run_fleet_app

        return run_fleet_app(ns.fleet, ns)
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

    options = options_from(ns)
    options.tokenizers = options.tokenizers or ("qwen",)  # the columns the app shows
    app = MemtuiApp(ws, options, settings=settings_from(ns), theme=ns.theme,
                    watch=not ns.no_watch)
    app.run()
    return app.return_code or 0
