"""``memtui [PATH]``: open the Textual app on a workspace (or ``--demo`` on a temporary copy)."""

from __future__ import annotations

import argparse
import sys

from memtui.commands.agent_options import add_agent_options, agent_option_error, settings_from
from memtui.commands.audit import add_audit_options, options_from
from memtui.commands.parser import fail
from memtui.core.workspace import is_file

PROG = "memtui"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md "
                        "(default: the current folder)")
    parser.add_argument("--demo", action="store_true",
                        help="open a temporary copy of the bundled demo workspace (removed "
                        "on quit; memtui demo DIR makes a lasting one)")
    parser.add_argument("--keep", action="store_true",
                        help="with --demo: keep the copy after quitting")
    parser.add_argument("--fleet", metavar="ROOT",
                        help="open the fleet screen: every workspace under ROOT, one row each "
                        "(the same as memtui fleet ROOT)")
    add_app_options(parser)


def add_app_options(parser: argparse.ArgumentParser) -> None:
    """The options every way of opening the app takes (``memtui [PATH]``, ``memtui fleet``)."""
    parser.add_argument("--theme", metavar="NAME",
                        help="colour theme (memtui-night, memtui-paper or any Textual theme); "
                        "remembered for next time")
    parser.add_argument("--no-watch", action="store_true",
                        help="do not watch the workspace for changes")
    add_audit_options(parser)
    add_agent_options(parser, num_ctx=False)


def app_option_problem(ns: argparse.Namespace) -> str | None:
    """What is wrong with the options of ``add_app_options`` (one line), or None."""
    from memtui.tui.themes import theme_names

    if ns.theme is not None and ns.theme not in theme_names():
        return f"unknown theme {ns.theme!r} (choose from {', '.join(theme_names())})"
    if ns.system_prompt is not None and not is_file(ns.system_prompt):
        return f"{ns.system_prompt}: no such file (--system-prompt)"
    return agent_option_error(ns)


def run(ns: argparse.Namespace) -> int:
    if ns.demo and ns.path:
        return fail(PROG, "give a PATH or --demo, not both")
    problem = app_option_problem(ns)
    if problem:
        return fail(PROG, problem)
    if ns.keep and not ns.demo:
        return fail(PROG, "--keep goes with --demo")
    if ns.fleet is not None:
        if ns.demo or ns.path:
            return fail(PROG, "give --fleet ROOT alone, without a PATH or --demo")
        from memtui.commands.fleet import run_fleet_app

        return run_fleet_app(ns.fleet, ns)
    if not ns.demo:
        return open_app(ns.path or ".", ns)
    import shutil
    import tempfile

    from memtui.demo import demo_copy

    base = tempfile.mkdtemp(prefix="memtui-demo-")
    path = demo_copy(base)
    sys.stderr.write(f"memtui: the demo is a temporary copy at {path}\n")
    try:
        return open_app(str(path), ns)
    finally:
        if ns.keep:
            sys.stderr.write(f"memtui: kept the demo copy at {path}\n")
        else:
            shutil.rmtree(base, ignore_errors=True)
            sys.stderr.write(f"memtui: removed the demo copy at {path} (--keep keeps it; "
                             "memtui demo DIR makes a lasting copy)\n")


def open_app(path: str, ns: argparse.Namespace) -> int:
    from memtui.core.workspace import WorkspaceError, open_workspace

    try:
        ws = open_workspace(path)
    except WorkspaceError as exc:
        return fail(PROG, f"{exc}{command_hint(path)}")

    from memtui.commands.audit import load_config_for
    from memtui.core.config import ConfigError

    try:
        config = load_config_for(ws.root, ns)
    except ConfigError as exc:
        return fail(PROG, exc)

    from memtui.core.nested import nested_workspaces
    from memtui.tui.app import MemtuiApp

    options = options_from(ns, config)
    options.tokenizers = options.tokenizers or ("qwen",)  # the columns the app shows
    nested = nested_workspaces(ws)
    if nested:  # not one workspace: the app offers the fleet first
        from memtui.tui.fleet.offer import SeveralWorkspacesApp

        app: MemtuiApp = SeveralWorkspacesApp(path, nested, ws, options,
                                              settings=settings_from(ns), theme=ns.theme,
                                              watch=not ns.no_watch, config=config)
    else:
        app = MemtuiApp(ws, options, settings=settings_from(ns), theme=ns.theme,
                        watch=not ns.no_watch, config=config)
    app.run()
    if getattr(app, "open_fleet", False):
        from memtui.commands.fleet import run_fleet_app

        return run_fleet_app(path, ns)
    return app.return_code or 0


def command_hint(path: str) -> str:
    """`` (did you mean memtui audit?)`` when a PATH that does not exist is spelled like a
    command (``memtui audti``)."""
    import difflib
    import os

    from memtui.commands import COMMANDS

    if os.path.exists(path):
        return ""
    close = difflib.get_close_matches(path, COMMANDS, n=1, cutoff=0.6)
    return f" (did you mean memtui {close[0]}?)" if close else ""
