"""What a user said not to report: ``.memtui.toml`` (``ignore``, ``[severity]``), inline
``<!-- memtui: ignore RULE -->`` comments, and a baseline of accepted findings.

:func:`apply` splits an audit's findings into the reported and the suppressed, each
suppressed one with its cause (``config``, ``inline``, ``baseline``): nothing is hidden
silently, the reports count them and SARIF lists them as suppressed.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, TypeVar

from memtui.core.config import Config
from memtui.core.findings import WORKSPACE, Finding
from memtui.core.input_file import BASELINE_LIMIT, InputError, parse_json, read_input
from memtui.core.safe_open import Unsafe, read_file

CAUSES = ("config", "inline", "baseline")
BASELINE_VERSION = 1
#: Files are read for their comments up to this size (a memory is read whole up to 1 MiB).
READ_LIMIT = 1 << 20
COMMENT = re.compile(r"<!--\s*memtui:\s*(ignore-file|ignore)\b([^>]*?)\s*-->")


class BaselineError(Exception):
    """A baseline file that cannot be read or written, in one line."""


@dataclass(frozen=True, slots=True)
class Suppressed:
    finding: Finding
    cause: str


def fingerprint(f: Finding) -> str:
    """Rule + path + the finding's own text: no line number, so it survives lines moving.
    A finding that gathers files (``files``) is known by its text without the counts and the
    example file, so the group keeps its fingerprint when a file joins or leaves it."""
    text = f.message
    if f.files:
        text = re.sub(r"\d[\d,]*", "N", text.split(", e.g. ", 1)[0])
    return hashlib.sha256(f"{f.kind}\0{f.path}\0{text}".encode(
        "utf-8", "surrogateescape")).hexdigest()[:32]


class _Comments:
    """The ignore comments of one file: per line (1-based) the rules (empty: all)."""

    def __init__(self, text: str) -> None:
        self.lines: dict[int, set[str]] = {}
        self.file: set[str] = set()
        self.all_file = False
        if "memtui:" not in text:
            return
        rows = text.splitlines()
        for n, row in enumerate(rows, 1):
            for m in COMMENT.finditer(row):
                rules = set(re.split(r"[\s,]+", m.group(2).strip())) - {""}
                if m.group(1) == "ignore-file":
                    self.file |= rules
                    self.all_file = self.all_file or not rules
                    continue
                targets = [n]
                if not COMMENT.sub("", row).strip():  # alone on its line: the next one too
                    targets.append(n + 1)
                for t in targets:
                    have = self.lines.setdefault(t, set())
                    have |= rules or {"*"}

    def covers(self, f: Finding) -> bool:
        if self.all_file or f.kind in self.file:
            return True
        rules = self.lines.get(f.line or 0)
        return bool(rules) and ("*" in rules or f.kind in rules)


def _comments(root: Path, rel: str, cache: dict[str, _Comments]) -> _Comments:
    if rel not in cache:
        try:
            data = read_file(root, rel, READ_LIMIT)
        except (OSError, Unsafe, ValueError):
            data = None
        cache[rel] = _Comments((data or b"").decode("utf-8", "replace"))
    return cache[rel]


def apply(findings: Iterable[Finding], root: Path, config: Config,
          baseline: Counter[str] | None = None) -> tuple[list[Finding], list[Suppressed]]:
    """(reported, suppressed) of ``findings``: the config's severities applied, then its
    ignores, the inline comments of each finding's file, and ``baseline`` (fingerprint →
    how many of that finding it accepts)."""
    kept: list[Finding] = []
    gone: list[Suppressed] = []
    cache: dict[str, _Comments] = {}
    left = Counter(baseline or ())
    for f in findings:
        severity = config.severity.get(f.kind)
        if severity and severity != f.severity:
            f = replace(f, severity=severity)  # type: ignore[arg-type]
        if f.kind in config.ignore:
            gone.append(Suppressed(f, "config"))
        elif f.path != WORKSPACE and _comments(root, f.path, cache).covers(f):
            gone.append(Suppressed(f, "inline"))
        elif left[fp := fingerprint(f)] > 0:
            left[fp] -= 1
            gone.append(Suppressed(f, "baseline"))
        else:
            kept.append(f)
    return kept, gone


def counts(suppressed: Iterable[Suppressed]) -> dict[str, int]:
    """How many were suppressed, by cause (every cause named, zeros too)."""
    c = Counter(s.cause for s in suppressed)
    return {cause: c.get(cause, 0) for cause in CAUSES}


def baseline_data(findings: Iterable[Finding]) -> dict[str, object]:
    return {"memtui-baseline": BASELINE_VERSION,
            "findings": [{"rule": f.kind, "path": f.path, "message": f.message,
                          "fingerprint": fingerprint(f)} for f in findings]}


def write_baseline(path: Path, findings: Iterable[Finding]) -> int:
    """Record ``findings`` in ``path``; returns how many."""
    data = baseline_data(findings)
    try:
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
    except OSError as exc:
        raise BaselineError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    return len(data["findings"])  # type: ignore[arg-type]


def load_baseline(path: Path, root: Path | None = None) -> Counter[str]:
    """fingerprint → count, from a file ``write_baseline`` made; read by the one bounded
    reader (`memtui.core.input_file`: a regular file of at most 64 MiB, inside the
    workspace at ``root`` through no link leading out of it)."""
    try:
        raw = read_input(path, BASELINE_LIMIT, root)
    except InputError as exc:
        raise BaselineError(str(exc)) from None
    if raw is None:
        raise BaselineError(f"{path}: cannot be read (No such file or directory)")
    try:
        data = parse_json(raw, path)
    except InputError as exc:
        raise BaselineError(f"{path}: not a memtui baseline ({exc.reason})") from None
    rows = data.get("findings") if isinstance(data, dict) else None
    if (not isinstance(data, dict) or data.get("memtui-baseline") != BASELINE_VERSION
            or not isinstance(rows, list)
            or not all(isinstance(r, dict) and isinstance(r.get("fingerprint"), str)
                       for r in rows)):
        raise BaselineError(f"{path}: not a memtui baseline (write one with "
                            "--write-baseline)")
    return Counter(r["fingerprint"] for r in rows)


class _Workspace(Protocol):
    @property
    def root(self) -> Path: ...


class Reported(Protocol):
    """What :func:`apply_to` needs of an audit result (``memtui.core.audit.AuditResult``;
    named by shape, so this module need not import the engine that imports it)."""

    findings: list[Finding]
    suppressed: list[Suppressed]
    config_path: str | None

    @property
    def workspace(self) -> _Workspace: ...


R = TypeVar("R", bound=Reported)


def apply_to(result: R, config: Config, baseline: Counter[str] | None = None) -> R:
    """Apply :func:`apply` to ``result`` in place (its findings become the reported ones,
    ``suppressed`` the rest) and record the config file used; returns ``result``."""
    result.findings, result.suppressed = apply(result.findings, result.workspace.root,
                                               config, baseline)
    result.config_path = config.path
    return result
