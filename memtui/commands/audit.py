"""``memtui audit PATH``: the headless audit, as a readable report or as JSON (SPEC §4)."""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import Counter
from pathlib import Path

from memtui.commands.audit_options import (
    add_audit_options,
    limit_flags_given,
    load_config_for,
    merge_config,
    options_from,
    tokenizers_from,
    unused_limit_lines,
    utf8_stream,
)
from memtui.commands.parser import bounded, fail, os_error
from memtui.commands.workspace_arg import resolved_path
from memtui.core.audit import AuditOptions, Auditor, AuditResult
from memtui.core.checks.findings import WORKSPACE, Finding
from memtui.core.config import (
    CONFIG_NAME,
    SHAPING,
    Config,
    ConfigError,
    is_workspace_own,
)
from memtui.core.git.find import shallow_line
from memtui.core.nested import (
    empty_line,
    is_empty_memory,
    listed_itself,
    memory_folder_line,
    rows_line,
    several_line,
    several_of,
    workspaces_below,
)
from memtui.core.record import replace
from memtui.core.reporting.json_report import SCHEMA
from memtui.core.reporting.safe_output import json_safe, json_text, printable
from memtui.core.reporting.suppress import (
    Baseline,
    BaselineError,
    Suppressed,
    apply_to,
    load_baseline,
    secret_values,
    write_baseline,
)
from memtui.core.reporting.wording import plural
from memtui.core.verdict import (
    GUARDED,
    Gate,
    credential_lines,
    decide,
    first_few,
    gate_for,
    loosening_settings,
    refuse_own_baseline,
    rule_gate,
)
from memtui.core.workspace import Workspace, WorkspaceError

__all__ = ["add_audit_options", "load_config_for", "merge_config", "options_from",
           "tokenizers_from", "utf8_stream"]

FORMATS = ("text", "json", "sarif")


#: What ``audit`` judges, said under its options (newuser38 #7: a credential a pull request
#: added in one commit and removed in the next passed the gate, and nothing said history was
#: not read).
WORKING_TREE_ONLY = (
    "audit judges the files as they are on disk (a checkout: the working tree) and nothing "
    "else: a credential one commit added and a later one removed is in the repository's "
    "history, which audit does not read. To gate every commit of a pull request, audit each "
    "one's tree (a loop over git rev-list BASE..HEAD: docs/audit.md, CI).")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = WORKING_TREE_ONLY
    parser.add_argument("path", nargs="?", metavar="PATH",
                        help="workspace folder, or its MEMORY.md (default: the current folder)")
    parser.add_argument("--demo", action="store_true",
                        help="audit a temporary copy of the bundled demo workspace")
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help=f"text (default), json (schema {SCHEMA}, see docs/audit.md) or "
                        "sarif (SARIF 2.1.0, for code scanning)")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("--file-tokens", action="store_true",
                        help="also count every memory file's tokens (slow on a first audit, "
                        "cached after): the text's Costliest files row, JSON files[].tokens")
    parser.add_argument("--discover", action="store_true",
                        help="PATH is a root: audit every workspace under it (a folder "
                        "holding MEMORY.md, ~/.claude/projects/*/memory among them), one row "
                        "each; exit status is the worst")
    parser.add_argument("--jobs", type=bounded(True, 1, 256), default=None,
                        help="with --discover: worker processes (default: one per core)")
    parser.add_argument("--fail-on", choices=("error", "warning", "info", "never"),
                        default=None, help="exit 1 when an unsuppressed finding reaches this "
                        "severity (default error)")
    parser.add_argument("--fail-on-rule", metavar="RULE[,RULE]", type=rule_ids,
                        action="append", default=None, dest="fail_on_rules",
                        help="also exit 1 when a finding of these rules is reported (or the "
                        "workspace suppressed one itself), whatever its severity: "
                        "--fail-on-rule instruction_like,hidden_text fails on a planted "
                        "prompt injection, not on orphans (memtui rules lists the ids)")
    parser.add_argument("--baseline", metavar="FILE", default=None,
                        help="report only the findings not in FILE (see --write-baseline); "
                        "the exit status counts only those")
    parser.add_argument("--write-baseline", metavar="FILE", default=None,
                        help="record today's findings in FILE, to accept them")
    add_audit_options(parser)


