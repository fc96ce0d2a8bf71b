"""Two memories compared by their claims (issue 32): one holding what the other says, cut
and ordered otherwise (a superset; a list against its prose, in another order; a table
against a JSON snippet; the same sentences with a value written two ways).

The sketch's similarity counts shingles over the whole text: a list rewritten as prose, or
a short memory inside a long one, shares too few of them, and a value written otherwise on
one side (``6000.0.31`` in a description, ``6000.0.31f1`` in the body) is a fact of its own
that keeps the pair apart. So each memory's window (the text its sketch stores) is cut into
its claims (`claims`): its lines, each cut again at a sentence's or a clause's end (a mark
that a space or the line's end follows, or a full-width one), a table's row one claim, a
list's item one. A claim is its tokens: words folded to lower case and cut to their
first ``STEM`` letters (the sketch's crude stemmer: an inflection's ending left out),
numbers whole with their inner marks (``6:30``, ``2026-04-30``; leading zeros dropped),
Chinese, Japanese, Korean, Thai, Lao, Myanmar, Khmer and Tibetan runs as character pairs (no
spaces to cut at); a letter word under three letters is left out (particles, articles). Two
tokens match when equal, or when one number (four characters or more) begins the other (a
version and its build, ``6000.0.31``, ``6000.0.31f1``; a word begun by another is another
word: الوالد, الوالدة), or when both are quantities of one value (`_same_number`): its
thousands grouped otherwise (``60 000``, ``120,000``, ``120.000``) or its scale written in
words on one side (``60 tisících`` against ``60 000``; ratios `SCALES`). A table's header
(the row a rule line follows) names its columns and is no claim (issue 32, rules41).

Structure, not phrases: a claim of the memory with fewer (`held`) is held by the other when
at least half its tokens are in one claim of the other, and contradicted there when

- both write it as ``label: value`` (a list's key) with the same label and values that
  share nothing (two instances of one template: ``Shift: night`` against ``Shift: day``);
- or each side's claim holds a value of one kind the other's lacks (a number against a
  number; a name or a term against a name or a term: a word capitalised inside its claim,
  quoted or marked as code, a Latin word among another alphabet, any word of a fenced
  block): the same frame about another entity, or a decision and its correction.

A claim whose words are not held (a translation, a sentence reworded whole) is held by the
claim of the other holding every one of its numbers (`_by_numbers`: two claims whose values
agree say one thing whatever their words; the contradiction above still parts them). Two
memories whose words share little (a translation: `_values_agree`) are the same when
``SHARED`` of their values agree and neither holds values of one kind the other lacks.

Two memories are the same by their claims (`same_claims`) when the one with fewer (its
description's line aside: a summary worded its own way) has ``HELD`` or more held (or
``LEAST`` held whose matches share ``TOLD`` telling values: a note of two sentences whose
values say it), every other one held too and none contradicted (a claim matched by its
values alone when values are half its tokens: a table's row against a line of times,
`_by_values`). The caller
(`memtui.core.checks.near_duplicate`) asks only for pairs its rare-shingle filter proposes
(`memtui.core.checks.near_duplicate_template.Template.partners`) and the pairing did not
report, and keeps its own structural guards (slots, fields, named frames) beside it.

Cost: a window's claims are made once and memoised by its bytes (`_CLAIMS`, bounded); only
the proposed pairs are compared.
"""

from __future__ import annotations

from collections.abc import Iterable

from memtui.core.scanner.lazy_pattern import lazy_pattern

__all__ = ["HELD", "Claim", "claims", "same_claims"]

HELD = 3  # claims of the memory with fewer the other must hold ...
ASIDE = 0  # ... and of its others at most this many not held (a line of its own)
LEAST = 2  # tokens a claim needs to be counted (a heading's one word is no claim)
STEM = 5  # letters of a word kept (an inflection's ending left out)
PREFIX = 4  # characters from which a token beginning another matches it
TOLD = 2  # ... or, when it has fewer claims, telling values its claims held carry
WORDS = 4  # two memories sharing under 1 / WORDS of their tokens speak two languages ...
SHARED = 4  # ... and say one thing when this many values agree and none contradicts
MOST_CLAIMS = 40  # claims read of a window

