"""What a user said not to report: ``.memtui.toml`` (``ignore``, ``[severity]``), inline
``<!-- memtui: ignore RULE -->`` comments, and a baseline of accepted findings.

:func:`apply` splits an audit's findings into the reported and the suppressed, each
suppressed one with its cause (``config``, ``inline``, ``baseline``): nothing is hidden
silently, the reports count them and SARIF lists them as suppressed.

The module is past 500 lines: the configuration, the inline comments and the baseline are
one pass over the findings (`apply`), and the baseline's file format and keyed fingerprints
are read and written beside it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter, defaultdict
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from memtui.core.checks.findings import SEVERITY_RANK, WORKSPACE, Finding, finding
from memtui.core.checks.rules import BY_ID, CONFIG_ONLY, FILE_LEVEL, silence
from memtui.core.config import Config, excluder
from memtui.core.creds.detector import SecretHit
from memtui.core.files.input_file import BASELINE_LIMIT, InputError, parse_json, read_input
from memtui.core.files.output_file import OutputError, json_with, write_output
from memtui.core.files.safe_open import Unsafe, read_file
from memtui.core.profiles import get as profile_named
from memtui.core.profiles.registry import walked_reach
from memtui.core.record import FrozenRecord, Record, init_field, replace
from memtui.core.reporting.hidden import (
    Excluded,
    exclude_all_finding,
    excluded_files,
    excluded_findings,
    linked_unaudited,
)
from memtui.core.reporting.injected_comments import injected_comment_findings
from memtui.core.scanner.code_blocks import CODE_SPAN, unfenced_rows
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.readable import READ_KINDS, REPLAYED, readable_findings
from memtui.core.scanner.scan import file_secrets, secret_finding, secrets_with_values
from memtui.core.scanner.state_json import file_hits
from memtui.core.scanner.walk_scope import scope
from memtui.core.workspace import INDEX_NAME, STATE_DIR, index_target

CAUSES = ("config", "inline", "baseline", "exclude")
#: What the agent reads in a file that its ``exclude`` may still set aside: warnings only.
WARNED = frozenset({"instruction_like", "hidden_text"})
#: The kinds found here, as the configuration and the comments are applied (`apply_to`),
#: never by the audit itself.
STAGE_KINDS = frozenset({"unused_ignore", "exclude_all"})
#: 2: a ``key`` (random, per baseline) for the keyed hash of each credential (issue 31 §2).
BASELINE_VERSION = 2
#: Read, never written: its credentials' fingerprints are their display text, so nothing
#: matches them now (they are reported until the baseline is written again).
OLD_BASELINE_VERSIONS = (1,)
KEY_BYTES = 32
#: Files are read for their comments up to this size (a memory is read whole up to 1 MiB).
READ_LIMIT = 1 << 20
#: The opening of an ignore comment, ``<!-- memtui: ignore`` or ``ignore-file``; the
#: comment runs to the first ``>`` after it, which must close it (``-->``). Found by
#: `comments` in one pass over a line (issue 31 §4: a regex trying every ``<!--`` against
#: the rest of the line was quadratic on an unclosed opening repeated).
OPENING = lazy_pattern(r"<!--\s*memtui:\s*(ignore-file|ignore)\b")


class BaselineError(Exception):
    """A baseline file that cannot be read or written, in one line."""


class Suppressed(FrozenRecord):
    """A finding left out of the report, and why (one of `CAUSES`)."""

    __slots__ = ("cause", "finding")

    finding: Finding
    cause: str

    def __init__(self, finding: Finding, cause: str) -> None:
        init_field(self, "finding", finding)
        init_field(self, "cause", cause)


class Baseline(FrozenRecord):
    """Accepted findings: fingerprint → how many of that finding it accepts, and the key of
    its credentials' keyed hashes (None: a version-1 baseline, none of whose credentials
    matches). ``unused``: how many credential entries it holds that cannot match because
    of its version (a version-1 baseline's; said on stderr by ``audit``, newuser26 #39)."""

    counts: Counter[str]
    key: bytes | None = None
    unused: int = 0
    #: fingerprint → (rule, path) as the file records it: how an entry that matches no
    #: finding any more is named (newuser31 #16).
    named: dict[str, tuple[str, str]]

    def __init__(self, counts: Counter[str] | None = None, key: bytes | None = None,
                 unused: int = 0, named: dict[str, tuple[str, str]] | None = None) -> None:
        init_field(self, "counts", Counter() if counts is None else counts)
        init_field(self, "key", key)
        init_field(self, "unused", unused)
        init_field(self, "named", {} if named is None else named)


#: (path, line, message head: `value_key`) of a ``secret`` finding → the whole values of
#: the credentials behind it, in order (`secret_values`).
Values = Mapping[tuple[str, int | None, str], Sequence[str]]


class _Scan(Protocol):
    @property
    def secrets(self) -> Sequence[SecretHit]: ...

    @property
    def has_ignores(self) -> bool: ...


class _Known:
    """A memory's credentials with their values, as a result from the derived cache knows
    them without making the memory's scan (`memtui.core.caches.derived.StoredScans`)."""

    __slots__ = ("has_ignores", "secrets")

    def __init__(self, secrets: Sequence[SecretHit], has_ignores: bool) -> None:
        self.secrets = secrets
        self.has_ignores = has_ignores


def _secret_scan(scans: Mapping[str, _Scan], rel: str) -> _Scan:
    """``rel``'s scan, or only its credentials when the scans can give them without making
    it (a warm run's: making the scan runs the credential detector, ~0.4 s for one
    credential on every run, newuser33 #16)."""
    known = getattr(scans, "known_secrets", None)
    hits = known(rel) if known is not None else None
    if hits is None:
        return scans[rel]
    return _Known(hits, rel in getattr(scans, "commented", ()))


def value_key(f: Finding) -> tuple[str, int | None, str]:
    """Where a credential's values are filed (`Values`): its path, its line and its
    message's ``kind (ab…yz)`` head, without the wording after it, which depends on what the
    agent does with the file (a profile's ``said``: Codex's raw_memories.md) and was not the
    scan's (newuser34 #9: no baseline could accept that credential). The first ``"): "``
    lies in the head, which ends with it, whatever the wording after it."""
    return f.path, f.line, f.message.split("): ", 1)[0]


def secret_values(scans: Mapping[str, _Scan], root: str | os.PathLike[str],
                  findings: Iterable[Finding] = ()
                  ) -> dict[tuple[str, int | None, str], list[str]]:
    """Every ``secret`` finding's credential values, from the scans that found them (a scan
    read back from the cache holds none: they are taken from the file under ``root`` again
    when it still holds the text scanned, `secrets_with_values`); those of ``findings`` in a
    file no scan covers (the index, a linked or a non-memory file under the memory folder)
    from that file read again (`file_secrets`), each matched to its finding by line and
    masked value: else none of them could ever be accepted (newuser29 #2)."""
    out: dict[tuple[str, int | None, str], list[str]] = defaultdict(list)
    for rel, scan in scans.items():
        for hit in secrets_with_values(root, scan):  # type: ignore[arg-type]
            out[value_key(secret_finding(rel, hit))].append(hit.value)
    unscanned: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        if f.kind == "secret" and f.path not in scans and value_key(f) not in out:
            unscanned[f.path].append(f)
    for rel, found in unscanned.items():
        # (memtui's JSON state: its values as the audit read it, `state_json`)
        state = file_hits(os.path.join(root, rel), os.fspath(root)) \
            if rel.startswith(STATE_DIR + "/") else None
        hits = file_secrets(root, rel) if state is None else state
        for f in found:
            out[value_key(f)] = [
                h.value for h in hits
                if h.line == f.line and f.message.startswith(f"{h.kind} ({h.redacted})")]
    return out


#: A finding standing for text memtui did not read (past a bound, behind a link leading
#: out): a credential's fingerprint keys its value, and this one has none — its text (the
#: file's size, the line it stops at) stays the same while what it leaves unread changes
#: (redteam41: a baseline accepting the unread tail of a 9 MiB memory accepted a token put
#: there, the file's size kept). Like a credential whose value is not at hand, it is never
#: written into a baseline nor matched by one; the operator's own config (a severity) or a
#: flag still decides it.
UNREAD = "unchecked_text"


def fingerprinted(findings: Iterable[Finding], key: bytes | None, values: Values | None
                  ) -> Iterator[tuple[Finding, str]]:
    """Each finding with its fingerprint; a credential's keyed by ``key`` over its value
    (``values``: each ``secret`` finding's values, in the order the findings come)."""
    taken: Counter[tuple[str, int | None, str]] = Counter()
    for f in findings:
        if f.kind == UNREAD:
            yield f, ""  # what was not read has no value to key (see `UNREAD`)
            continue
        if f.kind != "secret":
            yield f, fingerprint(f)
            continue
        at = value_key(f)
        known = (values or {}).get(at, ())
        yield f, secret_fingerprint(f, key, known[taken[at]] if taken[at] < len(known)
                                    else None)
        taken[at] += 1


def secret_fingerprint(f: Finding, key: bytes | None, value: str | None) -> str:
    """A credential's fingerprint: HMAC-SHA256, keyed by the baseline's own random key, of
    the rule, the path and the *whole* value, never its display text (which keeps only the
    first and last two characters: another credential with the same ends must not match).
    "" (matching nothing) without a key or a value."""
    if key is None or value is None:
        return ""
    import hmac  # (only a baseline with a key asks: not every audit's import)

    return hmac.new(key, f"{f.kind}\0{f.path}\0{value}".encode("utf-8", "surrogateescape"),
                    hashlib.sha256).hexdigest()[:32]


_MORE = re.compile(r" \(and N more\)")  # how many more files a pair's finding names


def fingerprint(f: Finding) -> str:
    """Rule + path + the finding's own text: no line number, so it survives lines moving.
    Every finding is one file's (and one target's, for a link), so its fingerprint never
    depends on how many others exist (issue 30 §3). The few workspace-level findings that
    list files (stale memories, unknown ages, the older format: one each, whatever the
    count) are known by their text without the counts. A pair's finding (a near-duplicate,
    a contradiction) says how many more files it pairs with, "(and 3 more)": a third file
    joining the group changes the message, never the finding (newuser38 #1)."""
    if f.files and f.path == WORKSPACE:  # one of its kind: known by kind alone, its text
        # holds counts and their words ("2 memories" → "1 memory": newuser42 #11, the entry
        # went stale and the finding came back new when one old memory was edited)
        return _digest(f"{f.kind}\0{f.path}\0{WHOLE}")
    return legacy_fingerprint(f)


#: What a workspace-wide finding's fingerprint hashes in place of its text.
WHOLE = "the workspace as a whole"


def legacy_fingerprint(f: Finding) -> str:
    """The fingerprint baselines recorded before a workspace-wide finding was known by its
    kind alone (`fingerprint`): its text, digits as ``N``. Such an entry still accepts it."""
    text = f.message
    if f.files:
        text = _MORE.sub("", re.sub(r"\d[\d,]*", "N", text))
    return _digest(f"{f.kind}\0{f.path}\0{text}")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def comments(row: str) -> tuple[list[tuple[str, str]], bool]:
    """The ignore comments on one line, as (``ignore`` or ``ignore-file``, the rules text),
    and whether the line holds nothing else. Linear in the line's length: each ``<!--`` is
    looked at once, the next ``>`` is found once for all the openings before it, and
    every character is read a bounded number of times."""
    found: list[tuple[str, str]] = []
    rest: list[str] = []  # the text outside the comments
    pos = 0  # where the text not yet given to ``rest`` begins
    gt = -1  # the first ``>`` at or after the opening looked at (-1: not known yet)
    at = row.find("<!--")
    while at != -1:
        m = OPENING.match(row, at)
        if m is None:
            at = row.find("<!--", at + 1)
            continue
        if gt < m.end():
            gt = row.find(">", m.end())
            if gt == -1:
                break  # no ``>`` after it: no later opening closes either
        if gt - 2 < m.end() or row[gt - 2:gt] != "--":
            at = row.find("<!--", at + 1)
            continue
        found.append((m.group(1), row[m.end():gt - 2].strip()))
        rest.append(row[pos:at])
        pos = gt + 1
        at = row.find("<!--", pos)
    rest.append(row[pos:])
    return found, not "".join(rest).strip()


class _Comment(Record):
    """One ignore comment: where it is, what it names (empty: every rule), the lines it
    covers (none: the whole file) and the rules it has silenced a finding of."""

    __slots__ = ("line", "rules", "targets", "used", "which")

    line: int
    which: str
    rules: frozenset[str]
    targets: tuple[int, ...]
    used: set[str]

    def __init__(self, line: int, which: str, rules: frozenset[str], targets: tuple[int, ...],
                       used: set[str] | None = None) -> None:
        self.line = line
        self.which = which
        self.rules = rules
        self.targets = targets
        self.used = set() if used is None else used

    def covers(self, f: Finding) -> bool:
        if self.targets and (f.line or 0) not in self.targets:
            return False
        return not self.rules or f.kind in self.rules

    def unused(self, ignored: Container[str]) -> list[str]:
        """The rules it names that silenced nothing (``["*"]``: it names none and silenced
        nothing); rules the configuration ignores anyway are not counted."""
        if not self.rules:
            return [] if self.used else ["*"]
        return sorted(r for r in self.rules - self.used if r not in ignored)


class _Comments:
    """The ignore comments of one file, each with what it silenced."""

    def __init__(self, text: str) -> None:
        self.comments: list[_Comment] = []
        if "memtui:" not in text:
            return
        for n, row, fenced in unfenced_rows(text):
            if fenced or "memtui:" not in row:
                continue  # a comment shown as code is literal text, never a directive
            if "`" in row:  # (a code span's text blanked: what it shows is no comment)
                row = CODE_SPAN.sub(lambda c: "x" * len(c[0]), row)
            found, alone = comments(row)
            for which, rules_text in found:
                rules = frozenset(re.split(r"[\s,]+", rules_text)) - {""}
                # alone on its line, a line comment covers the next line too
                targets = () if which == "ignore-file" else (n, n + 1) if alone else (n,)
                self.comments.append(_Comment(n, which, rules, targets))

    def covers(self, f: Finding) -> bool:
        """Whether a comment silences ``f`` (each that does records it as used)."""
        hit = [c for c in self.comments if c.covers(f)]
        for c in hit:
            c.used.add(f.kind)
        return bool(hit)


def _comments(root: Path, rel: str, cache: dict[str, _Comments],
              quiet: Container[str] = ()) -> _Comments:
    if rel not in cache and rel in quiet:
        cache[rel] = _Comments("")  # its scan saw no ignore comment: nothing to read
    if rel not in cache:
        try:
            data = read_file(root, rel, READ_LIMIT)
        except (OSError, Unsafe, ValueError):
            data = None
        cache[rel] = _Comments((data or b"").decode("utf-8", "replace"))
    return cache[rel]


def apply(findings: Iterable[Finding], root: Path, config: Config,
          baseline: Baseline | None = None, values: Values | None = None,
          commented: Iterable[str] = (), lowered: list[tuple[Finding, str]] | None = None,
          quiet: Container[str] = (), left_over: Counter[str] | None = None
          ) -> tuple[list[Finding], list[Suppressed]]:
    """(reported, suppressed) of ``findings``: the config's severities applied, then its
    ignores, the inline comments of each finding's file, and ``baseline`` (a credential
    matched by the keyed hash of its whole value, from ``values``). Then every ignore
    comment that silenced nothing, in the files of the findings and in ``commented`` (the
    files holding one), is an ``unused_ignore`` finding (as ruff reports an unused
    ``noqa``), itself subject to the config and the baseline. ``lowered`` collects each
    finding whose severity the config lowered, with the severity it had. ``quiet``: files
    known to hold no ignore comment (their scan's text has none), not read again.
    ``left_over`` gets the baseline's entries that matched no finding (fingerprint →
    how many)."""
    kept: list[Finding] = []
    gone: list[Suppressed] = []
    cache: dict[str, _Comments] = {}
    left = Counter(baseline.counts) if baseline is not None else Counter()
    key = baseline.key if baseline is not None else None
    # (a fingerprint is only looked up in a baseline: without one, none is made — a
    # SHA-256 per finding, 16,000 of them in a warm audit of 50,000 files)
    pairs = fingerprinted(findings, key, values) if baseline is not None else \
        ((f, "") for f in findings)
    for f, fp in pairs:
        severity = config.severity.get(f.kind)
        if severity and severity != f.severity:
            before = f.severity
            f = replace(f, severity=severity)  # type: ignore[arg-type]
            if lowered is not None and SEVERITY_RANK[severity] < SEVERITY_RANK[before]:
                lowered.append((f, before))
        if f.kind in config.ignore:
            gone.append(Suppressed(f, "config"))
        elif f.path != WORKSPACE and _comments(root, f.path, cache, quiet).covers(f):
            gone.append(Suppressed(f, "inline"))
        elif fp and left[fp] > 0:
            left[fp] -= 1
            gone.append(Suppressed(f, "baseline"))
        elif fp and f.path == WORKSPACE and f.files and left[old := legacy_fingerprint(f)] > 0:
            left[old] -= 1  # an older baseline's entry for it (`legacy_fingerprint`)
            gone.append(Suppressed(f, "baseline"))
        else:
            kept.append(f)
    for rel in sorted({*commented, *cache}):
        found = _comments(root, rel, cache)
        if not found.comments:  # (most: the files of findings known to hold none)
            continue
        for f in unused_findings(rel, found, config.ignore):
            severity = config.severity.get(f.kind)
            if severity and severity != f.severity:
                f = replace(f, severity=severity)  # type: ignore[arg-type]
            if f.kind in config.ignore:
                gone.append(Suppressed(f, "config"))
            elif left[fp := fingerprint(f)] > 0:
                left[fp] -= 1
                gone.append(Suppressed(f, "baseline"))
            else:
                kept.append(f)
    if left_over is not None:
        left_over.update(+left)
    return kept, gone


def _did_you_mean(word: str) -> str:
    """`` (did you mean secret?)`` for a misspelt rule id, or ''."""
    import difflib  # (only a misspelt id asks: not every audit's import)

    close = difflib.get_close_matches(word.lower(), BY_ID, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


#: Unused ignore comments reported per file; past it, one finding says how many more.
UNUSED_PER_FILE = 20


def unused_findings(rel: str, found: _Comments, ignored: Container[str]) -> list[Finding]:
    """An ``unused_ignore`` finding for each comment of ``rel`` that silenced nothing
    (at most ``UNUSED_PER_FILE``)."""
    out: list[Finding] = []
    rows = [(c, u) for c in found.comments if (u := c.unused(ignored))]
    for c, unused in rows[:UNUSED_PER_FILE]:
        named = " ".join(sorted(c.rules))
        comment = f"<!-- memtui: {c.which}{' ' + named if named else ''} -->"
        unknown = [u for u in unused if u != "*" and u not in BY_ID]
        if unknown:  # a misspelt id: the advice is to spell it, not to remove the comment
            out.append(finding("unused_ignore", rel, c.line,
                               f"{comment} names no rule "
                               + ", ".join(f"{u!r}{_did_you_mean(u)}" for u in unknown)
                               + ": fix the rule id (memtui rules lists them)"))
            continue
        # the wrong form, not a stale comment: a rule no line comment (or no comment at
        # all) reaches (newuser25 #33: "remove it" beside the orphan finding it meant)
        wrong = [u for u in unused if u in CONFIG_ONLY
                 or (c.which == "ignore" and u in FILE_LEVEL)]
        if wrong:
            out.append(finding("unused_ignore", rel, c.line,
                               f"{comment} cannot silence {', '.join(wrong)}. "
                               + " ".join(silence(BY_ID[u]) for u in wrong)))
            continue
        what = "finding" if unused == ["*"] else "finding of " + ", ".join(unused)
        out.append(finding("unused_ignore", rel, c.line,
                           f"{comment} silences no {what}: remove it (or the rules it no "
                           "longer needs)"))
    if len(rows) > UNUSED_PER_FILE:
        more = len(rows) - UNUSED_PER_FILE
        out.append(finding("unused_ignore", rel, rows[UNUSED_PER_FILE][0].line,
                           f"and {more:,} more ignore comments in this file that silence "
                           "nothing"))
    return out


def counts(suppressed: Iterable[Suppressed]) -> dict[str, int]:
    """How many were suppressed, by cause (every cause named, zeros too)."""
    c = Counter(s.cause for s in suppressed)
    return {cause: c.get(cause, 0) for cause in CAUSES}


def baseline_data(findings: Iterable[Finding], values: Values | None = None,
                  key: bytes | None = None, recorded: list[Finding] | None = None
                  ) -> dict[str, object]:
    """What ``write_baseline`` writes: each finding's rule, path, message and fingerprint,
    a credential's keyed by ``key`` (a new random one when None); each finding written is
    appended to ``recorded``."""
    key = key if key is not None else os.urandom(KEY_BYTES)
    rows: list[dict[str, object]] = []
    for f, fp in fingerprinted(findings, key, values):
        if f.kind in ("secret", UNREAD) and not fp:
            continue  # a credential whose value is not at hand, or text unread: never accepted
        rows.append({"rule": f.kind, "path": f.path, "message": f.message,
                     "fingerprint": fp})
        if recorded is not None:
            recorded.append(f)
    return {"memtui-baseline": BASELINE_VERSION, "key": key.hex(), "findings": rows}


def write_baseline(path: Path, findings: Iterable[Finding], values: Values | None = None
                   ) -> list[Finding]:
    """Record ``findings`` in ``path`` (``values``: the credentials' whole values, for their
    keyed fingerprints); returns those recorded (a credential whose value could not be read
    again is not: the report says it stays, newuser29 #2)."""
    recorded: list[Finding] = []
    data = baseline_data(findings, values, recorded=recorded)
    try:  # never over an index, a memory, a FIFO or through a link (newuser24 #60, #61)
        write_output(path, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode(),
                     "a memtui baseline", json_with(("memtui-baseline", "findings")),
                     BASELINE_LIMIT)
    except OutputError as exc:
        raise BaselineError(str(exc)) from None
    return recorded


def load_baseline(path: Path, root: Path | None = None) -> Baseline:
    """The accepted findings and the key, from a file ``write_baseline`` made; read by the
    one bounded reader (`memtui.core.files.input_file`: a regular file of at most 64 MiB, inside
    the workspace at ``root`` through no link leading out of it)."""
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
    if isinstance(data, dict) and "workspaces" in data and "findings" not in data:
        raise BaselineError(f"{path}: a baseline of every workspace under a root (written "
                            "by audit ROOT --discover --write-baseline): give it with "
                            "--discover")
    return baseline_of(data, path)


def baseline_of(data: object, path: Path | str) -> Baseline:
    """The `Baseline` a baseline file's parsed JSON holds (``path``: named in the error).
    Raises BaselineError."""
    rows = data.get("findings") if isinstance(data, dict) else None
    version = data.get("memtui-baseline") if isinstance(data, dict) else None
    if (not isinstance(data, dict)
            or version not in (BASELINE_VERSION, *OLD_BASELINE_VERSIONS)
            or not isinstance(rows, list)
            or not all(isinstance(r, dict) and isinstance(r.get("fingerprint"), str)
                       for r in rows)):
        raise BaselineError(f"{path}: not a memtui baseline (write one with "
                            "--write-baseline)")
    key, unused = None, 0
    if version != BASELINE_VERSION:  # its credentials' fingerprints are display text
        unused = sum(1 for r in rows if r.get("rule") == "secret")
    else:
        text = data.get("key")
        if not (isinstance(text, str) and len(text) == 2 * KEY_BYTES
                and all(c in "0123456789abcdef" for c in text)):
            raise BaselineError(f"{path}: not a memtui baseline (no key; write one with "
                                "--write-baseline)")
        key = bytes.fromhex(text)
    named = {r["fingerprint"]: (str(r.get("rule", "")), str(r.get("path", ""))) for r in rows
             if r["fingerprint"]}
    return Baseline(Counter(r["fingerprint"] for r in rows if r["fingerprint"]), key, unused,
                    named)


class _Workspace(Protocol):
    @property
    def root(self) -> Path: ...


class _Line(Protocol):
    @property
    def targets(self) -> list[str]: ...


class _Index(Protocol):
    lines: Sequence[_Line]


class Reported(Protocol):
    """What :func:`apply_to` needs of an audit result (``memtui.core.audit.AuditResult``;
    named by shape, so this module need not import the engine that imports it)."""

    findings: list[Finding]
    suppressed: list[Suppressed]
    config_path: str | None
    scans: Mapping[str, _Scan]
    lowered: list[tuple[Finding, str]]
    excluded: tuple[int, int]
    index: _Index

    @property
    def workspace(self) -> _Workspace: ...


R = TypeVar("R", bound=Reported)


class _Quiet:
    """The files scanned whose text holds no ignore comment (``has_ignores`` false: no
    ``memtui:`` or no ``<!--``), which `_Comments` would find empty in the same bytes."""

    def __init__(self, scans: Container[str], commented: set[str]) -> None:
        self.scans, self.commented = scans, commented

    def __contains__(self, rel: object) -> bool:
        return rel not in self.commented and rel in self.scans


#: A credential's advice in a file the agent loads each turn that is no memory.
LOADED = (": the agent loads this file into every turn; memtui fix redact removes the value"
          ", then rotate it")


def _loaded_each_turn(f: Finding, unloaded: dict[str, tuple[int, int]] | None = None,
                      agent: str = "the agent") -> Finding:
    """``f`` as said of a file the agent loads each turn (a credential's message says so),
    or, on a line of the middle the agent's cut drops from it (``unloaded``: path → first,
    last), as said of a line it does not load (newuser34 #2)."""
    if f.kind != "secret" or not f.message.endswith(REPLAYED):
        return f
    cut = (unloaded or {}).get(f.path)
    if cut is not None and f.line is not None and cut[0] <= f.line <= cut[1]:
        said = (f": this line lies in the middle {agent} drops from the file past its load "
                f"limit (lines {cut[0]:,}–{cut[1]:,}), so it is not loaded while the file "
                "stays that long; memtui fix redact removes the value, then rotate it")
    else:
        said = LOADED
    return finding(f.kind, f.path, f.line, f.message[:-len(REPLAYED)] + said, f.severity)


def apply_to(result: R, config: Config, baseline: Baseline | None = None,
             hidden: bool = False, left_over: Counter[str] | None = None) -> R:
    """Apply :func:`apply` to ``result`` in place (its findings become the reported ones,
    ``suppressed`` the rest, ``lowered`` those the config lowered) and record the config
    file used; returns ``result``. ``hidden``: also read what the config's ``exclude``
    leaves out (`memtui.core.reporting.hidden`: counted as suppressed by ``exclude``; an exclude of
    the index or of every memory is an ``exclude_all`` error no config silences).
    ``left_over``: as `apply`'s."""
    root = result.workspace.root
    known = getattr(result.scans, "commented", None)  # a stored result's (no scan made)
    commented = sorted(known) if known is not None else \
        [rel for rel, scan in result.scans.items() if scan.has_ignores]
    # What the index links but the audit did not read as a memory is read now, and its
    # own findings are reported like a memory's: no layout, exclude or archive folder
    # hides what the agent reads (newuser26 #8, #11).
    linked = linked_unaudited(result.workspace, (t for line in result.index.lines
                                                 for t in line.targets), result.scans)
    judge = profile_named(result.profile)
    keeps, typed = judge.keeps, judge.frontmatter
    if linked:
        found, _unread = excluded_findings(result.workspace, linked,  # type: ignore[arg-type]
                                           typed=typed)
        # a new list: the derivation keeps the one it gave, and gives it again to the next
        # re-audit with nothing changed (newuser29 #34: each such re-audit added these
        # findings once more — "20 credentials" for 15 after `o`); judged as the profile
        # judges its memories' (real33: "no frontmatter" on OpenClaw's SOUL.md, linked from
        # its MEMORY.md, though no OpenClaw file carries frontmatter)
        result.findings = [*result.findings, *(f for f in found if keeps(f))]
    # And every other text under the memory root the agent can open (an archive, a hidden
    # or excluded file, a .txt or .env, a profile's files that are no memories) is read
    # for what the agent would read in it: what counts as a memory never decides what is
    # read for credentials (session 28, `memtui.core.scanner.readable`).
    read = {*linked, INDEX_NAME}
    target = index_target(result.workspace)  # type: ignore[arg-type]
    if target is not None:  # MEMORY.md a link to it: that file is the index, read as one
        read.add(target)
    read.update(result.scans)
    # What the agent loads into every turn besides the index (OpenClaw's TOOLS.md, USER.md,
    # AGENTS.md…): read as a memory is, whatever folder it lies in (newuser29 #14).
    block = getattr(result, "block", None)
    in_block = set(getattr(block, "files", ())) - {INDEX_NAME}
    if in_block:  # a memory the agent loads each turn (Gemini's imports: newuser32 #13)
        unloaded, agent = getattr(block, "unloaded", {}), profile_named(result.profile).agent
        result.findings = [_loaded_each_turn(f, unloaded, agent) if f.path in in_block
                           else f for f in result.findings]
    # and an order hidden in an HTML comment there, as in the index (newuser38 #9), and in
    # what the agent loads whole when it uses it (OpenClaw's skills/*/SKILL.md)
    on_use = profile_named(result.profile).loaded_on_use(result.workspace.root)
    if in_block or on_use:
        result.findings = [*result.findings, *(f for f in injected_comment_findings(
            result.workspace, [*sorted(in_block), *on_use]) if keeps(f))]  # type: ignore[arg-type]
    loaded = [rel for rel in dict.fromkeys(getattr(block, "files", ()))
              if rel not in read and os.path.isfile(os.path.join(root, rel))]
    if loaded:
        found, _unread = excluded_findings(result.workspace, loaded,  # type: ignore[arg-type]
                                           typed=typed)
        # as the profile judges its memories' findings (real30: standing orders are what
        # OpenClaw's AGENTS.md is for, `memtui.core.profiles.openclaw`); the relative dates
        # of what it loads, where memories carry no type (newuser37 #20: OpenClaw's USER.md)
        result.findings.extend(_loaded_each_turn(f) for f in found
                               if (f.kind in READ_KINDS or f.kind == "relative_date")
                               and keeps(f))
        read.update(loaded)
    # (and an agent's workspace around its memory folder: its top-level files, for
    # credentials, when the profile says the agent works there: redteam34)
    reach = profile_named(result.profile)
    tops, whole = scope(result.workspace,  # type: ignore[arg-type]
                        walked_reach(result.workspace, result.profile),  # type: ignore[arg-type]
                        reach.workspace_files)
    walked = readable_findings(result.workspace, read, tops, whole)  # type: ignore[arg-type]
    seen_unread = {f.path for f in result.findings if f.kind == "unchecked_text"}
    walked = [f for f in walked if f.kind != "unchecked_text" or f.line is not None
              or f.path not in seen_unread]  # (a bootstrap file linking out: said once)
    # A credential is never the configuration's to hide; the warnings of a file its
    # ``exclude`` names (instruction-like, hidden text: a folder of imports called noise)
    # are counted as suppressed by exclude, as an excluded memory's are (an explicit
    # --fail-on still counts them).
    out_of_scope = excluder(config.exclude) if config.exclude else None
    set_aside = [f for f in walked if f.kind in WARNED and out_of_scope is not None
                 and out_of_scope(f.path)]
    if set_aside:
        aside = {id(f) for f in set_aside}
        walked = [f for f in walked if id(f) not in aside]
    result.findings = [*result.findings, *walked]  # (a new list: see above)
    values = None
    if baseline is not None:
        secret_files = {f.path for f in result.findings if f.kind == "secret"}
        values = secret_values({rel: _secret_scan(result.scans, rel) for rel in secret_files
                                if rel in result.scans}, root, result.findings)
    lowered: list[tuple[Finding, str]] = []
    result.findings, result.suppressed = apply(result.findings, root, config, baseline,
                                               values, [*commented, INDEX_NAME], lowered,
                                               _Quiet(result.scans, set(commented)),
                                               left_over)
    result.lowered = lowered
    result.config_path = config.path
    result.suppressed.extend(Suppressed(f, "exclude") for f in set_aside)
    archives = getattr(result, "archives_excluded", None) or []
    if hidden and (config.exclude or archives):
        ws = result.workspace
        # the archive folders left out by default are read the same way (newuser24 #54:
        # a credential in memory/_archive/ was counted nowhere)
        left_out, result.unused_excludes = excluded_files(
            ws, config.exclude, archives)  # type: ignore[arg-type]
        found, unread = excluded_findings(  # (what the index links: reported above)
            ws, [rel for rel in left_out if rel not in linked], True,  # type: ignore[arg-type]
            typed=typed)
        # (what the agent reads in them is reported above, never suppressed by exclude;
        # and only what this agent's audit would report: an OpenClaw note has no
        # frontmatter to miss, newuser36 #14 — ten "suppressed" findings that did not exist)
        found = [f for f in found if f.kind not in READ_KINDS and keeps(f)]
        result.suppressed.extend(Suppressed(f, "exclude") for f in found)
        folders = tuple(a.rstrip("/") + "/" for a in archives)
        result.excluded = Excluded(len(left_out), unread,
                                   sum(not rel.startswith(folders) for rel in left_out))
        alarm = exclude_all_finding(config, ws, len(result.scans), left_out)  # type: ignore[arg-type]
        if alarm is not None:
            result.findings.insert(0, alarm)
    return result
