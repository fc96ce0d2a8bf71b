"""The options of every way of opening the app: ``memtui [PATH]`` and ``memtui fleet ROOT``
(the theme, watching, and the audit's and the chat agent's options)."""

from __future__ import annotations

import argparse

from memtui.commands.agent_options import add_agent_options, agent_option_error
from memtui.commands.audit_options import add_audit_options


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
    return agent_option_error(ns)  # --system-prompt as memtui eval words it
