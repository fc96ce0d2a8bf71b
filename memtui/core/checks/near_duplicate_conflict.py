"""Two memories that contradict each other (``contradiction``, newuser29 #10): the same text
written twice with another value in one place (“The Cpk target … is 1.33 …” and “… is
1.67 …”). `near_duplicate` keeps such a pair apart, as it keeps two instances of one template
(a slot in conflict: another value in one context); yet the agent reads both and is told two
targets. Such a pair is reported as disagreeing (which one is right?), never as a copy to
merge, and never silently.

A pair contradicts when its two texts (the windows their sketches store: the description
line, then the body) are the same words but for one place where each side writes a number
the other does not (a value, a date, an amount: one to three tokens on each side, each
holding a digit), besides words changed in the first line (the description, a summary of the
body); at least ``SAME`` of the tokens of the longer side are in the other, in order (its
description's and the value's counted as held: what it bounds is words added), and
each side holds at least ``FEWEST`` tokens. Two places changed (a week's report and the
next: the week and its figures), a name changed (two kilns, two people: a template's
instances), one value written otherwise (within ``ROUNDED``: ``1,240`` and ``1.2k``): not a
contradiction. Words added or dropped beside the value changed (a clause more) are; a pair
the rule would merge as nearly the same is asked too (`near_duplicate._matches`).

A pair kept apart from ``THRESHOLD`` alike whose facts differ in one value each side (a
claim restated around its value: “shrinks 12 %” and, in new words and with a clause more,
“shrinks 14 %”) is asked again, reworded (`_reworded`): words restated anywhere, the one value
changed, half the shorter side's tokens the other's in order; a pair the rule merges never
is (a rate against a total, a unit converted: the values differ, the fact is one).
"""

from __future__ import annotations

import re
from itertools import islice

from memtui.core.checks.near_duplicate_negation import negating

SAME = 0.85  # share of the longer side's tokens the other holds in order
FEWEST = 8  # tokens on each side: a shorter text is a label, not a claim
SPAN = 3  # tokens on each side of the one place that differs
HELD = 0.5  # share of the shorter side's tokens the other holds in order, reworded
ROUNDED = 0.05  # two values this close are one rounded (1,240 and 1.2k), not two

#: A letter a number keeps as its unit or prefix (``12ms``, ``v1.2``, ``M3``): not one of
#: the scripts that do not space their words, whose characters around a number are words of
#: their own (``第10号`` … ``检查3项``: the number alone is the value, newuser37 #10: a
#: sentence holding two numbers was one token, two changed values one place).
_UNIT = r"[^\W_\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
_TOKEN = re.compile(_UNIT + r"*\d(?:[\d.,:/'’\-]*\d)?" + _UNIT + r"*%?|[^\W\d_]+")
#: Where a line points rather than says: a wikilink's target (``[[m12]]``, ``[[m12|the
#: note]]``), a markdown link's (``](memory/m12.md)``), a bare URL. Two copies pointing to
#: another note hold no other value (blind-set addendum, session 30).
_TARGET = re.compile(r"\[\[[^\]|\n]*|\]\([^)\s]*\)|<?https?://\S+")


class Contradicting(float):
    """The similarity of a pair whose two memories say one thing with another value
    (`contradicts`); ``values``: what each side writes there, as ``"1.33 / 1.67"``."""

    values: str

    def __new__(cls, sim: float, values: str = "") -> Contradicting:
        self = super().__new__(cls, sim)
        self.values = values
        return self

    def __reduce__(self) -> tuple[type[Contradicting], tuple[float, str]]:
        return (Contradicting, (float(self), self.values))


#: A window's `_tokens` and `_numbers`, for the windows last read (one memory is asked
#: against many: 2,000 of one vocabulary read each ~6 times, newuser34 #8); its older half
#: dropped when it would pass ``MAX_READ``. Shared: read them, never change them.
_READ: dict[str, tuple[list[tuple[str, int]], bool, Numbers]] = {}
MAX_READ = 4096

#: A text's numbers (`_numbers`): those past its first line, and all of them, each with how
#: many times it is written.
Numbers = tuple[dict[str, int], dict[str, int]]


