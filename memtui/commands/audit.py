"""``memtui audit PATH``: the headless audit, as a readable report or as JSON (SPEC §4)."""

from __future__ import annotations

import argparse
import codecs
import gc
import sys
import time
from typing import TextIO

from memtui.commands.parser import context_window, days, fail, os_error, positive_int
from memtui.core.audit import (
    CLAUDE_WINDOW,
    DEFAULT_NUM_CTX,
    PROFILES,
    AuditOptions,
    Auditor,
    AuditResult,
)
from memtui.core.findings import reaches
from memtui.core.report import SCHEMA
from memtui.core.safe_output import json_safe, json_text
from memtui.core.tokens import TOKENIZERS
from memtui.core.workspace import WorkspaceError, open_workspace

FORMATS = ("text", "json", "sarif")


def add_audit_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by every command that audits (audit, the app)."""
    parser.add_argument("--profile", choices=PROFILES,
                        help="what the consumer loads (default: follows the layout)")
    parser.add_argument("--max-lines", type=positive_int, default=200,
                        help="claude-code profile: index lines loaded (default 200)")
    parser.add_argument("--max-bytes", type=positive_int, default=25_000,
                        help="claude-code profile: index bytes loaded (default 25000)")
    parser.add_argument("--num-ctx", type=context_window, default=None, metavar="N",
                        help="context window to measure against (default: the profile's, "
                        f"{CLAUDE_WINDOW:,} for claude-code, {DEFAULT_NUM_CTX:,} for item)")
    parser.add_argument("--stale-days", type=days, default=90,
                        help="report memories older than this many days (default 90)")
    parser.add_argument("--tokenizer", choices=(*TOKENIZERS, "both"),
                        help="count tokens with qwen, cl100k or both (default: the window's, "
                        "qwen for the item profile, cl100k for claude-code)")


def tokenizers_from(choice: str | None) -> tuple[str, ...]:
    """``--tokenizer``'s tokenizers (none given: the window's alone)."""
    return TOKENIZERS if choice == "both" else (choice,) if choice else ()


def options_from(ns: argparse.Namespace) -> AuditOptions:
    """The audit options a parsed command line asks for; the app counts each file's tokens
    after its first audit, ``memtui audit`` only with ``--file-tokens``."""
    return AuditOptions(profile=ns.profile, max_lines=ns.max_lines, max_bytes=ns.max_bytes,
                        num_ctx=ns.num_ctx, stale_days=ns.stale_days,
                        tokenizers=tokenizers_from(ns.tokenizer),
                        file_tokens=getattr(ns, "file_tokens", False))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md")
    parser.add_argument("--demo", action="store_true",
                        help="audit a temporary copy of the bundled demo workspace")
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help=f"text (default), json (schema {SCHEMA}, see the README) or "
                        "sarif (SARIF 2.1.0, for code scanning)")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("--file-tokens", action="store_true",
                        help="also count every memory file's tokens (the slow part of a "
                        "first audit; later audits take them from the cache)")
    parser.add_argument("--discover", action="store_true",
                        help="PATH is a root: audit every workspace under it (a folder "
                        "holding MEMORY.md, ~/.claude/projects/*/memory among them), one row "
                        "each; exit status is the worst")
    parser.add_argument("--jobs", type=positive_int, default=None,
                        help="with --discover: worker processes (default: one per core)")
    parser.add_argument("--fail-on", choices=("error", "warning", "info", "never"),
                        default="error", help="exit 1 when a finding reaches this severity")
    add_audit_options(parser)


def run(ns: argparse.Namespace) -> int:
    if ns.demo == bool(ns.path):
        return fail("memtui audit", "give a PATH or --demo (one of them)")
    if ns.json and ns.format not in (None, "json"):
        return fail("memtui audit", f"--json and --format {ns.format} disagree")
    ns.format = "json" if ns.json else ns.format or "text"
    if ns.discover:
        if ns.demo:
            return fail("memtui audit", "--discover needs a PATH, not --demo")
        from memtui.commands.fleet import run_fleet

        return run_fleet(ns.path, options_from(ns), ns)
    if not ns.demo:
        return audit_and_report(ns.path, ns)
    import tempfile

    from memtui.demo import demo_copy

    with tempfile.TemporaryDirectory(prefix="memtui-demo-") as tmp:
        return audit_and_report(str(demo_copy(tmp)), ns)


def audit_and_report(path: str, ns: argparse.Namespace) -> int:
    """Audit ``path``, print the report (text or JSON) and return the exit status."""
    # A one-shot command builds many objects and frees few before it exits: the collector
    # would walk them all again and again (a third of a warm audit's time at 10,000 files).
    # Turned back on after, for callers that go on (tests calling main()).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _audit_and_report(path, ns)
    finally:
        if collecting:
            gc.enable()


def _audit_and_report(path: str, ns: argparse.Namespace) -> int:
    try:
        ws = open_workspace(path)
    except WorkspaceError as exc:
        return fail("memtui audit", exc)
    line = ProgressLine() if sys.stderr.isatty() else None
    options = options_from(ns)
    options.keep_texts = False  # a report needs no memory's text once it is scanned
    try:
        result = Auditor(ws, options).run(progress=line)
    except OSError as exc:  # the workspace vanished or became unreadable mid-audit
        return fail("memtui audit", os_error(exc))
    finally:
        if line is not None:
            line.clear()
    if ns.format in ("json", "sarif"):
        ascii_only = not utf8_stream(sys.stdout)
        if ns.format == "sarif":
            from memtui.core.sarif import to_sarif

            report = to_sarif(result)
        elif sys.stdout.isatty():
            from memtui.core.report import to_json

            report = to_json(result)
        else:  # compact and streamed for a program: much faster, and never all in memory
            from memtui.core.report import write_json

            write_json(result, lambda text: sys.stdout.write(json_safe(text, ascii_only)))
            sys.stdout.write("\n")
            return exit_status(result, ns)
        # Indented for a person at a terminal; compact for a program.
        indent = 2 if sys.stdout.isatty() else None
        sys.stdout.write(json_text(report, indent=indent, ascii_only=ascii_only) + "\n")
    else:
        from memtui.commands.report_text import print_report

        print_report(result)
    return exit_status(result, ns)


def exit_status(result: AuditResult, ns: argparse.Namespace) -> int:
    """1 when a finding reaches ``--fail-on``, else 0."""
    return 1 if any(reaches(f.severity, ns.fail_on) for f in result.findings) else 0


def utf8_stream(stream: TextIO) -> bool:
    """Whether ``stream`` encodes UTF-8 (else JSON goes out as ASCII with escapes)."""
    try:
        return codecs.lookup(stream.encoding or "").name == "utf-8"
    except (LookupError, AttributeError):
        return False


class ProgressLine:
    """How far a long audit has come, on one rewritten line of a terminal's stderr; it
    appears only once the audit has taken half a second."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.shown = 0.0
        self.width = 0

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.started < 0.5 or now - self.shown < 0.1:
            return
        self.shown = now
        text = f"memtui: {phase} {done:,} / {total:,} files" if total else f"memtui: {phase}"
        sys.stderr.write("\r" + text.ljust(self.width))
        sys.stderr.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()
