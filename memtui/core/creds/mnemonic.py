"""A wallet's recovery (seed) phrase written out under its label.

BIP39 phrases are 12, 15, 18, 21 or 24 words, each of three to eight small ASCII letters, none
repeated in a made-up phrase (the English list's words are ASCII; the Spanish, French,
Italian, Czech and Portuguese lists' carry accents: ``lápiz``); a person writes one on a line
of its own (in a code fence or not, maybe a list item, maybe in backticks) under a line that
introduces it, ending in a colon, in any language (``Recovery phrase
(12 words):``, ``Қалпына келтіру фразасы (12 сөз):``). A line of such words with a short
word of a sentence among them (``the``, ``and``) is prose; a phrase repeating a word is the
word list's first entries or a published test mnemonic (``test test … junk``), no wallet's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from memtui.core.creds import lexicon
from memtui.core.native import native_module
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A line that is only 12 to 24 words of three to eight small letters.
_PHRASE = lazy_pattern(r"^[ \t>]*(?:[-*+•][ \t]+)?(?P<q>`?)(?P<p>[^\W\d_]{3,8}"
                       r"(?:[ \t][^\W\d_]{3,8}){11,23})(?P=q)[ \t]*$")
#: Small letters of the word lists (ASCII, Latin-1's and Latin Extended-A's: ``lápiz``,
#: ``čočka``; a phrase with accents is looked for only as a list item or in backticks).
_SMALL = r"[a-zß-öø-ÿ\u0100-\u017f]"
#: The same line as a list item or in backticks, maybe of a word list with accents (the look
#: when `SEED_LINE`'s finds none; it starts at a line's break, a literal ``re`` skips to,
#: and fails at once on a line with no list marker or backtick first).
_MARKED_LINE = lazy_pattern(r"\n[ \t>]*(?:[-*+•][ \t]+`?|`)(?:" + _SMALL + r"{3,8}[ \t]){11,23}"
                            + _SMALL + r"{3,8}`?[ \t]*(?:\n|\Z)")
#: The phrase after a colon, to the line's end, or in quotes or backticks (a sentence may go
#: on after the closing one).
_AFTER_COLON = lazy_pattern(r"[:：][ \t]*[`\"'“«「]?(?P<p>[a-z]{3,8}(?:[ \t][a-z]{3,8}){11,23})"
                            r"(?:[`\"'”»」][.。]?(?:[ \t]|$)|[.。;,]?[ \t]*$)")
#: (the cheap look for it: ``:`` first, a literal ``re`` skips to; the full-width one apart)
_MAY_AFTER_COLON = lazy_pattern(r":[ \t]*[`\"'“«「]?(?:[a-z]{3,8} ){11}")
_MAY_AFTER_WIDE = lazy_pattern(r"：[ \t]*[`\"'“«「]?(?:[a-z]{3,8} ){11}")
#: Whether a text may hold one (the cheap look before the lines are read).
SEED_LINE = lazy_pattern(r"(?m)^[ \t>]*(?:[a-z]{3,8}[ \t]){11,23}[a-z]{3,8}[ \t]*$")
#: ``memtui_native.seed_line`` (`SEED_LINE`'s search, compiled: ~4 % of a cold audit at
#: 10,000 memories through ``re``, issue 35), or None where the C extension is not built or
#: is turned off (``MEMTUI_PURE_PYTHON=1``): the same answer (tests/core/test_creds_compiled.py).
COMPILED: Callable[[str], bool] | None = getattr(native_module(), "seed_line", None)
_LENGTHS = frozenset({12, 15, 18, 21, 24})
#: How many lines above the phrase its introducing line may be (a fence and blanks between).
_ABOVE = 3


def may_hold(text: str) -> bool:
    """Whether a line of ``text`` is shaped like a seed phrase (`SEED_LINE`): the cheap look
    before its lines are read."""
    compiled = COMPILED
    if compiled(text) if compiled is not None else SEED_LINE.search(text) is not None:
        return True
    return _MARKED_LINE.search(text) is not None


def may_follow_a_colon(text: str) -> bool:
    """Whether a phrase may stand after a colon in ``text`` (`_AFTER_COLON`'s cheap look; the
    detector asks it beside `may_hold`)."""
    if ":" in text and _MAY_AFTER_COLON.search(text) is not None:
        return True
    return "：" in text and _MAY_AFTER_WIDE.search(text) is not None


def seed_phrases(lines: list[str]) -> Iterator[tuple[int, int, int, str]]:
    """(line, start, end, why) of each seed phrase alone on its line under a line ending in a
    colon, or after a colon on its line."""
    for i, line in enumerate(lines):
        if len(line) > 240:
            continue
        m = _PHRASE.match(line)
        if not m:
            after = _AFTER_COLON.search(line) if ":" in line or "：" in line else None
            if after and _a_phrase(after.group("p").split()):
                yield i, after.start("p"), after.end("p"), \
                    f"{len(after.group('p').split())}-word seed phrase after its label"
            continue
        words = m.group("p").split()
        if not all(w.islower() for w in words) or not _a_phrase(words):
            continue
        if _introduced(lines, i) or _quoted_alone(lines, i) or _counted(lines, i, len(words)):
            yield i, m.start("p"), m.end("p"), f"{len(words)}-word seed phrase under its label"


def _a_phrase(words: list[str]) -> bool:
    """12 to 24 words (a BIP39 length), none repeated, no short word of a sentence."""
    return len(words) in _LENGTHS and len(set(words)) == len(words) and \
        not any(w in lexicon.sentence_words() for w in words)


def _introduced(lines: list[str], i: int) -> bool:
    """Above line ``i``, past blanks and a fence's opening, a line ending in a colon."""
    k = i - 1
    while k >= 0 and i - k <= _ABOVE and (not lines[k].strip() or
                                          lines[k].lstrip().startswith(("```", "~~~"))):
        k -= 1
    return k >= 0 and i - k <= _ABOVE and lines[k].rstrip().endswith((":", "："))


def _counted(lines: list[str], i: int, n: int) -> bool:
    """The line right above line ``i`` ends naming its number of words in brackets (``…
    복구 구문 (24단어)``, ``Seed (12 words)``): an introduction in any language, colon or
    not (``Top 12 tags this week`` is none)."""
    m = _COUNT.search(lines[i - 1]) if i > 0 else None
    return m is not None and m.group("n") == str(n)


#: A number of two digits and at most a word, in brackets, ending the line.
_COUNT = lazy_pattern(r"[(（][ \t]*(?P<n>\d{2})[ \t]*[^\W\d_]{0,12}[ \t]*[)）][ \t]*$")


def _quoted_alone(lines: list[str], i: int) -> bool:
    """Line ``i`` is quoted (``> …``) and stands as a paragraph of its own: a phrase copied
    out verbatim, whatever the words above it say (session 33: a note's label two lines up
    in any language)."""
    if not lines[i].lstrip().startswith(">"):
        return False
    above = lines[i - 1].strip() if i > 0 else ""
    below = lines[i + 1].strip() if i + 1 < len(lines) else ""
    return above in ("", ">", "---") and below in ("", ">")
