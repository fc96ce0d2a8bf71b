"""``memtui audit PATH``: the headless audit, as a readable report or as JSON (SPEC §4)."""

from __future__ import annotations

import argparse
import codecs
import sys
import time
from typing import TextIO

from memtui.commands.parser import os_error
from memtui.core.audit import CLAUDE_WINDOW, DEFAULT_NUM_CTX, PROFILES, AuditOptions, Auditor
from memtui.core.findings import reaches
from memtui.core.safe_output import json_text, printable
from memtui.core.workspace import WorkspaceError, open_workspace

FORMATS = ("text", "json", "sarif")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above zero: {text!r}")
    return value


def days(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be zero or more: {text!r}")
    return value


def add_audit_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by every command that audits (audit, the app)."""
    parser.add_argument("--profile", choices=PROFILES,
                        help="what the consumer loads (default: follows the layout)")
    parser.add_argument("--max-lines", type=positive_int, default=200,
                        help="claude-code profile: index lines loaded (default 200)")
    parser.add_argument("--max-bytes", type=positive_int, default=25_000,
                        help="claude-code profile: index bytes loaded (default 25000)")
    parser.add_argument("--num-ctx", type=positive_int, default=None,
                        help="context window to measure against (default: the profile's, "
                        f"{CLAUDE_WINDOW:,} for claude-code, {DEFAULT_NUM_CTX:,} for item)")
    parser.add_argument("--stale-days", type=days, default=90,
                        help="report memories older than this many days (default 90)")


def options_from(ns: argparse.Namespace) -> AuditOptions:
    return AuditOptions(profile=ns.profile, max_lines=ns.max_lines, max_bytes=ns.max_bytes,
                        num_ctx=ns.num_ctx, stale_days=ns.stale_days)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md")
    parser.add_argument("--demo", action="store_true",
                        help="audit a temporary copy of the bundled demo workspace")
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help="text (default), json (see the README) or sarif "
                        "(SARIF 2.1.0, for code scanning)")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("--fail-on", choices=("error", "warning", "info", "never"),
                        default="error", help="exit 1 when a finding reaches this severity")
    add_audit_options(parser)


def run(ns: argparse.Namespace) -> int:
    if ns.demo == bool(ns.path):
        sys.stderr.write("memtui audit: error: give a PATH or --demo (one of them)\n")
        return 2
    if ns.json and ns.format not in (None, "json"):
        sys.stderr.write(f"memtui audit: error: --json and --format {ns.format} disagree\n")
        return 2
    ns.format = "json" if ns.json else ns.format or "text"
    if not ns.demo:
        return audit_and_report(ns.path, ns)
    import tempfile

    from memtui.demo import demo_copy

    with tempfile.TemporaryDirectory(prefix="memtui-demo-") as tmp:
        return audit_and_report(str(demo_copy(tmp)), ns)


def audit_and_report(path: str, ns: argparse.Namespace) -> int:
    """Audit ``path``, print the report (text or JSON) and return the exit status."""
    try:
        ws = open_workspace(path)
    except WorkspaceError as exc:
        sys.stderr.write(f"memtui audit: {exc}\n")
        return 2
    line = ProgressLine() if sys.stderr.isatty() else None
    try:
        result = Auditor(ws, options_from(ns)).run(progress=line)
    except OSError as exc:  # the workspace vanished or became unreadable mid-audit
        sys.stderr.write(f"memtui audit: {printable(os_error(exc))}\n")
        return 2
    finally:
        if line is not None:
            line.clear()
    if ns.format in ("json", "sarif"):
        if ns.format == "json":
            from memtui.core.report import to_json

            report = to_json(result)
        else:
            from memtui.core.sarif import to_sarif

            report = to_sarif(result)
        # Indented for a person at a terminal; compact (and much faster) for a program.
        indent = 2 if sys.stdout.isatty() else None
        sys.stdout.write(json_text(report, indent=indent,
                                   ascii_only=not utf8_stream(sys.stdout)) + "\n")
    else:
        from memtui.commands.report_text import print_report

        print_report(result)
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
