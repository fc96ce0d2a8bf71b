"""Contradictions found line by line (``contradiction``, newuser35 #1 and #20): one sentence
written in two memories word for word but for one value (a number with its unit, a time, a
date, a port, a version), at any size of the folder and in every script.

`memtui.core.checks.near_duplicate` finds a contradiction among the pairs its pairing compares
(the whole texts alike); that pairing is bounded (past ``ALL_PAIRS`` memories a crowded group
is compared with its first only), asks each side for ``FEWEST`` words (a one-sentence memory
in Chinese or Japanese, written without spaces, is one or two "words" long), and asks 85 % of
the longer text to be in the other (a memory extended with a paragraph while its twin kept
the old value is not). This step pairs memories by what a contradiction needs instead: the
same claim, and one value slot that differs.

Each memory's claims are made when it is scanned (`claims`): every sentence that holds a
value, as a digest of its words with each value replaced by a mark (the claim's subject and
wording), and its values. Two memories holding one claim whose values differ in exactly one
slot contradict each other (`contradiction_findings`). Two slots differing (a week's report
and the next: the week and its figure; kiln 3 at 1200 and kiln 4 at 1250) are two instances
of a template, quiet; so are two notes both named by a date (a day's note and the next).
A claim is distinctive enough when it holds ``WORDS`` words besides its values, a run of
Chinese, Japanese or Korean characters counted a word per two characters (no spaces to split
at). A claim held by more than ``CROWD`` memories is a template line, not compared; the one
finding under ``WORKSPACE`` then says how many memories and pairs went unchecked.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Container, Mapping
from functools import cache
from itertools import chain, compress, repeat
from operator import itemgetter
from types import ModuleType

from memtui.core.checks.findings import WORKSPACE, Finding, finding
from memtui.core.native import native_module
from memtui.core.reporting.wording import plural

WORDS = 7  # words besides the values: a shorter sentence is a label, not a claim
CROWD = 12  # memories holding one claim past which it is a template line, not compared
_NUMBERS_IN_NAME = re.compile(r"\d+")


def numbered_instances(a: str, b: str, slot: tuple[str, str]) -> bool:
    """Whether the one value two memories write otherwise is, on each side, the number its
    own file is named by (``m000.md`` "Widget 0 uses bolt size M3", ``m012.md`` "Widget 12
    …"; ``topic-005.md`` "… on runner 5 …"): one template's numbered instances, the number
    the subject's own, not a fact written twice (newuser36 #9: 168–219 warnings, each advising
    to delete a correct memory). A date is such a number too: two daily reports a script
    writes, ``review-2026-02-07.md`` and ``review-2026-02-08.md``, the same text but for the
    date each is named by (real37: "one claim with another value (2026-02-07 / 2026-02-08)").
    So is the name itself: Gemini CLI titles a memory file ``# <topic>``, its own name
    (newuser38 #4: ``gtopic01.md`` and ``gtopic08.md``, the same sentence under each one's
    title, "one claim with another value (gtopic01 / gtopic08)").
    ``slot``: the two values, in either order."""
    def own(rel: str, value: str) -> bool:
        stem = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        if value.lstrip("#").casefold() == stem.casefold():
            return True  # the file's own name (Gemini CLI's ``# <topic>`` title line)
        named = [int(n) for n in _NUMBERS_IN_NAME.findall(stem)]
        if value.lstrip("#").isdigit():
            return int(value.lstrip("#")) in named
        # a value of several numbers (a date, 2026-02-07): its numbers, in order, a run of
        # the name's
        parts = [int(n) for n in _NUMBERS_IN_NAME.findall(value)]
        return len(parts) > 1 and any(named[i:i + len(parts)] == parts
                                      for i in range(len(named) - len(parts) + 1))

    x, y = slot
    return (own(a, x) and own(b, y)) or (own(a, y) and own(b, x))
MOST = 64  # claims kept per memory (the first)
LONGEST = 24  # characters of one value kept: a longer run of digits is an identifier

#: A claim's least size: ``WORDS`` words of a spaced script (~5 characters each, its space
#: counted), the same in CJK (three bytes a character, a word two characters).
_SHORTEST = 2 * WORDS
_FEWEST_BYTES = 5 * WORDS


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The regular expressions, compiled when first used (~1.5 ms at every start otherwise;
    the kernel's `claims` needs none of them): a value (a run of digits with its
    separators: 1.33, 22:00, 2026-01-05, 1,240, v1.2.3's 1.2.3, a percent kept), a digit,
    where a line points rather than says (a link's target: a path, not a value), a date in
    a file's name (a dated note: `2026-01-05.md`, `week-12`)."""
    return (re.compile(r"(\d+(?:[.,:/'’\-]\d+)*%?)"), re.compile(r"\d"),
            re.compile(r"\[\[[^\]\n]*\]\]|\]\([^)\s]*\)|<?https?://\S+|`[^`\n]*`"),
            re.compile(r"\d{4}-\d{2}(?:-\d{2})?|(?:week|day|w)[-_ ]?\d{1,2}\b", re.I))


