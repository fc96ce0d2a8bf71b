"""The scan: what one memory file yields on its own, a pure function of its bytes and path
(frontmatter, links, wikilinks, credentials, instruction-like lines; tokens are counted on
demand, by the auditor). What the index yields on its own is here too (`index_findings`).
Nothing here knows of any other file: that is the derivation's (`memtui.core.derivation.derive`)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from memtui.core.caches.clean_texts import CleanTexts
from memtui.core.checks.contradiction import claims
from memtui.core.checks.fields import (
    addressed_sections,
    described_order,
    hooked_orders,
    sentence_cells,
    sentence_items,
)
from memtui.core.checks.findings import Finding, finding
from memtui.core.checks.hidden_text import comment_findings, hidden_findings
from memtui.core.checks.instructions import (
    ADDRESS_KEYWORDS,
    ORDER_KEYWORDS,
    described,
    scan_instructions,
)
from memtui.core.checks.instructions import KEYWORDS as INSTRUCTION_KEYWORDS
from memtui.core.checks.missing_why import TYPES as WHY_TYPES
from memtui.core.checks.missing_why import missing
from memtui.core.checks.near_duplicate import sketch
from memtui.core.checks.near_duplicate_store import pack
from memtui.core.checks.relative_date import ANCHORS as DATE_ANCHORS
from memtui.core.checks.relative_date import CLDR_ANCHORS, relative_dates
from memtui.core.checks.stale_reference import Ref, references
from memtui.core.checks.waived import SCHEMA, stray_fields, waived_lines
from memtui.core.counting.tokens import bytes_digest, text_digest
from memtui.core.creds.detector import (
    LineBudget,
    SecretHit,
    keyword_lists,
    mask_secrets,
)
from memtui.core.creds.placed import placed, with_values
from memtui.core.derivation.graph import Spellings, spellings
from memtui.core.git.age import parse_date
from memtui.core.record import Record
from memtui.core.scanner.continued_lines import scan_joined
from memtui.core.scanner.headings import mark_headings
from memtui.core.scanner.index import CONTENT_HOOK_CHARS, CONTENT_LINE_CHARS, Index, wider_than
from memtui.core.scanner.index_secrets import index_secrets
from memtui.core.scanner.keywords import KeywordProbe, expect
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.links import Link, markdown_links_cut, wikilinks
from memtui.core.scanner.memory_file import TOP_LEVEL_TYPE, MemoryFile, parse_memory
from memtui.core.scanner.shared_empty import share_scan
from memtui.core.scanner.tail_secrets import check_rest
from memtui.core.scanner.textfile import HEAD_ONLY, MAX_INDEX_BYTES, read_text
from memtui.core.workspace import INDEX_NAME, is_documentation


# one per memory: no __dict__ each (issue 35)
class FileScan(Record):
    """What one memory file yields on its own: a pure function of its bytes and path
    (`scan_file`), kept in memory and in the user cache (`memtui.core.caches.scans`)."""

    __slots__ = (
        "claims",
        "dated",
        "digest",
        "has_ignores",
        "instructions",
        "links",
        "memory",
        "mtime",
        "name_line",
        "old_format",
        "own_findings",
        "read_findings",
        "refs",
        "secrets",
        "sketch",
        "spellings",
        "tokens",
        "why",
        "wikilinks",
    )

    memory: MemoryFile
    links: list[Link]
    wikilinks: list[Link]
    secrets: list[SecretHit]
    instructions: list[tuple[int, str, str]]
    mtime: float
    read_findings: list[Finding]
    tokens: dict[str, int]
    #: Everything this file yields on its own (read problems, frontmatter, secrets,
    #: instruction-like text), built once when the file is scanned.
    own_findings: list[Finding]
    #: The frontmatter date as a timestamp (None: no usable date), parsed once.
    dated: float | None
    #: ``text_digest`` of the file's text (empty when not computed).
    digest: bytes
    #: The line of the frontmatter's ``name:`` (1 when none in the first 40 lines).
    name_line: int
    #: ``type`` sits at the top level (the older format; gathered into one finding).
    old_format: bool
    #: The loose spellings wikilinks find this file by (`memtui.core.derivation.graph.spellings`).
    spellings: Spellings
    #: The text holds a ``<!-- memtui: …`` comment (the suppression step reads it again to
    #: report the ignore comments that silence nothing).
    has_ignores: bool
    #: The text's near-duplicate sketch (`memtui.core.checks.near_duplicate_sketch`; empty: too
    #: short), packed when scanned (`memtui.core.checks.near_duplicate_store.pack`).
    sketch: bytes
    #: The paths, symbols and command lines the memory names (`memtui.core.checks.stale_reference`).
    refs: tuple[Ref, ...]
    #: A feedback or project memory's (has a Why line, has a How to apply line); None for
    #: other types (`memtui.core.checks.missing_why`: reported where the folder uses the labels).
    why: tuple[bool, bool] | None
    #: Each sentence with a value, a line: its digest and values
    #: (`memtui.core.checks.contradiction`).
    claims: str

    def __init__(self, memory: MemoryFile, links: list[Link], wikilinks: list[Link],
                       secrets: list[SecretHit], instructions: list[tuple[int, str, str]],
                       mtime: float, read_findings: list[Finding] | None = None,
                       tokens: dict[str, int] | None = None,
                       own_findings: list[Finding] | None = None, dated: float | None = None,
                       digest: bytes = b"", name_line: int = 1, old_format: bool = False,
                       spellings: Spellings = ("", "", "", ""), has_ignores: bool = False,
                       sketch: bytes = b"", refs: tuple[Ref, ...] = (),
                       why: tuple[bool, bool] | None = None,
                       claims: str = "") -> None:
        self.memory = memory
        self.links = links
        self.wikilinks = wikilinks
        self.secrets = secrets
        self.instructions = instructions
        self.mtime = mtime
        self.read_findings = [] if read_findings is None else read_findings
        self.tokens = {} if tokens is None else tokens
        self.own_findings = [] if own_findings is None else own_findings
        self.dated = dated
        self.digest = digest
        self.name_line = name_line
        self.old_format = old_format
        self.spellings = spellings
        self.has_ignores = has_ignores
        self.sketch = sketch
        self.refs = refs
        self.why = why
        self.claims = claims


#: The four values of `FileScan.why`, shared by every scan (one tuple each was ~0.5 MB at
#: 10,000 memories, issue 35).
WHY_PAIRS: dict[tuple[bool, bool], tuple[bool, bool]] = {
    (a, b): (a, b) for a in (False, True) for b in (False, True)}


def secret_finding(rel: str, hit: SecretHit) -> Finding:
    """The ``secret`` finding of one credential: it shows the value masked (``ab…yz``);
    the baseline knows it by a keyed hash of the whole value (`memtui.core.reporting.suppress`)."""
    return finding("secret", rel, hit.line,
                   f"{hit.kind} ({hit.redacted}): memories are replayed into every later turn")


#: Why a credential check stopped at one of its bounds (`memtui.core.creds.detector`).
TOO_MUCH = ("the text holds more than 100 credentials or 5,000 distinct lines for the checks to "
            "read, or costs them more than their CPU budget (2 s a MiB)")


def unchecked(rel: str, line: int | None, why: str) -> Finding:
    """The ``unchecked_text`` finding: ``rel`` was not read for credentials from ``line``
    on (None: at all), and why. An error, whatever stopped the check: what was not read
    cannot be called clean (newuser27 #7; `memtui.core.scanner.tail_secrets`)."""
    where = "at all" if line is None else f"from line {line} on"
    return finding("unchecked_text", rel, line,
                   f"not checked for credentials {where}: {why}; a credential there would "
                   "pass unseen")


def followed_unread(rel: str) -> Finding:
    """The ``unchecked_text`` error of ``rel``, a symbolic link out of the workspace: the
    audit never follows it, the agent does (the index it injects every turn, a memory it
    opens), so what it leads to is a text nobody checked for credentials — an error no
    setting of the workspace lowers, not a passing warning (newuser32 #20)."""
    return unchecked(rel, None, "a symbolic link out of the workspace, not followed (the "
                                "agent follows it)")


#: How a credential of the index is placed; past the lines the agent loads it is
#: `NOT_INJECTED` instead (`memtui.core.derivation.derive`: newuser29 #21).
INJECTED = " in the injected index"
NOT_INJECTED = (" in MEMORY.md past the lines the agent loads (not injected; its file tools "
                "can still read it)")
DROPPED = (" in MEMORY.md in the middle the agent's cut drops (not injected; its file tools "
           "can still read it)")


def quoting_masked(findings: list[Finding], hits: list[SecretHit]) -> list[Finding]:
    """``findings`` with each credential of ``hits`` that a message quotes (an instruction's
    excerpt, hidden text, a date phrase) shown as its ``secret`` finding shows it
    (``ab…yz``): the one place a file's findings lose the values (newuser29 #15)."""
    if not any(h.value for h in hits):
        return findings
    return [f if f.kind == "secret" or not any(h.value and h.value in f.message for h in hits)
            else finding(f.kind, f.path, f.line, mask_secrets(f.message, hits), f.severity,
                         f.files)
            for f in findings]


def not_credentials(refs: list[Ref], hits: list[SecretHit]) -> list[Ref]:
    """``refs`` less those that hold a credential of ``hits``: a token is no name of the
    project's, and its ``stale_reference`` would print it whole (newuser29 #15)."""
    values = [h.value for h in hits if h.value]
    if not values:
        return refs
    return [r for r in refs if not any(v in r[2] for v in values)]


#: an inline markdown link or an autolink to a web address (``](https://…``, ``<https://…>``)
_WEB_LINK = lazy_pattern(r"\]\(\s*<?(?:https?|ftp)://|<(?:https?|ftp)://", re.IGNORECASE)


def web_linked(text: str) -> bool:
    """Whether an index line links a web address (a link the index parse leaves out: it
    leads to no file of the workspace)."""
    return "://" in text and _WEB_LINK.search(text) is not None


def index_findings(index: Index) -> list[Finding]:
    """What the index yields on its own: read problems, content, credentials,
    instruction-like text and relative dates."""
    lines = [*index.problem_lines, *[None] * (len(index.problems) - len(index.problem_lines))]
    out = [finding("read_problem", INDEX_NAME, line, problem)
           for problem, line in zip(index.problems, lines, strict=False)]
    _expect_keywords()  # the index is read first: the matchers built once, for all lists
    # One keyword probe of the whole text for every check below, as a memory's scan shares
    # one: without it the relative dates' CLDR anchors were ~1,400 substring searches over
    # the whole text (0.63 s of CPU for a 10,000-line MEMORY.md, issue 35).
    probe = KeywordProbe(index.text)
    for line in index.lines:
        if line.kind == "prose" and web_linked(line.text):
            # a pointer to a document by a web link (no memory file's link): its words are
            # an entry's hook, not a line "with no link" (real38: a 310-character line
            # naming a design document kept in a sibling repository)
            if wider_than(line.text, CONTENT_HOOK_CHARS):
                out.append(finding("content_in_index", INDEX_NAME, line.number,
                                   f"{line.chars:,}-character line linking no memory file: "
                                   "memory content belongs in a memory file"))
        elif line.kind == "prose" and wider_than(line.text, CONTENT_LINE_CHARS):
            out.append(finding("content_in_index", INDEX_NAME, line.number,
                               f"{line.chars:,}-character line with no link: memory content "
                               "belongs in a memory file"))
        elif line.kind == "entry" and wider_than(line.hook, CONTENT_HOOK_CHARS):
            out.append(finding("content_in_index", INDEX_NAME, line.number,
                               f"{len(line.hook):,}-character hook: memory content injected "
                               "every turn; move it into the memory file it links and keep "
                               "a one-line hook"))
    hits, cut = index_secrets(index.text, probe)
    for hit in hits:
        out.append(finding("secret", INDEX_NAME, hit.line,
                           f"{hit.kind} ({hit.redacted}){INJECTED}"))
    if cut is not None:
        out.append(unchecked(INDEX_NAME, cut, TOO_MUCH))
    elif any(p.endswith(HEAD_ONLY) for p in index.problems):
        out.append(unchecked(INDEX_NAME, index.text.count("\n") + 1,
                             f"the index is read up to {MAX_INDEX_BYTES >> 20} MiB"))
    said = scan_instructions(index.text, probe=probe)
    said.extend(hooked_orders(index.lines, said))
    said.extend(sentence_items(index.text, 1, said))  # (Gemini's saved memories)
    said.extend(waived_lines(index.text, 1, said))
    for line_no, reason, excerpt in said:
        out.append(finding("instruction_like", INDEX_NAME, line_no,
                           f"{reason}: \u201c{excerpt}\u201d"))
    # its prose and hooks are injected every turn: a "tomorrow" there is read on every
    # later day (newuser37 #36), checked as a project memory's lines are
    out.extend(finding("relative_date", INDEX_NAME, line, message)
               for line, message in relative_dates(index.text, 1, probe))
    out.extend(finding("hidden_text", INDEX_NAME, line, message)
               for line, message in [*hidden_findings(index.text),
                                     *comment_findings(index.text)])
    return quoting_masked(out, hits)


_expected: list[bool] = []


def _expect_keywords() -> None:
    """Register every keyword list the checks ask a probe about, at once (the matchers
    built once, not once more as each list is first asked about)."""
    if not _expected:
        expect(*keyword_lists(), INSTRUCTION_KEYWORDS, *ORDER_KEYWORDS, *ADDRESS_KEYWORDS,
               DATE_ANCHORS,
               CLDR_ANCHORS)
        _expected.append(True)


def scan_file(full: str | os.PathLike[str], rel: str, mtime: float,
              st: os.stat_result | None = None, clean: CleanTexts | None = None,
              to_sketch: list[FileScan] | None = None) -> FileScan:
    """Read and examine one memory file on its own (no knowledge of the others).
    ``clean``: texts known to pass the credential and instruction checks (skipped for
    them); texts that pass are added. ``to_sketch``: a scan that has a sketch to make is
    added to it, its sketch left for `sketch_scans` (the caller's, before its text is let
    go of), instead of made here."""
    # Opened inside the workspace only, whatever the file became since it was listed
    # (newuser30 #4): the workspace is what ``full`` holds before ``rel``.
    spelled = os.fspath(full)
    root = spelled[:-len(rel)] if rel and spelled.endswith(rel) else None
    read = read_text(full, st=st, root=root or None)
    extra = [finding("read_problem", rel, line, p)
             for p, line in zip(read.problems, read.problem_lines, strict=True)]
    expect_fm = not is_documentation(rel)
    mf = parse_memory(rel, read.text, read.size, expect_frontmatter=expect_fm)
    if not read.ok:
        mf.findings.clear()  # the read problem says it all; an "empty file" would mislead
    body, start = mf.body, mf.body_start
    digest = b""
    probe: KeywordProbe | None = None
    if clean is not None:
        digest = bytes_digest(read.raw) if read.raw else text_digest(read.text)
    budget = LineBudget()
    cut: int | None = None
    if clean is not None and digest in clean:
        secrets: list[SecretHit] = []
        instructions: list[tuple[int, str, str]] = []
    else:
        _expect_keywords()
        probe = KeywordProbe(read.text)
        secrets, cut = scan_joined(read.text, probe=probe, budget=budget)
        secrets = placed(read.text, secrets)  # (what the scan cache keeps: no value)
        if cut is not None:
            extra.append(unchecked(rel, cut, TOO_MUCH))
        head = described(read.text, start)  # the description is read too
        instructions = [*(scan_instructions(head, 1, probe=probe) if head else []),
                        *scan_instructions(body, start, probe=probe)]
        instructions.extend(waived_lines(body, start, instructions))
        if mf.meta and not SCHEMA.issuperset(str(k).lower() for k in mf.meta):
            instructions.extend(stray_fields(read.text, start))
        if (mf.type or "").strip().lower() != "feedback":
            # (a feedback memory is the user's rules to the model: its label and its
            # headings may speak to it)
            if head and mf.description:
                instructions.extend(described_order(head, mf.description, instructions))
            instructions.extend(addressed_sections(body, start, instructions))
            instructions.extend(sentence_cells(body, start, instructions))
            instructions.extend(sentence_items(body, start, instructions))
        if clean is not None and not secrets and not instructions and cut is None:
            clean.add(digest)  # (a text the checks did not read to its end is not clean)
    unread: list[Finding] = []  # past the head: a lasting finding, the scan may be kept
    if read.rest_at >= 0 and budget.left > 0 and cut is None:  # (a cut head says it)
        rest_line = read.text.count("\n") + 1
        rest = check_rest(full, read.rest_at, rest_line, read.size, budget, len(secrets),
                          root or None)
        # The head's last line was cut at the cap: read again whole with the rest.
        secrets = [h for h in secrets if h.line < rest_line] + rest.hits
        if rest.stopped_at is not None:
            unread.append(unchecked(rel, rest.stopped_at, rest.why))
    links, cut = markdown_links_cut(rel, body, start)
    if cut is not None:
        extra.append(finding("read_problem", rel, cut, f"links from line {cut} on not "
                             "checked: the text would cost the markdown parser too much"))
    scan = FileScan(
        memory=mf,
        links=links,
        wikilinks=mark_headings(wikilinks(rel, body, start), body),
        secrets=secrets,
        instructions=instructions,
        mtime=mtime,
        read_findings=extra,
    )
    old_format = any(f.message == TOP_LEVEL_TYPE for f in mf.findings)
    own = [*extra, *unread, *(f for f in mf.findings if f.message != TOP_LEVEL_TYPE)]
    own.extend(secret_finding(rel, hit) for hit in scan.secrets)
    for line_no, reason, excerpt in scan.instructions:
        own.append(finding("instruction_like", rel, line_no,
                           f"{reason}: \u201c{excerpt}\u201d"))
    own.extend(finding("hidden_text", rel, line, message)
               for line, message in hidden_findings(read.text, raw=read.raw))
    # (an untyped memory's too: kept only under an agent whose memories carry no type,
    # `memtui.core.derivation.derive.file_state`; newuser37 #20)
    dv = mf.date_value()
    scan.dated = parse_date(dv[1]) if dv is not None else None
    # (a frontmatter date dates the memory's relative dates as a dated name does: its
    # "yesterday" is the day before that one; newuser38, fix38a's OpenClaw notes)
    if read.ok and expect_fm and scan.dated is None and (
            not mf.type or mf.type.strip().lower() == "project"):
        own.extend(finding("relative_date", rel, line, message)
                   for line, message in relative_dates(
                       body, start, probe, (rel.rsplit("/", 1)[-1], mf.name or "")))
    if read.ok and mf.type and mf.type.strip().lower() in WHY_TYPES:
        lacking = missing(mf.type, body)
        scan.why = WHY_PAIRS["**Why:**" not in lacking, "**How to apply:**" not in lacking]
    if dv is not None and scan.dated is None and not any(
            f.kind == "frontmatter" and f.message.startswith(f"{dv[0]}: ") for f in own):
        own.append(not_a_date(rel, mf, *dv))  # as an impossible date is (newuser31 #29)
    scan.own_findings = quoting_masked(own, scan.secrets)
    if read.ok and expect_fm:
        if to_sketch is None:
            sketch_scans((scan,))
        else:
            to_sketch.append(scan)
        scan.refs = tuple(not_credentials(references(body, start), scan.secrets))
    scan.old_format = old_format
    scan.digest = digest
    scan.name_line = name_line(mf)
    scan.spellings = spellings(mf.name, mf.stem)
    scan.has_ignores = "memtui:" in read.text and "<!--" in read.text
    share_scan(scan)  # its empty lists one shared list (issue 35: ~72 bytes each)
    return scan


def sketch_scans(scans: Iterable[FileScan]) -> None:
    """Make each scan's near-duplicate sketch (`memtui.core.checks.near_duplicate_sketch`)
    from its text, held packed (`memtui.core.checks.near_duplicate_store`: half the bytes,
    issue 35). A scan of many files makes them a batch at a time (`SKETCH_BATCH`), not one
    between each file's other steps: the sketch's code and tables stay in the processor's
    caches from one text to the next (~0.2 s of CPU at 10,000 memories, issue 34)."""
    for scan in scans:
        mf = scan.memory
        text = f"{mf.description or ''}\n{mf.body}"
        scan.sketch = pack(sketch(text, mf.type or ""))
        scan.claims = claims(text)


#: Scans whose sketches are made in a row (`sketch_scans`): their texts are held until then.
SKETCH_BATCH = 64


def audited_text(root: str | os.PathLike[str], scan: FileScan) -> str | None:
    """The text ``scan`` was made from: its own when it holds it, else the file under
    ``root`` read again (as the scan read it: a regular file only, without blocking, at most
    `memtui.core.scanner.textfile.MAX_READ_BYTES`) and given only when its content digest is
    the scan's. None when the file changed since (or is now a link elsewhere, a FIFO, gone):
    a text shown or counted is always the one the scan audited (issue 35: the app keeps no
    memory's text)."""
    held = scan.memory.text
    if held or not scan.digest:
        return held
    read = read_text(os.path.join(root, scan.memory.path))
    got = bytes_digest(read.raw) if read.raw else text_digest(read.text)
    return read.text if got == scan.digest else None


def secrets_with_values(root: str | os.PathLike[str], scan: FileScan,
                        text: str | None = None) -> list[SecretHit]:
    """``scan``'s credentials with their values: a scan read back from the scan cache holds
    none (`memtui.core.creds.placed`), so they are taken from ``text`` (the text ``scan`` was
    made from) or from the file read again when it is still that text (`audited_text`);
    left without when it is not (a fingerprint of none matches nothing)."""
    hits = scan.secrets
    if all(h.value for h in hits):
        return hits
    if text is None:
        text = audited_text(root, scan)
    return hits if text is None else with_values(text, hits)


def file_secrets(root: str | os.PathLike[str], rel: str) -> list[SecretHit]:
    """The credentials, with their values, of ``rel`` under ``root`` read again as the audit
    reads a file it keeps no scan of: the index as `index_findings` does, any other (a file
    only linked, a text under the memory folder that is no memory) as `scan_file` does.
    For the baseline's keyed fingerprints, which need each value (newuser29 #2)."""
    full = os.path.join(root, rel)
    if rel == INDEX_NAME:
        return scan_joined(read_text(full, MAX_INDEX_BYTES).text)[0]
    try:
        return list(scan_file(full, rel, 0.0).secrets)
    except (OSError, ValueError, RecursionError, MemoryError):
        return []


def not_a_date(rel: str, mf: MemoryFile, key: str, value: object) -> Finding:
    """The ``frontmatter`` finding of a date key (``modified:``) whose value is no date
    (``not-a-date``, a list): the agent's date does not age the memory, and says so."""
    from memtui.core.git.written_date import ambiguous

    shown = str(value).replace("\n", " ")
    shown = shown if len(shown) <= 60 else shown[:59] + "\u2026"
    why = ambiguous(value) if isinstance(value, str) else ""
    # (a day and a month either way round: said, with the forms read; newuser37 #29)
    return finding("frontmatter", rel, key_line(mf, key),
                   f"{key}: {shown} is not a date{why}; the age is not taken from it")


def key_line(mf: MemoryFile, key: str) -> int:
    """The file line of frontmatter key ``key`` (1 when it is not found in the first 40)."""
    text = mf.text
    at = 0 if text.startswith(f"{key}:") else text.find(f"\n{key}:") + 1
    line = text.count("\n", 0, at) + 1 if at else 1
    return line if line <= 40 else 1


def name_line(mf: MemoryFile) -> int:
    return 1 if mf.name is None else key_line(mf, "name")

