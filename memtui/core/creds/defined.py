"""A label the memory itself defines as a credential: a code word that names something else
as often (``校验码`` a checksum, ``驗證碼`` an SMS code, ``인증코드`` an auth code) labels a
value when the same text says what it is — the label, a copula, then a credential word in
that sentence (``这个校验码就是网关分配的接口密钥``, ``「驗證碼」是平台配發給我們的 API 密鑰``,
"the check code is the API key"), or the label sent in a credential header (``인증코드는 헤더
`X-Auth-Code` 로``). Read by structure: which label lines hold a code word and no label, and
whether a defining sentence names that label.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memtui.core.creds import lexicon
from memtui.core.creds.reading import Labelled, value_at
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: ``label: value``, ``- label：value``, a table row ``| label | value |`` (label up to 24).
_LINE = lazy_pattern(r"^\s*(?:[-*+•]\s+|\|\s*)?(?:\*\*)?(?P<l>[^:：=＝|\n]{1,24}?)(?:\*\*)?\s*"
                     r"(?P<s>[:：=＝|])\s*")
#: A copula right after a term (``是``, ``就是``, ``は``, a Korean topic particle, "is").
_COPULA = r"[」”\"'`]?\s*(?:就是|即是|是|は|とは|는|은|이란|란|\s+is\s+|\s+means\s+)"
#: A credential header's name (``X-Auth-Code``, ``X-Api-Key``).
_HEADER = lazy_pattern(r"(?i)\bx-[\w-]*(?:key|token|secret|auth)[\w-]*")
#: How far a definition reaches after its copula (one clause).
_REACH = 48
#: Distinct terms looked for in one text (each a pass over it): a memory defines a few; a
#: text of thousands of distinct code labels costs no more than these.
_MAX_TERMS = 8
_CLAUSE_END = re.compile(r"[。．.!?！？；;，,\n]")


def defined_values(lines: list[str]) -> Iterator[Labelled]:
    """The value of each label line whose label holds a code word, no label, and is defined
    as a credential elsewhere in ``lines``."""
    text = "\n".join(lines)
    known: dict[str, lexicon.Word | None] = {}  # each term's definition, looked for once
    for i, line in enumerate(lines):
        m = _LINE.match(line)
        if not m:
            continue
        label = m.group("l").strip().strip("`*_\"'「」")
        if not label or lexicon.label(label) is not None or not lexicon.has_code_word(label):
            continue
        term = _term(label)
        if term and term not in known:
            known[term] = _definition(text, term) if len(known) < _MAX_TERMS else None
        word = known.get(term)
        if word is None:
            continue
        got = value_at(line, m.end(), word, strong=True, line=i)
        if got:
            yield got


def _term(label: str) -> str:
    """The label's last run of letters (``接口校验码`` stays whole; ``API 校验码`` → ``校验码``)."""
    parts = label.split()
    return parts[-1] if parts else ""


def _definition(text: str, term: str) -> lexicon.Word | None:
    """A credential word naming ``term`` in a sentence of ``text`` (see the module), as a
    ``key`` word, or None."""
    for m in re.finditer(re.escape(term) + _COPULA, text):
        clause = text[m.end():m.end() + _REACH]
        stop = _CLAUSE_END.search(clause)
        clause = clause[:stop.start()] if stop else clause
        found = [w for w in lexicon.words(clause) if w.kind in lexicon.VALUE_KINDS]
        if (found and not lexicon.negated(clause)) or _HEADER.search(clause):
            return lexicon.Word(0, len(term), term, "key", "")
    return None
