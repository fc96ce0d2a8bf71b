"""`KeywordProbe` lower-cases a text once for both kinds of keywords (issue 35): the ASCII
characters of the lower-cased text are those the ASCII keywords were looked for in before,
because no character but `_LOWERS_TO_ASCII` lowers to anything holding one."""

from __future__ import annotations

import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memtui.core.scanner import keywords
from memtui.core.scanner.keywords import _LOWERS_TO_ASCII, KeywordProbe
from memtui.core.scanner.scan import _expect_keywords


def test_only_these_lower_to_ascii() -> None:
    odd = [chr(c) for c in range(0x80, sys.maxunicode + 1)
           if not 0xD800 <= c <= 0xDFFF and any(x.isascii() for x in chr(c).lower())]
    assert sorted(odd) == sorted(_LOWERS_TO_ASCII)


def _former(text: str) -> set[str]:
    """`KeywordProbe._all_found` as it was at 3b1e115 (pyahocorasick's automaton for the ASCII
    keywords: also the Python twin of the compiled ``ascii_words``)."""
    kw = keywords._KEYWORDS
    found: set[str] = set()
    if (matcher := kw.ascii_automaton()) is not None:
        if any(c in text for c in _LOWERS_TO_ASCII):
            data = text.lower().encode("ascii", "ignore")
        else:
            data = text.encode("ascii", "ignore").lower()
        found.update(w for _, w in matcher.iter(data.decode("ascii")))
    if kw.other_words and not text.isascii():
        found |= kw.other_found(text.lower() if kw.other_cased else text)
    return found


_PIECES = st.sampled_from([
    "Password", "PASSWORD: x", "İ", "\u212a", "KEY", "Kеy", "token", "密碼", "密码：", "パスワード",
    "비밀번호", "ПАРОЛЬ", "пароль", "Passwort", "CONTRASEÑA", "şifre", "ŞİFRE", "mot de passe",
    "ΚΩΔΙΚΟΣ", "Σ", "ς", "ß", "ẞ", "ǅ", "ﬀ", "İstanbul", "\u0130\u212a", "api_key", "secret",
    "今天", "明天", "yesterday", " ", "\n", "：", "認", "新", "Tomorrow", "ＡＰＩ", "é"])


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_PIECES, st.text(max_size=6)), max_size=12))
def test_probe_finds_what_it_found(parts: list[str]) -> None:
    _expect_keywords()
    text = "".join(parts)
    assert KeywordProbe(text)._all_found() == _former(text)
