"""``memtui [PATH]``: open the Textual app on a workspace (or ``--demo`` on a temporary copy)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from memtui.commands.agent_options import settings_from
from memtui.commands.app_options import add_app_options, app_option_problem
from memtui.commands.app_signals import ends_on_signals
from memtui.commands.audit import options_from
from memtui.commands.parser import fail, terminal_problem

if TYPE_CHECKING:
    from collections.abc import Callable

    from memtui.core.config import Config
    from memtui.tui.app import MemtuiApp

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
    parser.add_argument("--baseline", metavar="FILE", default=None,
                        help="as memtui audit --baseline: the findings FILE accepts are "
                        "suppressed (b lists them), the header counts the new ones")
    add_app_options(parser)


def run(ns: argparse.Namespace) -> int:
    if ns.demo and ns.path:
        return fail(PROG, "give a PATH or --demo, not both")
    problem = app_option_problem(ns)
    if problem:
        return fail(PROG, problem)
    if ns.keep and not ns.demo:
        return fail(PROG, "--keep goes with --demo")
    if ns.fleet is not None:
        if ns.demo or ns.path or ns.baseline:
            return fail(PROG, "give --fleet ROOT alone, without a PATH, --demo or "
                        "--baseline")
        from memtui.commands.fleet import run_fleet_app

        return run_fleet_app(ns.fleet, ns)
    if not ns.demo:
        return open_app(ns.path or ".", ns)
    import shutil
    import tempfile

    from memtui.demo import demo_copy

    problem = terminal_problem()
    if problem:  # before a copy is made only to be removed
        return fail(PROG, problem)
    base = tempfile.mkdtemp(prefix="memtui-demo-")
    path = demo_copy(base)
    sys.stderr.write(f"memtui: the demo is a temporary copy at {path}\n")
    try:
        return open_app(str(path), ns, end_on_signals=True,
                        cleanup=partial(shutil.rmtree, base, ignore_errors=True))
    finally:
        if ns.keep:
            _say(f"memtui: kept the demo copy at {path}\n")
        else:
            shutil.rmtree(base, ignore_errors=True)
            _say(f"memtui: removed the demo copy at {path} (--keep keeps it; memtui demo "
                 "DIR makes a lasting copy)\n")


def _say(line: str) -> None:
    """A line on stderr, which may be a terminal that is gone (SIGHUP)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(line)
        sys.stderr.flush()


def open_app(path: str, ns: argparse.Namespace, end_on_signals: bool = True,
             cleanup: Callable[[], None] | None = None) -> int:
    """Run the app on ``path``; ``end_on_signals``: SIGHUP and SIGTERM end it as ``q``
    does (`ends_on_signals`: the terminal given back, newuser27 #17; the caller's cleanup
    run, and ``cleanup`` too when the app has to be ended hard)."""
    app = app_for(path, ns)
    if isinstance(app, int):
        return app
    problem = terminal_problem()
    if problem:
        return fail(PROG, problem)
    with ends_on_signals(app, cleanup) if end_on_signals else contextlib.nullcontext():
        app.run()
    if getattr(app, "open_fleet", False):
        from memtui.commands.fleet import run_fleet_app

        return run_fleet_app(path, ns)
    return app.return_code or 0