_UNSPACED = ("\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
             "\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff")
_MARKS = "\u0300-\u036f\u0900-\u0dff"  # combining marks and the Indic scripts' vowel signs
#: A token: a number with its inner marks (and a unit or a build glued on), a run of an
#: unspaced script, or a word (letters, digits and the Indic scripts' signs).
_TOKEN = lazy_pattern(r"\d+(?:[.,:/-]\d+)*[^\W_" + _UNSPACED + r"]*"
                    r"|[" + _UNSPACED + r"]+"
                    r"|(?:[^\W_" + _UNSPACED + r"]|[" + _MARKS + r"])+")
#: The unspaced scripts' ranges (code points), for a token's first character.
_UNSPACED_RANGES = ((0x3040, 0x30FF), (0x3400, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF),
                    (0x0E00, 0x0EFF), (0x0F00, 0x0FFF), (0x1000, 0x109F), (0x1780, 0x17FF))
#: Where a line is cut into claims: a sentence's or a clause's end (a mark a space or the
#: end follows; a full-width mark anywhere).
_CUT = lazy_pattern(r"[.!?;,](?=\s|$)|[。！？；，、]")
#: A line's list mark, heading mark, quote mark or number (``1.``, ``2)``).
_LEAD = lazy_pattern(r"\s*(?:[-*+>#]+|\d{1,2}[.)](?!\d))\s+")
#: A claim written ``label: value`` (a colon no digit follows: ``6:30`` is a time).
_LABEL = lazy_pattern(r"\s*([^:：=]{1,40}?)\s*[:：=](?!\d)\s*(\S.*)$")
_TABLE_RULE = lazy_pattern(r"[\s|:-]*$")
#: A quoted or marked term (its words are values).
_QUOTED = lazy_pattern(r"«[^»\n]{1,40}»|“[^”\n]{1,40}”|\"[^\"\n]{1,40}\"|`[^`\n]{1,40}`"
                     r"|„[^“”\n]{1,40}[“”]|‘[^’\n]{1,40}’")
_QUOTE_MARKS = lazy_pattern(r"[«“\"`„‘]")
#: A letter of an alphabet other than Latin (a Latin word among them is a term).
_OTHER_LETTERS = lazy_pattern(r"[\u0370-\u1fff\u3040-\ud7af]")
_ZEROS = lazy_pattern(r"(?<!\d)0+(?=\d)")  # a number's leading zeros
#: A value that tells: a number of three digits or more, or written with inner marks (a
#: time, a date, a version, a price with its thousands).
_TELLING = lazy_pattern(r"\d{3}|\d[.,:/-]\d")
#: A number's thousands written apart (``60 000``, ``120\u202f000``): one number.
_GROUPS = lazy_pattern(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d.,:/-])")
#: A number as a quantity (no time, date or version): digits, one mark between its groups.
_QUANTITY = lazy_pattern(r"\d+(?:[.,]\d+)?|\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?")
#: Ratios of two quantities that are one value, its scale written in words on one side
#: (``60 tisících``, ``120k``, ``12万`` against ``60 000``, ``120,000``, ``120000``).
SCALES = (1, 1000, 10_000, 1_000_000)


class Claim:
    """One claim: its tokens, the values among them (numbers, names), and when written
    ``label: value`` the tokens of its label and of its value."""

    __slots__ = ("label", "tokens", "value", "values")

    def __init__(self, tokens: frozenset[str], values: frozenset[str],
                 label: frozenset[str] = frozenset(), value: frozenset[str] = frozenset()
                 ) -> None:
        self.tokens, self.values, self.label, self.value = tokens, values, label, value


