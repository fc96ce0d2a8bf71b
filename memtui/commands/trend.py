"""``memtui trend PATH``: a workspace's health at each git commit that touched it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from memtui.commands.parser import fail, wide_console
from memtui.core.trend import TrendError, trend
from memtui.core.wording import sparkline
from memtui.core.workspace import WorkspaceError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="workspace folder (inside a git repository)")
    parser.add_argument("--json", action="store_true",
                        help='print {"points": [...]} oldest first')
    from memtui.commands.audit import add_audit_options

    add_audit_options(parser)


def run(ns: argparse.Namespace) -> int:
    from memtui.commands.audit import options_from

    try:
        points = trend(ns.path, options_from(ns))
    except (WorkspaceError, TrendError) as exc:
        return fail("memtui trend", exc)
    if ns.json:
        sys.stdout.write(json.dumps({"schema": 1, "points": points}, ensure_ascii=False) + "\n")
    else:
        print_trend(points)
    return 0


def print_trend(points: list[dict[str, Any]], console: Console | None = None) -> None:
    console = console or wide_console()
    if not points:
        console.print("No commit touched this workspace.")
        return
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("date", no_wrap=True)
    table.add_column("commit", no_wrap=True)
    for name in ("files", "orphans", "unreachable", "broken", "dangling", "block tokens"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("subject", overflow="ellipsis", no_wrap=True, max_width=50)
    for p in points:
        table.add_row(p["date"][:10], p["commit"][:8], f"{p['memory_files']:,}",
                      f"{p['orphans']:,}", f"{p['unreachable']:,}", f"{p['broken_links']:,}",
                      f"{p['dangling']:,}", f"{p['block_tokens']:,}", Text(p["subject"]))
    console.print(table)
    for key, label in (("orphans", "orphans"), ("unreachable", "unreachable"),
                       ("block_tokens", "block tokens")):
        values = [p[key] for p in points]
        console.print(f"{label:>13} {sparkline(values)}  {values[0]:,} → {values[-1]:,}")