def rule_ids(text: str) -> tuple[str, ...]:
    """``--fail-on-rule``'s value: rule ids, comma-separated (an unknown one is refused,
    with the id it was likely meant to be)."""
    import difflib

    from memtui.core.checks.rules import BY_ID

    out = tuple(part.strip() for part in text.split(",") if part.strip())
    for rid in out:
        if rid not in BY_ID:
            close = difflib.get_close_matches(rid, BY_ID, n=1)
            raise argparse.ArgumentTypeError(
                f"no rule {rid!r}" + (f" (did you mean {close[0]}?)" if close else "")
                + "; memtui rules lists them")
    if not out:
        raise argparse.ArgumentTypeError("name a rule (memtui rules lists them)")
    return out


def run(ns: argparse.Namespace) -> int:
    ns.fail_on_rules = tuple(dict.fromkeys(
        rid for given in (getattr(ns, "fail_on_rules", None) or ()) for rid in given))
    if ns.demo and ns.path:
        return fail("memtui audit", "give a PATH or --demo, not both")
    if not ns.demo:
        ns.path = ns.path or "."  # the current folder, as for memtui and memtui serve
    if ns.json and ns.format not in (None, "json"):
        return fail("memtui audit", f"--json and --format {ns.format} disagree")
    ns.format = "json" if ns.json else ns.format or "text"
    if ns.discover:
        if ns.demo:
            return fail("memtui audit", "--discover needs a PATH, not --demo")
        # (--format sarif: one log, a run per workspace; --baseline, --write-baseline: one
        # file keyed by each workspace's path under the root — newuser41 #10)
        from memtui.commands.fleet import run_fleet

        limit_flags = limit_flags_given(ns)  # before options_from fills them with defaults
        ns.fail_on_flag = ns.fail_on is not None  # (so does --fail-on: newuser35 #18)
        return run_fleet(ns.path, options_from(ns), ns, limit_flags)
    if ns.jobs is not None:  # accepted and ignored before (newuser25 #35)
        return fail("memtui audit", "--jobs sets the worker processes of --discover; one "
                    "workspace is audited in this process (add --discover, or leave --jobs out)")
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
    # A flag wins over the workspace: --fail-on given here holds whatever its
    # configuration lowers (issue 31 §2; docs/audit.md, "Precedence").
    given = {key for key in SHAPING if getattr(ns, key, None) is not None}
    limit_flags = limit_flags_given(ns)
    try:
        # A project audited at its root, its agent's memory one folder down
        # (.claude/memory/): that folder wins, and stderr says it was chosen. Its own .md
        # files are the project's documents, not memories (newuser27 #33: 540 orphans).
        resolved = resolved_path("memtui audit", path, "auditing", getattr(ns, "config", None),
                                 reads_config=True)
        ws, path, project = resolved.workspace, resolved.path, resolved.path_project
        flag = ns.fail_on  # (before the configuration fills it)
        config = load_config_for(ws.root, ns)
        # (one rule for the single audit and each --discover row: `gate_for`)
        gate = gate_for(config, ws.root, flag)
        ns.fail_on, ns.fail_on_flag = gate.threshold, gate.flagged
        if gate.source:  # the user-level file's, kept (newuser38 #17)
            ns.fail_on_from = gate.source
        # (a fail-on the workspace's own file set: it may not pass a credential)
        ns.own_fail_on = gate.own_fail_on
        # (what of its own file loosens the verdict: named when it turns a run green)
        ns.own_settings = loosening_settings(config, ws.root, ns.fail_on_flag)
        baseline = load_baseline(Path(ns.baseline), ws.root) if ns.baseline else None
    except (WorkspaceError, ConfigError, BaselineError) as exc:
        return fail("memtui audit", exc)
    if baseline is not None and baseline.unused and not ns.write_baseline:
        # On stderr in every format: CI otherwise sees credentials accepted yesterday
        # reported as new, and nothing says why (newuser26 #39).
        many = "entry is" if baseline.unused == 1 else "entries are"
        sys.stderr.write(f"memtui audit: baseline {ns.baseline} is version 1: its "
                         f"{baseline.unused} credential {many} not used; write it again "
                         "with --write-baseline\n")
    inside = memory_folder_line(ws, path)
    if inside is not None:  # an item workspace's memory/: its index is one folder up
        return fail("memtui audit", inside)
    nested = several_of(workspaces_below(ws))  # empty unless the folder has no index
    own_rows: tuple[str, ...] = ()
    if nested and listed_itself(ws):  # a row of --discover: audited as its row is
        own_rows = tuple(nested)
        sys.stderr.write(f"memtui audit: {rows_line(path, nested)}\n")
    elif nested:  # not one workspace: its report would be every file an orphan (SPEC §2)
        return fail("memtui audit", several_line(path, nested))
    line = ProgressLine() if sys.stderr.isatty() else None
    options = options_from(ns, config)
    if project is not None and options.project is None:  # the folder the audit was given
        options.project = str(project)
        options.project_from_path = True  # said so, not "option" (newuser31 #2)
    options.keep_texts = False  # a report needs no memory's text once it is scanned
    try:
        # The demo's copy is gone after this run: its scans are not worth keeping.
        result = Auditor(ws, options, scan_cache=not getattr(ns, "demo", False),
                         one_shot=True).run(progress=line)
    except OSError as exc:  # the workspace vanished or became unreadable mid-audit
        return fail("memtui audit", os_error(exc))
    finally:
        if line is not None:
            line.clear()
    shallow = shallow_line(ws.root)
    if shallow is not None:
        sys.stderr.write(f"memtui audit: {shallow}\n")
    for unused in unused_limit_lines(limit_flags, result.profile):
        sys.stderr.write(f"memtui audit: {unused}\n")
    if is_empty_memory(result.workspace, result.scans, result.block.files):
        # No index, no memory file, no memory folder below: SPEC §2's valid, empty memory,
        # audited as any (its exit by --fail-on). An empty folder or a project's code given
        # by mistake would pass CI silently (newuser24 #22): one line on stderr says what
        # was audited, in every format (newuser34 #18, newuser35 #15).
        sys.stderr.write(f"memtui audit: {empty_line(path)}\n")
    unmatched: Counter[str] = Counter()
    apply_to(result, config, baseline, hidden=True, left_over=unmatched)
    if own_rows:  # (their findings are theirs: "a credential is counted once")
        from memtui.core.checks.findings import drop_nested

        drop_nested(result, own_rows)
    result.baseline_path = ns.baseline if baseline is not None else None
    if baseline is not None and unmatched and not ns.write_baseline:
        stale_baseline(baseline, unmatched, ns.baseline)
    shaped: tuple[list[Finding], list[str]] = ([], [])
    sarif = ns.format == "sarif"
    if not ns.write_baseline and is_workspace_own(config, ws.root):
        # (SARIF carries every one, whatever --fail-on: newuser29 #38); without a --fail-on
        # flag the guarded ones still fail the run: a `profile = "item"` in an OpenClaw
        # workspace's own file left out the TOOLS.md it loads every turn, and its
        # credential passed (redteam33)
        # every one, whatever --fail-on: counted as suppressed by the config (newuser33 #11)
        try:
            shaped = operator_findings(ws, options, ns, config, given, baseline, result, "info")
        except (ConfigError, OSError) as exc:
            return fail("memtui audit", exc)
        ns.operator_shaped = shaped  # (counted by `memtui.core.verdict.decide`)
        # (SARIF lists them apart, `shaped`; the others as suppressed)
        if not ns.fail_on_flag and sarif:
            ns.operator_guarded = [f for f in shaped[0] if f.kind in GUARDED]
        if not sarif:  # a guarded one fails the run as the workspace's own suppression
            result.suppressed.extend(Suppressed(f, "config") for f in shaped[0])
    if not ns.write_baseline:
        # what the workspace's own baseline lists of a credential it cannot accept is
        # reported as the finding it is, and says why (newuser40 #6)
        refused = refuse_own_baseline(result)
        for line in credential_lines(result, ns.baseline, refused):
            sys.stderr.write(f"memtui audit: {line}\n")
    if ns.write_baseline:
        try:
            recorded = write_baseline(Path(ns.write_baseline), result.findings,
                                      secret_values(result.scans, result.workspace.root,
                                                    result.findings))
        except BaselineError as exc:
            return fail("memtui audit", exc)
        # The report says what the baseline accepts: a finding not recorded stays reported
        # (and counts for --fail-on), never shown as suppressed (newuser29 #2).
        taken = {id(f) for f in recorded}
        left = [f for f in result.findings if id(f) not in taken]
        sys.stderr.write(f"memtui audit: {len(recorded)} findings recorded in "
                         f"{ns.write_baseline}"
                         + (f"; {plural(len(left), 'finding')} not (a credential whose value "
                            "could not be read again, or text the audit did not read): still "
                            "reported\n" if left else "\n"))
        result.findings, result.suppressed = left, [
            *result.suppressed, *(Suppressed(f, "baseline") for f in recorded)]
    verdict = verdict_of(result, ns)  # (said on stderr last, and in SARIF's invocation)
    # (the Config row: its exclude patterns are named there already)
    result.own_settings = ", ".join(s for s in getattr(ns, "own_settings", [])
                                    if not s.startswith("exclude"))
    if getattr(ns, "fail_on_from", None):  # the user-level file's, kept (newuser38 #17)
        result.kept_fail_on = f"fail-on = {ns.fail_on} from {ns.fail_on_from.split(' of ', 1)[1]}"
    if ns.format in ("json", "sarif"):
        ascii_only = not utf8_stream(sys.stdout)
        if ns.format == "sarif":
            from memtui.core.reporting.sarif import to_sarif

            report = to_sarif(result, shaped=shaped, verdict=verdict)
        elif sys.stdout.isatty():
            from memtui.core.reporting.json_report import to_json

            report = to_json(result)
        else:  # compact and streamed for a program: much faster, and never all in memory
            from memtui.core.reporting.json_report import write_json

            write_json(result, lambda text: sys.stdout.write(json_safe(text, ascii_only)))
            sys.stdout.write("\n")
            return said(verdict)
        # Indented for a person at a terminal; compact for a program.
        indent = 2 if sys.stdout.isatty() else None
        sys.stdout.write(json_text(report, indent=indent, ascii_only=ascii_only) + "\n")
    else:
        from memtui.commands.report_text import print_report

        def reaudit(folders: tuple[str, ...]) -> AuditResult:  # with more excluded
            more = replace(config, exclude=(*config.exclude, *(f"{d}/**" for d in folders)),
                           path=config.path or str(ws.root / CONFIG_NAME))
            # a trial writes no cache: its derivation would take the place of the
            # audit's own in the derived cache, and the next audit derive afresh
            again = Auditor(ws, replace(options, exclude=(
                *options.exclude, *(f"{d}/**" for d in folders))), autosave=False).run()
            return apply_to(again, more, baseline, hidden=True)

        print_report(result, reaudit=None if ns.write_baseline else reaudit)
    return said(verdict)


