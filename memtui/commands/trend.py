"""``memtui trend PATH``: a workspace's health at each git commit that touched it."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from memtui.commands.parser import fail, wide_console
from memtui.commands.workspace_arg import resolved_path
from memtui.core.config import ConfigError
from memtui.core.git.trend import TrendError, trend_cut
from memtui.core.reporting.health import limit_style, limit_text
from memtui.core.reporting.safe_output import json_text, printable
from memtui.core.reporting.wording import plural, sparkline
from memtui.core.workspace import WorkspaceError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", metavar="PATH",
                        help="workspace folder, inside a git repository (default: the current "
                        "folder)")
    parser.add_argument("--json", action="store_true",
                        help='print {"points": [...]} oldest first')
    from memtui.commands.audit import add_audit_options

    add_audit_options(parser)


#: 2: each point has ``findings`` (by severity, after the config) and the document names
#: the ``config`` file used. Since issue 31 the document also has ``stopped``: null, or where
#: a bound cut the history (``commit``, ``date``, ``reason``).
SCHEMA = 2


def run(ns: argparse.Namespace) -> int:
    from memtui.commands.audit import load_config_for, options_from
    from memtui.commands.audit_options import limit_flags_given, unused_limit_lines
    from memtui.edit.agent_ops import profile_for

    try:
        # The configuration the workspace has now (.memtui.toml or --config), at every
        # commit, as the audit applies it: exclude, ignore, severity and the flags' keys.
        resolved = resolved_path("memtui trend", ns.path, "tracing", getattr(ns, "config", None),
                                 reads_config=True)
        limit_flags = limit_flags_given(ns)  # before the configuration fills them
        config = load_config_for(resolved.workspace.root, ns)
        options = options_from(ns, config)
        for unused in unused_limit_lines(limit_flags, profile_for(resolved.workspace,
                                                                  options.profile)):
            sys.stderr.write(f"memtui trend: {unused}\n")  # as `audit` (newuser29 #31)
        points, stopped = trend_cut(resolved.path, options, config=config)
    except (WorkspaceError, TrendError, ConfigError) as exc:
        return fail("memtui trend", exc)
    if ns.json:
        from memtui.commands.audit import utf8_stream

        sys.stdout.write(json_text({"schema": SCHEMA, "config": config.path, "points": points,
                                    "stopped": stopped},
                                   ascii_only=not utf8_stream(sys.stdout)) + "\n")
    else:
        print_trend(points, config_path=config.path, stopped=stopped)
    return 0


def kept_out(point: dict[str, Any]) -> str:
    """``3`` or ``3 (1 credential)`` plus ``, 2 lowered``: what the configuration kept out
    of a point's findings; "" for none."""
    got = point.get("suppressed") or {}
    total, secret, lowered = got.get("total", 0), got.get("secret", 0), got.get("lowered", 0)
    parts = []
    if total:
        parts.append(f"{total:,}" + (f" ({plural(secret, 'credential')})" if secret else ""))
    if lowered:
        parts.append(f"{lowered:,} lowered")
    return ", ".join(parts)


def kept_by(points: list[dict[str, Any]]) -> str:
    """Who kept findings out, over the points, as `audit` names them (newuser39 #11: the
    configuration was blamed for what inline comments hid): ``inline `memtui: ignore`
    comments in the files and the configuration at that commit — today's …``."""
    by: dict[str, int] = {}
    for p in points:
        got = p.get("suppressed") or {}
        for cause, n in (got.get("by") or {}).items():
            by[cause] = by.get(cause, 0) + n
        by["config"] = by.get("config", 0) + got.get("lowered", 0)
    words = {"inline": "inline `memtui: ignore` comments in the files",
             "config": "the configuration",
             "baseline": "the baseline", "exclude": "the configuration's exclude"}
    named = [words.get(c, c) for c, n in by.items() if n]
    if not named:  # (a point written before causes were kept)
        named = ["the configuration or inline comments"]
    said = ", ".join(named[:-1]) + (" and " if len(named) > 1 else "") + named[-1]
    return said + (" at that commit — today's configuration is applied at every commit, not "
                   "the one each commit held"
                   if by.get("config") or by.get("exclude") or not any(by.values())
                   else " at that commit")


