"""Where `memtui.core.checks.relative_date` looks for a relative date first: the lines
holding a letter the case-blind patterns read otherwise (``ODD_CASE``), a Korean syllable
every Korean match holds, or a pair of characters every Chinese and Japanese one holds
(`anchored_lines`), found in one search of the pattern of them all or, when the C
extension is built, in one compiled pass (``COMPILED``, issue 35)."""

from __future__ import annotations

import re
from collections.abc import Callable

from memtui.core.native import native_module
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: The characters the case-blind patterns take for an anchor's letter whose lower case is
#: not that letter (İ, dotless ı, long ſ, the old Cyrillic forms): a line holding one is
#: searched in full.
ODD_CASE = "\u0130\u0131\u017f\u1c80\u1c81\u1c82\u1c83\u1c84\u1c85"
ODD_CASE_CHAR = lazy_pattern(f"[{ODD_CASE}]")
#: A syllable every match of ``_KO`` holds, and a pair of characters every match of
#: ``_CJK`` holds (a search for them is a tenth of ``_CJK``'s).
KO_SYLLABLES = "오내어모그주달년올일"
KO_ANCHOR = lazy_pattern(f"[{KO_SYLLABLES}]")
CJK_PAIRS = (
    "今天", "明天", "昨天", "后天", "後天", "前天", "今晚", "明早", "明晚", "昨晚", "上个", "上個",
    "上周", "上週", "上星", "上礼", "上禮", "上月", "下个", "下個", "下周", "下週", "下星", "下礼",
    "下禮", "本周", "本週", "这周", "這週", "这个", "這個", "去年", "明年", "天前", "天后", "天後",
    "日前", "日后", "日後", "周前", "周后", "周後", "週前", "週后", "週後", "月前", "月后", "月後",
    "今日", "明日", "昨日", "後日", "来週", "先週", "今週", "来月", "先月", "今月", "来年", "昨年",
    "週明")
CJK_PAIR = lazy_pattern("|".join(CJK_PAIRS))


def one_of(chars: str, pairs: tuple[str, ...]) -> str:
    """A pattern matching where one of ``chars`` or ``pairs`` is: every alternative opens
    with its own character (``今[天晚日週月]``), so ``re`` skips to the next place one of those
    is (a character class among the alternatives would stop it from skipping) and turns the
    others away at once."""
    after: dict[str, list[str]] = {}
    for pair in pairs:
        after.setdefault(pair[0], []).append(pair[1])
    return "|".join([*map(re.escape, chars),
                     *(f"{re.escape(c)}[{re.escape(''.join(ends))}]" for c, ends in after.items())])


#: A line ``ODD_CASE_CHAR``, ``KO_ANCHOR`` or ``CJK_PAIR`` finds something in, in one search.
LINE_ANCHOR = lazy_pattern(one_of(ODD_CASE + KO_SYLLABLES, CJK_PAIRS))
#: `LINE_ANCHOR`'s alternatives as ``memtui_native.line_anchors`` reads them: each
#: character a match opens with, and the characters that may follow it ("": none needed).
_AFTER = {c: "".join(p[1] for p in CJK_PAIRS if p[0] == c)
          for c in dict.fromkeys(p[0] for p in CJK_PAIRS)}
LEADS = ODD_CASE + KO_SYLLABLES + "".join(_AFTER)
FOLLOWERS = (*[""] * len(ODD_CASE + KO_SYLLABLES), *_AFTER.values())
#: ``memtui_native.line_anchors`` when the C extension is built and not turned off
#: (``MEMTUI_PURE_PYTHON=1``): the lines `lines_of` finds with `LINE_ANCHOR`, in one
#: pass of a table test a character (the pattern's search of 10,000 CJK memories holding
#: none was ~0.1 s of a cold audit, issue 35); None: the pattern's.
COMPILED: Callable[[str, str, tuple[str, ...]], list[int]] | None = getattr(
    native_module(), "line_anchors", None)


def lines_of(text: str, pattern: re.Pattern[str], into: set[int]) -> None:
    """Add the 0-based line of each match of ``pattern`` in ``text`` to ``into`` (no match
    spans lines: after one, the search goes on at the next line)."""
    search, line, at = pattern.search, 0, 0
    m = search(text)
    while m is not None:
        line += text.count("\n", at, m.start())
        into.add(line)
        at = text.find("\n", m.end())
        if at < 0:
            return
        m = search(text, at + 1)


def anchored_lines(body: str, found: set[int]) -> None:
    """Add to ``found`` the 0-based lines of ``body`` that `ODD_CASE_CHAR`, `KO_ANCHOR` or
    `CJK_PAIR` finds something in: by `COMPILED` when it is there, else by `LINE_ANCHOR`."""
    if COMPILED is not None:
        found.update(COMPILED(body, LEADS, FOLLOWERS))
    else:
        lines_of(body, LINE_ANCHOR, found)