def claims(text: str) -> str:
    """``text``'s claims, one a line (the first ``MOST``): for each sentence holding a value
    and ``WORDS`` words besides, a digest of its words (lowercase, spaces folded) with each
    value a mark, 16 hex digits, then its values joined by a space. One string a memory: a
    tuple a claim held ~50 MB more at 10,000 memories. Made by ``memtui_native.claims``
    (native/claims.c) when it is built, else by `claims_py`: the same string."""
    if _COMPILED is not None:
        return _COMPILED(text, MOST, LONGEST, WORDS, _SHORTEST, _FEWEST_BYTES)
    return claims_py(text)


def claims_py(text: str) -> str:
    """`claims` in Python (~9 µs a sentence holding a digit; the compiled one ~0.3 µs)."""
    out: list[str] = []
    _VALUE, _DIGIT, _TARGET, _ = _patterns()
    if _DIGIT.search(text) is None:
        return ""
    for sentence in filter(_DIGIT.search, _sentences(text.lower())):
        if "](" in sentence or "[[" in sentence or "://" in sentence or "`" in sentence:
            sentence = _TARGET.sub(" ", sentence)
        parts = _VALUE.split(sentence)  # (words, value, words, value, ..., words)
        values = parts[1::2]
        if max(map(len, values), default=LONGEST + 1) > LONGEST:  # (none, or an id)
            continue
        key = "\x00".join(parts[::2]).strip()
        if "  " in key or "\t" in key:
            key = " ".join(key.split())  # (spaces folded: the same words)
        if len(key) < _SHORTEST or (key.isascii() and key.count(" ") + 1 < WORDS):
            continue  # (a label, not a claim)
        data = key.encode("utf-8", "surrogatepass")
        if len(data) < _FEWEST_BYTES:
            continue
        out.append(hashlib.blake2b(data, digest_size=8).hexdigest() + " ".join(values))
        if len(out) >= MOST:
            break
    return "\n".join(out)


def _compiled(native: ModuleType | None) -> ModuleType | None:
    """``native`` when its `claims` and `held_twice` are the version this module was written
    against (``CLAIMS``), else None."""
    if native is None or getattr(native, "CLAIMS", None) != CLAIMS_VERSION:
        return None
    return native


CLAIMS_VERSION = 2  # the memtui_native.CLAIMS this module was written against
_KERNEL = _compiled(native_module())
_COMPILED: Callable[..., str] | None = None if _KERNEL is None else _KERNEL.claims
_TWICE: Callable[[list[str]], list[int] | None] | None = (
    None if _KERNEL is None else _KERNEL.held_twice)


def _sentences(text: str) -> list[str]:
    """``text``'s sentences: cut at . ! ? ; before a space, the CJK full stops, a line's end
    (by `str.replace`: a regular expression's alternation cost ~40 ns a character)."""
    for end in _ENDS:
        if end in text:
            text = text.replace(end, "\n")
    return text.split("\n")


_ENDS = ("。", "！", "？", "；", ". ", "! ", "? ", "; ", ".\t")


def _one_slot(a: str, b: str) -> tuple[str, str] | None:
    """The one value ``a`` and ``b`` (values joined by a space) write otherwise, else None
    (none, or two or more: a template's instances)."""
    va, vb = a.split(" "), b.split(" ")
    if len(va) != len(vb):
        return None
    differ = [(x, y) for x, y in zip(va, vb, strict=True) if x != y]
    if len(differ) != 1:
        return None
    x, y = differ[0]
    if _number(x) is not None and _number(x) == _number(y):
        return None  # one value written otherwise (08:00 and 8:00, 1,240 and 1240)
    return (x, y) if x <= y else (y, x)


def _number(v: str) -> tuple[float, ...] | None:
    """``v``'s numbers (each part between : / - read alone), for two spellings of one."""
    try:
        return tuple(float(p.replace(",", "").rstrip("%") or 0)
                     for p in re.split(r"[:/\-]", v.lstrip("+")))
    except ValueError:
        return None