def said(verdict: tuple[int, list[str]]) -> int:
    """Write ``verdict``'s lines on stderr and return its exit status."""
    for line in verdict[1]:
        sys.stderr.write(f"memtui audit: {line}\n")
    return verdict[0]


def exit_status(result: AuditResult, ns: argparse.Namespace) -> int:
    """1 when a finding reaches ``--fail-on``, else 0, and the lines that say why on stderr
    (`memtui.core.verdict.decide`, as for each row of ``--discover``). Given as a flag,
    ``--fail-on`` is not loosened by the repository it checks: it counts a finding the
    configuration lowered at the severity it had, and the findings the workspace itself
    suppressed (a ``.memtui.toml`` inside it — its own, or one ``--config`` names there —,
    inline comments in its files); only a ``--config FILE`` outside the workspace,
    ``--baseline`` and the user-level configuration still suppress (newuser26 #8,
    newuser27 #16)."""
    return said(verdict_of(result, ns))


def verdict_of(result: AuditResult, ns: argparse.Namespace) -> tuple[int, list[str]]:
    """`memtui.core.verdict.decide` for this command line: the exit status and its lines."""
    threshold = ns.fail_on or "error"
    flagged = getattr(ns, "fail_on_flag", False)
    gate = Gate(threshold, flagged, False, getattr(ns, "fail_on_from", None))
    decided = decide(result, threshold, flagged, getattr(ns, "own_fail_on", False),
                     getattr(ns, "operator_shaped", ([], [])),
                     getattr(ns, "operator_guarded", []),
                     getattr(ns, "own_settings", []), gate.whose(), gate.honour())
    # and the rules the operator names, whatever their severity (newuser41 #21)
    return rule_gate(result, getattr(ns, "fail_on_rules", ()), decided)


