"""The audit as SARIF 2.1.0 (``memtui audit --format sarif``), for GitHub code scanning and
other SARIF viewers: one run, one rule per finding kind, one result per finding.

Locations are relative URIs against ``%SRCROOT%``: the top of the git work tree holding the
workspace, wherever the run starts (code scanning resolves paths against it: a run from a
subfolder of the repository, or from a folder above it: newuser38 #27, newuser42 #4), else
the current folder when the workspace lies inside it, else the workspace root;
``originalUriBaseIds`` says which, as a ``file://`` URI.

Each result carries memtui's own line-independent fingerprint (the baseline's: rule, path,
the finding's own text; `memtui.core.reporting.suppress.fingerprint`) as its
``partialFingerprints["memtui/v1"]``, so that code scanning follows an alert across lines
moving rather than hashing the lines itself; equal findings of one file (one credential
twice, two lines linking one missing file) are told apart by their order in it, as the
baseline counts them (newuser31 #30: they shared one fingerprint, one alert for both); a
finding about the workspace as a whole is located at MEMORY.md (the folder when there is
none), whichever files it lists (newuser28 #14).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

from memtui import __version__
from memtui.core.audit import AuditResult
from memtui.core.checks.findings import KINDS, WORKSPACE, Finding
from memtui.core.checks.rules import BY_ID, help_text, silence
from memtui.core.reporting.hidden import unread_note
from memtui.core.reporting.suppress import fingerprint
from memtui.core.verdict import GUARDED, NOUNS, own_suppressed
from memtui.core.workspace import INDEX_NAME

SARIF_VERSION = "2.1.0"


def occurrence_prints(findings: list[Finding]) -> list[str]:
    """Each finding's fingerprint (`fingerprint`), the second and later of equal ones (in
    line order) made their own with their ordinal: the first keeps the plain one."""
    seen: Counter[str] = Counter()
    out = [""] * len(findings)
    plain = [fingerprint(f) for f in findings]
    for i in sorted(range(len(findings)),
                    key=lambda i: (findings[i].path, findings[i].line or 0, i)):
        n = seen[plain[i]]
        seen[plain[i]] += 1
        out[i] = plain[i] if n == 0 else hashlib.sha256(
            f"{plain[i]}\0{n}".encode()).hexdigest()[:len(plain[i])]
    return out
SARIF_SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                "sarif-schema-2.1.0.json")
BASE_ID = "%SRCROOT%"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SUPPRESSED_BY = {"inline": "a <!-- memtui: ignore --> comment",
                 "config": "ignore in the configuration file",
                 "baseline": "accepted in the baseline (--baseline)",
                 "exclude": "in a file the configuration's exclude leaves out"}
RELATED = 50  # files listed with a finding about the workspace as a whole
#: The key of memtui's fingerprint among a result's ``partialFingerprints``.
FINGERPRINT = "memtui/v1"


def _help_markdown(kind: str) -> str:
    """The rule in full, for a SARIF viewer (``memtui rules ID`` prints the same)."""
    rule = BY_ID.get(kind)
    if rule is None:
        return kind
    return (f"**{rule.title}** ({rule.severity}). {rule.summary}\n\n{rule.explanation}\n\n"
            f"Fix: `{rule.fix}`. {silence(rule, '`')}")


def rule_name(kind: str) -> str:
    """``broken_link`` → ``BrokenLink``."""
    return "".join(part.capitalize() for part in kind.split("_"))


def uri(path: str) -> str:
    """A relative path as a URI reference: the file system's bytes, percent-encoded (a name
    that is not UTF-8 keeps its exact bytes: ``%FF``)."""
    return quote(os.fsencode(path), safe="/")


def automation_id(prefix: str) -> str:
    """A run's ``automationDetails.id``: ``memtui/`` and the workspace's path relative to
    ``%SRCROOT%`` (``.`` at it), then ``/``: code scanning takes what comes before the last
    ``/`` as the run's category."""
    return f"memtui/{prefix.rstrip('/') or '.'}/"


