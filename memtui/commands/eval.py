"""``memtui eval PATH --message TEXT -n N --model M``: N fresh agent runs, classified;
``memtui eval --suite seed -n N --model M``: every scenario of a suite N times, judged."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from memtui.agent.backend import make_client
from memtui.agent.eval import (
    EvalReport,
    RunResult,
    call_text,
    diff_text,
    files_text,
    run_eval,
)
from memtui.agent.ollama import (
    ModelNotFound,
    NoRoute,
    NoToolSupport,
    NotRunning,
    OllamaError,
)
from memtui.agent.scenario import Scenario, ScenarioError, load_suite
from memtui.agent.settings import AgentSettings
from memtui.agent.suite import CheckResult, ScenarioRun, SuiteReport, run_suite
from memtui.commands.agent_options import add_agent_options, agent_option_error, settings_from
from memtui.commands.parser import bounded, fail
from memtui.core.files.output_file import OutputError, json_with, write_output
from memtui.core.reporting.wording import plural
from memtui.core.workspace import WorkspaceError, open_workspace

PROG = "memtui eval"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?",
                        help="workspace folder, or its MEMORY.md (copied for each run); not "
                        "with --suite")
    parser.add_argument("--message", "-m", help="the user message to send (with PATH)")
    parser.add_argument("--suite", metavar="NAME|FOLDER",
                        help="run a suite of scenarios instead: 'seed' (the seed's six checks) "
                        "or a folder of scenario folders (see docs/chat.md)")
    parser.add_argument("-n", type=bounded(True, 1, 10_000), default=6,
                        help="number of runs (per scenario with --suite; default 6)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--min-pass-rate", type=pass_rate, metavar="RATE",
                        help="exit 1 when fewer runs pass (0.8 or 80%%)")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="also write the report as JSON to FILE (with --suite)")
    add_agent_options(parser, model_required=False,  # newuser32 #33: eval has no picker
                      model_default="required with --api ollama; with --api openai, the "
                      "server's one model")


def choose_model(ns: argparse.Namespace) -> str | None:
    """What is wrong with leaving out --model, or None once ``ns.model`` is set: with
    ``--api openai`` it is the one model the server lists at /v1/models (llama-server
    serves one and ignores the name; newuser28 #25), said on stderr."""
    if ns.model is not None:
        return None
    if ns.api != "openai":
        return "give --model (see `ollama list`); only --api openai picks the server's one model"
    settings = settings_from(ns)
    try:
        names = asyncio.run(listed_models(settings))
    except OllamaError as exc:
        return str(exc)
    if len(names) != 1:
        some = f": {', '.join(names[:5])}{', …' if len(names) > 5 else ''}" if names else ""
        return (f"give --model: {settings.host} lists {plural(len(names), 'model')} at "
                f"/v1/models{some}")
    ns.model = names[0]
    sys.stderr.write(f"{PROG}: no --model given: using {names[0]}, the one model "
                     f"{settings.host} lists at /v1/models\n")
    return None


async def listed_models(settings: AgentSettings) -> list[str]:
    """The models the server lists (``/v1/models``, ``/api/tags``)."""
    client = make_client(settings)
    try:
        return await client.tags()
    finally:
        await client.aclose()


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
    problem = agent_option_error(ns) or choose_model(ns)
    if problem:
        return fail(PROG, problem)
    if ns.suite is not None:
        return run_suite_command(ns)
    if ns.path is None or ns.message is None:
        return fail(PROG, "give PATH and --message, or --suite NAME")
    if ns.out is not None:
        return fail(PROG, "--out goes with --suite (use --json for a single message)")
    if not ns.message.strip():
        return fail(PROG, "--message is empty")
    try:
        ws = open_workspace(ns.path)
    except WorkspaceError as exc:
        return fail(PROG, str(exc))
    settings = settings_from(ns)

    def progress(i: int, r: RunResult) -> None:
        extra = f" ({', '.join(r.flags)})" if r.flags else ""
        # why the label, when it misleads alone (newuser38 #5: an orphan_written whose
        # index line lies past the load limit), then the error
        why = "".join(f" — {text}" for text in (r.reason, r.error) if text)
        sys.stderr.write(f"run {i + 1}/{ns.n}: {r.outcome}{extra}{why}\n")

    try:
        report = asyncio.run(run_eval(ws, ns.message, ns.n, settings, progress))
    except KeyboardInterrupt:
        return interrupted()
    except OllamaError as exc:
        fail(PROG, str(exc))
        # A server that cannot be used is a setup error (2); one that answers wrongly, 1.
        return 2 if isinstance(exc, NotRunning | ModelNotFound | NoToolSupport | NoRoute) else 1
    if ns.json:
        sys.stdout.write(json.dumps(report.as_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        print_table(report)
    if ns.min_pass_rate is not None and report.pass_rate < ns.min_pass_rate:
        return fail(PROG, f"pass rate {report.passes}/{len(report.runs)} "
                          f"({report.pass_rate:.0%}) is below --min-pass-rate "
                          f"{ns.min_pass_rate:.0%}", 1)
    return 1 if any(r.error for r in report.runs) else 0


def interrupted() -> int:
    """Ctrl+C: one line, the shell's status for SIGINT (each run worked on a copy of the
    workspace, removed on the way out)."""
    fail(PROG, "interrupted; no report (every run works on a copy: nothing was changed)")
    return 130


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
    table = Table(title=f"memtui eval — {plural(len(report.runs), 'run')}")
    table.add_column("#", justify="right")
    table.add_column("outcome", no_wrap=True)
    table.add_column("flags", no_wrap=True)
    table.add_column("tool calls")
    table.add_column("files the calls changed", no_wrap=True)  # one a line, whole
    table.add_column("net change")
    table.add_column("prompt tokens", justify="right")
    table.add_column("num_ctx", justify="right")
    styles = {"memory_written": "green", "orphan_written": "yellow", "index_only": "yellow",
              "written_then_deleted": "yellow", "deleted": "red", "wrong_mechanism": "red",
              "unknown_tool": "red", "no_write": "red", "no_tool_call": "red", "error": "red"}
    for i, r in enumerate(report.runs, start=1):
        flags = ", ".join(r.flags)
        if r.invented:
            flags += f" ({' '.join(r.invented[:5])})"
        table.add_row(str(i), f"[{styles[r.outcome]}]{r.outcome}[/]", flags,
                      " ".join(call_text(c) for c in r.tool_calls) or "—",
                      files_text(r), diff_text(r.diff),
                      f"{r.prompt_eval_count:,}" if r.prompt_eval_count is not None else "—",
                      f"{r.num_ctx:,}" if r.num_ctx else "server default")
    console.print(table)
    for i, r in enumerate(report.runs, start=1):
        if r.reason:  # the label's cause, said under the table (newuser38 #5)
            console.print(f"run {i}: {r.outcome} — {r.reason}", markup=False,
                          highlight=False)
        if r.truncation:  # what the server did, and the fix (newuser41 #12)
            console.print(f"run {i}: truncated — {r.truncation}", markup=False,
                          highlight=False)
        if r.error:
            console.print(f"run {i}: {r.error}", markup=False, highlight=False)
        for c in r.tool_calls:  # why a call wrote nothing (newuser39 #27)
            if c.get("refused") is not None or c.get("error") is not None:
                what = "refused" if c.get("refused") is not None else "failed"
                console.print(f"run {i}: {c['name']} {what} — {c.get('refused') or c['error']}",
                              markup=False, highlight=False)
    cut = [f"{sum(flag in r.flags for r in report.runs)} {flag}" for flag in
           ("truncated", "stopped") if any(flag in r.flags for r in report.runs)]
    console.print(f"pass rate: {report.passes}/{len(report.runs)} "
                  f"({report.pass_rate:.0%}) — memory_written, no invented number "
                  "(plain eval checks numbers only; --suite checks names), no overwrite, no "
                  "memory deleted unasked"
                  + (f"; {', '.join(cut)} (not comparable: never a pass)" if cut else ""))


#: What ``--out`` writes, and how an earlier one is recognised (it may be replaced).
REPORT = "a memtui eval report"
REPORT_KEYS = json_with(("schema", "suite", "checks"))
OUT_LIMIT = 256 * 1024 * 1024


def out_problem(out: Path) -> str | None:
    """Why ``--out`` would be refused at the end (a link, a FIFO, a folder, a markdown
    file, a file that is no eval report), checked before the runs; None when it is fine."""
    import os
    import stat

    if out.name.lower().endswith(".md"):
        return f"{out}: a markdown file, which the audit reads as a memory; give a .json name"
    try:
        st = os.lstat(out)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{out}: {exc.strerror or exc}"
    if stat.S_ISLNK(st.st_mode):
        return f"{out}: a symbolic link; memtui does not write through one"
    if stat.S_ISDIR(st.st_mode):
        return f"{out}: a folder, not a file"
    if not stat.S_ISREG(st.st_mode):
        return f"{out}: not a regular file (a FIFO, socket or device); memtui does not write it"
    if st.st_size:
        try:
            with open(out, "rb") as f:
                head = f.read(OUT_LIMIT + 1)
        except OSError as exc:
            return f"{out}: {exc.strerror or exc}"
        if len(head) > OUT_LIMIT or not REPORT_KEYS(head):
            return (f"{out}: exists and is not {REPORT}; memtui does not overwrite it "
                    "(remove it, or give another name)")
    return None


def run_suite_command(ns: argparse.Namespace) -> int:
    if ns.path is not None or ns.message is not None:
        return fail(PROG, "--suite runs its own workspaces and messages: drop PATH and --message")
    try:
        scenarios = load_suite(ns.suite)
    except ScenarioError as exc:
        return fail(PROG, str(exc))
    if ns.out is not None and not ns.out.parent.is_dir():
        return fail(PROG, f"--out {ns.out}: no such folder {ns.out.parent}")
    if ns.out is not None:  # said now, not after the runs: what write_output would refuse
        problem = out_problem(ns.out)
        if problem:
            return fail(PROG, f"--out {problem}")

    def progress(sc: Scenario, i: int, run: ScenarioRun) -> None:
        # "run 1/1", not "1/1" beside "fail" (a pass count, read so: newuser36 #5); the
        # outcome once, when the reason is only the outcome again
        outcome, reason = run.result.outcome, run.verdict.reason
        why = reason if reason == outcome or reason.startswith(f"{outcome}:") else \
            f"{outcome}; {reason}"
        sys.stderr.write(f"{sc.check} run {i + 1}/{ns.n}: {run.verdict.label} ({why})\n")

    try:
        report = asyncio.run(run_suite(scenarios, ns.n, settings_from(ns), ns.suite, progress))
    except KeyboardInterrupt:
        return interrupted()
    except OllamaError as exc:
        fail(PROG, str(exc))
        return 2 if isinstance(exc, NotRunning | ModelNotFound | NoToolSupport | NoRoute) else 1
    data = json.dumps(report.as_dict(), ensure_ascii=False, indent=2) + "\n"
    if ns.out is not None:
        try:  # never over a workspace's index, a FIFO or through a link (newuser24 #60)
            write_output(ns.out, data.encode("utf-8"), REPORT, REPORT_KEYS, OUT_LIMIT)
        except OutputError as exc:
            return fail(PROG, f"--out {exc}")
    if ns.json:
        sys.stdout.write(data)
    else:
        print_suite_table(report)
    # A check no run could be judged on is no pass: below any --min-pass-rate, said so.
    low = [c for c in report.checks if ns.min_pass_rate is not None
           and (c.pass_rate is None or c.pass_rate < ns.min_pass_rate)]
    if low:
        return fail(PROG, f"below --min-pass-rate {ns.min_pass_rate:.0%}: " + ", ".join(
            f"{c.scenario.check} {rate_text(c)}" for c in low), 1)
    return 1 if any(r.result.error for c in report.checks for r in c.runs) else 0


def rate_text(check: CheckResult) -> str:
    """``50%``, or ``not judged (2 runs)`` when no run of ``check`` could be judged."""
    if check.pass_rate is None:
        return f"not judged ({plural(len(check.runs), 'run')})"
    return f"{check.pass_rate:.0%}"


def print_suite_table(report: SuiteReport) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=160)
    if report.facts is not None:
        console.print(f"[b]{report.model}[/b] ({report.api}): {report.facts.window.note}",
                      highlight=False)
    table = Table(title=f"memtui eval --suite {report.suite} — {plural(report.n, 'run')} per check")
    table.add_column("check", no_wrap=True)
    table.add_column("pass rate", justify="right", no_wrap=True)
    table.add_column("passed", justify="right")
    table.add_column("failed", justify="right")
    table.add_column("not judged", justify="right")
    table.add_column("what the runs did")
    for c in report.checks:
        did = ", ".join(f"{k} ×{v}" for k, v in c.outcomes.most_common())
        style = "dim" if c.pass_rate is None else "green" if c.pass_rate == 1 else (
            "red" if c.pass_rate == 0 else "yellow")
        shown = f"\u2014 {rate_text(c)}" if c.pass_rate is None else \
            f"{c.count(True)}/{len(c.runs)} ({rate_text(c)})"
        table.add_row(c.scenario.check, f"[{style}]{shown}[/]",
                      str(c.count(True)), str(c.count(False)),
                      str(c.count(None)), did)
    console.print(table)