def operator_findings(ws: Workspace, options: AuditOptions, ns: argparse.Namespace,
                      config: Config, given: set[str], baseline: Baseline | None,
                      result: AuditResult, threshold: str | None = None
                      ) -> tuple[list[Finding], list[str]]:
    """What the workspace's own configuration kept from the audit by the settings that
    shape it (`memtui.core.kept_out`, which the app shows under ``i`` too), those at
    ``threshold`` or above (default: ``--fail-on``'s), and the settings as ``key = value``."""
    from memtui.core.kept_out import kept_out

    return kept_out(ws, options, result, config, given, baseline,
                    threshold or ns.fail_on or "error")


def entry_name(rule: str, path: str) -> str:
    """A baseline entry as a line names it: ``stale (workspace)`` for a finding about the
    workspace as a whole (newuser42 #11: "stale ."), else ``rule path``."""
    return f"{rule} (workspace)" if path == WORKSPACE else f"{rule} {path}".strip()


def stale_baseline(baseline: Baseline, unmatched: Counter[str], baseline_path: str) -> None:
    """Say on stderr which of ``baseline_path``'s entries match no finding now (newuser31
    #16): fixed findings the file still accepts — a credential removed and pasted back
    later would be accepted again, unsaid."""
    if baseline.key is None:  # a version-1 file's credentials: said above, never matched
        unmatched = Counter({fp: n for fp, n in unmatched.items()
                             if baseline.named.get(fp, ("",))[0] != "secret"})
        if not unmatched:
            return
    named = [baseline.named.get(fp, ("?", "")) for fp, n in unmatched.items() for _ in range(n)]
    secret = sum(rule == "secret" for rule, _path in named)
    shown = first_few(sorted(entry_name(rule, path) for rule, path in named))
    sys.stderr.write(
        f"memtui audit: the baseline {printable(baseline_path)} has {len(named):,} of "
        f"{sum(baseline.counts.values()):,} entries that match no finding now "
        f"({printable(shown)})"
        + (f", {plural(secret, 'credential')} among them: pasted back, it would be accepted "
           "again" if secret else "")
        + "; write it again with --write-baseline to drop them\n")


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
