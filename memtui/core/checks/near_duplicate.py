"""Memories that say nearly the same thing (``near_duplicate``), found without comparing
every pair past a few hundred: each memory's text is sketched once
(`memtui.core.checks.near_duplicate_sketch`: shingles that survive rewording, the smallest
of their hashes, MinHash bins, facts and fields), and the pairing reads the sketches alone.

The similarity of two sketches is the Jaccard similarity of their shingle sets estimated
from the ``BOTTOM`` smallest hashes (exact for smaller sets). A pair is judged as written and
again with the workspace's template left out (`_kept`: a line most of its memories hold, a
provenance line, a signature, is no content; `memtui.core.checks.near_duplicate_template`,
up to ``ALL_PAIRS`` sketches; blind set rules10). Look-alikes are the risk at a
low threshold: two memories made from one template (two teams, two shops, two hosts) share
most words and differ in their facts. So a pair is reported when (1) it is at least
``THRESHOLD`` alike; or at least ``LOW`` alike with the other holding most of the facts of
the side with fewer, or neither holding any (a preference or a rule in words: nothing to
contradict); or at least ``FLOOR`` alike with both holding the same facts, three or more,
or one holding all the other's, four or more (prose against a command block, a synonym per
sentence: the words change, the facts stay; `backed`), or at least ``FLOOR`` alike with one
side the other grown (a short rule, at most ``SHORT`` shingles, half of them in a text
``GROWN`` times its size, a fact in common: the rule and its paragraph with a background and a
**Why:**; `_grown`), or from ``RESTATED`` to ``LOW`` alike with its facts one memory's
restated in other words (`restated`: three distinctive facts in common, or two and the type,
every one of the side with fewer held by the other: a formula against its spoken worked
example, a list against its prose; a number written in words is a fact, marked, that backs
a pair where the other side holds the number and is never one side's own: `_settled`,
`memtui.core.checks.near_duplicate_numbers`; issue 34, blind set rules9; under ``RESTATED``
alike, two languages sharing next to no word, when one side spells out a number of them:
blind set rules10), and (2) below
``COPY`` alike, its
facts do not conflict (each side holding a fact the other lacks: a copy holds the other's
facts, or adds some; two daily logs or a corrected memory each hold their own), nor, ever, its
``key: value`` lines (two keys or more in common, half of them with values that share no
word), nor, ever, its slots (`slot_conflicts`: structure over phrases). A slot is a value (a
number, a date, a version, a code span, a handle, an ID, a name) with the context around it
(the two words, or runs of unspaced characters, before it; and after it); two memories
holding one context with other values in it (each side a number the other's lacks there,
a decimal against decimals, a whole number against whole ones: a version and a date are no
conflict; or a name) are two instances of one template, or a decision and its correction, whatever
their similarity: two such slots, or one with no more slots agreeing, keep them apart. A
rewording keeps its values (``1.5k`` and ``1 500``, ``2026-04-30`` and “30 April 2026” share
theirs) and changes most contexts, which only drops a slot from the comparison: no conflict
unless the contexts match. Strong slots (`strong_slots`: the label opening a memory, ``DAU
= …`` against ``MAU = …``; a word swapped in a frame of four words of its first line, its
description: another approver's name) keep two memories apart with one conflict (no word in
common there). Below ``COPY``, facts of each side's own are excused when two slots or more
agree and none conflicts, at most ``OWN`` on each side (a date or an amount written
otherwise: ``4.500.000`` and ``4.5tr``; bench/RESULTS.md, "blind set rules7 folded
in"). Two files named by their date (an agent's daily log,
``memory/2026-04-01.md``) are a journal that repeats itself day to day, never paired with
each other unless one holds the other whole (`_copied`: a file copied under another date, a
day's note carried over whole and extended), in its lines too (`_held_lines`: notes of one
vocabulary share their words' set, not a line; newuser35 #21). A memory's type is one of its facts
(`kind_fact`): two types conflict, one type backs a side holding no other fact.

Up to ``ALL_PAIRS`` sketches, a pair not reported so is compared by its claims
(`_by_claims`, `memtui.core.checks.near_duplicate_claims`; issue 32, blind set rules39): a
superset, a list against its prose in another order, one value written two ways, each claim
of the memory with fewer held by the other and none contradicted, the structural guards
above still keeping apart (`_apart`); proposed only by a rare-shingle filter (two sketches
sharing three of their 32 smallest hashes that at most three sketches hold:
`near_duplicate_template.rare_partners`), ~1.3 ms of the pairing at 261 memories.

A text of a line or two (under ``MIN_SHINGLES`` shingles, from ``FEWEST``) is paired only
from ``THRESHOLD`` alike, its facts checked even past ``COPY`` (a line with one value
changed is another instance; blind set rules11).

Candidates: up to ``ALL_PAIRS`` sketches every pair; past it, two sketches agreeing on a
band of ``ROWS`` bins (LSH) or sharing a fact that at most ``FACT_BUCKET`` sketches hold (a
rewording keeps its rare facts: the pairs from ``FLOOR`` alike are found there too when
their facts are rare; a pair without facts under half alike, only up to ``ALL_PAIRS``).
`pairs` computes it all at once, keyed by anything (a memory's path, or an entry of a file
holding many: see `entry_sketches`); `Buckets` keeps it for a live auditor and gives
exactly what `pairs` gives after any changes.

Cost at 10,000 memories (bench/RESULTS.md, "the slots read where a pair is compared"): the
pairing ~73 µs a memory (~32,000 candidate pairs on the bench, each a set intersection of up
to ``BOTTOM`` hashes), the sketches ~3 times that (their slots read only for the pairs
compared: 2 of the 32,000); together ~45 % of the cold audit as the audit pays it (the
audit with and without the rule's work), ~35 % counted alone.
Up to ``ALL_PAIRS`` (bench/RESULTS.md, "near_duplicate: every pair by bits"), each pair is
two ANDs of the sketches' bits (`_bitmaps`): 261 memories alike by chance, 33,930 pairs,
474 million instructions (2,401 million with set intersections: a third of the cold audit).

The module is past 500 lines: one concept, pairing sketches (candidates, similarity, the
facts' verdict, the live auditor's buckets), its parts sharing the sketch's layout.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from array import array
from bisect import bisect_right, insort
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, MutableMapping
from itertools import pairwise
from operator import itemgetter

from memtui.core.checks import near_duplicate_kernel as _kernel
from memtui.core.checks.contradiction import numbered_instances
from memtui.core.checks.findings import WORKSPACE, Finding, finding
from memtui.core.checks.near_duplicate_claims import same_claims
from memtui.core.checks.near_duplicate_conflict import SPAN, Contradicting, contradicts
from memtui.core.checks.near_duplicate_hubs import unhubbed
from memtui.core.checks.near_duplicate_ids import other_ids
from memtui.core.checks.near_duplicate_kernel import candidates as _native_candidates
from memtui.core.checks.near_duplicate_kernel import screen as _screen
from memtui.core.checks.near_duplicate_kernel import shared as _shared
from memtui.core.checks.near_duplicate_named import named
from memtui.core.checks.near_duplicate_negation import Disagreeing, disagree
from memtui.core.checks.near_duplicate_order import keys_apart, reordered, rows_moved
from memtui.core.checks.near_duplicate_sketch import (
    BOTTOM,
    DECIMAL_BIT,
    FACT_MASK,
    HASH_MASK,
    MAX_FACTS,
    MIN_SHINGLES,
    NAME_BIT,
    SLOT_CHARS,
    TITLED,
    WORD_BIT,
    K,
    entry_sketches,
    shingle_hashes,
    sketch,
    stored_slots,
    strong_slots,
    terms,
    window_text,
)
from memtui.core.checks.near_duplicate_store import HEAD, Packed, full_size, packed_count, unpack
from memtui.core.checks.near_duplicate_store import band as _band
from memtui.core.checks.near_duplicate_store import facts_of as _stored_facts
from memtui.core.checks.near_duplicate_store import rest as _rest
from memtui.core.checks.near_duplicate_template import LINES, Template, common_lines, discounted

# A sketch may come packed (a scan's: `memtui.core.checks.near_duplicate_store`, issue 35) or
# whole (a cached scan's, a caller's): every reader here takes either.

__all__ = ["BANDS", "BUCKET_ALL", "Buckets", "Copied", "Verdicts", "crowded", "crowded_finding",
           "entry_sketches", "findings_of",
           "near_duplicate_findings", "near_duplicate_texts", "pair_finding", "pair_findings",
           "pairs",
           "shingle_hashes", "similarity", "sketch", "sketches_named", "slot_conflicts",
           "strong_slots"]

BANDS, ROWS = 10, 6  # LSH past ALL_PAIRS sketches: 60 of the K bins, in bands
FACT_BUCKET = 8  # past ALL_PAIRS, two sketches sharing a fact no more hold are candidates
ALL_PAIRS = 300  # up to this many sketches every pair is compared (LSH past it)
THRESHOLD = 0.5  # estimated Jaccard similarity from which two texts are near-duplicates
LOW = 0.2  # ... from which they are when they share most facts and none conflicts (or
#             neither holds any: nothing contradicts)
FLOOR = 0.1  # ... from which they are when both hold the same facts, two or more
GROWN, HELD = 2, 0.5  # one text this many times the other's shingles, holding this share
#                       of them: the other grown (`_grown`) ...
SHORT = 32  # ... when the other is a short rule (a sentence or two: this many shingles)
RESTATED = 0.05  # ... from which they are when their facts are one memory's restated
#                 (`restated`); from any word in common when one side spells out a number
#                 of them (another language: `restated`)
SPELLED = 0.0  # (pairs compared from any word in common: `restated`)
SAME = 4  # facts, all of both sides, from which `restated` needs none distinctive
WHOLE = 0.9  # share of the smaller daily log's shingles the other holds: a copy (`_copied`)
COPY = 0.7  # ... from which an edited copy is one even where each side has facts of its own
SWAPPED = 3  # slots agreeing per conflict of small numbers moved (`_moved`'s ``weak``)
AGREE, OWN = 2, 2  # slots agreeing (none in conflict) that excuse up to OWN facts of each
#                   side's own (`agree`: numbers written otherwise)
SHARED = 5  # facts in common (types and small numbers too) that excuse one of each side's own
#            where no slot conflicts and neither is a type: the same facts, one value written
#            in a form the other side's reader lacks (`agree`; "two weeks" and "14 days")
BUCKET_ALL = 5  # a band bucket with more members pairs each with its first only (no n²)

#: Facts too common to tell one memory's from another's (`restated`): numbers up to ten, the
#: years around now, the common types (`kind_fact`).
_TYPES = frozenset(zlib.crc32(b"\0type " + k.encode()) & FACT_MASK
                   for k in ("user", "feedback", "project", "reference"))
_WEAK = _TYPES | frozenset(zlib.crc32(str(v).encode()) & FACT_MASK
                           for v in (*range(11), *range(1990, 2040)))
_WEAK_SLOT = frozenset(f & ((1 << 30) - 1) for f in _WEAK - _TYPES)  # (as `_moved` reads)
#: A year as a slot's value (`slots`' 30 bits): another kind of value than a count.
_YEAR_SLOT = frozenset(zlib.crc32(str(v).encode()) & ((1 << 30) - 1) for v in range(1990, 2040))
_TYPE_FACTS = array("q", sorted(_TYPES))  # (as `memtui_native.screen` reads them)
#: A daily log's name (``memory/2026-04-16.md``, OpenClaw's ``2026-04-16-standup.md``); not a
#: Codex note's, named by the second it was written (``2026-09-10T11-21-39-<slug>.md``): one
#: fact per note, compared as memories are (rules37's Codex workspaces: 0 of 20 paired).
_DATED = re.compile(r"(?:^|/)\d{4}-\d{2}-\d{2}(?!T\d{2}-\d{2}-\d{2})[^/]*\.md$")
#: The numbers 1, 2, 3 … in order, and the years (`_numbering`).
_COUNTING = tuple(zlib.crc32(str(v).encode()) & FACT_MASK for v in range(1, 11))
_YEARS = frozenset(zlib.crc32(str(v).encode()) & FACT_MASK for v in range(1990, 2040))


def _copied(shared: int, cx: int, cy: int, nx: int, ny: int) -> bool:
    """Whether of two daily logs (``memory/2026-04-16.md``) one is a copy of the other: the
    same text (every hash counted, ``cx`` and ``cy``, in both: a file copied under another
    date), or one holding the other whole (``WHOLE`` of the smaller's hashes in both) when the
    smaller is a note, past ``SHORT`` shingles (``nx`` and ``ny``; a day's note carried over
    whole into the next and extended); each side at least ``MIN_SHINGLES``. A journal
    repeating itself is a day's routine line or two written again the next day beside that
    day's own (a status, a heartbeat), or days sharing their headings: never paired
    (real30's OpenClaw folders; ndfix27's routine)."""
    fewer = min(nx, ny)
    return fewer >= MIN_SHINGLES and (shared == cx == cy or (
        fewer > SHORT and shared >= WHOLE * min(cx, cy)))


CARRIED = 4  # of a short daily log carried into another, at most this part of its lines'
#             characters changed (a routine line's time: `_carried`)
_CLOSING = ".。!！?？;；:：,，"  # a line's closing mark (a line extended past it: `_carried`)


def _carried(a: Parts, b: Parts, template: frozenset[int] | None) -> bool:
    """Whether of two daily logs, ``WHOLE`` alike on the smaller's side, the smaller is a
    short note (up to ``SHORT`` shingles, past it `_copied` decides) carried over whole into
    the other: its lines, headings aside (the date's), lines of the other as written but
    for at most a ``CARRIED``-th of their characters (a day's note copied and extended by a
    line, a routine line's time changed; two lines held at least: one line written again
    beside a day's own is a routine, a status), none of them extended there (a rule extended by a
    clause, an exception, is another day's; so is a sentence quoted inside another's line,
    its words held, its line not: blind sets rules21, rules22), read from the windows the
    sketches keep (a window cut short
    says nothing: not a copy), and with the workspace's ``template`` left out (its routine
    lines, every day's) ``WHOLE`` of the smaller's shingles still held, ``MIN_SHINGLES`` at
    least: a day's routine lines alone copied are no note."""
    small, large = (a, b) if len(a[0]) <= len(b[0]) else (b, a)
    if template:
        whole = len(small[0]) < BOTTOM and len(large[0]) < BOTTOM
        shared, cx, _, sx, sy = discounted(small[0], large[0], small[1], template, whole)
        if min(sx, sy) < MIN_SHINGLES or shared < WHOLE * cx:
            return False
    text, other = window_text(small[5]), window_text(large[5])
    if not text or {len(text), len(other)} & {SLOT_CHARS // 2, SLOT_CHARS} \
            or len(other) > SLOT_CHARS:
        return False  # (a window cut short, perhaps: its lines are not all known)
    held = {line.strip() for line in other.splitlines()}
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    own = [line.rstrip(_CLOSING) for line in lines if line not in held]
    return len(lines) - len(own) >= 2 \
        and CARRIED * sum(map(len, own)) <= sum(map(len, lines)) and not any(
            longer != line and longer.startswith(line)
            for line in own if line for longer in held)


class Copied(float):
    """The similarity of two daily logs one of which is a copy of the other (`_copied`,
    `_carried`), with the wording's share: ``held`` of the smaller note's ``lines`` (its
    window's, headings aside) written again as lines of the other (`_held_lines`)."""

    held: int
    lines: int

    def __new__(cls, sim: float, held: int = 0, lines: int = 0) -> Copied:
        self = super().__new__(cls, sim)
        self.held, self.lines = held, lines
        return self

    def __reduce__(self) -> tuple[type[Copied], tuple[float, int, int]]:
        return (Copied, (float(self), self.held, self.lines))


_HEADING = re.compile(r"#{1,6}(?:\s|$)")  # a Markdown heading (``#P1 …`` is a tagged line)
_MARKER = re.compile(r"(?:[-*+>]|\d{1,3}[.)])\s+")  # a list item's or a quote's mark
_DIGITS = re.compile(r"\d+")


def _note_lines(text: str) -> list[str]:
    """A daily log's lines as its window holds them, as `_held_lines` compares them:
    stripped, without a list item's mark (a note's lines listed in the day's report), their
    numbers masked (a routine line's time, a report's figures updated: the line carried
    over), headings and blank lines aside (the date's heading, the sections' every day);
    the last left out when the window is cut there (`window_text`)."""
    lines = [line.strip() for line in text.splitlines()]
    if len(text) in (SLOT_CHARS // 2, SLOT_CHARS) and lines:
        lines.pop()  # (perhaps a line cut short)
    out = []
    for line in lines:
        if not line or _HEADING.match(line):
            continue
        mark = _MARKER.match(line)
        out.append(_DIGITS.sub("0", line[mark.end():] if mark else line))
    return [line for line in out if line]


def _held_lines(a: Parts, b: Parts, common: frozenset[str] = frozenset()
                ) -> tuple[int, int] | None:
    """(lines held, lines) of the smaller of two daily logs (the fewer lines of their
    windows) that the other writes as lines of its own, when they are a copy in their
    text: two lines held at least, and the lines not held at most a ``CARRIED``-th of the
    smaller's characters (a routine line's time changed). Else None: two notes sharing
    their words and no line (an ops journal of a few words: newuser35 #21) are a journal,
    whatever their words' sets share. Where the other's window is cut short, the smaller's
    lines past the last it holds are not judged (they may lie past it), only counted.
    The workspace's ``common`` lines (`template.common_lines`: written by ``LINES`` daily
    logs or more, a nightly report's stub, its boilerplate) are neither side's own: left
    out (real36: OpenClaw's dreaming reports, one template filled each night)."""
    ta, tb = window_text(a[5]), window_text(b[5])
    fa, fb = _note_lines(ta), _note_lines(tb)
    la, lb = fa, fb
    if common:
        la = [line for line in fa if line not in common]
        lb = [line for line in fb if line not in common]
    (small, _, whole), (large, other, around) = sorted(((la, ta, fa), (lb, tb, fb)),
                                                       key=lambda p: len(p[0]))
    held = set(large)
    seen = small
    if len(other) in (SLOT_CHARS // 2, SLOT_CHARS):  # the other's window cut short: the
        last = max((i for i, line in enumerate(small) if line in held), default=-1)
        seen = small[:last + 1]  # smaller's lines past its last held may lie past it
    own = [line for line in seen if line not in held]
    kept = len(seen) - len(own)
    if kept < 2 or CARRIED * sum(map(len, own)) > sum(map(len, seen)):
        return None
    if len(whole) > len(small):  # (the message counts the template's lines too)
        kept += sum(line in common and line in around for line in whole)
    return kept, len(whole)


_NO_LINES: frozenset[str] = frozenset()


_LINES_READ: dict[bytes, list[str]] = {}  # a daily log's sketch → its lines (`_notes_of`)
#: Sketches whose lines are remembered, the older half dropped when full: the template's
#: lines are counted up to ``ALL_PAIRS`` memories, whose sketches a live auditor holds
#: anyway; at most ~1,000 edited ones (a few KB each) are held beside them.
_LINES_KEPT = 1024


def _lines_of(sk: bytes) -> list[str]:
    """A daily log's lines (`_note_lines`) from its sketch, remembered: the live auditor
    compares the workspace's template at each edit (`Buckets.update`), the same sketches'
    (each bytes' hash kept by the object: a look-up is cheap)."""
    got = _LINES_READ.get(sk)
    if got is None:
        if len(_LINES_READ) >= _LINES_KEPT:
            for old in list(_LINES_READ)[:_LINES_KEPT // 2]:
                del _LINES_READ[old]
        got = _LINES_READ[sk] = _note_lines(window_text(read_sketch(sk)[5]))
    return got


def _notes_of(notes: list[bytes]) -> Callable[[], frozenset[str]] | None:
    """What counts the template lines of daily logs whose sketches are ``notes``
    (`Template.lines`, asked only when two of them are judged a copy, and by the live
    auditor's comparison of two templates); None for fewer than ``LINES``."""
    if len(notes) < LINES:
        return None
    return lambda: common_lines(map(_lines_of, notes))


EXTENDED = 16  # characters of a line, at least, that another memory extends (`_extended`)
_QUOTES = "\"'«»“”„‘’‚「」『』‹›"  # marks around a quoted line (`_extended`)
_ENDING = ".。!！?？;；:：" + _QUOTES  # a sentence's end (a clause's comma goes on: `_extended`)
_WORD = re.compile(r"\w")


def _extended(a: str, b: str) -> bool:
    """Whether one of two memories' texts (their windows: the description's line, then the
    body) holds a body line of the other, ``EXTENDED`` characters or more, inside a longer
    line that goes on past it with words (“… at least 24 hours ahead. Except in the first
    week, …”, “the old rule «…» no longer holds: …”): a rule with an exception added on its
    line, or quoted to be corrected, is a refinement or a contradiction of it, not the same
    memory said again (blind set rules21: 10 of its 14 loud look-alike pairs). A line
    restated, or the rule on its own line among longer notes, keeps the pair; so does a line
    that goes on past a comma (“…, coffee, served until ten.”), or by fewer characters than
    ``EXTENDED`` and a third of the rule's (“… to the on-call engineer. Twice.”)."""
    for small, large in ((a, b), (b, a)):
        lines = [line for line in large.splitlines()[1:] if len(line) > EXTENDED]
        if not lines:
            continue
        line = next((line for line in small.splitlines()[1:]
                     if line.strip() and not line.lstrip().startswith(("#", "---"))), "")
        core = line.strip().lstrip("-*> ").strip(_QUOTES).rstrip(_CLOSING + _QUOTES)
        if len(core) < EXTENDED:
            continue
        for longer in lines:
            at = longer.find(core)
            end = at + len(core)
            if at >= 0 and end < len(longer) and longer[end] in _ENDING \
                    and len(longer) - end > max(EXTENDED, len(core) // 3) \
                    and _WORD.search(longer, end):
                return True
    return False


SAME_SHORT = 2  # distinctive facts, all of both sides', that pair a line or two (`_same_short`)


def _same_short(fa: frozenset[int], fb: frozenset[int]) -> bool:
    """Whether two sketches' facts let a text of a line or two (under ``MIN_SHINGLES``
    shingles) be paired below ``THRESHOLD`` (from ``LOW``): the very same facts on both
    sides (a number in words as its number, `_settled`; the types aside: a price sheet kept
    as a reference beside the project's rule), ``SAME_SHORT`` or more of them distinctive
    (not a number up to ten, a year: `_WEAK`): a two-row table and its sentence (“75 for
    members, 70 for the others”; blind set rules24). A line with one value changed, the
    look-alike the short texts' rule keeps apart, holds another fact."""
    sa, sb = _settled(fa, fb)
    sa, sb = sa - _TYPES, sb - _TYPES
    return sa == sb and len(sa - _WEAK) >= SAME_SHORT


#: A body opening with a name and a colon: one capitalised word (``Amina:``, ``Joseph:``).
_NAMED = re.compile(r"[ \t>*_-]*([A-Z\u00c0-\u00de\u0391-\u03a9\u0410-\u042f][^\W\d_]+)"
                    r"[ \t]*[:\uff1a]")


def _named_apart(a: str, b: str) -> bool:
    """Whether two memories' texts (their windows: the description's line, then the body)
    open their bodies with a name each, ``Amina:`` and ``Joseph:`` (one capitalised word and a
    colon), another on each side, neither named anywhere in the other's text: two people's
    (two places', two machines') notes of one frame, whatever their words share (blind set
    rules24: two nurses' shifts, 30 % alike). A label reworded is no name (``Referral
    letters need:``), and the same name on both sides says nothing."""
    ma = _NAMED.match(a, a.find("\n") + 1)
    if ma is None:
        return False
    mb = _NAMED.match(b, b.find("\n") + 1)
    if mb is None or ma[1] == mb[1]:
        return False
    return _WORD_AT(ma[1]).search(b) is None and _WORD_AT(mb[1]).search(a) is None


def _WORD_AT(word: str) -> re.Pattern[str]:
    """``word`` as a whole word, any case."""
    return re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE)


def _one_value(fa: frozenset[int], fb: frozenset[int]) -> bool:
    """Whether two sketches' facts differ by a value each (at most ``SPAN`` a side: a value
    and its unit or date parts) and share one at least: a claim with another value, asked
    reworded (`contradicts`); two records of one template differ in more."""
    own_a, own_b = fa - fb, fb - fa
    return bool(own_a) and bool(own_b) and len(own_a) <= SPAN and len(own_b) <= SPAN \
        and not fa.isdisjoint(fb)


def _numbering(facts: frozenset[int]) -> bool:
    """Whether ``facts`` are a numbering and nothing else: 1, 2, 3 and on without a gap
    (sections, steps, a roadmap's phases, in digits or in numerals: 第一阶段), besides a
    year and a type. Two notes numbered to the same count say nothing alike by it."""
    small = facts.intersection(_COUNTING)
    return len(small) >= 3 and small == frozenset(_COUNTING[:len(small)]) \
        and facts - small <= _YEARS | _TYPES

#: A sketch read: (bottom hashes ascending, the same as a set, facts, fields: key → words,
#: slots: context → values, a name's with bit 31 set; read from the sketch's window, so a
#: sketch is read whole only for a pair compared; the window as stored: `_worded`).
Parts = tuple["array[int]", frozenset[int], frozenset[int], dict[int, set[int]],
              dict[int, set[int]], bytes]
Found = dict[Hashable, list[tuple[float, Hashable]]]
#: Each key's bottom hashes and facts as bits, its sketch past the bins, the bits of the
#: hashes up to its largest, its largest, their count (`_bitmaps`).
Bits = Mapping[Hashable, tuple[int, int, memoryview, int, int, int]]


def _facts_of(sk: bytes) -> Iterable[int]:
    """A sketch's facts as the fact buckets key them: a number in words (``WORD_BIT``) as its
    number, in the bucket of the other side's digits (a rewording keeps its rare facts)."""
    known = _stored_facts(sk)
    if known and known[-1] >= WORD_BIT:  # marked ones sort last
        return {h & FACT_MASK for h in known}
    return known


def _valid(sk: bytes) -> bool:
    size = full_size(sk)  # (a sketch held packed: `memtui.core.checks.near_duplicate_store`)
    return size >= (K + 1) * 8 and size % 8 == 0


_NO_FIELDS: dict[int, set[int]] = {}
_FULL_COLON = "：".encode()


def read_sketch(sk: bytes) -> Parts:
    """A sketch's smallest shingle hashes (sorted, and as a set), facts, fields and slots
    (read from its window: `stored_slots`)."""
    whole = unpack(sk)
    rest = array("q", whole[K * 8:])
    n = max(rest[0], 0) if rest else 0  # a cached sketch is data: its count may lie
    ordered = rest[1:1 + n]
    m = rest[1 + n] if len(rest) > 1 + n else 0
    known = frozenset(rest[2 + n:2 + n + m])
    at = 2 + n + m
    f = max(rest[at], 0) if len(rest) > at else 0
    fields = _read_pairs(rest[at + 1:at + 1 + f])
    window = bytes(whole[(K + at + 1 + f) * 8:])
    slots = _read_pairs(stored_slots(window))
    return ordered, frozenset(ordered), known, fields, slots, window


def _facts_window(sk: bytes) -> tuple[frozenset[int], str]:
    """A sketch's facts and its window's text (`read_sketch`'s, without its fields and
    slots: what a finding's message names, `_shared_named`)."""
    whole = unpack(sk)
    rest = array("q", whole[K * 8:])
    n = max(rest[0], 0) if rest else 0
    m = max(rest[1 + n], 0) if len(rest) > 1 + n else 0
    at = 2 + n + m
    f = max(rest[at], 0) if len(rest) > at else 0
    return frozenset(rest[2 + n:at]), window_text(bytes(whole[(K + at + 1 + f) * 8:]))


def _read_pairs(values: array[int]) -> dict[int, set[int]]:
    """``key << 32 | value`` values as key → values."""
    if not values:
        return _NO_FIELDS
    out: dict[int, set[int]] = {}
    for v in values:
        out.setdefault(v >> 32, set()).add(v & 0xFFFFFFFF)
    return out


def slot_conflicts(sa: dict[int, set[int]], sb: dict[int, set[int]],
                   held: tuple[frozenset[int], frozenset[int]] | None = None,
                   facts: tuple[frozenset[int], frozenset[int]] | None = None
                   ) -> tuple[int, int]:
    """(conflicting, agreeing) slots of two sketches' slots (context → values, a name's
    with bit 31 set): of the contexts both hold, those where each side holds a number the
    other's lacks, or a name (numbers and names apart: “3 May” and “10 May” differ in
    their numbers; decimals, ``DECIMAL_BIT``, and whole numbers apart too; not when the
    numbers each side holds alone there are each among the other side's ``facts``, not all
    small numbers or years: a rewording moved them, `_moved`), and of the rest those sharing
    a value. A strong slot (its context negative as read:
    `strong_slots`) holding no value in common counts two conflicts (it keeps apart alone),
    unless each side's word there is one the other text holds elsewhere (``held``: the two
    sketches' shingle hashes; “tests hit a real Postgres” against “tests use a real
    Postgres … hit”: a synonym swapped, not another approver; blind set rules13); one
    agreeing counts nothing (shared words, not a value)."""
    conflicts = agrees = swapped = 0
    for ctx in sa.keys() & sb.keys():
        va, vb = sa[ctx], sb[ctx]
        if ctx == _FRAME:
            continue  # (read with `_OPENING`)
        if ctx == _OPENING:  # the labels opening two bodies, a word swapped on each side
            ua, ub = {v & _PLAIN for v in va}, {v & _PLAIN for v in vb}
            own_a, own_b = ua - ub, ub - ua
            if own_a and own_b and (ua & ub or len(ua) == len(ub) == 1) \
                    and sa.get(_FRAME, _NONE) & sb.get(_FRAME, _NONE) \
                    and not (held is not None and (
                        _held(own_a, held[1]) or _held(own_b, held[0]))) \
                    and _titled(va, ub) and _titled(vb, ua):
                # one frame (a word in common, or a name alone) naming its instance twice
                # on each side: a label reworded changes it once, a translation all of it
                conflicts += 2
            continue
        if ctx < 0:  # a strong slot (`strong_slots`): no word in common keeps apart, alone
            if not va & vb and not (held is not None and _held(va, held[1])
                                    and _held(vb, held[0])) \
                    and not (ctx == _SUBJECT and _same_facts(facts)):
                conflicts += 2
            continue
        if va == vb:
            agrees += 1
            continue
        na = {v for v in va if not v & NAME_BIT}
        nb = {v for v in vb if not v & NAME_BIT}
        ma, mb = va - na, vb - nb
        da = {v for v in na if v & DECIMAL_BIT}
        db = {v for v in nb if v & DECIMAL_BIT}
        na -= da
        nb -= db
        ya, yb = na & _YEAR_SLOT, nb & _YEAR_SLOT  # a year and a count: other kinds
        if (ya or yb) and not (ya and yb):
            na, nb = na - ya, nb - yb
        if (na and nb and na - nb and nb - na) or (ma and mb and ma - mb and mb - ma) \
                or (da and db and da - db and db - da):
            if facts is not None and not (ma and mb and ma - mb and mb - ma):
                own_a, own_b = (na - nb) | (da - db), (nb - na) | (db - da)
                if _moved(own_a, own_b, facts):
                    continue
                if _moved(own_a, own_b, facts, weak=True):
                    swapped += 1  # small numbers moved: only among many slots agreeing
                    continue
            conflicts += 1
        elif va & vb:
            agrees += 1
    if swapped and agrees < SWAPPED * swapped:
        conflicts += swapped
    return conflicts, agrees


_SLOT_VALUE = (1 << 30) - 1  # a slot's number as its fact's CRC-32 (`slots`: 30 bits)
#: The key of the strong slot of the label opening a memory (`strong_slots`' subject).
_SUBJECT = ((zlib.crc32(b"\4") & 0x7FFFFFFF) | (1 << 31)) - (1 << 32)
#: ... and of the label opening its body (``Saturday breakfast:`` against ``Sunday
#: breakfast:``, ``Server osl1:`` against ``Server osl2:``).
_OPENING = ((zlib.crc32(b"\6") & 0x7FFFFFFF) | (1 << 31)) - (1 << 32)
#: ... and of the words of the line above it (its description: one frame, a word shared).
_FRAME = ((zlib.crc32(b"\7") & 0x7FFFFFFF) | (1 << 31)) - (1 << 32)
_NONE: set[int] = set()
SAME_FACTS = 3  # distinctive facts, all of both sides', that make an opening label a title


_PLAIN = ~TITLED  # a strong slot's value without its mark


def _titled(values: set[int], other: set[int]) -> bool:
    """Whether one of a body's opening label's words that the other side's lacks is in its
    first line too (``TITLED``: ``Plan for Monday`` over ``Monday: 80 loaves``): the
    instance's name, written twice, on each side; a label reworded (``Referral letters
    need:`` / ``Every referral holds:``) changes its words, not a name its description
    repeats."""
    return any(v & TITLED and v & _PLAIN not in other for v in values)


def _same_facts(facts: tuple[frozenset[int], frozenset[int]] | None) -> bool:
    """Whether two sides hold the same facts, ``SAME_FACTS`` or more that tell (not
    ``_WEAK``), every one of each side's in the other's (a number in words as its number):
    then the label opening each (“Budget estimate:” heading a list against “Total 240,000:”
    opening its prose) is a title, not the subject that tells two instances apart (``DAU =
    1.2k`` against ``MAU = 1.2k`` hold one fact)."""
    if facts is None:
        return False
    fa = {f & FACT_MASK for f in facts[0]} - _WEAK
    fb = {f & FACT_MASK for f in facts[1]} - _WEAK
    return len(fa) >= SAME_FACTS and fa == fb


def _moved(own_a: set[int], own_b: set[int],
           facts: tuple[frozenset[int], frozenset[int]], weak: bool = False) -> bool:
    """Whether the numbers each side holds alone in one context (a slot's ``own_a``,
    ``own_b``: `slots`' values, ``DECIMAL_BIT`` aside) are each among the other side's
    ``facts`` (`facts`: its numbers, in digits or words): a rewording that moved its values
    around its words (“30 dias de torra … tinha 52 dias” against “café com 52 dias de
    torra … (30 dias)”), not another instance, whose value in the slot its look-alike
    never writes. Small numbers and years (``_WEAK``) only with ``weak`` (a roster's
    weeks move from name to name: `slot_conflicts` excuses them only among ``SWAPPED``
    times as many slots agreeing: a sentence's clauses reordered, “rests at 4 °C for 2
    days” against “rests 2 days at 4 °C”)."""
    va = {v & _SLOT_VALUE for v in own_a}
    vb = {v & _SLOT_VALUE for v in own_b}
    if not weak and va <= _WEAK_SLOT and vb <= _WEAK_SLOT:
        return False
    return va <= {f & _SLOT_VALUE for f in facts[1]} and \
        vb <= {f & _SLOT_VALUE for f in facts[0]}


def _held(values: set[int], shingles: frozenset[int]) -> bool:
    """Whether every word of a strong slot's ``values`` (its shingle's hash: `strong_slots`)
    is among ``shingles`` (a sketch's bottom hashes: a hash past them counts as not held)."""
    return all((v & HASH_MASK) in shingles for v in values)


def _bottom_similarity(a: Parts, b: Parts) -> float:
    """The Jaccard similarity estimated from two bottom-k sets: of the union's members up to
    the smaller of the two sets' largest (all of them known from both), the share both hold;
    exact when both sets are whole (fewer than ``BOTTOM``)."""
    xs, ys = a[0], b[0]
    if not xs or not ys:
        return 0.0
    shared = len(a[1] & b[1])
    if len(xs) < BOTTOM and len(ys) < BOTTOM:
        return shared / (len(xs) + len(ys) - shared)
    cut = min(xs[-1], ys[-1])  # every hash both hold is at most this: all are counted
    union = bisect_right(xs, cut) + bisect_right(ys, cut) - shared
    return shared / union if union else 0.0


def similarity(a: bytes, b: bytes) -> float:
    """The estimated Jaccard similarity of the shingle sets two sketches were made from."""
    if not _valid(a) or not _valid(b):
        return 0.0
    return _bottom_similarity(read_sketch(a), read_sketch(b))


def _grown(shared: int, counted: int, na: int, nb: int) -> bool:
    """Whether one side is the other grown: the smaller text (``counted`` of its shingles
    comparable, ``shared`` of them in the other's) at least ``GROWN`` times smaller, and
    at least ``HELD`` of it in the larger (a one-line rule and its paragraph with a
    background and a **Why:**, whose Jaccard similarity the added words sink)."""
    small, large = (na, nb) if na <= nb else (nb, na)
    return (bool(counted) and small <= SHORT and large >= GROWN * small
            and shared >= HELD * counted)


def backed(shared: int, na: int, nb: int, sim: float, grown: bool = False) -> bool:
    """Whether the facts back a pair ``sim`` alike, below ``THRESHOLD``, whose sides hold
    ``na`` and ``nb`` facts, ``shared`` of them in common (a sample's misses only make it
    smaller): from ``LOW`` alike when most facts of the side with fewer are shared, or
    neither side holds any (a preference, a rule in words: nothing to contradict, and
    look-alikes of one template differ in their facts); from ``FLOOR`` when both hold the
    same facts, three or more (the type counted), or one side every fact of the other, four
    or more (a rewording keeps its facts; its words change: prose against a command block,
    a restatement in mixed scripts).

    Measured and left out (bench/RESULTS.md, "blind set rules3 folded in"): from ``LOW``
    with one side holding none (paired the demo's field list with a tool holding none, 23 %
    alike), from ``FLOOR`` with the other holding more and three facts held (a year and a
    small number in common paired two notes of the demo, 15 % alike; in blind set rules4 a
    shop's name and a number, two tools' notes 18 % alike)."""
    fewer = min(na, nb)
    if grown and sim >= FLOOR:
        return shared >= 1  # a fact in common (the type, at least); the conflicts decide
    if sim >= LOW:
        return 2 * shared >= fewer if fewer else na == nb
    return sim >= FLOOR and (shared == na == nb >= 3 or shared == fewer >= 4)


def _settled(fa: frozenset[int], fb: frozenset[int]) -> tuple[frozenset[int], frozenset[int]]:
    """Two sides' facts with those read from number words (``WORD_BIT``, sorted last) as
    their numbers where the other side holds the number too (in digits or in words), and
    left out where it does not: a number in words backs a pair, never keeps one apart."""
    if (not fa or max(fa) < WORD_BIT) and (not fb or max(fb) < WORD_BIT):
        return fa, fb
    pa = {h & FACT_MASK for h in fa}
    pb = {h & FACT_MASK for h in fb}
    return (frozenset(h & FACT_MASK for h in fa if h < WORD_BIT or h & FACT_MASK in pb),
            frozenset(h & FACT_MASK for h in fb if h < WORD_BIT or h & FACT_MASK in pa))



def _typed(fa: frozenset[int], fb: frozenset[int]) -> tuple[frozenset[int], frozenset[int]]:
    """Two sides' facts without their types when the types differ and the facts they share
    tell (a project memory and the reference memory restating it for someone else: a table,
    an English copy for an auditor): another type then neither backs a pair nor keeps one
    apart, its facts decide (blind set rules12: 19 of its 68 duplicate pairs are of two
    types; 6 of the 770 look-alike pairs of the blind sets before it were). The facts in
    common tell when one is distinctive (not a number up to ten or a year: `_WEAK`), or
    when they are three or more and all of both sides' (small numbers each side holds some
    of: a fee list and a teacher's profile share 1, 2 and 3). Otherwise, and with one
    type on both sides (a fact in common), the facts as they are; and from ``THRESHOLD``
    alike (`agree`): a restatement under another type changed its words (a table, another
    language), while two types sharing most words and every fact are a definition and its
    use (a reference naming an export's fields, the project memory saying which the report
    reads: `tests/core/test_near_duplicate_facts.py`)."""
    ta, tb = fa & _TYPES, fb & _TYPES
    if ta and tb and ta != tb:
        ua, ub = fa - ta, fb - tb
        common = ua & ub
        if common - _WEAK or (len(common) >= 3 and ua == ub):
            return ua, ub
    return fa, fb


def _spelled(fa: frozenset[int], fb: frozenset[int]) -> frozenset[int]:
    """The numbers either side spells out (``WORD_BIT``, sorted last), as numbers."""
    if (not fa or max(fa) < WORD_BIT) and (not fb or max(fb) < WORD_BIT):
        return frozenset()
    return frozenset(h & FACT_MASK for h in fa | fb if h >= WORD_BIT)


def restated(fa: frozenset[int], fb: frozenset[int], sim: float,
             spelled: frozenset[int] = frozenset()) -> bool:
    """Whether two sides' facts (`_settled`) say a pair from ``RESTATED`` to ``LOW`` alike is
    one memory restated in other words (a list against its prose, numbers in words, a
    summary against its full note: its words change, its facts stay): of their distinctive
    facts (not a number up to ten, a year or a common type: `_WEAK`, everywhere), three or
    more in common, or two and the type (two alone are a summary beside its detail, an
    `apply` and a `-target`; `kind_fact`: one type is a fact in common), every
    one of the side with fewer held by the other, and the other holding at most twice as
    many of its own (a worked example's sums; not a long note holding a short one's few).
    Under ``RESTATED`` alike (two languages share next to no word) only when one of those
    facts is a number one side spells out (``spelled``, `_settled`: “trois cents” beside
    ``300``, issue 34, rules10): two notes of one language about one thing share their
    names and terms, never a number written once in words and once in digits. Or, however
    common its facts, when both sides hold the very same ones, four or more, one of them
    spelled out on one side (another language, a month by its name: issue 34, rules11):
    every number and date of one memory, and none of its own, in the other; not when they
    are a numbering (`_numbering`: a roadmap's phases in numerals, a plan's sections in
    digits, the year: real27's OpenClaw pair, 6 % alike).
    """
    if not sim < LOW or (
            (fa - fb) & _TYPES and (fb - fa) & _TYPES):
        return False  # (two types: two memories)
    if fa == fb and len(fa) >= SAME and not fa.isdisjoint(spelled) and not _numbering(fa):
        return True
    sa, sb = fa - _WEAK, fb - _WEAK
    fewer, more = fa, fb
    if len(sa) > len(sb):
        sa, sb = sb, sa
        fewer, more = fb, fa
    common = sa & sb
    shared = len(common)
    return (shared >= (2 if fa & fb & _TYPES else 3) and shared == len(sa)
            and (fewer - more) <= _TYPES  # (its small numbers and years too)
            and len(sb) - shared <= 2 * shared
            and (sim >= RESTATED or not common.isdisjoint(spelled)))


def agree(a: Parts, b: Parts, sim: float, grown: bool = False) -> bool:
    """Whether two sketches' parts ``sim`` alike say the same: alike enough (``THRESHOLD``,
    or less with the facts backing it: `backed`), their slots never in conflict (two, or
    as many as agree), their facts not below ``COPY`` (each side's own excused, up to
    ``OWN``, where ``AGREE`` slots agree and none conflicts: the values in one context are
    the same, a number written otherwise elsewhere; nor from ``COPY`` with a slot in
    conflict: an edited copy keeps its template's values, a look-alike holds other values in
    one context: a chiller's and a freezer's limits, 70 % alike; nor ever when one side is
    the other grown: `_grown`), their fields never (two keys or more in common, half of them
    with values sharing at most half the smaller value's words; or one key holding another
    identifier: `near_duplicate_ids`), nor their numbered steps in another order
    (`near_duplicate_order`: two procedures). Under ``LOW`` alike,
    facts in common that are a year and small numbers (a date's parts: two notes written
    the same month) back a pair only when one of them tells (`_WEAK`: not a number up to
    ten, a year or a common type) or is written in words on one side (`_spelled`: opening
    hours in digits and their English retelling, blind set rules10 ws02; not a list's item
    numbers, marked so too: 1, 2, 3 … `_numbering`): a design note and
    its table's schema share their sections' numbers, a 1-10 scale and the parts of a
    date, as two notes of one project do (real27's OpenClaw pair, 18 % alike; one side
    grown, or `restated`, as before)."""
    fa, fb = _settled(a[2], b[2])
    ua, ub = _typed(fa, fb) if sim < THRESHOLD else (fa, fb)  # (two types: `_typed`)
    spelled = _spelled(a[2], b[2])
    again = restated(ua, ub, sim, spelled)
    if sim >= LOW:  # (below it two types stay two facts: the words share little)
        fa, fb = ua, ub
    if sim < THRESHOLD and not backed(len(fa & fb), len(fa), len(fb), sim, grown) \
            and not again:
        return False  # little alike, and the facts do not back it
    common = fa & fb
    if sim < LOW and not grown and not again and common <= _WEAK \
            and not common.isdisjoint(_YEARS) \
            and (common.isdisjoint(spelled) or _numbering(spelled) or _numbering(common)):
        return False  # a date's parts, a scale, a numbering in common: nothing told
    fa, fb = ua, ub
    # the same template, other values in its slots (two, or as many as agree)
    conflicts, agrees = slot_conflicts(a[4], b[4], (a[1], b[1]), (a[2], b[2]))
    if conflicts >= 2 or (conflicts and conflicts >= agrees):
        return False
    # from COPY alike an edited copy, unless a slot holds other values too (a template)
    if (sim < COPY or conflicts or min(len(a[0]), len(b[0])) < MIN_SHINGLES) and fa and fb \
            and not grown:  # (a line or two with one value changed: another instance)
        if len(fa) >= MAX_FACTS or len(fb) >= MAX_FACTS:
            cut = min(max(fa), max(fb))  # a sample of each: compare where both are whole
            fa = frozenset(h for h in fa if h <= cut)
            fb = frozenset(h for h in fb if h <= cut)
        own_a, own_b = fa - fb, fb - fa
        if sim >= THRESHOLD or not (fa & fb) <= _WEAK or (own_a | own_b) <= _WEAK:
            # the type is how a memory is filed, not a claim it makes: a fact filed twice,
            # as a project and a reference memory, is one fact (rules37: 236 of the folded
            # sets' 1,419 duplicate pairs are of two types, 65 % of them missed; 23 of their
            # 2,136 look-alike pairs are). Another type keeps apart only beside facts of
            # its own that tell, the words unlike and the shared facts small numbers (a fee
            # list and a teacher's profile sharing 1, 2 and 3: rules9)
            own_a, own_b = own_a - _TYPES, own_b - _TYPES
        if own_a and own_b and (conflicts or agrees < AGREE or max(len(own_a), len(own_b))
                                > OWN) and not again:
            # a term one side marks (a code span, a quote) that the other writes in its words
            own_a, own_b = _worded(a[5], b[5], own_a), _worded(b[5], a[5], own_b)
            if own_a and own_b and (conflicts or agrees < AGREE
                                    or max(len(own_a), len(own_b)) > OWN) and (
                    conflicts or len(own_a) > 1 or len(own_b) > 1 or len(fa & fb) < SHARED
                    or not (own_a | own_b).isdisjoint(_TYPES)):  # (two types: two memories)
                return False  # the same template, other facts (or one corrected: no copy)
    ka, kb = a[3], b[3]
    if ka and kb:
        keys = ka.keys() & kb.keys()
        if len(keys) >= 2 and 2 * sum(1 for k in keys if 2 * len(ka[k] & kb[k]) <= min(
                len(ka[k]), len(kb[k]))) >= len(keys):
            return False  # the same fields, other values
    if sim < COPY and _named_apart(window_text(a[5]), window_text(b[5])):
        return False  # two people's (two places') notes of one frame
    # one key, another identifier: another record (real29)
    if (b":" in a[5] or _FULL_COLON in a[5]) \
            and other_ids(window_text(a[5]), window_text(b[5])):
        return False
    # the same numbered steps in another order: two procedures; the same cells in other
    # rows: two tables (`near_duplicate_order`)
    wa, wb = window_text(a[5]), window_text(b[5])
    return not reordered(wa, wb) and not rows_moved(wa, wb) and not keys_apart(wa, wb)


def _worded(window: bytes, other: bytes, own: frozenset[int]) -> frozenset[int]:
    """``own`` (facts of one side's own) without the terms its text marks as a code span or
    a quote (`terms`) that the other side's text writes as a word of its own (``Every `POST
    /charges` … an `Idempotency-Key` header`` against “because of the Idempotency-Key
    header”: one term, marked on one side; blind set rules13). Read from the two sketches'
    windows (`window_text`), for a pair whose own facts would keep it apart."""
    text = window_text(window)
    found = terms(text) if "`" in text or any(map(text.__contains__, "«„“「『\"")) else ()
    if not found:
        return own
    held = set()
    words = None
    for term in found:
        h = zlib.crc32(term.encode()) & FACT_MASK
        if h in own and h not in held:
            if words is None:
                words = window_text(other).lower()
            at = words.find(term)
            while at >= 0:
                end = at + len(term)
                if not (at and words[at - 1].isalnum()) and not (
                        end < len(words) and words[end].isalnum()):
                    held.add(h)
                    break
                at = words.find(term, end)
    return own - held if held else own


def _matches(key: Hashable, others: Iterable[Hashable], sketches: Mapping[Hashable, bytes],
             threshold: float, dated: set[Hashable], bits: Bits | None = None,
             template: Template | None = None, verdicts: Verdicts | None = None
             ) -> list[tuple[float, Hashable]]:
    """(similarity, other) for each of ``others`` whose text ``key``'s is a near-duplicate
    of, as written and with the workspace's ``template`` left out (`_kept`); two daily logs
    (``dated``) only when one is a copy of the other (`_copied`). ``key``'s sketch is read
    once, each other's bottom hashes and facts only, then whole for the few alike enough (a
    cache of every sketch read held ~8 KB a memory; each sketch's `rest` read once in
    `pairs` saved 5 % of the pairing at 10,000 and held a view per memory through it:
    bench/RESULTS.md, "round 5").

    ``verdicts`` (`Verdicts`): the last stage's answers by the two sketches' digests (with
    the ``template`` shingles each holds: `Verdicts.digest`), kept from an earlier pairing
    and added to."""
    whole = _rest(sketches[key])  # read in place, whole only if needed
    nx = whole[0]
    if nx <= 0 or len(whole) < 2:  # none, or a cached sketch cut short
        return []
    xs = whole[1:1 + nx]
    mx = whole[1 + nx] if len(whole) > 1 + nx else 0
    xfacts_last = whole[1 + nx + mx] if mx > 0 and len(whole) > 1 + nx + mx else 0
    key_dated = key in dated
    if template is not None:  # (the pairs compared by their claims: `_by_claims`)
        others = others if isinstance(others, (list, set, frozenset)) else list(others)
        pool = others
    if bits is not None:
        xbits, xfbits, _, below, _, _ = bits[key]
    else:  # the loop's first stage compiled: only the candidates it keeps judged here
        others = list(others)
        kept = _screen(xs, whole[2 + nx:2 + nx + mx], xfacts_last >= WORD_BIT, key_dated,
                       [sketches[o] for o in others],
                       bytes(o in dated for o in others) if dated else None, Packed,
                       (threshold, RESTATED, THRESHOLD, LOW, FLOOR, MIN_SHINGLES, BOTTOM,
                        SHORT, GROWN, HELD, WORD_BIT, K, mx, _TYPE_FACTS, WHOLE))
        if kept is not None:
            if not kept:
                if template is None:
                    return []
                partners = template.partners().get(key)  # (`_by_claims`)
                return _by_claims(key, pool, partners, [], sketches, dated, None) \
                    if partners else []
            others = [others[i] for i in kept]
    xset = frozenset(xs)
    xfacts = frozenset(whole[2 + nx:2 + nx + mx])
    xtype = xfacts & _TYPES
    x: Parts | None = None
    mine: bytes | None = None  # ``key``'s sketch's digest (``verdicts``)
    last = xs[-1]
    out = []
    for other in others:
        both_dated = key_dated and other in dated
        if bits is None:
            rest = _rest(sketches[other])  # read in place
            n = rest[0]
            ys = rest[1:1 + n]
            shared = _shared(xset, xs, ys)
            if not shared:
                continue
            if nx < BOTTOM and n < BOTTOM:
                cx, cy = nx, n
            else:
                cut = min(last, ys[-1])  # every hash both hold is at most this: all counted
                cx, cy = bisect_right(xs, cut), bisect_right(ys, cut)
        else:  # the same counts from bits (`_bitmaps`)
            ybits, yfbits, rest, ybelow, ylast, n = bits[other]
            shared = (xbits & ybits).bit_count()
            if not shared:
                continue
            if nx < BOTTOM and n < BOTTOM:
                cx, cy = nx, n
            elif last <= ylast:  # x's largest hash is the cut: all of x, y's up to it
                cx, cy = nx, (ybits & below).bit_count()
            else:
                cx, cy = (xbits & ybelow).bit_count(), n
        union = cx + cy - shared
        if union <= 0:
            continue  # a cached sketch whose counts lie (data: it pairs nothing)
        sim = shared / union
        if sim < threshold:
            continue
        if both_dated:  # two daily logs: a journal repeating itself, unless one is a copy
            copied = _copied(shared, cx, cy, nx, n)  # (their own dates aside: no facts asked)
            if copied or (min(nx, n) >= MIN_SHINGLES and shared >= WHOLE * min(cx, cy)):
                if x is None:
                    x = read_sketch(sketches[key])
                y = read_sketch(sketches[other])
                # a copy in its text too: its lines, not its words' set (newuser35 #21)
                held = _held_lines(x, y, _NO_LINES if template is None else template.lines())
                if held is not None and (copied or _carried(
                        x, y, None if template is None else template.hashes())):
                    out.append((Copied(sim, *held), other))
            continue
        m = rest[1 + n] if len(rest) > 1 + n else 0
        if sim < RESTATED and xfacts_last < WORD_BIT and not (
                m > 0 and len(rest) > 1 + n + m and rest[1 + n + m] >= WORD_BIT):
            continue  # under RESTATED only a number spelled out restates (`restated`)
        # a day's log is a piece of a running log by design: never the other grown (nor
        # a side past ``SHORT``: `_grown`, asked only when it can say yes)
        grown = (nx <= SHORT or n <= SHORT) and not (key_dated or other in dated) and \
            _grown(shared, cx if nx <= n else cy, nx, n)
        if sim < THRESHOLD:  # the facts must back it (`agree`): known before reading all
            if (nx < MIN_SHINGLES or n < MIN_SHINGLES) and (sim < LOW or not _same_short(
                    xfacts, frozenset(rest[2 + n:2 + n + m]))):
                continue  # a line or two (from ``FEWEST``): alike as written, or its facts
            hx = mx
            if xfacts_last >= WORD_BIT or (m > 0 and len(rest) > 1 + n + m
                                           and rest[1 + n + m] >= WORD_BIT):
                # numbers in words: those the other side holds count (`_settled`)
                sx, sy = _settled(xfacts, frozenset(rest[2 + n:2 + n + m]))
                common, hx, m = len(sx & sy), len(sx), len(sy)
            elif sim < LOW and not grown and min(m, mx) < 3:
                continue  # `backed` below LOW: three facts or more on each side (and
                #           `restated`: two distinctive and the type)
            elif not m or not mx:
                common = 0
            elif bits is not None:
                common = (xfbits & yfbits).bit_count()
            else:
                common = len(xfacts.intersection(rest[2 + n:2 + n + m]))
            if xtype and sim >= LOW and 0 < 2 * common < min(hx, m) <= 2 * common + 1:
                # (one fact fewer on each side would back it: are they two types?)
                ytype = _TYPES.intersection(rest[2 + n:2 + n + m])
                if ytype and ytype != xtype:  # two types: perhaps neither's fact (`_typed`)
                    hx, m = hx - 1, m - 1
            if not backed(common, hx, m, sim, grown) and not (
                    sim < LOW and common >= 3):  # nor `restated` (read whole)
                continue
        if verdicts is not None:
            if mine is None:
                mine = verdicts.digest(sketches[key], template)
            asked = verdicts.key(mine, sketches[other], key_dated, other in dated, template)
            known = verdicts.known.get(asked)
            if known is not None:
                if known:
                    out.append((Disagreeing(sim) if known == DISAGREE else sim, other))
                continue
        if x is None:
            x = read_sketch(sketches[key])
        y = read_sketch(sketches[other])
        verdict: int | None = NOT_PAIRED
        if agree(x, y, sim, grown) and (
                template is None or _kept(x, y, template.hashes(), key_dated or other in dated)
        ) and not _extended(window_text(x[5]), window_text(y[5])):
            verdict = PAIRED
            if disagree(window_text(x[5]), window_text(y[5])):
                # one of them negated: not a copy (newuser28 #7) but a contradiction, at any
                # likeness the pair is reported from (“always” restated as “never”)
                sim = Disagreeing(sim)
                verdict = DISAGREE
            elif sim >= COPY:  # a copy with another value: a contradiction (newuser29 #10)
                values = contradicts(window_text(x[5]), window_text(y[5]))
                if values is not None:
                    sim = Contradicting(sim, values)
                    verdict = None  # its values are read again each time: never kept
            out.append((sim, other))
        elif sim >= COPY or (sim >= THRESHOLD and _one_value(x[2], y[2])):
            # kept apart: one text with another value is a contradiction, or one claim
            # restated with another value (reported as such, not merged: newuser29 #10)
            values = contradicts(window_text(x[5]), window_text(y[5]), sim < COPY)
            if values is not None:
                out.append((Contradicting(sim, values), other))
                verdict = None
        if verdicts is not None and verdict is not None:
            verdicts.add(asked, verdict)
    if template is not None:
        partners = template.partners().get(key)
        if partners:
            out += _by_claims(key, pool, partners, out, sketches, dated, x)
    return out


def _by_claims(key: Hashable, pool: list[Hashable] | set[Hashable] | frozenset[Hashable],
               partners: frozenset[Hashable], out: list[tuple[float, Hashable]],
               sketches: Mapping[Hashable, bytes], dated: set[Hashable], x: Parts | None
               ) -> list[tuple[float, Hashable]]:
    """(similarity, other) for each of ``key``'s ``partners`` among its candidates
    (``pool``) that `_matches` did not report (``out``) and that says what ``key``'s memory
    says by its claims (`near_duplicate_claims.same_claims`: a superset, a list against its
    prose in another order, one value written two ways), the structure keeping them apart
    otherwise: no slot in conflict, fields with other values, two names framed alike,
    another identifier, steps or rows reordered, nor one side negated (`_apart`). Two
    daily logs never (a journal repeating itself)."""
    got = []
    reported = {other for _, other in out}
    for other in partners:
        if other in reported or other not in pool or (key in dated and other in dated):
            continue
        if x is None:
            x = read_sketch(sketches[key])
        y = read_sketch(sketches[other])
        wa, wb = window_text(x[5]), window_text(y[5])
        if same_claims(wa, wb) and not _apart(x, y, wa, wb):
            got.append((_bottom_similarity(x, y), other))
    return got


def _apart(a: Parts, b: Parts, wa: str, wb: str) -> bool:
    """Whether two sketches' structure keeps them apart whatever their words (`agree`'s
    guards, asked of a pair its claims pair): a strong slot or two in conflict, the same fields with
    other values, two names framed alike, another identifier, numbered steps or a table's
    rows in another order, one side negated."""
    if slot_conflicts(a[4], b[4], (a[1], b[1]), (a[2], b[2]))[0] >= 2:
        return True  # (a strong slot, or two: one moved by a rewording is the claims')
    ka, kb = a[3], b[3]
    if ka and kb:
        keys = ka.keys() & kb.keys()
        if len(keys) >= 2 and 2 * sum(1 for k in keys if 2 * len(ka[k] & kb[k]) <= min(
                len(ka[k]), len(kb[k]))) >= len(keys):
            return True
    return _named_apart(wa, wb) or other_ids(wa, wb) or reordered(wa, wb) \
        or rows_moved(wa, wb) or keys_apart(wa, wb) or disagree(wa, wb)


NOT_PAIRED, PAIRED, DISAGREE = 0, 1, 2  # a pair's verdict as `Verdicts` keeps it
VERDICT_DIGEST = 16  # bytes of a sketch's digest in a verdict's key
VERDICT_KEY = 2 * VERDICT_DIGEST + 1  # bytes of a verdict's key
_DATES = tuple(bytes((n,)) for n in range(4))


class Verdicts:
    """The verdicts of the pairs `_matches` reads whole (each sketch read, `agree`, the
    negation), kept by the two sketches' digests and their dates, so that a pairing of
    sketches met before (the audit after a file was touched, or one memory edited, in a
    workspace of look-alikes: ~10,000 pairs read whole at 3,000 templated memories, most of
    its cost; newuser29 #47) reads each such pair's answer instead of judging it again. The
    answer is the same for the same two sketches in the same order with the same dates
    (the similarity and every fact are read from them) and, up to ``ALL_PAIRS``, the same
    workspace template shingles among each one's bottom hashes (all `_kept` reads of the
    template: `near_duplicate_template.discounted`), which each digest holds: a verdict
    kept is never a guess (newuser37 #31: up to ``ALL_PAIRS`` no verdict was kept, and one
    index line changed judged the 25,217 pairs of 242 templated memories again).
    ``known``: key (`key`) → ``NOT_PAIRED``, ``PAIRED`` or ``DISAGREE``; a store keeps them
    between runs (`memtui.core.caches.pair_verdicts`, its file named by the checks'
    version: a change of the rule's code reads none of the old)."""

    __slots__ = ("added", "digests", "known", "used")

    def __init__(self, known: MutableMapping[bytes, int] | None = None) -> None:
        self.known: MutableMapping[bytes, int] = {} if known is None else known
        #: by the sketch's id: the sketch, the template, the digest (one pairing's)
        self.digests: dict[int, tuple[bytes, Template | None, bytes]] = {}
        self.added = 0  # verdicts added
        self.used: set[bytes] = set()  # the keys asked for (kept first when the store is full)

    def key(self, mine: bytes, b: bytes, a_dated: bool, b_dated: bool,
            template: Template | None = None) -> bytes:
        """The key of a verdict of the sketch whose `digest` is ``mine`` on sketch ``b``:
        both digests, then their dates."""
        got = mine + self.digest(b, template) + _DATES[a_dated << 1 | b_dated]
        self.used.add(got)
        return got

    def digest(self, sk: bytes, template: Template | None = None) -> bytes:
        """A sketch's digest (of the whole sketch: a packed sketch and the same one unpacked
        are one), with the ``template`` shingles among its bottom hashes, when it holds
        any (else the digest past ``ALL_PAIRS``, where no template is read: the same
        verdict)."""
        held = self.digests.get(id(sk))
        if held is None or held[0] is not sk or held[1] is not template:
            whole = unpack(sk)
            shared = sorted(template.hashes().intersection(_bottom(sk))) \
                if template is not None else None
            if shared:
                whole = bytes(whole) + b"\0template" + array("q", shared).tobytes()
            held = self.digests[id(sk)] = (sk, template, hashlib.blake2b(
                whole, digest_size=VERDICT_DIGEST).digest())
        return held[2]

    def add(self, key: bytes, verdict: int) -> None:
        self.known[key] = verdict
        self.added += 1

    def done(self) -> None:
        """Let go of the sketches held for their digests (one pairing's)."""
        self.digests.clear()


def _kept(a: Parts, b: Parts, template: frozenset[int], dated: bool) -> bool:
    """Whether two sketches' parts that `agree` as written agree too with the workspace's
    template left out (`memtui.core.checks.near_duplicate_template`): their similarity
    without it, a side under ``MIN_SHINGLES`` without it needing ``THRESHOLD`` (too short
    for its facts to back it), `_grown` judged on the share held without it (its sizes as
    written: a price line is no short rule once its provenance line is left out). As written
    when they share none of it, or nothing else is left on either side (a cluster of
    copies)."""
    xs, ys = a[0], b[0]
    if template.isdisjoint(a[1] & b[1]):
        return True
    nx, ny = len(xs), len(ys)
    shared, cx, cy, sx, sy = discounted(xs, ys, a[1], template, nx < BOTTOM and ny < BOTTOM)
    if cx + cy <= shared:
        return True
    sim = shared / (cx + cy - shared)
    if sim < THRESHOLD and min(sx, sy) < MIN_SHINGLES and not (
            sim >= LOW and _same_short(a[2], b[2])):
        return False
    grown = (nx <= SHORT or ny <= SHORT) and not dated and \
        _grown(shared, cx if nx <= ny else cy, nx, ny)
    return agree(a, b, sim, grown)


def _bitmaps(sketches: Mapping[Hashable, bytes], keys: list[Hashable]) -> Bits:
    """For each key: its bottom hashes and its facts as the bits of two integers (one bit per
    value any of ``keys`` holds, one numbering for all: two sketches hold exactly as many
    hashes, or facts, in common as the AND of their integers has bits), its sketch past the
    bins (read in place), the bits of every hash any key holds up to its largest (how many
    of another's hashes are at most it: the AND's bits), its largest and their count (as
    read: a sketch that says more has them cut, never a division by zero). For every pair up to
    ``ALL_PAIRS`` (at most 300 * 128 bits, ~5 KB, an integer): two ANDs and bit counts
    instead of a set intersection over a sketch's hashes read as integers and two
    bisections, ~7 µs a pair."""
    rests, bottoms, known = [], [], []
    for key in keys:
        rest = _rest(sketches[key])
        n = max(rest[0], 0)  # a cached sketch is data: its count may lie
        m = rest[1 + n] if len(rest) > 1 + n else 0
        rests.append(rest)
        bottoms.append(rest[1:1 + n].tolist())
        known.append(rest[2 + n:2 + n + m].tolist())
    values = sorted(set().union(*bottoms))  # ascending: the hashes up to one are a range
    index = {v: i for i, v in enumerate(values)}
    size = len(values)
    out = {}
    for key, rest, bottom, hashes, fbits in zip(keys, rests, bottoms, _bits(bottoms, index),
                                                _bits(known), strict=True):
        top = index[bottom[-1]] + 1 if bottom else 0  # the hashes up to its largest
        out[key] = (hashes, fbits, rest, ((1 << top) - 1) << (size - top),
                    bottom[-1] if bottom else -1, len(bottom))
    return out


def _bits(values: list[list[int]], index: dict[int, int] | None = None) -> list[int]:
    """Each list of ``values`` as an integer, value number ``i`` (of ``index``, by default
    any) its bit ``len(index) - 1 - i``."""
    if index is None:
        index = {v: i for i, v in enumerate(set().union(*values))}
    zeros = b"0" * len(index)
    out = []
    for vs in values:
        digits = bytearray(zeros)
        for i in map(index.__getitem__, vs):
            digits[i] = 49  # "1": the first digit is the highest bit
        out.append(int(digits, 2) if digits else 0)
    return out


def _ranked(out: Found, order: Mapping[Hashable, int]) -> Found:
    """``out`` with each key's others most alike first (ties in ``order``)."""
    for found in out.values():
        if len(found) > 1:
            found.sort(key=lambda p: (-p[0], order[p[1]]))
    return dict(out)


def _cuts(sk: bytes) -> list[int] | list[bytes]:
    """A whole sketch's bins, band by band (``ROWS`` each): each band one integer, its bins
    as 32-bit values side by side (a live auditor keeps one per band per memory: as their
    48 bytes they held ~8 MB at 10,000 memories, issue 35). Two bands are equal exactly when
    their integers are; a sketch whose bins do not fit in 32 bits (none made here) keeps
    its bands' bytes, which equal no integer."""
    packed = _band(sk, 0, BANDS * ROWS)  # (the low halves when every bin fits)
    if len(packed) > BANDS * ROWS * 4:
        width = ROWS * 8
        return [packed[band * width:(band + 1) * width] for band in range(BANDS)]
    width = ROWS * 4
    return [int.from_bytes(packed[band * width:(band + 1) * width], "little")
            for band in range(BANDS)]


def _later(sks: list[bytes]) -> Iterable[array[int] | memoryview | None]:
    """Each sketch's candidates past ``ALL_PAIRS`` (`pairs`), by number: the later of each
    pair kept by the earlier, in the order found (the bands, then the facts), a pair found
    twice kept twice: 4 bytes a pair (as a set of key tuples ~90 bytes, the pairing's
    largest part: 38 MB at 50,000 memories, issue 35). Compiled when it can be
    (`near_duplicate_kernel.candidates`: the same values in the same order; each sketch's
    view made as it is read: a list of them held ~6 MiB at 50,000 memories)."""
    got = _native_candidates(sks, Packed, K, BANDS, ROWS, BUCKET_ALL, FACT_BUCKET, WORD_BIT,
                             FACT_MASK)
    if got is not None:
        flat, starts = memoryview(got[0]).cast("I"), memoryview(got[1]).cast("I")
        return (flat[lo:hi] if lo < hi else None for lo, hi in pairwise(starts))
    later: list[array[int] | memoryview | None] = [None] * len(sks)

    def note(found: Iterable[tuple[int, int]]) -> None:
        for a, b in found:
            got = later[a]
            if got is None:
                later[a] = array("I", (b,))
            else:
                got.append(b)  # type: ignore[union-attr]
    _band_notes(sks, note)
    holders: dict[int, list[int]] = defaultdict(list)
    for i, sk in enumerate(sks):
        for h in _facts_of(sk):
            holders[h].append(i)
    for members in holders.values():
        if 1 < len(members) <= FACT_BUCKET:
            note(_fact_pairs(members))
    return later


def _band_notes(sks: list[bytes], note: Callable[[Iterable[tuple[int, int]]], None]
                ) -> None:
    """`note` the candidate pairs of each LSH band's buckets (`pairs`), band by band."""
    # A band's key: its bins' bytes when no sketch is held packed, else their low halves
    # (`_band`: the same key from a packed sketch and a whole one), read in place from a
    # packed sketch whose bins all fit in 32 bits.
    in_place = [type(sk) is Packed and packed_count(sk) >= BANDS * ROWS for sk in sks]
    mixed = any(type(sk) is Packed for sk in sks)
    for band in range(BANDS):  # one band at a time: its buckets only are held
        lo, hi = band * ROWS, (band + 1) * ROWS
        at, to = HEAD + 4 * lo, HEAD + 4 * hi
        buckets: dict[bytes, list[int]] = defaultdict(list)
        for i, sk, quick in zip(range(len(sks)), sks, in_place, strict=True):
            buckets[sk[at:to] if quick else _band(sk, lo, hi) if mixed
                    else sk[8 * lo:8 * hi]].append(i)
        for members in buckets.values():
            if len(members) > 1:
                note(_band_pairs(members))
        del buckets


def crowded(sketches: Mapping[Hashable, bytes]) -> list[list[Hashable]]:
    """The band buckets `pairs` compares with their first member only: past ``ALL_PAIRS``
    sketches, those of more than ``BUCKET_ALL`` members (a group of look-alikes, each
    compared with the group's first, not with each other: newuser31 #9), each once (a
    group found in several bands is one), members in ``sketches``' order, the largest
    first (ties: the first member's rank, as `Buckets.crowded` orders them). The bins' keys
    are counted band by band (`collections.Counter`; 45-65 ms in all at 10,000 memories),
    their members listed only for a bucket past ``BUCKET_ALL``."""
    keys = [key for key, sk in sketches.items() if _valid(sk)]
    if len(keys) <= ALL_PAIRS:
        return []
    sks = [sketches[key] for key in keys]
    groups: dict[tuple[int, ...], None] = {}
    in_place = [type(sk) is Packed and packed_count(sk) >= BANDS * ROWS for sk in sks]
    mixed = any(type(sk) is Packed for sk in sks)
    all_in_place = all(in_place)
    for band in range(BANDS):  # (the keys as `_band_notes` reads them)
        lo, hi = band * ROWS, (band + 1) * ROWS
        at, to = HEAD + 4 * lo, HEAD + 4 * hi
        if all_in_place:
            cuts = [sk[at:to] for sk in sks]
        elif not mixed:
            cuts = [sk[8 * lo:8 * hi] for sk in sks]
        else:
            cuts = [sk[at:to] if quick else _band(sk, lo, hi)
                    for sk, quick in zip(sks, in_place, strict=True)]
        counts = Counter(cuts)
        if len(cuts) - len(counts) < BUCKET_ALL:
            continue  # (too few keys repeated for a bucket past BUCKET_ALL: none)
        big = {cut for cut, n in counts.items() if n > BUCKET_ALL}
        if big:
            members: dict[bytes, list[int]] = defaultdict(list)
            for i in [i for i, cut in enumerate(cuts) if cut in big]:
                members[cuts[i]].append(i)
            groups.update(dict.fromkeys(map(tuple, members.values())))
    return [[keys[i] for i in group]
            for group in sorted(groups, key=lambda g: (-len(g), g[0]))]  # (largest first)


def crowded_finding(groups: Iterable[list[Hashable]]) -> Finding | None:
    """The one ``near_duplicate`` finding about the workspace (``WORKSPACE``) that says what
    `crowded`'s groups left uncompared: how many memories in how many groups, up to how
    many pairs (a pair of one group may yet be compared through another band or a rare
    fact), and the largest group's first member. None when there are none."""
    groups = list(groups)  # (largest first, ties by their first's rank: `crowded`)
    if not groups:
        return None
    members = {key for group in groups for key in group[1:]}
    skipped = sum((len(g) - 1) * (len(g) - 2) // 2 for g in groups)
    what = "group" if len(groups) == 1 else "groups"
    return finding("near_duplicate", WORKSPACE, None,
                   f"not every pair compared: past {ALL_PAIRS} memories, {len(members):,} "
                   f"memories in {len(groups):,} {what} of more than {BUCKET_ALL} alike were "
                   f"each compared with their group's first only (up to {skipped:,} pairs "
                   f"not compared; the largest, {len(groups[0]):,}, headed by "
                   f"{groups[0][0]}): a near-duplicate among them may go unreported")


def _band_pairs(members: list[int]) -> Iterable[tuple[int, int]]:
    """The candidate pairs of one band bucket (members in order)."""
    if len(members) <= BUCKET_ALL:
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                yield a, b
    else:
        first = members[0]
        for b in members[1:]:
            yield first, b


def _fact_pairs(members: list[int]) -> Iterable[tuple[int, int]]:
    """The candidate pairs of one fact bucket (none past ``FACT_BUCKET`` holders)."""
    if len(members) <= FACT_BUCKET:
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                yield a, b


def pairs(sketches: Mapping[Hashable, bytes], threshold: float = SPELLED,
          verdicts: Verdicts | None = None) -> Found:
    """For each key whose text is a near-duplicate of another's: (similarity, other key),
    most similar first (ties in the order of ``sketches``). Up to ``ALL_PAIRS`` sketches every
    pair is a candidate (a bounded cost: ~45,000 ANDs of bits); past it, candidates
    agree on a band of ``ROWS`` bins (LSH, 10 bands of 6: at 50 % alike two texts are
    candidates with 15 % probability, at 60 % with 38 %, at 70 % with 71 %, at 80 % with
    95 %, at 90 % with 99.9 %), a bucket past ``BUCKET_ALL`` members pairing each with its
    first only, or share a fact that at most ``FACT_BUCKET`` sketches hold (a rewording
    keeps its rare facts: the pairs the bands miss at 20-60 % alike). Each candidate pair
    is compared once (`_matches`).

    12 bands of 5 (found 32 % at 50 % alike, 89 % at 70 %) and buckets of up to 50 compared
    six times as many pairs on the 10,000-memory bench, whose texts (48 phrases of Chinese)
    are ~30 % alike: pairing cost 2.9 s against 0.4 s (bench/RESULTS.md)."""
    keys = [key for key, sk in sketches.items() if _valid(sk)]
    dated = {key for key in keys if _DATED.search(str(key))}
    groups: Iterable[tuple[Hashable, Iterable[Hashable]]]
    bits: Bits | None = None
    template: Template | None = None
    if len(keys) <= ALL_PAIRS:  # every pair, the workspace's template left out
        groups = [(a, keys[i + 1:]) for i, a in enumerate(keys)]
        # the loop's first stage compiled (`_matches`: `near_duplicate_kernel.screen`), else
        # the pairs' counts from bits (issue 35: the bits' loop over every pair of the 261
        # memories was ~95 ms of a 0.37 s cold audit)
        bits = _bitmaps(sketches, keys) if _kernel.NATIVE is None else None
        template = Template([_bottom(sketches[key]) for key in keys],
                            _notes_of([sketches[key] for key in keys if key in dated]), keys)
    else:
        later = _later([sketches[key] for key in keys])
        groups = ((keys[i], map(keys.__getitem__, set(got)))
                  for i, got in enumerate(later) if got is not None)
    out: Found = defaultdict(list)
    try:
        for a, others in groups:
            for sim, b in _matches(a, others, sketches, threshold, dated, bits, template,
                                   verdicts):
                out[a].append((sim, b))
                out[b].append((sim, a))
    finally:
        if verdicts is not None:
            verdicts.done()
    # (each key's number made only now: at 50,000 memories ~2.6 MiB held through the
    # compiled candidates, the CLI's peak, issue 35)
    return _ranked(out, {key: n for n, key in enumerate(keys)})


Bucket = Hashable  # one member alone, or a list of two or more (keys are never lists)


class Buckets:
    """What `pairs` computes, kept by a live auditor so that a few changed sketches cost
    those few (`update`, `pairs_of`) rather than every memory's.

    The LSH buckets (one dict per band, from the band's bins to its bucket: the one member
    alone, or a list of members in ``order``) and the fact buckets (each fact's holders, a
    lone one without a list: most facts are one memory's) are kept whatever the count; up
    to ``ALL_PAIRS`` sketches every pair is a candidate, as in `pairs`. The candidate
    relation is symmetric, so a key's pairs (`pairs_of`) are read from its own
    candidates. Up to ``ALL_PAIRS`` it keeps the workspace's template shingles too (`pairs`;
    counted again at each change, at most 300 × 128 hashes: every key touched when they
    change).

    `update_pairs` gives each touched key's pairs from what it knows of them (``known``,
    from `found` on): a key whose candidates changed only by the changed keys (a band
    bucket's first when a member joins or leaves it: thousands of candidates in a workspace
    of look-alikes) is compared with those alone, its other pairs kept; the changed keys,
    and the members of a bucket whose first changed or that crossed ``BUCKET_ALL`` or
    ``FACT_BUCKET`` (``whole``), with all their candidates (newuser24 #50: one edit read
    ~1,300 sketches whole, ~150 ms of CPU at 3,000 look-alike memories)."""

    __slots__ = ("bands", "dated", "facts", "known", "order", "sketches", "template",
                 "threshold", "whole")

    def __init__(self, sketches: Mapping[Hashable, bytes],
                 order: Mapping[Hashable, int] | None = None,
                 threshold: float = SPELLED) -> None:
        """``order``: each key's rank (pairs tie in it, a bucket's first is the least);
        by default the order of ``sketches``."""
        self.order = order if order is not None else {k: n for n, k in enumerate(sketches)}
        self.sketches = {key: sk for key, sk in sketches.items() if _valid(sk)}
        self.threshold = threshold
        self.dated = {key for key in self.sketches if _DATED.search(str(key))}
        self.bands: list[dict[int | bytes, Bucket]] = [{} for _ in range(BANDS)]
        self.facts: dict[int, Bucket] = {}  # a fact's holder alone, or a list of them
        self.template = self._template()
        #: Each key's pairs as last given (`found`, `update_pairs`; none: not asked yet).
        self.known: dict[Hashable, list[tuple[float, Hashable]]] | None = None
        #: The keys the last `update` left to compare with every candidate again.
        self.whole: set[Hashable] = set()
        for key, sk in self.sketches.items():
            for band, cut in zip(self.bands, _cuts(sk), strict=True):
                was = band.setdefault(cut, key)
                if was is not key:
                    if isinstance(was, list):
                        was.append(key)
                    else:
                        band[cut] = [was, key]
            for h in _facts_of(sk):
                was = self.facts.setdefault(h, key)
                if was is not key:
                    if isinstance(was, list):
                        was.append(key)
                    else:
                        self.facts[h] = [was, key]

    def crowded(self) -> list[list[Hashable]]:
        """`crowded`'s groups from the band buckets kept (each member list in ``order``)."""
        if len(self.sketches) <= ALL_PAIRS:
            return []
        groups: dict[tuple[Hashable, ...], None] = {}
        for band in self.bands:
            for bucket in band.values():
                if type(bucket) is list and len(bucket) > BUCKET_ALL:
                    groups[tuple(sorted(bucket, key=self.order.__getitem__))] = None
        rank = self.order.__getitem__
        return [list(group) for group in sorted(groups, key=lambda g: (-len(g), rank(g[0])))]

    def _template(self) -> Template | None:
        """The template shingles `pairs` leaves out (none past ``ALL_PAIRS``)."""
        if len(self.sketches) > ALL_PAIRS:
            return None
        return Template(list(map(_bottom, self.sketches.values())),
                        _notes_of([self.sketches[key] for key in self.dated]),
                        list(self.sketches))

    def _candidates(self, key: Hashable) -> set[Hashable]:
        sk = self.sketches[key]
        if len(self.sketches) <= ALL_PAIRS:
            out = set(self.sketches)
        else:
            out = set()
            for band, cut in zip(self.bands, _cuts(sk), strict=True):
                members = band[cut]
                if not isinstance(members, list):
                    continue  # the key alone
                if len(members) <= BUCKET_ALL or members[0] == key:
                    out.update(members)
                else:
                    out.add(members[0])
            for h in _facts_of(sk):
                holders = self.facts[h]
                if isinstance(holders, list) and len(holders) <= FACT_BUCKET:
                    out.update(holders)
        out.discard(key)
        return out

    def found(self, verdicts: Verdicts | None = None) -> Found:
        """Every key's pairs (keys without any left out), each candidate pair compared once:
        what `pairs` gives for the same sketches in ``order`` (``verdicts``: as `pairs`)."""
        ranked = sorted(self.sketches, key=self.order.__getitem__)
        found = pairs({key: self.sketches[key] for key in ranked}, self.threshold, verdicts)
        self.known = {key: list(others) for key, others in found.items()}
        return found

    def pairs_of(self, key: Hashable) -> list[tuple[float, Hashable]]:
        """One key's entry of `found` (empty: none)."""
        if key not in self.sketches:
            return []
        out = _matches(key, self._candidates(key), self.sketches, self.threshold, self.dated,
                       template=self.template)
        order = self.order
        out.sort(key=lambda p: (-p[0], order[p[1]]))
        return out

    def update_pairs(self, changed: Mapping[Hashable, bytes]
                     ) -> dict[Hashable, list[tuple[float, Hashable]]]:
        """`update`, then the `pairs_of` of every key it touched (empty: none), each compared
        with the changed keys alone when nothing else about its candidates changed."""
        touched = self.update(changed)
        known, keys = self.known, set(changed)
        out = {}
        for key in touched:
            if known is None or key in self.whole or key not in self.sketches:
                got = self.pairs_of(key)
            else:
                got = [p for p in known.get(key, ()) if p[1] not in keys]
                others = [k for k in keys
                          if k != key and k in self.sketches and self._paired(key, k)]
                if others:
                    got += _matches(key, others, self.sketches, self.threshold, self.dated,
                                    template=self.template)
                    order = self.order
                    got.sort(key=lambda p: (-p[0], order[p[1]]))
            out[key] = got
            if known is not None:
                if got:
                    known[key] = list(got)
                else:
                    known.pop(key, None)
        return out

    def _paired(self, a: Hashable, b: Hashable) -> bool:
        """Whether ``b`` is one of ``a``'s candidates (`_candidates`), from the buckets both
        are in."""
        if len(self.sketches) <= ALL_PAIRS:
            return True
        sa, sb = self.sketches[a], self.sketches[b]
        for band, ca, cb in zip(self.bands, _cuts(sa), _cuts(sb), strict=True):
            if ca != cb:
                continue
            members = band[ca]
            if isinstance(members, list) and (len(members) <= BUCKET_ALL or members[0] in (a, b)):
                return True
        theirs = set(_facts_of(sb))
        for h in _facts_of(sa):
            if h in theirs:
                holders = self.facts[h]
                if isinstance(holders, list) and len(holders) <= FACT_BUCKET:
                    return True
        return False

    def update(self, changed: Mapping[Hashable, bytes]) -> set[Hashable]:
        """Give the keys of ``changed`` their new sketches (each key must be in ``order``);
        returns the keys whose `pairs_of` can have changed (``whole``: those whose
        candidates can have changed by more than the keys of ``changed``)."""
        touched: set[Hashable] = set()
        self.whole = whole = set(changed)
        for key, sk in changed.items():
            before = len(self.sketches)
            touched.add(key)
            if key in self.sketches:
                if before <= ALL_PAIRS:
                    touched.update(map(itemgetter(1), self.pairs_of(key)))
                self._remove(key, touched, before > ALL_PAIRS)
            if _valid(sk):
                self._add(key, sk, touched, len(self.sketches) + 1 > ALL_PAIRS)
            template = self._template()
            if template != self.template:  # every pair's verdict can change
                touched.update(self.sketches)
                whole.update(self.sketches)
            elif template is not None and self.template is not None:
                # a key whose partners changed (`_by_claims`): its pairs can have changed
                now, was = template.partners(), self.template.partners()
                moved = {k for k in now.keys() | was.keys() if now.get(k) != was.get(k)}
                touched.update(k for k in moved if k in self.sketches)
                whole.update(moved)
            self.template = template
            if key in self.sketches and len(self.sketches) <= ALL_PAIRS:
                touched.update(map(itemgetter(1), self.pairs_of(key)))
            if (before <= ALL_PAIRS) != (len(self.sketches) <= ALL_PAIRS):
                touched.update(self.sketches)  # every candidate relation changed
                whole.update(self.sketches)
        return touched

    def _remove(self, key: Hashable, touched: set[Hashable], lsh: bool) -> None:
        old = self.sketches.pop(key)
        self.dated.discard(key)
        for band, cut in zip(self.bands, _cuts(old), strict=True):
            members = band[cut]
            if not isinstance(members, list):
                del band[cut]  # the key alone
                continue
            if lsh:
                _touch(touched, members, key, len(members) - 1, self.whole)
            members.remove(key)
            if len(members) == 1:
                band[cut] = members[0]
        for h in _facts_of(old):
            holders = self.facts[h]
            if not isinstance(holders, list):
                del self.facts[h]  # the key alone
                continue
            if lsh and len(holders) - 1 <= FACT_BUCKET:
                touched.update(holders)
                if len(holders) - 1 == FACT_BUCKET:  # the others pair again
                    self.whole.update(holders)
            holders.remove(key)
            if len(holders) == 1:
                self.facts[h] = holders[0]

    def _add(self, key: Hashable, sk: bytes, touched: set[Hashable], lsh: bool) -> None:
        self.sketches[key] = sk
        if _DATED.search(str(key)):
            self.dated.add(key)
        rank = self.order.__getitem__
        for band, cut in zip(self.bands, _cuts(sk), strict=True):
            was = band.setdefault(cut, key)
            if was is key:
                continue
            members = was if isinstance(was, list) else [was]
            insort(members, key, key=rank)
            band[cut] = members
            if lsh:
                _touch(touched, members, key, len(members) - 1, self.whole)
        for h in _facts_of(sk):
            was = self.facts.setdefault(h, key)
            if was is key:
                continue
            holders = was if isinstance(was, list) else [was]
            holders.append(key)
            self.facts[h] = holders
            if lsh and len(holders) - 1 <= FACT_BUCKET:
                touched.update(holders)
                if len(holders) - 1 == FACT_BUCKET:  # the others pair no more
                    self.whole.update(holders)


def _bottom(sk: bytes) -> Iterable[int]:
    """A sketch's bottom hashes (read in place)."""
    rest = _rest(sk)
    return rest[1:1 + max(rest[0], 0)]


def _touch(touched: set[Hashable], members: list[Hashable], key: Hashable, others: int,
           whole: set[Hashable]) -> None:
    """The members whose candidates change when ``key`` joins or leaves a band bucket that
    holds ``others`` other members: every member when the bucket pairs all without ``key``
    (with it too, or it crosses ``BUCKET_ALL``) or ``key`` is its first; else its first
    alone (the others' one candidate there). Into ``whole`` too, every member when their
    candidates change by more than ``key``: the bucket crosses ``BUCKET_ALL``, or its first
    changes while it is past it."""
    if others <= BUCKET_ALL or members[0] == key:
        touched.update(members)
        if others >= BUCKET_ALL:
            whole.update(members)
    else:
        touched.add(members[0])


def pair_message(other: str, sim: float, more: int, dated: bool = False,
                 shared: tuple[list[str], list[str], bool] | None = None) -> str:
    """The finding's words, as alike as the figure: "nearly" from ``THRESHOLD``; below it
    the pair is reported for the facts both hold (`agree`), so the message says that
    (newuser25 #39: "nearly the same" at 27 %). A pair that differs by a negation
    (`Disagreeing`) is a ``contradiction`` (`pair_findings`), never a copy to merge. Two
    ``dated`` notes (daily logs, `_copied`) are a journal: the copied lines go, the notes
    stay; how many of the smaller's lines the other writes (`Copied`). ``shared``: what the
    pair shares (`_shared_named`: the values both write, the words both hold, whether their
    sketches share a fact besides the type), named (newuser35 #2: "holds the same facts"
    named none; a pair sharing no value says so, and names its words)."""
    also = f" (and {more} more)" if more else ""
    if dated:  # two daily notes: a journal, one note a day (newuser32 #9)
        # the wording's share, its lines (newuser35 #21: "100 % alike" was the words' set)
        alike = (f"{sim.held} of {sim.lines} lines repeated" if isinstance(sim, Copied)
                 else f"{sim:.0%} alike")
        return (f"repeats {other} ({alike}){also}: a day's note copied into another "
                "day's; keep each day's own lines in its note (a dated journal is never "
                "merged into one)")
    values, words, facts = shared if shared is not None else ((), (), True)
    told = f"; both write {', '.join(values)}" if values else ""
    if sim >= THRESHOLD:
        return (f"says nearly what {other} says ({sim:.0%} alike){also}: merge them into "
                f"one memory{told}")
    if not facts:  # no value in common (a type is none): its words alone
        said = f"; the words both hold: {', '.join(words)}" if words else ""
        return (f"says in other words what {other} says, no value in common (only "
                f"{sim:.0%} of the wording alike){also}: merge them into one memory if they "
                f"say one thing{said}")
    return (f"holds the same facts as {other} in other words (only {sim:.0%} of the wording "
            f"alike){also}: merge them into one memory{told}")


def near_duplicate_texts(texts: Iterable[tuple[Hashable, str]]) -> Found:
    """`pairs` of texts given whole (tests, and profiles that keep their texts)."""
    return pairs({key: sketch(text) for key, text in texts})


def near_duplicate_findings(sketches: Mapping[str, bytes]) -> dict[str, tuple[Finding]]:
    """A ``near_duplicate`` finding for every memory another says nearly the same as: one
    per file, naming the most alike other (its ``files``: that other, for the app to open)."""
    return findings_of(pairs(sketches), sketch_of=sketches.__getitem__)


SketchOf = Callable[[Hashable], bytes]  # a key's sketch (what a pair shares: `_shared_named`)
#: What two sketches share, named in a pair's message (`sketches_named`), or None.
Named = tuple[list[str], list[str], bool] | None
#: `sketches_named`, or a memo of it (`memtui.core.caches.pair_verdicts.PairVerdicts.named_of`:
#: a pure function of the two sketches, kept between audits, issue 35).
NamedOf = Callable[[bytes, bytes], Named]


def findings_of(found: Mapping[Hashable, list[tuple[float, Hashable]]],
                sizes: Mapping[Hashable, int] | None = None,
                sketch_of: SketchOf | None = None, named_of: NamedOf | None = None,
                each: Callable[[str, list[tuple[float, Hashable]]], tuple[Finding, ...]]
                | None = None) -> dict[str, tuple[Finding, ...]]:
    """The ``near_duplicate`` (and ``contradiction``) findings of `pairs`' answer, a hub's
    pairs in other words left out (`memtui.core.checks.near_duplicate_hubs`: an overview
    alike with many topics; ``sizes``, each key's size in bytes: a hub is the smaller side of
    most of its pairs). ``sketch_of``: each key's sketch, for the message to name what a
    pair shares (`pair_finding`). ``each``: `pair_findings` of (a file, its pairs) with
    that ``sketch_of`` and ``named_of``, memoised (a kept auditor's, issue 35)."""
    kept = {rel: without_instances(rel, others)
            for rel, others in unhubbed(found, THRESHOLD, sizes).items()}
    if each is None:
        return {str(rel): pair_findings(str(rel), others, sketch_of, named_of)
                for rel, others in kept.items() if others}
    return {str(rel): each(str(rel), others) for rel, others in kept.items() if others}


_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}(?:T\d{2}-\d{2}-\d{2})?-?")  # a name's date stamp
_NUMBERED = re.compile(r"(\d+)")


def series(a: str, b: str) -> bool:
    """Whether two files are named as one series' instances: their names, without the date
    stamp that opens a Codex or OpenClaw memory's, differ and only in their numbers
    (``room-1`` / ``room-2``, ``fees-2025`` / ``fees-2026``): one template filled twice, a
    policy's version for each year. None of the blind sets' 1,419 duplicate pairs is named
    so, 396 of their 2,136 look-alike pairs are (session 39)."""
    x, y = (_STAMP.sub("", p.rsplit("/", 1)[-1].rsplit(".", 1)[0], 1) for p in (a, b))
    if x == y:
        return False
    tx, ty = _NUMBERED.split(x), _NUMBERED.split(y)
    return len(tx) == len(ty) and all(u == v or (u.isdigit() and v.isdigit())
                                      for u, v in zip(tx, ty, strict=True))


def without_instances(rel: Hashable, others: list[tuple[float, Hashable]]
                      ) -> list[tuple[float, Hashable]]:
    """``others`` without the `Contradicting` pairs whose one value is, on each side, the
    number the file is named by (`memtui.core.checks.contradiction.numbered_instances`:
    one template's numbered instances, newuser36 #9), nor the pairs under ``WHOLE`` alike
    of files named as one series' instances (`series`: a year's policy and the next
    year's with a clause changed, 75-86 % alike in rules37, are two versions, not one fact
    written twice; a copy still is one)."""
    return [(sim, o) for sim, o in others
            if (type(sim) is not Contradicting or " / " not in sim.values
                or not numbered_instances(str(rel), str(o), tuple(sim.values.split(" / ", 1))))
            and (type(sim) is not float or sim >= WHOLE or not series(str(rel), str(o)))]


def pair_findings(rel: str, others: list[tuple[float, Hashable]],
                  sketch_of: SketchOf | None = None, named_of: NamedOf | None = None
                  ) -> tuple[Finding, ...]:
    """The findings of a memory with near-duplicates ``others`` (most alike first): one
    ``near_duplicate`` naming the most alike of those it repeats, one ``contradiction``
    naming the most alike of those it contradicts (`Contradicting`: the same text with
    another value, newuser29 #10)."""
    same = [o for o in others if not isinstance(o[0], Contradicting | Disagreeing)]
    against = [o for o in others if isinstance(o[0], Contradicting | Disagreeing)]
    out = [pair_finding(rel, same, sketch_of, named_of)] if same else []
    if against:
        sim, other = against[0]
        also = f" (and {len(against) - 1} more)" if len(against) > 1 else ""
        claim = ("one claim, negated on one side only" if isinstance(sim, Disagreeing)
                 else f"one claim with another value ({getattr(sim, 'values', '')})")
        out.append(finding(
            "contradiction", rel, None,
            # (no percentage: the pairing's measure is not the rule's 85 % of words in order,
            # and one figure read against the other said the rule misfired, newuser31 #22)
            f"contradicts {other}: {claim}{also}: which is right? keep that one, delete the "
            "other",
            files=(str(other),)))
    return tuple(out)


def pair_finding(rel: str, others: list[tuple[float, Hashable]],
                 sketch_of: SketchOf | None = None, named_of: NamedOf | None = None
                 ) -> Finding:
    """The one ``near_duplicate`` finding of a memory with near-duplicates ``others`` (most
    alike first); with ``sketch_of``, naming what it shares with the first
    (`_shared_named`)."""
    other = others[0][1]
    dated = bool(_DATED.search(rel) and _DATED.search(str(other)))
    shared = None if sketch_of is None or dated \
        else _shared_named(sketch_of, rel, other, named_of)
    return finding("near_duplicate", rel, None,
                   pair_message(str(other), others[0][0], len(others) - 1, dated, shared),
                   files=(str(other),))


def _shared_named(sketch_of: SketchOf, a: Hashable, b: Hashable,
                  named_of: NamedOf | None = None) -> Named:
    """What two memories' sketches share (`sketches_named`, or ``named_of``: its memo);
    None when a sketch is missing."""
    try:
        sa, sb = sketch_of(a), sketch_of(b)
    except KeyError:
        return None
    return (named_of or sketches_named)(sa, sb)


def sketches_named(sa: bytes, sb: bytes) -> Named:
    """What two sketches share: the values both windows write and the words both hold
    (`near_duplicate_named.named`), and whether their facts meet besides the type (a number
    in words as its number: `_settled`); None when a sketch is cut short. A pure function
    of the two sketches (issue 35: memoised by them, `NamedOf`)."""
    if not _valid(sa) or not _valid(sb):
        return None
    (fa, ta), (fb, tb) = _facts_window(sa), _facts_window(sb)
    if not ta or not tb:
        return None
    fa, fb = _settled(fa, fb)
    values, words = named(ta, tb)
    return values, words, not (fa & fb) <= _TYPES