def _tokens(text: str) -> tuple[list[tuple[str, int]], bool, Numbers]:
    """``text``'s words and numbers, lowercase, each with its line's number, a link's target
    left out (`_TARGET`); whether a word but the last negates (`_unsaid` reads those); its
    numbers (`_numbers`). Shared (`_READ`)."""
    got = _READ.get(text)
    if got is None:
        if len(_READ) >= MAX_READ:
            for old in list(islice(_READ, MAX_READ // 2)):
                del _READ[old]
        tokens = _read_tokens(text)
        got = _READ[text] = (tokens, any(negating(t) for t, _ in tokens[:-1]),
                             _numbers(tokens))
    return got


def _numbers(tokens: list[tuple[str, int]]) -> Numbers:
    """The numbers of ``tokens`` (each holding a digit) past the first line, and all of
    them, each with its count (`_unmatched` reads them)."""
    body: dict[str, int] = {}
    every: dict[str, int] = {}
    for t, line in tokens:
        if _numeric(t):
            every[t] = every.get(t, 0) + 1
            if line:
                body[t] = body.get(t, 0) + 1
    return body, every


def _unmatched(mine: Numbers, theirs: Numbers) -> bool:
    """Whether more than ``SPAN`` of the numbers past ``mine``'s first line are written
    nowhere in ``theirs`` (counted with their repeats). Then no alignment of the two texts
    can leave one place that differs by one value: every number past the first line that
    the matcher does not match with the same number on the other side is in a changed
    place, every such place holding a number is the one value (`_contradicts`: two places,
    or a number added or dropped, say no) or, reworded, the one place whose numbers are
    the value (`_reworded`: at most ``SPAN``), and a description's change is set aside only
    on its first line. So the pair is answered None before the matcher, the same answer
    (newuser37 #1: 25,217 pairs of one template, each read by difflib, 6–8 s of CPU)."""
    body, _ = mine
    every = theirs[1]
    over = 0
    for value, n in body.items():
        n -= every.get(value, 0)
        if n > 0:
            over += n
            if over > SPAN:
                return True
    return False


def _read_tokens(text: str) -> list[tuple[str, int]]:
    out = []
    for line, part in enumerate(text.split("\n")):
        if "](" in part or "[[" in part or "://" in part:
            part = _TARGET.sub(" ", part)  # (a link's target: where, not what)
        out += [(t.lower(), line) for t in _TOKEN.findall(part)]
    return out


#: `contradicts`' answers for this process, by a digest of its arguments: the chat tools'
#: own auditor judged again every pair the app's auditor had just judged in the same folder
#: (newuser36 #22: ~1 s CPU at 220 templated memories, most of it here; a pair found
#: contradicting is kept by no verdict store). Its older half is dropped when it would pass
#: ``MAX_ANSWERED``.
_ANSWERED: dict[bytes, str | None] = {}
MAX_ANSWERED = 8192


def contradicts(a: str, b: str, reworded: bool = False) -> str | None:
    """What ``a`` and ``b`` write in the one place they differ (``"1.33 / 1.67"``, sorted:
    the same message from either side, as the live audit reads the pair from one) when
    they contradict each other (see the module's docstring), else None. ``reworded``: the
    claim restated in other words around its one value (`_reworded`)."""
    (_, na, xa), (_, nb, xb) = _tokens(a), _tokens(b)
    if not (na or nb) and (_unmatched(xa, xb) or _unmatched(xb, xa)):
        return None  # (as `_contradicts` answers: most pairs of one template, no key made)
    from hashlib import blake2b

    key = blake2b(f"{int(reworded)}{len(a)}:{a}{b}".encode("utf-8", "surrogatepass"),
                  digest_size=16).digest()
    try:
        return _ANSWERED[key]
    except KeyError:
        pass
    answer = _contradicts(a, b, reworded)
    if len(_ANSWERED) >= MAX_ANSWERED:
        for old in list(_ANSWERED)[:MAX_ANSWERED // 2]:
            _ANSWERED.pop(old, None)
    _ANSWERED[key] = answer
    return answer


def _contradicts(a: str, b: str, reworded: bool) -> str | None:
    (ta, na, xa), (tb, nb, xb) = _tokens(a), _tokens(b)
    if na or nb:
        ta, tb = _unsaid(ta, tb) if na else ta, _unsaid(tb, ta) if nb else tb
        xa, xb = _numbers(ta), _numbers(tb)
    if min(len(ta), len(tb)) < FEWEST or _unmatched(xa, xb) or _unmatched(xb, xa):
        return None
    if reworded:
        return _reworded(ta, tb)
    wa, wb = [t for t, _ in ta], [t for t, _ in tb]
    # what `same` can reach at most: the tokens matched in order (never more than their
    # longest common subsequence), the descriptions' and the one value's; a pair of one
    # vocabulary in another order stops here, before the matcher (newuser34 #8: 2,000
    # memories of 15 words, 70 % of the pairing's time in the matcher)
    if _common(wa, wb) + _first_line(ta) + _first_line(tb) + SPAN \
            < SAME * max(len(wa), len(wb)):
        return None
    from difflib import SequenceMatcher  # only when two texts are near copies: not every
    #                                      audit's import (tests/core/test_imports.py)

    matcher = SequenceMatcher(None, wa, wb, autojunk=False)
    values = None
    same = 0
    described = ta[-1][1] > 0 and tb[-1][1] > 0  # a first line and a body on each side
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            same += i2 - i1
            continue
        if described:  # the description reworded (a summary of the body) is set aside,
            #            also where the change runs on into the body (newuser36 #9: "server
            #            2" ending the description, then a CJK sentence naming server 2 as
            #            one token: the value was "2 サーバー2のビルドは…", the whole sentence)
            k1, l1 = _past_first_line(ta, i1, i2), _past_first_line(tb, j1, j2)
            same += max(k1 - i1, l1 - j1)
            i1, j1 = k1, l1
            if i1 == i2 and j1 == j2:
                continue
            op = "replace" if i1 < i2 and j1 < j2 else "delete" if i1 < i2 else "insert"
        if op != "replace" and not any(_numeric(t) for t in wa[i1:i2] + wb[j1:j2]):
            continue  # words added or dropped (a clause more: the copy grew)
        if op != "replace" or values is not None or i2 - i1 > SPAN or j2 - j1 > SPAN:
            return None  # two places, a number added or dropped: not one value changed
        if not all(_numeric(t) for t in wa[i1:i2] + wb[j1:j2]):
            return None  # a word changed (a name: another instance of one template)
        if _near(wa[i1:i2], wb[j1:j2]):
            return None  # one value written otherwise (1,240 and 1.2k): no other value
        values = _values(wa[i1:i2], wb[j1:j2])
        same += max(i2 - i1, j2 - j1)  # (the place that differs: words added count)
    return values if same >= SAME * max(len(wa), len(wb)) else None


def _numeric(token: str) -> bool:
    """Whether ``token`` holds a digit (a word of letters alone, most tokens, asked once)."""
    return not token.isalpha() and any(c.isdigit() for c in token)


def _past_first_line(tokens: list[tuple[str, int]], start: int, end: int) -> int:
    """The first of ``tokens[start:end]`` past the text's first line (``end`` if none)."""
    while start < end and tokens[start][1] == 0:
        start += 1
    return start


def _first_line(tokens: list[tuple[str, int]]) -> int:
    """How many of ``tokens`` are on the text's first line (its description)."""
    n = 0
    for _, line in tokens:
        if line:
            break
        n += 1
    return n


def _common(a: list[str], b: list[str]) -> int:
    """The length of ``a`` and ``b``'s longest common subsequence (bit-parallel, Hyyrö
    2004: a machine word's worth of ``a`` per step, ``a`` as one integer here)."""
    masks: dict[str, int] = {}
    for i, t in enumerate(a):
        masks[t] = masks.get(t, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for t in b:
        u = v & masks.get(t, 0)
        v = ((v + u) | (v - u)) & full
    return len(a) - v.bit_count()


def _unsaid(tokens: list[tuple[str, int]], other: list[tuple[str, int]]
            ) -> list[tuple[str, int]]:
    """``tokens`` without the value the other side writes that this side negates (“port
    9090 in production, never 8080” against “port 8080 in production”, newuser31 #22): a
    value set aside by name says which of the two this side holds, it is no place more."""
    theirs = {t for t, _ in other if _numeric(t)}
    if not theirs:
        return tokens
    out: list[tuple[str, int]] = []
    skip = False
    for i, (t, line) in enumerate(tokens):
        if skip:
            skip = False
            continue
        if negating(t) and i + 1 < len(tokens) and tokens[i + 1][0] in theirs \
                and tokens[i + 1][1] == line:
            skip = True
            continue
        out.append((t, line))
    return out


def _reworded(ta: list[tuple[str, int]], tb: list[tuple[str, int]]) -> str | None:
    """The one value two texts write otherwise when, besides it, they differ only in words
    (added, dropped, or several replaced together: the claim restated, “which disagrees with
    the January figure” added) and at least ``HELD`` of the shorter side's tokens are the
    other's in order; never when a number is added or dropped (a second place), two values
    differ, or one word is swapped for one in a frame (a name: another instance of one
    template, the sopranos' section leader and the altos')."""
    wa, wb = [t for t, _ in ta], [t for t, _ in tb]
    from difflib import SequenceMatcher  # (as `contradicts`)

    values = None
    same = 0
    for op, i1, i2, j1, j2 in SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes():
        if op == "equal":
            same += i2 - i1
            continue
        if all(line == 0 for _, line in ta[i1:i2]) and all(line == 0 for _, line in tb[j1:j2]):
            continue  # the description reworded
        da = [t for t in wa[i1:i2] if _numeric(t)]
        db = [t for t in wb[j1:j2] if _numeric(t)]
        if not da and not db:
            if op == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
                return None  # one word swapped in a frame: a name
            continue  # words restated, added or dropped
        if not da or not db or values is not None or len(da) > SPAN or len(db) > SPAN \
                or _near(da, db):
            return None  # a number added or dropped, a second place, one value rounded
        values = _values(da, db)
    return values if values and same >= HELD * min(len(wa), len(wb)) else None


def _values(a: list[str], b: list[str]) -> str:
    """``"1.33 / 1.67"``: what each side writes in the one place they differ, sorted (the
    same message from either side). A one-token value inside a run of CJK text (which has
    no spaces: the whole sentence is one token) is cut to the part that differs, whole
    numbers kept (newuser33 #3: ``生產線第14號機台… / 生產線第2號機台…`` is ``14 / 2``). A value
    one side writes twice in that place (its description and its body) is named once
    (newuser40 #8: ``14:00 14:00 / 16:00``)."""
    a, b = list(dict.fromkeys(a)), list(dict.fromkeys(b))
    x, y = " ".join(a), " ".join(b)
    if len(a) == len(b) == 1:
        x, y = _differing(x, y)
    return " / ".join(sorted((x, y)))


def _numeral(c: str) -> bool:
    return c.isdigit() or c in ".,"


def _differing(x: str, y: str) -> tuple[str, str]:
    """``x`` and ``y`` without what they share at each end, when that holds CJK text; a
    number cut across is kept whole."""
    p = 0
    while p < min(len(x), len(y)) and x[p] == y[p]:
        p += 1
    e = 0
    while e < min(len(x), len(y)) - p and x[-1 - e] == y[-1 - e]:
        e += 1
    while p and _numeral(x[p - 1]) and ((p < len(x) and _numeral(x[p]))
                                        or (p < len(y) and _numeral(y[p]))):
        p -= 1  # (14 and 12 share a 1: the value is 14, not 4)
    while e and _numeral(x[len(x) - e]) and (_numeral(x[len(x) - e - 1])
                                             or _numeral(y[len(y) - e - 1])):
        e -= 1
    shared = x[:p] + x[len(x) - e:]
    if not any(ord(c) >= 0x2E80 and c.isalpha() for c in shared):
        return x, y
    mx, my = x[p:len(x) - e], y[p:len(y) - e]
    return (mx, my) if mx and my else (x, y)


def _readings(tokens: list[str]) -> set[float]:
    """The numbers a value's tokens can be read as (a comma or a point as a decimal mark or
    a thousands separator, ``k`` a thousand); none for a time, a date or a ratio."""
    out = set()
    for t in tokens:
        if re.search(r"[:/\-'’]", t):
            continue  # a time, a date, a ratio: only the same as written is the same
        digits = re.sub(r"[^\d.,k]", "", t)
        scale = 1000.0 if digits.endswith("k") else 1.0
        digits = digits.rstrip("k")
        for text in (digits.replace(",", ""), digits.replace(".", "").replace(",", "."),
                     digits.replace(",", ".")):
            try:
                out.add(float(text) * scale)
            except ValueError:
                continue
    return out


def _near(a: list[str], b: list[str]) -> bool:
    """Whether two values are one number rounded (within ``ROUNDED`` of each other)."""
    return any(x == y or (x and y and abs(x - y) <= ROUNDED * max(abs(x), abs(y)))
               for x in _readings(a) for y in _readings(b))