def app_for(path: str, ns: argparse.Namespace) -> MemtuiApp | int:
    """The app on ``path`` as the command line asks for it, or the exit status of a bad
    path or configuration (said on stderr)."""
    from memtui.core.nested import resolve
    from memtui.core.workspace import WorkspaceError

    try:
        # The workspace PATH names as every command reads it (newuser29 #19: a Hermes home
        # opened as an empty claude-code folder while `audit` read its memories/).
        resolved = resolve(path)
    except WorkspaceError as exc:
        return fail(PROG, f"{exc}{command_hint(path)}")
    ws, given, path = resolved.workspace, path, resolved.path

    from memtui.commands.audit import load_config_for
    from memtui.commands.audit_options import limit_flags_given
    from memtui.core.config import SHAPING, ConfigError

    limit_flags = limit_flags_given(ns)  # before the configuration fills them
    flagged = {key for key in SHAPING if getattr(ns, key, None) is not None}

    from memtui.core.reporting.suppress import BaselineError, load_baseline

    try:
        config = load_config_for(ws.root, ns)
        # read and refused as `memtui audit --baseline` reads it (newuser41 #27)
        baseline = load_baseline(Path(ns.baseline), ws.root) \
            if getattr(ns, "baseline", None) else None
    except (ConfigError, BaselineError) as exc:
        return fail(PROG, exc)

    from memtui.core.nested import memory_folder_line, several_of, workspaces_below
    from memtui.tui.app import MemtuiApp

    inside = memory_folder_line(ws, path, "memtui")
    if inside is not None:  # an item workspace's memory/: 40 orphans and no index alone
        return fail(PROG, inside)

    # No --tokenizer: the profile's own (cl100k under claude-code), as the header and
    # ``audit --json`` count; the Tok columns and the preview show that count.
    from memtui.commands.audit_options import unused_limit_lines
    from memtui.edit.agent_ops import profile_for

    options = options_from(ns, config)
    unused = unused_limit_lines(limit_flags, profile_for(ws, options.profile))
    if resolved.path_project is not None and options.project is None:  # as `audit` (#33)
        options.project = str(resolved.path_project)
        options.project_from_path = True
    nested = several_of(workspaces_below(ws))
    if nested and baseline is not None:  # (one workspace's: never ignored unsaid)
        return fail(PROG, f"--baseline opens one workspace; {path} holds several "
                    "(open one of them with it, or audit them all with memtui audit PATH "
                    "--discover --baseline FILE)")
    if nested:  # not one workspace: the app offers the fleet first
        from memtui.tui.fleet.offer import SeveralWorkspacesApp

        return SeveralWorkspacesApp(path, nested, ws, options, settings=settings_from(ns),
                                    theme=ns.theme, watch=not ns.no_watch, config=config)
    app = MemtuiApp(ws, options, settings=settings_from(ns), theme=ns.theme,
                    watch=not ns.no_watch, config=config)
    app.config_file = getattr(ns, "config", None)
    if baseline is not None:
        app.baseline, app.baseline_path = baseline, ns.baseline
        if baseline.unused:  # as `memtui audit` says it
            unused.append(f"baseline {ns.baseline} is version 1: its {baseline.unused} "
                          "credential entries are not used; write it again with memtui "
                          "audit --write-baseline")
    app.flagged = frozenset(flagged)
    chosen = resolved.chosen(given, "opened")
    # The first notice says what `audit` says on stderr: the folder chosen below PATH, and
    # the limit flags this workspace's profile has no use for (newuser29 #31).
    app.start_note = "".join(f"{line} — " for line in ([chosen] if chosen else []) + unused
                             + own_settings_line(config, ws.root, flagged))
    return app


def own_settings_line(config: Config, root: Path, flagged: set[str]) -> list[str]:
    """The line saying the workspace's own configuration file shapes this audit (its load
    limits, profile, staleness or project), when it does: ``memtui audit --fail-on``
    counts what those settings keep out, the app showed an all-clear (newuser30 #12)."""
    from memtui.core.config import SHAPING, is_workspace_own

    if not is_workspace_own(config, root) or config.path is None:
        return []
    settings = [f"{key.replace('_', '-')} = {getattr(config, key)!r}" for key in SHAPING
                if key not in flagged and getattr(config, key) is not None]
    if not settings:
        return []
    name = os.path.basename(config.path)
    return [f"this workspace's own {name} sets {', '.join(settings)}: the audit follows it "
            "(`memtui audit --fail-on warning` counts what it keeps out)"]


def command_hint(path: str) -> str:
    """`` (did you mean memtui audit?)`` when a PATH that does not exist is spelled like a
    command (``memtui audti``)."""
    import difflib

    from memtui.commands import COMMANDS

    if os.path.exists(path):
        return ""
    if path.lstrip("-").casefold() in ("help", "h", "?"):  # ``memtui help`` (newuser25 #21)
        return " (did you mean memtui --help, or memtui COMMAND --help?)"
    if path.casefold() in ("watch", "chat"):  # the README's feature row (newuser41 #20)
        return (f" (there is no {path} command: the app watches the folder it opens and "
                "its chat pane talks to the model — memtui PATH, then c; docs/chat.md)")
    close = difflib.get_close_matches(path, COMMANDS, n=1, cutoff=0.6)
    return f" (did you mean memtui {close[0]}?)" if close else ""
