"""``memtui fleet ROOT`` (and ``memtui --fleet ROOT``): the fleet screen, every workspace
under ROOT, one row each, Enter opening one in the app; and the table ``memtui audit ROOT
--discover`` prints, the same rows headless."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from memtui.commands.parser import bounded, fail, terminal_problem, wide_console
from memtui.core.audit import AuditOptions
from memtui.core.config import CONFIG_NAME
from memtui.core.fleet import (
    audit_fleet,
    find_workspaces,
    fleet_exit,
    mixed_fleet,
    no_workspace,
    shown_path,
    tagged,
    to_fleet_json,
)
from memtui.core.reporting.health import files_cell, limit_style, limit_text
from memtui.core.reporting.safe_output import json_text, printable
from memtui.core.reporting.wording import plural

if TYPE_CHECKING:
    from collections.abc import Callable

PROG = "memtui fleet"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from memtui.commands.app_options import add_app_options

    parser.add_argument("root", nargs="?", metavar="ROOT",
                        help="the folder whose workspaces (each folder holding a MEMORY.md, "
                        "~/.claude/projects/*/memory among them) the fleet shows")
    add_app_options(parser)
    # as `audit --discover` takes it (newuser33 #30: one worker on a shared machine)
    parser.add_argument("--jobs", type=bounded(True, 1, 256), default=None,
                        help="worker processes auditing the workspaces (default: one per core)")


def run(ns: argparse.Namespace) -> int:
    from memtui.commands.app_options import app_option_problem

    if ns.root is None:
        hint = " (the folder named fleet here: memtui ./fleet)" if os.path.isdir("fleet") \
            else ""
        return fail(PROG, f"give the ROOT folder whose workspaces to show{hint}")
    problem = app_option_problem(ns)
    if problem:
        return fail(PROG, problem)
    return run_fleet_app(ns.root, ns, PROG)


def not_a_folder(root: Path) -> str:
    """Why ``root`` is no fleet root, in every command's words for a missing path
    (newuser39 #12: fleet said "not a folder" where the others say "no such file or
    folder")."""
    return "not a folder" if os.path.lexists(root) else "no such file or folder"


def run_fleet(root_arg: str, options: AuditOptions, ns: argparse.Namespace,
              limit_flags: list[tuple[str, str]]) -> int:
    """Discover, audit and report the fleet under ``root_arg``; the exit status is the worst
    of its workspaces (2 when ROOT itself cannot be read). ``limit_flags``: the agents' limit
    flags the command line gave (`limit_flags_given`, taken before the defaults were merged:
    after, --max-lines and --max-bytes always look given)."""
    root = Path(root_arg).expanduser()
    if not root.is_dir():
        return fail("memtui audit", f"{root_arg}: {not_a_folder(root)}")
    root = root.resolve()
    config_file = getattr(ns, "config", None)
    if config_file is not None:  # applied to every workspace as to one (newuser40 #4):
        from memtui.core.config import ConfigError, load_config

        try:  # a file that cannot be read stops the run once, not once per row
            load_config(root, config_file)
        except ConfigError as exc:
            return fail("memtui audit", exc)
    accepted: dict[str, dict[str, Any]] | None = None
    if getattr(ns, "baseline", None) and not getattr(ns, "write_baseline", None):
        from memtui.core.reporting.fleet_baseline import load_fleet_baseline
        from memtui.core.reporting.suppress import BaselineError

        try:  # read and checked once, each workspace given its own entry
            accepted = load_fleet_baseline(Path(ns.baseline), root)
        except BaselineError as exc:
            return fail("memtui audit", exc)
    tty = sys.stderr.isatty()
    if tty:  # a walk of a large tree takes a while too (newuser34 #28)
        _progress(f"memtui: looking for workspaces under {printable(root_arg)} …")
    paths = find_workspaces(root)
    if not paths:  # a CI job pointed at the wrong folder must not pass (newuser22 #40)
        if tty:
            _progress("")
        return fail("memtui audit", no_workspace(root_arg))
    rows: list[dict[str, Any]] = []
    from memtui.commands.audit_options import unused_by_all_lines

    # newuser34 #28: ten minutes with nothing said. On a terminal, a line kept up to date
    # from the start (the count found, then each row as it is done, with its path); to a
    # file or pipe, one line whenever PROGRESS_EVERY seconds have passed since the last
    started = said = time.monotonic()
    if tty:
        _progress(f"memtui: auditing {plural(len(paths), 'workspace')} …")
    extra = row_extra(root, ns, accepted)
    try:
        for row in audit_fleet(paths, options, ns.fail_on, jobs=getattr(ns, "jobs", None),
                               fail_on_flag=getattr(ns, "fail_on_flag", False),
                               config_file=config_file, row_extra=extra):
            rows.append(row)
            now = time.monotonic()
            if tty:
                _progress(f"memtui: audited {len(rows):,} / {len(paths):,} workspaces: "
                          f"{shown_path(root, row['path'])}")
            elif now - said >= PROGRESS_EVERY and len(rows) < len(paths):
                said = now
                sys.stderr.write(f"memtui audit: audited {len(rows):,} / {len(paths):,} "
                                 f"workspaces in {now - started:,.0f} s (the table comes "
                                 f"when all are done)\n")
                sys.stderr.flush()
    except KeyboardInterrupt:  # (newuser38 #20: nothing said, the prompt glued to the line)
        if tty:
            _progress("")
        sys.stderr.write(f"memtui audit: interrupted after {len(rows):,} of "
                         f"{len(paths):,} workspaces; no report\n")
        return 130
    if tty:
        _progress("")
    runs = {row["path"]: row.pop("sarif_run", None) for row in rows}
    recorded = {row["path"]: row.pop("baseline_data", None) for row in rows}
    if getattr(ns, "write_baseline", None):
        status = write_fleet(root, ns.write_baseline, recorded)
        if status:
            return status
    if getattr(ns, "format", None) == "sarif":
        from memtui.commands.audit_options import utf8_stream
        from memtui.commands.fleet_sarif import fleet_sarif

        sys.stdout.write(json_text(fleet_sarif(root, rows, runs),
                                   ascii_only=not utf8_stream(sys.stdout)) + "\n")
    # --json or --format json (newuser40 #3: --format json printed the table)
    elif getattr(ns, "json", False) or getattr(ns, "format", None) == "json":
        from memtui.commands.audit_options import utf8_stream

        sys.stdout.write(json_text(to_fleet_json(root, rows),
                                   ascii_only=not utf8_stream(sys.stdout)) + "\n")
    else:
        print_fleet(root, rows)
        print_failing(root, rows)
    for r in sorted(rows, key=lambda r: r["path"]):
        # what `audit` says of the workspace alone, in its words, one line each (newuser40
        # #5: a user-level file's ignore of every credential went unsaid)
        for line in r.get("said") or ([r["kept"]] if r.get("kept") else []):
            sys.stderr.write(f"memtui audit: {shown_path(root, r['path'])}: {line}\n")
    for line in shallow_lines(root, rows):
        sys.stderr.write(f"memtui audit: {line}\n")
    own = root / CONFIG_NAME
    if config_file is None and own.is_file() and all(Path(r["path"]) != root for r in rows):
        # (newuser41 #10: a repository root's file was ignored for every workspace, unsaid)
        sys.stderr.write(f"memtui audit: {printable(str(own))} is not read: each workspace "
                         "reads its own .memtui.toml (give --config FILE to read one file "
                         "for every workspace)\n")
    profiles = {str(r["profile"]) for r in rows if r.get("profile")}
    for unused in unused_by_all_lines(limit_flags, profiles):  # as `audit` says it
        sys.stderr.write(f"memtui audit: {unused}\n")
    return fleet_exit(rows)


def relative(root: Path, path: str) -> str:
    """A workspace's path relative to ``root`` (``.`` for the root itself): its key in a
    ``--discover`` baseline and its SARIF run's id."""
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return path


def row_extra(root: Path, ns: argparse.Namespace,
              accepted: dict[str, dict[str, Any]] | None
              ) -> Callable[[str], dict[str, Any]] | None:
    """What each row also does for this command line (`memtui.core.fleet_row.audit_one`'s
    ``extra``), or None when nothing."""
    rules = tuple(getattr(ns, "fail_on_rules", None) or ())
    write = bool(getattr(ns, "write_baseline", None))
    sarif = getattr(ns, "format", None) == "sarif"
    baseline = getattr(ns, "baseline", None)
    if not (rules or write or sarif or accepted is not None):
        return None
    where = os.path.abspath(baseline) if baseline else None

    def extra(path: str) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": rules, "write_baseline": write}
        if sarif:
            out["sarif_root"] = os.fspath(root)
        if accepted is not None:
            out["baseline"], out["baseline_path"] = accepted.get(relative(root, path)), where
        return out
    return extra


def write_fleet(root: Path, file: str, recorded: dict[str, dict[str, Any] | None]) -> int:
    """Write ``--write-baseline FILE`` for ``--discover``: each workspace's findings, keyed
    by its path relative to ``root``; 0, or the exit status of a file that cannot be
    written (said on stderr)."""
    from memtui.core.reporting.fleet_baseline import write_fleet_baseline
    from memtui.core.reporting.suppress import BaselineError

    entries = {relative(root, path): data for path, data in recorded.items()
               if data is not None}
    try:
        write_fleet_baseline(Path(file), entries)
    except BaselineError as exc:
        return fail("memtui audit", exc)
    total = sum(len(data["findings"]) for data in entries.values())
    missed = len(recorded) - len(entries)
    sys.stderr.write(f"memtui audit: {plural(total, 'finding')} of "
                     f"{plural(len(entries), 'workspace')} recorded in {printable(file)}"
                     + (f"; {plural(missed, 'workspace')} not (its audit failed)"
                        if missed else "") + "\n")
    return 0


def shallow_lines(root: Path, rows: list[dict[str, Any]]) -> list[str]:
    """What `memtui.core.git.find.shallow_line` says of a shallow clone, once for each
    that holds rows, with how many (newuser40 #22: ``--discover`` said nothing, and every
    row's ``oldest`` read ``0 d``)."""
    from memtui.core.git.find import shallow_line

    by_repo: dict[str, list[str]] = {}
    for r in rows:
        if r.get("shallow"):
            by_repo.setdefault(r["shallow"], []).append(r["path"])
    out = []
    for repo, paths in sorted(by_repo.items()):
        line = shallow_line(Path(repo))
        if line:
            out.append(f"{plural(len(paths), 'workspace')} in {printable(repo)}: {line}")
    return out


def print_failing(root: Path, rows: list[dict[str, Any]], console: Console | None = None
                  ) -> None:
    """Under the table, each failing workspace's findings at its gate's severity (``path:line
    kind message``, at most `memtui.core.fleet_row.FAILING_MAX` each, and how many more):
    a pre-commit run with ``--discover`` named none, each developer rerunning the audit
    per folder (newuser40 #11)."""
    console = console or wide_console()
    for r in sorted(rows, key=lambda r: r["path"]):
        failing = r.get("failing") or []
        if not failing:
            continue
        where = shown_path(root, r["path"])
        console.print(Text(f"{where}: exit {r['exit']} at --fail-on {r.get('fail_on')}",
                           style="bold"))
        for f in failing:
            at = f"{f['path']}:{f['line']}" if f.get("line") else str(f["path"])
            message = str(f["message"])
            message = message if len(message) <= 200 else message[:199] + "…"
            console.print(Text.assemble("  ", (printable(at), "bold"), "  ",
                                        (f"{f['kind']} {f['severity']}", "red" if
                                         f["severity"] == "error" else "yellow"),
                                        "  ", printable(message)))
        more = (r.get("failing_total") or 0) - len(failing)
        if more > 0:
            console.print(Text(f"  … and {more:,} more (memtui audit {where})"))


#: Seconds between two progress lines of `run_fleet` when stderr is not a terminal.
PROGRESS_EVERY = 30.0
_WIDTH = 79


def _progress(line: str) -> None:
    """Overwrite the terminal's progress line with ``line`` (cut to one line's width)."""
    if len(line) > _WIDTH:
        line = line[:_WIDTH - 1] + "…"
    sys.stderr.write("\r" + line.ljust(_WIDTH) + ("\r" if not line else ""))
    sys.stderr.flush()


def limit_cell(r: dict[str, Any]) -> Text:
    """The agent's load limit at its worst (``109%``), "–" where it has none."""
    return Text(limit_text(r), style=limit_style(r))


def fleet_table(root: Path, rows: list[dict[str, Any]]) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name, justify in (("workspace", "left"), ("files", "right"),
                          ("orphans (unreach.)", "right"), ("broken", "right"),
                          ("dangling", "right"), ("block tokens", "right"),
                          ("limit", "right"), ("secrets", "right"), ("warn.", "right"),
                          ("oldest", "right"), ("exit", "right")):
        table.add_column(name, justify=justify, no_wrap=True,  # type: ignore[arg-type]
                         overflow="fold" if name == "workspace" else "ellipsis")
    mixed = mixed_fleet(rows)
    for r in sorted(rows, key=lambda r: r["path"]):
        rel = Text(shown_path(root, r["path"]))
        if tagged(r.get("profile"), mixed):  # an agent's (issue 33): say which
            rel.append(f" [{r['profile']}]", style="cyan")
        if r.get("error"):  # said under the table: in a cell it widened every row's
            # numbers by its length (newuser31 #32: ~330 characters a line)
            table.add_row(rel, Text("error", style="red"), "", "", "", "", "", "", "", "",
                          Text(str(r["exit"]), style="bold red"))
            continue
        share = f" ({r['share']:,.1%})" if r.get("share") is not None else ""
        oldest = f"{r['oldest_days']:,} d" if r.get("oldest_days") is not None else "–"
        exit_style = "bold red" if r["exit"] else "green"
        table.add_row(
            rel, files_cell(r),
            Text(f"{r['orphans']:,} ({r['unreachable']:,})",
                 style="yellow" if r["unreachable"] else ""),
            Text(f"{r['broken_links']:,}", style="red" if r["broken_links"] else ""),
            f"{r['dangling']:,}", f"{r['block_tokens']:,}{share}", limit_cell(r),
            Text(f"{r['secrets']:,}", style="bold red" if r["secrets"] else ""),
            Text(f"{r.get('warnings', 0):,}", style="yellow" if r.get("warnings") else ""),
            oldest, Text(str(r["exit"]), style=exit_style))
    return table


def print_fleet(root: Path, rows: list[dict[str, Any]], console: Console | None = None) -> None:
    console = console or wide_console()
    console.print(Text(f"memtui audit --discover: {plural(len(rows), 'workspace')} under "
                       f"{printable(os.fspath(root))}",
                       style="bold"))
    if rows:
        console.print(fleet_table(root, rows))
    for r in sorted(rows, key=lambda r: r["path"]):
        if r.get("error"):
            console.print(Text.assemble((f"{shown_path(root, r['path'])}: ", "bold"),
                                        (printable(r["error"]), "red")))
    worst = fleet_exit(rows)
    failing = sum(1 for r in rows if r["exit"])
    console.print(Text(f"{failing:,} of {plural(len(rows), 'workspace')} fail (exit {worst})",
                       style="bold red" if worst else "green"))


def run_fleet_app(root_arg: str, ns: argparse.Namespace, prog: str = "memtui") -> int:
    """``memtui fleet ROOT``, ``memtui --fleet ROOT``: the fleet screen; Enter opens a
    workspace in the usual app, whose Esc comes back to the fleet as it was left."""
    from memtui.commands.agent_options import settings_from
    from memtui.commands.app_signals import ends_on_signals
    from memtui.commands.audit_options import options_from
    from memtui.core.workspace import WorkspaceError, open_workspace
    from memtui.tui.fleet.app import FleetApp
    from memtui.tui.fleet.member_app import FleetMemberApp
    from memtui.tui.fleet.state import FleetState

    root = Path(root_arg).expanduser()
    if not root.is_dir():
        return fail(prog, f"{root_arg}: {not_a_folder(root)}" + (" (--fleet)" if prog == "memtui"
                                                         else ""))
    problem = terminal_problem()
    if problem:
        return fail(prog, problem)
    root = root.resolve()
    options = options_from(ns)
    state = FleetState()
    while True:
        fleet = FleetApp(root, options, state=state, theme=ns.theme, watch=not ns.no_watch,
                         jobs=getattr(ns, "jobs", None))
        with ends_on_signals(fleet):  # the terminal given back (newuser27 #17)
            chosen = fleet.run()
        if not chosen:
            return fleet.return_code or 0
        try:
            ws = open_workspace(chosen)
        except WorkspaceError as exc:
            state.notice = str(exc)
            continue
        app = FleetMemberApp(ws, options, settings=settings_from(ns), theme=ns.theme,
                             watch=not ns.no_watch, asked_at=state.opened_at)
        # the rows below this one are theirs: counted there, as the row did (newuser40 #28)
        app.nested = tuple(p.relative_to(ws.root).as_posix()
                           for p in find_workspaces(ws.root) if p != ws.root)
        with ends_on_signals(app):
            app.run()
        if not app.back_to_fleet:
            return app.return_code or 0