def _unspaced(ch: str) -> bool:
    """Whether ``ch`` is of a script written without spaces between words."""
    n = ord(ch)
    return n >= 0x0E00 and any(a <= n <= b for a, b in _UNSPACED_RANGES)


def _tokens(text: str) -> tuple[list[str], set[str]]:
    """(the tokens of ``text``, the values among them: numbers; words capitalised inside
    it, quoted or marked as code, or in the Latin alphabet inside a claim in another: a
    name, a term)."""
    out: list[str] = []
    values: set[str] = set()
    first = True
    quoted = [m.span() for m in _QUOTED.finditer(text)] if _QUOTE_MARKS.search(text) else ()
    foreign = not text.isascii() and _OTHER_LETTERS.search(text) is not None
    if " " in text or not text.isascii():
        text = _GROUPS.sub(lambda m: "".join(m[0].split()), text)
    for m in _TOKEN.finditer(text):
        word = m[0]
        if _unspaced(word[0]) and not word[0].isdigit():  # (Myanmar's digits are digits)
            out += [word[i:i + 2] for i in range(max(len(word) - 1, 1))]
            first = False
            continue
        low = word.casefold()
        if word[0].isdigit():
            if "0" in low:
                low = _ZEROS.sub("", low)  # (08:30 is 8:30)
            values.add(low)
        elif len(word) < 3:
            continue
        else:
            low = low[:STEM]
            if (not first and word[0].isupper()) or (foreign and word.isascii()) or any(
                    a <= m.start() < b for a, b in quoted):
                values.add(low)  # a name, a term
        out.append(low)
        first = False
    return out, values


def _claim(text: str, code: bool = False) -> Claim | None:
    """``text``'s claim (none: under ``LEAST`` tokens); ``code``: a line of a fenced block,
    every token a value (a command's arguments, a setting's name)."""
    tokens, values = _tokens(text)
    if len(tokens) < LEAST:
        return None
    if code:
        values = set(tokens)
    m = _LABEL.match(text)
    if m is not None:
        label, value = _tokens(m[1])[0], _tokens(m[2])[0]
        if label and value:
            return Claim(frozenset(tokens), frozenset(values), frozenset(label),
                         frozenset(value))
    return Claim(frozenset(tokens), frozenset(values))


def _cut(line: str) -> Iterable[str]:
    """A line's claims as text: a table's row whole (its cells apart), else each sentence
    or clause."""
    line = _LEAD.sub("", line, count=1).replace("**", "")
    if line.lstrip().startswith("|"):
        if not _TABLE_RULE.match(line):
            yield " ".join(cell.strip() for cell in line.strip().strip("|").split("|"))
        return
    start = 0
    for m in _CUT.finditer(line):
        if m.start() > start:
            yield line[start:m.start()]
        start = m.end()
    if start < len(line):
        yield line[start:]


#: A window's bytes → its claims, for the windows last read (half dropped when full).
_CLAIMS: dict[str, tuple[Claim, ...]] = {}
MAX_CLAIMS = 2048


