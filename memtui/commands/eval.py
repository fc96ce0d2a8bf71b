"""``memtui eval PATH --message TEXT -n N --model M``: N fresh agent runs, classified."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from memtui.agent.eval import EvalReport, RunResult, run_eval
from memtui.agent.ollama import ModelNotFound, NoToolSupport, NotRunning, OllamaError
from memtui.commands.agent_options import add_agent_options, agent_option_error, settings_from
from memtui.commands.parser import fail
from memtui.core.workspace import WorkspaceError, open_workspace

PROG = "memtui eval"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="workspace folder, or its MEMORY.md (copied for each run)")
    parser.add_argument("--message", "-m", required=True, help="the user message to send")
    parser.add_argument("-n", type=int, default=6, help="number of runs (default 6)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--min-pass-rate", type=pass_rate, metavar="RATE",
                        help="exit 1 when fewer runs pass (0.8 or 80%%)")
    add_agent_options(parser, model_required=True)


def pass_rate(text: str) -> float:
    """A pass rate as a fraction: ``0.8`` or ``80%``."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a rate: {text!r} (give 0.8 or 80%)") from None
    if not 0 <= value <= 1:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be between 0 and 1 (or 0% and 100%): {text!r}")
    return value


def run(ns: argparse.Namespace) -> int:
    if ns.n < 1:
        return fail(PROG, "-n must be at least 1")
    if not ns.message.strip():
        return fail(PROG, "--message is empty")
    problem = agent_option_error(ns)
    if problem:
        return fail(PROG, problem)
    try:
        ws = open_workspace(ns.path)
    except WorkspaceError as exc:
        return fail(PROG, str(exc))
    except OSError as exc:  # e.g. a name over 255 bytes
        return fail(PROG, f"{ns.path}: cannot be opened ({exc.strerror or exc})")
    settings = settings_from(ns)

    def progress(i: int, r: RunResult) -> None:
        extra = f" ({', '.join(r.flags)})" if r.flags else ""
        error = f" — {r.error}" if r.error else ""
        sys.stderr.write(f"run {i + 1}/{ns.n}: {r.outcome}{extra}{error}\n")

    try:
        report = asyncio.run(run_eval(ws, ns.message, ns.n, settings, progress))
    except OllamaError as exc:
        fail(PROG, str(exc))
        # A server that cannot be used is a setup error (2); one that answers wrongly, 1.
        return 2 if isinstance(exc, NotRunning | ModelNotFound | NoToolSupport) else 1
    if ns.json:
        sys.stdout.write(json.dumps(report.as_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        print_table(report)
    if ns.min_pass_rate is not None and report.pass_rate < ns.min_pass_rate:
        return fail(PROG, f"pass rate {report.passes}/{len(report.runs)} "
                          f"({report.pass_rate:.0%}) is below --min-pass-rate "
                          f"{ns.min_pass_rate:.0%}", 1)
    return 1 if any(r.error for r in report.runs) else 0


def print_table(report: EvalReport) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:  # piped: do not squeeze the table into 80 columns
        console = Console(width=160)
    if report.facts is not None:
        console.print(f"[b]{report.model}[/b]: {report.facts.window.note}")
        if report.facts.tools_note:
            console.print(f"[red]{report.facts.tools_note}[/red]")
    table = Table(title=f"memtui eval — {len(report.runs)} runs")
    table.add_column("#", justify="right")
    table.add_column("outcome", no_wrap=True)
    table.add_column("flags", no_wrap=True)
    table.add_column("tool calls")
    table.add_column("files written")
    table.add_column("prompt tokens", justify="right")
    table.add_column("num_ctx", justify="right")
    styles = {"memory_written": "green", "orphan_written": "yellow", "index_only": "yellow",
              "wrong_mechanism": "red", "no_tool_call": "red", "error": "red"}
    for i, r in enumerate(report.runs, start=1):
        flags = ", ".join(r.flags)
        if r.invented:
            flags += f" ({' '.join(r.invented[:5])})"
        table.add_row(str(i), f"[{styles[r.outcome]}]{r.outcome}[/]", flags,
                      " ".join(c["name"] for c in r.tool_calls) or "—",
                      "\n".join(r.files_written) or "—",
                      f"{r.prompt_eval_count:,}" if r.prompt_eval_count is not None else "—",
                      f"{r.num_ctx:,}" if r.num_ctx else "server default")
    console.print(table)
    for i, r in enumerate(report.runs, start=1):
        if r.error:
            console.print(f"run {i}: {r.error}", markup=False, highlight=False)
    console.print(f"pass rate: {report.passes}/{len(report.runs)} "
                  f"({report.pass_rate:.0%}) — memory_written and not fabricated")
