"""``memtui audit PATH``: the headless audit, as a readable report or as JSON (SPEC §4)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from memtui.commands.parser import context_window, days, fail, positive_int
from memtui.core.audit import CLAUDE_WINDOW, DEFAULT_NUM_CTX, PROFILES, AuditOptions, Auditor
from memtui.core.findings import reaches
from memtui.core.workspace import WorkspaceError, open_workspace


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


def options_from(ns: argparse.Namespace) -> AuditOptions:
    return AuditOptions(profile=ns.profile, max_lines=ns.max_lines, max_bytes=ns.max_bytes,
                        num_ctx=ns.num_ctx, stale_days=ns.stale_days)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder, or its MEMORY.md")
    parser.add_argument("--demo", action="store_true",
                        help="audit a temporary copy of the bundled demo workspace")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON (schema 1, see the README)")
    parser.add_argument("--fail-on", choices=("error", "warning", "info", "never"),
                        default="error", help="exit 1 when a finding reaches this severity")
    add_audit_options(parser)


def run(ns: argparse.Namespace) -> int:
    if ns.demo == bool(ns.path):
        return fail("memtui audit", "give a PATH or --demo (one of them)")
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
        return fail("memtui audit", exc)
    line = ProgressLine() if sys.stderr.isatty() else None
    result = Auditor(ws, options_from(ns)).run(progress=line)
    if line is not None:
        line.clear()
    if ns.json:
        from memtui.core.report import to_json

        # Indented for a person at a terminal; compact (and much faster) for a program.
        indent = 2 if sys.stdout.isatty() else None
        sys.stdout.write(json.dumps(to_json(result), ensure_ascii=False, indent=indent) + "\n")
    else:
        from memtui.commands.report_text import print_report

        print_report(result)
    return 1 if any(reaches(f.severity, ns.fail_on) for f in result.findings) else 0


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