def to_sarif(result: AuditResult, cwd: Path | None = None,
             shaped: tuple[list[Finding], list[str]] = ([], []),
             verdict: tuple[int, list[str]] | None = None) -> dict[str, Any]:
    """The SARIF log of ``result``; paths relative to ``cwd`` (default: the current folder)
    when the workspace lies inside it. ``shaped``: the findings the workspace's own
    configuration kept out of the audit by the settings that shape it (a ``profile``), and
    those settings: results too, each saying so in its properties — the ones a
    ``--fail-on`` given as a flag counts (newuser29 #38: SARIF had none, the run exited 1).
    ``verdict``: the run's exit status and the lines that say what decided it
    (`memtui.core.verdict.decide`), carried by the run's invocation when there are any
    (newuser35 #10: a workspace's ``fail-on = "never"`` passed 6 errors, the log silent)."""
    root = result.workspace.root
    base = Path.cwd() if cwd is None else cwd
    from memtui.core.git.find import find_repo

    repo = find_repo(root)
    prefix = None
    if repo is not None:
        # in a git work tree, its top, which code scanning resolves paths against, wherever
        # the run starts: its root as CI runs it, a subfolder (a CI step's
        # working-directory: newuser42 #4, paths relative to the subfolder named no file
        # there), a folder above it (newuser38 #27)
        with contextlib.suppress(ValueError, OSError):
            prefix = Path(os.path.realpath(root)).relative_to(repo[0]).as_posix()
            base = repo[0]
    if prefix is None:
        try:
            prefix = root.relative_to(base.resolve()).as_posix()
        except (ValueError, OSError):
            # run from elsewhere: the workspace (newuser31 #33: alerts pinned on files at
            # the repository's root)
            base, prefix = root, "."
    prefix = "" if prefix == "." else prefix + "/"
    kept_out, settings = shaped
    emitted = {f.kind for f in result.findings} | {s.finding.kind for s in result.suppressed} \
        | {f.kind for f in kept_out}
    kinds = [*KINDS, *sorted(emitted - set(KINDS))]
    index = {kind: i for i, kind in enumerate(kinds)}
    rules = [{
        "id": kind,
        "name": rule_name(kind),
        "shortDescription": {"text": BY_ID[kind].summary if kind in BY_ID else kind},
        "fullDescription": {"text": BY_ID[kind].explanation if kind in BY_ID else kind},
        "help": {"text": help_text(BY_ID[kind]) if kind in BY_ID else kind,
                 "markdown": _help_markdown(kind)},
        "defaultConfiguration": {"level": LEVELS[KINDS.get(kind, "warning")]},
    } for kind in kinds]
    def location(path: str, line: int | None = None) -> dict[str, Any]:
        physical: dict[str, Any] = {
            "artifactLocation": {"uri": uri(prefix + path) or "./", "uriBaseId": BASE_ID}}
        if line and line > 0:
            physical["region"] = {"startLine": line}
        return {"physicalLocation": physical}

    at_workspace = INDEX_NAME if result.index.exists else ""
    results = []
    causes: list[str | None] = [*(None for _ in result.findings),
                                *(s.cause for s in result.suppressed),
                                *(None for _ in kept_out)]
    every = [*result.findings, *(s.finding for s in result.suppressed), *kept_out]
    shaping = {id(f) for f in kept_out}
    config = result.config_path  # (said from the workspace: no runner's path in an alert)
    if config is not None:
        config = os.path.relpath(config, root)
    said = f"{config} sets {', '.join(settings)}" if config else ", ".join(settings)
    was = {id(f): before for f, before in result.lowered}
    prints = occurrence_prints(every)
    unhonoured = {id(f) for f in own_suppressed(result) if f.kind in GUARDED}
    for f, cause, print_ in zip(every, causes, prints, strict=True):
        entry: dict[str, Any] = {
            "ruleId": f.kind,
            "ruleIndex": index[f.kind],
            "level": LEVELS[f.severity],
            "message": {"text": f.message},
            # (a credential's over its display text: the baseline's keyed one needs its key)
            "partialFingerprints": {FINGERPRINT: print_},
        }
        if id(f) in was:  # the configuration lowered it: said, never silent
            entry["properties"] = {"severityLoweredFrom": was[id(f)]}
        if id(f) in shaping:  # found with the operator's settings, not the workspace's
            entry["properties"] = {"keptOutByWorkspaceSettings": said}
            entry["message"] = {"text": f"{f.message} (found with the operator's settings; "
                                        f"the workspace's own keep it out: {said})"}
        if f.path == WORKSPACE:
            # About the workspace as a whole: at its index, the same place whichever files
            # it gathers (newuser28 #14: at the first, which moved as the set changed)
            entry["locations"] = [location(at_workspace)]
            if f.files:
                entry["relatedLocations"] = [location(p) for p in f.files[:RELATED]]
        else:
            entry["locations"] = [location(f.path, f.line)]
        if cause is not None and id(f) in unhonoured:
            # the audited workspace suppressed a guarded finding itself: the verdict counts
            # it, so code scanning shows it as an alert, not as dismissed (newuser38 #2)
            entry.setdefault("properties", {})["suppressedByWorkspaceNotHonoured"] = \
                SUPPRESSED_BY[cause]
            entry["message"] = {"text": f"{f.message} (the audited workspace suppresses "
                                        f"this {NOUNS[f.kind][0]} itself — "
                                        f"{SUPPRESSED_BY[cause]} —: not honoured, the "
                                        "verdict counts it)"}
        elif cause is not None:  # reported as suppressed, as code scanning expects
            entry["suppressions"] = [{
                "kind": "inSource" if cause == "inline" else "external",
                "justification": SUPPRESSED_BY[cause]}]
        results.append(entry)
    run: dict[str, Any] = {
        "tool": {"driver": {"name": "memtui", "version": __version__,
                            "semanticVersion": __version__, "rules": rules}},
        "originalUriBaseIds": {BASE_ID: {"uri": base.resolve().as_uri().rstrip("/") + "/"}},
        # which workspace the run is of, so that code scanning keeps one workspace's
        # alerts apart from another's (newuser41 #10: runs uploaded for six folders
        # overwrote one another)
        "automationDetails": {"id": automation_id(prefix)},
        "results": results,
    }
    unread = unread_note(result.excluded)
    notes = [unread] if unread else []  # (newuser32 #4: the bound was said in JSON alone)
    if verdict is not None and verdict[1]:
        notes.extend(verdict[1])
    if notes:
        invocation: dict[str, Any] = {"executionSuccessful": True}
        if verdict is not None and verdict[1]:
            invocation["exitCode"] = verdict[0]
        invocation["toolExecutionNotifications"] = [
            {"level": "warning", "message": {"text": note}} for note in notes]
        run["invocations"] = [invocation]
    if getattr(result, "shaping", ""):  # the workspace's own shaping settings (newuser33 #11)
        run["properties"] = {"shapedByWorkspaceSettings": result.shaping,
                             "keptOutByWorkspaceSettings": len(kept_out)}
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}