def print_trend(points: list[dict[str, Any]], console: Console | None = None,
                config_path: str | None = None, stopped: dict[str, Any] | None = None
                ) -> None:
    console = console or wide_console()
    if config_path:
        console.print(Text(f"Config: {printable(config_path)}", style="dim"))
    if stopped is not None:
        where = (f" at commit {stopped['commit'][:12]}" if stopped["commit"] else "") + \
            (f" ({stopped['date'][:10]})" if stopped["date"] else "")
        console.print(Text(printable(f"History cut{where}: {stopped['reason']}."),
                           style="yellow"))
    if not points:
        console.print("No commit touched this workspace.")
        return
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("date", no_wrap=True)
    table.add_column("commit", no_wrap=True)
    tokens = f"block {points[-1].get('tokenizer', 'qwen')} tokens"
    # the agent's load limit at its worst (newuser42 #17: which commit crossed 100 %), where
    # it has one, as the fleet's Limit column, beside the tokens
    limited = any(p.get("load_share") is not None for p in points)
    for name in ("files", "orphans", "unreachable", "broken", "dangling", tokens,
                 *(("limit",) if limited else ()), "errors", "warnings"):
        table.add_column(name, justify="right", no_wrap=True)
    kept = [kept_out(p) for p in points]
    if any(kept):  # today's configuration kept findings out of past points: a column
        table.add_column("kept out", justify="right", no_wrap=True)
    table.add_column("subject", overflow="ellipsis", no_wrap=True, max_width=50)
    for p, out in zip(points, kept, strict=True):
        table.add_row(p["date"][:10], p["commit"][:8], f"{p['memory_files']:,}",
                      f"{p['orphans']:,}", f"{p['unreachable']:,}", f"{p['broken_links']:,}",
                      f"{p['dangling']:,}", f"{p['block_tokens']:,}",
                      *((Text(limit_text(p), style=limit_style(p)),) if limited else ()),
                      f"{p['findings']['error']:,}", f"{p['findings']['warning']:,}",
                      *((out or "0",) if any(kept) else ()), Text(printable(p["subject"])))
    console.print(table)
    # the newest point past its limit: since which commit (the first of the run it ends)
    crossed = None
    for p in points:
        over = (p.get("load_share") or 0) > 1
        crossed = (crossed or p) if over else None
    if crossed is not None:
        console.print(Text(printable(
            f"limit: {crossed.get('load_what') or 'the load limit'} past 100 % since commit "
            f"{crossed['commit'][:8]} ({crossed['date'][:10]})"), style="red"))
    if any(kept):
        secret = max((p.get("suppressed", {}).get("secret", 0) for p in points), default=0)
        console.print(Text(
            f"kept out: findings suppressed or lowered by {kept_by(points)}"
            + (f"; at least one point has {plural(secret, 'credential')} kept out"
               if secret else ""),
            style="yellow" if secret else "dim"))
    lines = (("orphans", "orphans"), ("unreachable", "unreachable"), ("block_tokens", tokens))
    width = max(len(label) for _, label in lines)
    ends = max(len(f"  {p[key]:,} → {q[key]:,}") for key, _ in lines
               for p in points[:1] for q in points[-1:])
    # one character per commit, as many as the console's width holds (newuser33 #22: 151
    # commits wrapped at 120 columns and broke the label/line layout)
    cells = max(10, console.width - width - 1 - ends)
    for key, label in lines:
        values = [p[key] for p in points]
        console.print(f"{label:>{width}} {sparkline(values, cells)}  {values[0]:,} → "
                      f"{values[-1]:,}", no_wrap=True)
    if len(points) > cells:
        console.print(Text(f"{len(points):,} commits in {cells:,} characters: each the "
                           f"highest of {len(points) // cells:,} to "
                           f"{-(-len(points) // cells):,} consecutive commits", style="dim"))