def claims(window: str) -> tuple[Claim, ...]:
    """The claims of a memory's window (see the module's docstring), memoised."""
    got = _CLAIMS.get(window)
    if got is not None:
        return got
    out: list[Claim] = []
    code = False
    lines = window.splitlines()
    for i, line in enumerate(lines[1:], 1):  # (its first line the description's: a summary)
        if line.lstrip().startswith(("```", "~~~")):
            code = not code
            continue
        if i + 1 < len(lines) and "|" in lines[i + 1] and _TABLE_RULE.match(lines[i + 1]) \
                and line.lstrip().startswith("|") and "-" in lines[i + 1]:
            continue  # a table's header: the names of its columns, no claim
        for part in _cut(line):
            claim = _claim(part, code)
            if claim is not None:
                out.append(claim)
        if len(out) >= MOST_CLAIMS:
            break
    got = tuple(out[:MOST_CLAIMS])
    if len(_CLAIMS) >= MAX_CLAIMS:
        for key in list(_CLAIMS)[:MAX_CLAIMS // 2]:
            del _CLAIMS[key]
    _CLAIMS[window] = got
    return got


def _matched(tokens: frozenset[str], other: frozenset[str]) -> set[str]:
    """The tokens of ``tokens`` that ``other`` holds, or holds one beginning it or begun by
    it (``PREFIX`` characters or more)."""
    got = set(tokens & other)
    for t in tokens - got:
        if t[0].isdigit() and any(u[0].isdigit() and _same_number(t, u) for u in other):
            got.add(t)
    return got


def _same_number(t: str, u: str) -> bool:
    """Whether number tokens ``t`` and ``u`` are one value: one begins the other (a version
    and its build, ``PREFIX`` characters or more), or both are quantities of one value, its
    thousands grouped otherwise (``120,000``, ``120.000``, ``120000``) or its scale written
    in words on one side (``60`` in ``60 tisících`` against ``60000``: `SCALES`)."""
    if len(t) >= PREFIX and len(u) >= PREFIX and (u.startswith(t) or t.startswith(u)):
        return True
    a, b = _quantity(t), _quantity(u)
    if a is None or b is None or not a or not b:
        return False
    if a > b:
        a, b = b, a
    return any(abs(a * s - b) < 1e-9 * b for s in SCALES)


def _quantity(t: str) -> float | None:
    """The value of a number token written as a quantity (none: a time, a date, a version,
    a unit glued on): a mark before three digits groups thousands, another is a decimal
    mark."""
    if _QUANTITY.fullmatch(t) is None:
        return None
    groups = t.replace(",", ".").split(".")
    if len(groups) > 2 or (len(groups) == 2 and len(groups[1]) == 3):
        return float("".join(groups))
    return float(".".join(groups))


def _contradicted(c: Claim, d: Claim) -> bool:
    """Whether claims ``c`` and ``d``, one held by the other, say one thing of two
    instances, or two things of one: each holds a value of one kind the other lacks (a
    number against a number, a name or a term against a name or a term; a rewording keeps
    a claim's values, and a template's instances or a correction change them, whatever the
    rest of either memory holds)."""
    if c.label and d.label and len(_matched(c.label, d.label)) == len(c.label) \
            and not _matched(c.value, d.value):
        return True  # one label, values sharing nothing
    own_c = c.values - _matched(c.values, d.tokens)
    own_d = d.values - _matched(d.values, c.tokens)
    return bool(own_c) and bool(own_d) and (  # (of one kind: a number, or a name or term)
        (_numbers(own_c) and _numbers(own_d)) or (_words(own_c) and _words(own_d)))


def _numbers(values: set[str] | frozenset[str]) -> bool:
    return any(v[0].isdigit() for v in values)


def _words(values: set[str] | frozenset[str]) -> bool:
    return any(not v[0].isdigit() for v in values)


def _by_values(c: Claim, more: tuple[Claim, ...]) -> Claim | None:
    """The claim of ``more`` holding every value of ``c`` that tells (`_TELLING`), one at
    least, when values are half of ``c``'s tokens: a table's row against a line of times,
    each labelled in its own words."""
    telling = {v for v in c.values if _TELLING.search(v)}
    if not telling or 2 * len(c.values) < len(c.tokens):
        return None  # (none, or a claim of words: a value changed is written in them)
    for d in more:
        if len(_matched(frozenset(telling), d.values)) == len(telling):
            return d
    return None


def _by_numbers(c: Claim, more: tuple[Claim, ...]) -> Claim | None:
    """The claim of ``more`` holding every number of ``c`` (one at least) when ``c``'s words
    are not held: two claims whose values agree say one thing whatever their words (a
    translation, a rewording; `_contradicted` still parts them when their names differ)."""
    numbers = frozenset(v for v in c.values if v[0].isdigit())
    if not numbers:
        return None
    for d in more:
        if len(_matched(numbers, d.values)) == len(numbers):
            return d
    return None


def held(fewer: tuple[Claim, ...], more: tuple[Claim, ...]) -> tuple[int, int, int, int]:
    """(held, contradicted, counted, told): of the claims of ``fewer`` (its first, the
    description's line, counted only when held: a summary worded its own way), those
    ``more`` holds (half their tokens in one of its claims), and those it contradicts (a
    claim written with its label, the other's with that label and another value; or its
    best match, `_contradicted`); and the telling values (`_TELLING`) the claims held
    share with their match."""
    got = against = counted = 0
    told: set[str] = set()
    for c in fewer:
        if c.label and any(d.label == c.label and not _matched(c.value, d.value)
                           for d in more):
            against += 1
            counted += 1
            continue
        best, best_d = 0, None
        for d in more:
            n = len(_matched(c.tokens, d.tokens))
            if n > best:
                best, best_d = n, d
        if best_d is None or best < LEAST or 2 * best < len(c.tokens):
            best_d = _by_values(c, more) or _by_numbers(c, more)
            if best_d is None:
                counted += 1
                continue
        counted += 1
        if _contradicted(c, best_d):
            against += 1
        else:
            got += 1
            told.update(v for v in best_d.values  # (either side's writing: 60, 60 000)
                        if _TELLING.search(v) and _matched(frozenset((v,)), c.values))
    return got, against, counted, len(told)


def same_claims(a: str, b: str) -> bool:
    """Whether two memories' windows say the same by their claims: the one with fewer has
    ``HELD`` held at least, every other one too (``ASIDE`` aside), none contradicted;
    either way when both have as many (a symmetric verdict: `pairs` asks once a pair)."""
    ca, cb = claims(a), claims(b)
    if len(ca) > len(cb):
        ca, cb = cb, ca
    return _holds(ca, cb) or (len(ca) == len(cb) and _holds(cb, ca)) \
        or _values_agree(ca, cb)  # (symmetric)


def _values_agree(ca: tuple[Claim, ...], cb: tuple[Claim, ...]) -> bool:
    """Whether two memories whose words share little (two languages: under ``1 / WORDS``
    of either side's words, its tokens not values, in the other) say one thing by their
    values: ``SHARED`` or more of them held by the other (a number of two digits or more,
    a name, a term, a code span; a line's label is the format's, ``**Why:**``), and
    neither holding values of one kind the other lacks (a number against a number, a name
    against a name: another instance; a single digit is a word's share, an hour written
    ``6 pm`` or ``18:00``)."""
    if len(ca) < LEAST or len(cb) < LEAST:
        return False
    ta = frozenset().union(*(c.tokens for c in ca))
    tb = frozenset().union(*(c.tokens for c in cb))
    va = frozenset(v for c in ca for v in c.values if len(v) > 1 and v not in c.label)
    vb = frozenset(v for c in cb for v in c.values if len(v) > 1 and v not in c.label)
    wa, wb = ta - va, tb - vb  # (their words: what a language writes)
    if not wa or not wb or WORDS * len(wa & wb) >= min(len(wa), len(wb)):
        return False  # (one language: the claims' words decide)
    shared_a, shared_b = _matched(va, tb), _matched(vb, ta)
    own_a, own_b = va - shared_a, vb - shared_b
    if (_numbers(own_a) and _numbers(own_b)) or (_words(own_a) and _words(own_b)):
        return False
    return min(len(shared_a), len(shared_b)) >= SHARED


def _holds(fewer: tuple[Claim, ...], more: tuple[Claim, ...]) -> bool:
    if len(fewer) < LEAST:
        return False
    got, against, counted, told = held(fewer, more)
    return not against and counted - got <= ASIDE and (
        got >= HELD or (got >= LEAST and told >= TOLD))
