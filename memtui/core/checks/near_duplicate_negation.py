"""Two near-duplicates that contradict each other (``near_duplicate``, newuser28 #7): the same
sentence written once plainly and once negated (“We use Excel for the weekly reports” and
“We do not use Excel for the weekly reports”) are nearly alike by their words, yet merging
them hides which one is true. Such a pair is still reported, with a similarity marked
`Disagreeing`, and its message says that they disagree (keep the right one), not “merge”.

A pair disagrees when a sentence of one side with no copy on the other has a counterpart
there (the sentence of the other side's own most alike by its words, at least ``ALIKE``)
that holds another count of negations: a closed class of negating words per language (not,
never, nicht, pas, nie, не, لا, नहीं …), the contraction ``n't``, and in scripts written
without spaces the negating characters (不, 没, ない, 않, ไม่ …). A sentence one side adds
(an edited copy that grew) has no counterpart and tells nothing.
"""

from __future__ import annotations

import re

ALIKE = 0.5  # share of words two sentences hold in common to be one sentence reworded
REST = 2  # words besides the negating ones two sentences may differ by to be one negated
REST_UNSPACED = 3  # ... characters, where words are not spaced

#: Negating words, lowercase, of the languages the audit reads (whole words).
_WORDS = frozenset((
    "not", "no", "never", "nor", "cannot", "none", "nothing", "nobody",  # en
    "nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals",  # de
    "ne", "pas", "jamais", "aucun", "aucune",  # fr
    "nunca", "jamás", "ningún", "ninguna", "ninguno", "tampoco", "não", "nenhum",  # es pt
    "nenhuma", "non", "mai", "nessun", "nessuno", "nessuna",  # it
    "niet", "geen", "nooit",  # nl
    "inte", "ej", "aldrig", "ingen", "inga", "ikke", "ikkje", "aldri",  # sv da no
    "ei", "eivät", "älä",  # fi
    "nigdy", "żaden", "żadna", "żadne", "nikdy", "žádný", "žádná",  # pl cs
    "не", "ни", "нет", "никогда", "ніколи", "ні", "немає",  # ru uk
    "değil", "asla", "nem", "soha", "nu", "niciodată",  # tr hu ro
    "δεν", "μη", "μην", "ποτέ",  # el
    "tidak", "tak", "bukan", "jangan", "belum", "không", "chưa", "đừng",  # id ms vi
    "hapana", "si",  # sw
    "לא", "אל", "אין", "אף",  # he
    "لا", "لم", "لن", "ليس", "ليست", "غير", "نه", "نمی",  # ar fa
    "नहीं", "न", "मत", "না", "নয়", "নি",  # hi bn
))
_WORD = re.compile(r"[^\W_]+(?:n't|n’t)?")
#: Negating characters where words are not spaced (zh, ja, ko, th), counted as written.
_UNSPACED = re.compile(r"不|没|沒|無|无|别|別|勿|未|ない|ません|なかった|않|못|없|ไม่|ห้าม")
_HAS_UNSPACED = re.compile("[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_SENTENCES = re.compile(r"[^.!?;\n。！？；]+")


def negating(word: str) -> bool:
    """Whether ``word`` (lowercase) negates: one of the closed class above, or ``…n't``."""
    return word in _WORDS or word.endswith(("n't", "n’t"))


class Disagreeing(float):
    """The similarity of a pair whose two memories differ by a negation (`disagree`)."""

    __slots__ = ()


def _negations(sentence: str, words: list[str]) -> int:
    count = sum(w in _WORDS or w.endswith(("n't", "n’t")) for w in words)
    if _HAS_UNSPACED.search(sentence):
        count += len(_UNSPACED.findall(sentence))
    return count


def _units(sentence: str) -> tuple[list[str], frozenset[str]]:
    """A sentence's words (lowercase) and what its likeness is counted on: its words, or
    its characters where words are not spaced."""
    words = _WORD.findall(sentence.lower())
    if _HAS_UNSPACED.search(sentence):
        return words, frozenset(c for c in sentence if not c.isspace())
    return words, frozenset(words)


def disagree(a: str, b: str) -> bool:
    """Whether texts ``a`` and ``b`` (two memories paired as near-duplicates) hold one
    sentence with another count of negations (see the module's docstring)."""
    sa = {s.strip() for s in _SENTENCES.findall(a)} - {""}
    sb = {s.strip() for s in _SENTENCES.findall(b)} - {""}
    own_b = [(s, *_units(s)) for s in sb - sa]
    if not own_b:
        return False
    for s in sa - sb:
        words, units = _units(s)
        if not units:
            continue
        best = 0.0
        twin: tuple[str, list[str], frozenset[str]] | None = None
        for other in own_b:
            union = len(units | other[2])
            alike = len(units & other[2]) / union if union else 0.0
            if alike > best:
                best, twin = alike, other
        if twin is not None and best >= ALIKE and \
                _negations(s, words) != _negations(twin[0], twin[1]) and \
                _flipped(s, words, twin[0], twin[1]):
            return True
    return False


def _flipped(a: str, wa: list[str], b: str, wb: list[str]) -> bool:
    """Whether two sentences with other counts of negations are one sentence negated: once
    the negating words (characters, where words are not spaced) are left out, the same
    words in the same order but for at most ``REST`` words (``REST_UNSPACED`` characters)
    added on one side only: “always” where the other writes “never”, an auxiliary (“we
    use” / “we do not use”). A rewording that says the same with another count of
    negations (“no later than 48 hours” / “at least 48 hours”, “not on Sunday nor holidays”
    / “Sunday and holidays not”, 보내지 않는다 / 보내지 말 것) replaces or moves words."""
    if _HAS_UNSPACED.search(a) or _HAS_UNSPACED.search(b):
        xa = [c for c in _UNSPACED.sub("", a) if not c.isspace()]
        xb = [c for c in _UNSPACED.sub("", b) if not c.isspace()]
        rest = REST_UNSPACED
    else:
        xa = [w for w in wa if w not in _WORDS and not w.endswith(("n't", "n’t"))]
        xb = [w for w in wb if w not in _WORDS and not w.endswith(("n't", "n’t"))]
        rest = REST
    from difflib import SequenceMatcher  # (only for a pair already paired: few)

    ops = {op for op, *_ in SequenceMatcher(None, xa, xb, autojunk=False).get_opcodes()
           if op != "equal"}
    if len(ops) > 1 or ops & {"replace"}:
        return False  # words replaced, or added on both sides: a rewording
    return abs(len(xa) - len(xb)) <= rest