def held_twice(held: Mapping[str, str]) -> dict[str, list[tuple[str, str]]]:
    """Each claim held more than once (its digest): the memories holding it, each with its
    values (its last, where it holds the claim twice), in ``held``'s order. Found by the
    kernel's ``held_twice`` (a 64-bit integer a line: the Python's str a line and its digest
    were +30 MB at the peak of a cold audit of 10,000 memories), else all the claims as one
    list (C calls: ~0.2 µs a claim, where a Python step per claim was ~1 µs); a Python step
    is taken only for a claim held twice."""
    rels = [rel for rel, cs in held.items() if cs]
    blobs = [held[rel] for rel in rels]
    each: dict[str, dict[str, str]] = {}
    flat = None if _TWICE is None else _TWICE(blobs)
    if flat is not None:  # (the kernel's: no str made for a line held once)
        split: dict[int, list[str]] = {}
        for m, j in zip(flat[::2], flat[1::2], strict=True):
            line = (split.get(m) or split.setdefault(m, blobs[m].split("\n")))[j]
            each.setdefault(rels[m], {})[line[:16]] = line[16:]
    else:
        lines = "\n".join(blobs).split("\n")
        digests = list(map(_DIGEST, lines))
        if len(set(digests)) == len(digests):
            return {}
        twice = {d for d, n in Counter(digests).items() if n > 1}
        owner = list(chain.from_iterable(repeat(rel, cs.count("\n") + 1)
                                         for rel, cs in zip(rels, blobs, strict=True)))
        for i in compress(range(len(lines)), map(twice.__contains__, digests)):
            each.setdefault(owner[i], {})[digests[i]] = lines[i][16:]
    by_claim: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for rel, mine in each.items():
        for digest, values in mine.items():
            by_claim[digest].append((rel, values))
    return by_claim


_DIGEST = itemgetter(slice(16))


def contradiction_findings(held: Mapping[str, str],
                           said: Container[str] | None = None
                           ) -> dict[str, tuple[Finding, ...]]:
    """The ``contradiction`` findings of memories ``held`` (path: its `claims`), by path: one
    per memory naming the first it contradicts; a memory in ``said`` (already told of a
    contradiction, by the near-duplicate pairing) is passed over. Under ``WORKSPACE``, the
    one finding that says which claims were held by too many to compare (``CROWD``)."""
    return findings_of_held_twice(held_twice(held), said)


def findings_of_held_twice(by_claim: Mapping[str, list[tuple[str, str]]],
                           said: Container[str] | None = None
                           ) -> dict[str, tuple[Finding, ...]]:
    """`contradiction_findings` from the claims held twice (`held_twice`): a one-shot audit
    finds those, then lets go of every memory's claims (~25 MB at 50,000 memories, issue
    35: held to the derivation's peak) before it knows ``said``."""
    against: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    crowded: list[list[tuple[str, str]]] = []
    for members in by_claim.values():
        if len(members) < 2 or len({v for _, v in members}) < 2:
            continue
        if len(members) > CROWD:
            crowded.append(members)
            continue
        dated = _patterns()[3].search
        found: list[tuple[str, str, tuple[str, str]]] = []
        for i, (a, va) in enumerate(members):
            for b, vb in members[i + 1:]:
                if a == b or (dated(a) and dated(b)):
                    continue
                slot = _one_slot(va, vb)
                if slot is not None:
                    found.append((a, b, slot))
        for a, b, slot in found:
            if numbered_instances(a, b, slot):
                continue  # one template's numbered instances (newuser36 #9)
            against[a].setdefault(b, slot)
            against[b].setdefault(a, slot)
    out: dict[str, tuple[Finding, ...]] = {}
    for rel, others in against.items():
        if said is not None and rel in said:
            continue
        names = sorted(others)
        x, y = others[names[0]]
        also = f" (and {len(names) - 1} more)" if len(names) > 1 else ""
        out[rel] = (finding(
            "contradiction", rel, None,
            f"contradicts {names[0]}: one claim with another value ({x} / {y}){also}: "
            "which is right? keep that one, delete the other", files=(names[0],)),)
    if crowded:
        memories = {rel for members in crowded for rel, _ in members}
        skipped = sum(len(m) * (len(m) - 1) // 2 for m in crowded)
        # memtui's own limit, not a fault of the memory: an info, so that --fail-on
        # warning does not fail on it (newuser39 #26)
        many = len(crowded) != 1
        out[WORKSPACE] = (finding(
            "contradiction", WORKSPACE, None,
            f"not every pair compared: {plural(len(crowded), 'sentence')} with a value "
            f"{'are' if many else 'is'} each written in more than {CROWD} memories "
            f"({len(memories):,} memories, up to {skipped:,} pairs not compared): a template "
            "line, or a contradiction among them unreported", severity="info"),)
    return out
