"""The sketch `near_duplicate` compares: one memory's text reduced to what survives rewording.

A rewording keeps a memory's content words and its facts and changes its phrasing, so the
text becomes a set of shingles: its words cut to their first ``STEM`` letters (a crude
stemmer for every inflecting language; words under three letters left out), folded
(accents, compatibility forms, stroked letters, Arabic's attached article: `_words`), its
numbers whole however written (leading zeros dropped; groups of three, ``k``, a decimal
comma, any script's digits, Chinese numerals in a text without digits; a time of day on a
12-hour clock, its hour and minutes apart: ``14:30`` as ``2`` and ``30``: “2 pm”, “오후 2시
30분”), the character bigrams of Chinese, Japanese and Korean runs (no spaces between words,
or particles glued on) and the character trigrams of Thai, Lao, Myanmar and Khmer (no spaces
between words, an alphabet); bold labels that open a line (``**Why:**``) are left out, every
memory of a folder has them. The sketch keeps

- the ``BOTTOM`` smallest shingle hashes (``HASH_BITS`` bits each; bottom-k: the
  similarity, exact for a smaller set);
- ``K`` one-permutation MinHash bins read from them (the smallest hash of each bin; an empty
  bin takes the smallest hash of all, mixed with its number), for LSH past a few hundred
  memories;
- the memory's facts (numbers, the tokens of its code spans, its quoted terms, its handles,
  its web addresses, its type when the caller gives it: `kind_fact`; then its numbers
  written in words or otherwise, marked: ``WORD_BIT``: `near_duplicate_numbers`,
  `near_duplicate_written`), the words
  of its plain ``key: value`` lines when it has two or more, and its slots (`slots`: each
  value with the context before and after it, from its first ``SLOT_CHARS`` characters; a
  label's value after a full-width colon, ``燃えるゴミ：火曜・金曜``; a fenced command's
  arguments by its program), then its strong slots (`strong_slots`: the label opening it,
  its first line's frames; context bit ``STRONG_BIT``): look-alikes of one template differ
  in these.

Packed as 64-bit values: ``K`` bins, the count of bottom hashes, the hashes (ascending), the
count of facts, the facts (ascending), the count of fields, the fields (``key hash << 32 |
value word hash``), then the slots' window (the characters `slots` reads, as UTF-8: its
byte count, the bytes, zeros to a multiple of 8), read into slots (``context hash << 32 |
kind << 31 | value hash``) by `stored_slots` only when a pair is compared: at 10,000
memories 2 of 32,180 candidate pairs are (bench/RESULTS.md, "the slots read where a pair
is compared"); empty when the text has fewer than ``FEWEST`` shingles (one under
``MIN_SHINGLES`` is paired only as written: `near_duplicate._matches`). It is a pure
function of the text (and the type), the same in every process (CRC-32 and tuple hashes of
integers, never a string's ``hash``, which ``PYTHONHASHSEED`` changes): it lives in the
scan cache.

What it reads: the first ``MAX_CHARS`` characters; in a text dense in Chinese, Japanese or
Korean (``MAX_CJK`` such characters within its first ``2 * MAX_CJK``), those first
``2 * MAX_CJK`` characters only: a bigram per character is the sketch's main cost, and its
start decides.

Cost (bench/RESULTS.md, "near_duplicate ported; under 20 % not reached" and "near_duplicate
under 20 %?"): each pass over a text is one regular expression whose first item is a set or
a literal (``re`` then skips in C to where a match can start); words are deduplicated before
they are hashed, each by a C-level ``map``; the bigrams, most of a CJK text's shingles, are
hashed all at once by a few big-integer operations (`_bulk_hashes`: the same values as
``hash((units,))``, checked at import) the first time this process meets them, then looked
up (`_SEEN`, bounded: a folder's texts share most of their bigrams); hashes are cut to
``HASH_BITS`` bits (one-digit integers: sorted and intersected about twice as fast), the
MinHash bins are read from the packed hashes' low bytes, and the sketch is packed in an
unsigned array (CPython parses each item a signed one stores). At 10,000 memories the sketch
is ~1.03 million instructions a text on the bench's texts (main 602900d: 1.19 million;
bench/RESULTS.md, "near_duplicate's sketch: remembered bigrams"): about half the
regular-expression passes, the rest making, deduplicating and sorting ~200 shingles'
integers, which no standard-library operation avoids. ``MAX_CJK`` is the main dial: 200
costs ~18 % less than 300 and finds a third fewer long chunk-edited copies (those
figures before the slots). The slots (bench/RESULTS.md,
"near_duplicate: structure over phrases") are one more pass of one regular expression
(`_TOKEN_RE`, one set first) over ``SLOT_CHARS`` characters and a Python step per value or
context unit: ~0.4-0.9 million instructions a text more (the dearest on the bench's dense
Chinese, a unit per run of characters), now paid only by the memories of a pair compared
(the window stored instead: ~0.5 KB a sketch more). Measured and left out (bench/RESULTS.md, "rules6
folded in"): a run of units as one match, split by a second expression where a slot needs
it (fewer matches, dearer: a ``findall`` per run costs more than a Python step per unit);
a scan for a value's start to skip texts without any (under 4 % of the texts skipped). What is
in: a unit whose first letter is no capital is the expression's first alternative (no
value starts there), each group's values hashed once, number tokens' atoms memoised. The
strong slots (bench/RESULTS.md, "blind set rules7 folded in") are one ``match`` at the
text's start and one ``findall`` over its first line (up to ``FRAME_CHARS``), a Python step
per token of that line.

The module is past 500 lines: one concept, the sketch (its shingles, facts, fields and
slots are its parts, packed into one value the pairing reads).
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from array import array
from bisect import insort
from collections.abc import Iterable
from itertools import filterfalse, islice, repeat
from operator import and_, or_, xor
from types import ModuleType

from memtui.core.checks.missing_why import label_words
from memtui.core.checks.near_duplicate_kernel import NATIVE
from memtui.core.checks.near_duplicate_notation import renotated, solar_days
from memtui.core.checks.near_duplicate_numbers import has_number_words, word_numbers
from memtui.core.scanner.lazy_pattern import lazy_pattern

K = 64  # MinHash bins per sketch (LSH)
BOTTOM = 128  # smallest shingle hashes kept: the similarity (exact for a smaller set)
MIN_SHINGLES = 12  # a text with fewer is a near-duplicate only as written (``THRESHOLD``)
FEWEST = 6  # ... and one with fewer too short to call a near-duplicate of anything (a
#            role restated in six words is a memory: newuser29 #26)
#: A Chinese, Japanese or Korean text of at most this many numbers in digits writes its
#: others in numerals: they are read too (`_cjk_numbers`, marked: a year in digits, 民國115年,
#: and the day, the month and a count in numerals, 五月底, 十五家; blind set rules14).
FEW_DIGITS = 2
MAX_CHARS = 8_000  # of a text sketched: its start decides
MAX_CJK = 300  # Chinese, Japanese, Korean characters shingled (a bigram each)
STEM = 5  # letters of a word kept
MAX_FACTS = 32  # facts kept per sketch (the smallest hashes)
MAX_FIELDS = 32  # key: value words kept per sketch
HASH_BITS = 30  # of a shingle's hash kept (two texts' 128 smallest meet by chance ~1 in 65,000)
HASH_MASK = (1 << HASH_BITS) - 1
#: A fact is the low 31 bits of its CRC-32; one read from a number written in words
#: (`word_numbers`) has this bit set too: it backs a pair when the other side holds the
#: number too (in digits or in words), and is left out where it does not (a partial
#: reading, “four headings” beside the four listed: never a fact of one side's own;
#: `near_duplicate._settled`). Marked facts sort after the others; all fit in 32 bits (a
#: packed sketch holds them so: `near_duplicate_store`).
WORD_BIT = 1 << 31
FACT_MASK = WORD_BIT - 1
_BIN_OF_BYTE = bytes(b & (K - 1) for b in range(256))  # K divides 256
_BINS = range(K)

_UNSPACED = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
#: Thai, Lao, Tibetan, Myanmar and Khmer: alphabets written without spaces between words,
#: read as character trigrams (a bigram of an alphabet is too common to tell texts apart).
#: Tibetan parts its syllables with a mark (tsheg), not a space; its vowel signs, and
#: Myanmar's, are combining marks: a word character matches none, so the words' stems were
#: fragments, none of three letters, and a note of either script had no shingle at all
#: (blind set rules37: 9 of 10 Tibetan memories and 4 of 11 Burmese ones unsketched).
_SYLLABIC = "\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff"
_LETTER = r"[^\W\d_" + _UNSPACED + "]"
#: A word's stem: its first letter a set (the fast skip), then up to ``STEM`` in all. Compiled
#: on first use: each class holding the CJK ranges costs ~18 million instructions to compile
#: (``re`` walks its ~39,500 code points in Python), four here; a text without Chinese,
#: Japanese or Korean takes `_STEM_PLAIN`, so such a folder never compiles it. (`_RUN`'s
#: three at the first text that is not ASCII: a pre-test for CJK costs more than its scan.)
_STEM_RE = lazy_pattern("(" + _LETTER + _LETTER + "{2," + str(STEM - 1) + "})" + _LETTER + "*")
#: The same stems in a text holding no Chinese, Japanese or Korean character.
_STEM_PLAIN = lazy_pattern(r"([^\W\d_][^\W\d_]{2," + str(STEM - 1) + r"})[^\W\d_]*")
#: A number: digits joined by ``.``, ``,`` or ``:`` (``2,5``, ``1.4.2``, ``02:15``), or
#: groups of three after a space of any width (``12 500``, not ``CAN2 250``); then ``k``
#: for a thousand (``300k``) when no letter follows. Possessive: what fails fails at once.
_NUMBER = lazy_pattern(r"\d(?:(?<![\w.,]\d)\d{0,2}+(?:[ \u00a0\u2009\u202f]\d{3}+(?!\d))++"
                     r"|\d*+(?:[.,:]\d++)*+)"
                     r"(?:[kK](?![^\W\d_]))?+")
#: The same in a text holding Chinese, Japanese or Korean, which group no thousands with
#: spaces (``1 200`` there is two numbers): the groups' alternative costs ~10,000
#: instructions a text of ~20 numbers, a tenth of the sketch's number pass.
_NUMBER_CJK = lazy_pattern(r"\d\d*+(?:[.,:]\d++)*+(?:[kK](?![^\W\d_]))?+")
#: A number written in groups of three, one separator throughout (``12 500``, ``12,500``,
#: ``300.000``, ``1.234,5``), or with ``k``: a line of the numbers joined.
_GROUPED = lazy_pattern(r"^(\d{1,3})([ \u00a0\u2009\u202f.,])(\d{3}(?:\2\d{3})*)"
                          r"(?:(?!\2)[.,](\d+))?$|^(\d+)(?:[.,](\d{1,3}))?[kK]$"
                          r"|^(\d{1,2}),((?:\d\d,)+\d{3})$", re.MULTILINE)  # (1,86,000: lakhs)
_CJK_DIGITS = {c: n for n, cs in enumerate(("〇零", "一", "二两兩", "三", "四", "五", "六", "七",
                                             "八", "九")) for c in cs}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}
_CJK_BIG = {"万": 10_000, "萬": 10_000, "亿": 10 ** 8, "億": 10 ** 8}
_CJK_UNITS.update(_CJK_BIG)
_CJK_NOT_ALONE = frozenset("〇零一百千万萬亿億")
_CJK_NUMERAL = lazy_pattern("[" + "".join(_CJK_DIGITS) + "".join(_CJK_UNITS) + "]+")
#: Not a decimal part's; a literal first (``re`` skips in C to each ``0``), the digit or point
#: before it looked behind.
_LEADING_ZEROS = lazy_pattern(r"0(?<![\d.]0)0*(?=\d)")
#: Combining marks (accents) of Latin, Greek and Cyrillic letters and Arabic's hamza and
#: madda, as NFKD writes them.
#: Letters NFKD keeps whole, as a text typed without its diacritics writes them (Vietnamese
#: đ, Polish ł, Danish ø, Turkish ı), and a final sigma.
_STROKED = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ħ": "h", "ŧ": "t",
                          "ς": "σ"})
_STROKED_ANY = lazy_pattern("[" + "".join(map(chr, _STROKED)) + "]")
_MARKS = lazy_pattern("[\u0300-\u036f\u0653-\u0655]+")
#: Scripts whose words need more than their stems (`_rewritten`): Arabic, the alphabets
#: written without spaces.
_REWRITTEN = lazy_pattern("[\u0600-\u06ff" + _SYLLABIC + "]")
#: The scripts of India and its neighbours (Devanagari to Sinhala), and their vowel signs
#: and other combining marks.
_INDIC = lazy_pattern("[\u0900-\u0dff]")
_INDIC_MARKS = lazy_pattern("[" + "".join(
    c for c in map(chr, range(0x900, 0xE00))
    if unicodedata.category(c) in ("Mn", "Mc")) + "]+")
#: A word of two letters of those scripts (its vowel signs dropped: most words of Hindi's
#: everyday vocabulary, पेन, हरा, लाल), too short for `_STEM_RE`.
_INDIC_SHORT = lazy_pattern("(?<![^\\W\\d_])(?=[\u0900-\u0dff]{2})[^\\W\\d_]{2}(?![^\\W\\d_])")
_ARABIC = lazy_pattern("[\u0600-\u06ff]")
#: Arabic's optional vowel marks (tashkeel) and its stretching (tatweel).
_ARABIC_MARKS = lazy_pattern("[\u0640\u064b-\u065f\u0670]+")
#: The article and the one-letter conjunctions and prepositions written onto an Arabic
#: word (al-, wa-l-, bi-l-, li-l-...), when two letters or more follow.
_ARABIC_PREFIX = lazy_pattern("(?<![^\\W\\d_])(?:[\u0648\u0641]?[\u0628\u0643\u0644]?\u0627\u0644|"
                              "\u0644\u0644)(?=[^\\W\\d_]{2})")
_SYLLABIC_RUN = lazy_pattern("[" + _SYLLABIC + "]{3,}")
_SYLLABIC_ONE = lazy_pattern("[" + _SYLLABIC + "]")
_SYLLABIC_STEM = lazy_pattern("^.*[" + _SYLLABIC + "].*$", re.MULTILINE)
#: A run of Chinese, Japanese or Korean characters. Compiled on first use (~2.3 ms; as
#: ``[…][…]*`` its class was compiled three times, ~7 ms, issue 35): `_read` asks it only
#: of a text that is not ASCII, so a folder of ASCII texts never compiles it.
_RUN = lazy_pattern("[" + _UNSPACED + "]+")
#: A bold label opening a line, its newline included (a literal first: the fast skip).
_LABEL = re.compile(r"\n[ \t>*+-]*(?:\*\*|__)[^*_\n]{1,40}(?:\*\*|__)")
_SPAN = lazy_pattern(r"`([^`\n]{1,200})`")
_QUOTED = lazy_pattern(r"«\s*([^»\n]{1,40}?)\s*»|„([^“”\n]{1,40})[“”]|“([^”\n]{1,40})”|"
                     r"「([^」\n]{1,40})」|『([^』\n]{1,40})』|\"([^\"\n]{1,40})\"")
_OPENERS = "«„“「『\""  # the marks `_QUOTED`'s quotes open with
#: What a text holds when `facts` reads more than its numbers (a code span, a web address,
#: a handle, a quote): without any, the compiled `plain_facts` (one pass: `NATIVE.holds`).
#: A new kind of fact `facts` reads from the text adds its mark here.
_FACT_MARKS = ("`", "://", "#", "@", *_OPENERS)
_TOKEN = lazy_pattern(r"[^\s`()\[\]{},;]+")
_EDGE = "\"'<>:=.,!?*|"  # around a code span's token: ``"pdf.fonttype"``, ``<type>``, ``key:``
_ALNUM = lazy_pattern(r"[^\W_]")  # a token of punctuation alone (``=``, ``->``) is no fact
#: A channel, a tag or a person named by its handle (``#data-alert``, ``@kim``): ASCII, a
#: letter in it (``#12`` is a number).
_HANDLE = lazy_pattern(r"[#@](?=[\w.-]*[A-Za-z])\w[\w.-]*\w", re.ASCII)
#: A web address (what it names: its host and path, without the scheme and the punctuation
#: that ends a sentence after it).
_URL = lazy_pattern(r"(?<=://)[^\s<>()\[\]{}\"'`]+[^\s<>()\[\]{}\"'`.,;:!?]")
#: A plain ``key: value`` line (a list item's too), its newline first.
_FIELD = lazy_pattern(r"\n[ \t]*(?:[-*+][ \t]+)?([^:：*_\n`]{1,30}+)[:：][ \t]*([^\n]{1,60})(?=\n)")
_VALUE_WORD = lazy_pattern(r"\w+")
MAX_SLOTS = 32  # slot values read per sketch (the text's first; each kept twice at most:
#                 by the context before it and after it)
SLOT_CHARS = 600  # of a text read for its slots: its start decides (a template's
#                   values differ in its description and first lines)
#: The most bytes a sketch can be (its counts, bins, hashes, facts and fields as 64-bit
#: values, then its window's length and at most ``SLOT_CHARS`` characters of 4 UTF-8 bytes):
#: what the scan cache takes for one (`memtui.core.caches.scans.decode`).
MAX_BYTES = 8 * (K + 1 + BOTTOM + 1 + MAX_FACTS + 1 + MAX_FIELDS + 1) + 4 * SLOT_CHARS
#: A value a template's slot holds (`slots`): a code span, a handle, a number (digits joined
#: by ``.``, ``,``, ``:``, ``-``, ``/``; ``k`` for a thousand), a capitalised word inside a
#: sentence (a space before it, and before the space no sentence's end nor a list's mark: a
#: name, not a sentence's start).
_LATIN = "A-Za-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff"
_CAP = "A-Z\u00c0-\u00d6\u00d8-\u00de\u0391-\u03a9\u0410-\u042f"
#: A value or a context unit, one set first (``re`` then skips in C to where one can start:
#: a letter, a digit, a backtick, ``#``, ``@``), then what it starts: a code span, a handle,
#: an ID (capitals and a digit: ``CAN1``, ``F24``; or a capital alone after a word, ``Kiln B``,
#: not an initial, ``A.``: newuser28 #7), a number, a name (a capitalised word,
#: a space before it and before the space no sentence's end nor a list's mark), or a unit
#: of context (a word of three letters or more, or a run of characters where words are not
#: spaced); what must not stand before it checked after that first character. The group
#: that matched (``lastindex``) tells which. Compiled on first use (`slots` runs only for a
#: pair compared: most audits never): its two CJK classes cost ~5 ms to compile.
#: Chinese and Japanese characters (kana, Han): written without spaces between words.
#: Korean, which spaces its words, is read by its words (a run of Hangul is one).
_HAN_KANA_SET = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff"
_TOKEN_RE = lazy_pattern("[`#@\\w\uff1a]"
                         r"(?:(?<![" + _CAP + r"])(?<=[^\W\d_])(?<![^\W\d_].)(?:(?<=["
                         + _UNSPACED + r"])[^\W\d_]++|[^\W\d_]{2,}+)"
                         r"|(?<=`)([^`\n]{1,60})`|(?<=[#@])([A-Za-z][\w.-]*\w)"
                         r"|(?<=[" + _CAP + r"])(?<![" + _LATIN + r"\d].)([" + _LATIN
                         + r"]*\d[\w-]*(?:[.,]\d[\w-]*)*|(?<=[^\s.!?*+>#|-] .)(?![\w'’.]))"
                         r"|(?<=\d)(?<![" + _LATIN + r"\d]\d)(\d{0,2}(?:[ \u00a0\u2009\u202f]\d{3}"
                         r"(?!\d))+|(?:[\d.,:/-]*\d)?(?:[kK](?![^\W\d_]))?)"
                         r"|(?<=[" + _CAP + r"])(?<=[^\s.!?*+>#|-] .)([^\W\d_]+)"
                         r"|(?<=[^\W\d_])(?<![^\W\d_].)((?<=[" + _UNSPACED + r"])[^\W\d_]++"
                         r"|[^\W\d_]{2,}+)"
                         r"|(?<=\uff1a)[ \t]*"
                         r"([^\d\s\u3001\u3002\uff0c,\uff08(\uff1a;\uff1b]{1,10}+)"
                         r"(?=[\u3001\u3002\uff0c,\n\uff08(;\uff1b]|$))")
#: Between two values of one group (``3 May 2025``, ``Alpha 3``, ``1-4: 31``): at most three
#: of these characters.
#: A slot's value that is a name (not a number) has this bit set.
NAME_BIT = 1 << 31
#: A slot's number with a decimal point (a version, a decimal: ``2.6``, ``4.5``) has this bit
#: set, a whole number (a date's day and month, a count) not: the two are other kinds of
#: value, never in conflict (``Airflow 于 2025-03-04`` and ``Airflow 从 2.6``).
DECIMAL_BIT = 1 << 30
_JOINS = " ,:/()-\u00a0\u2013"
_CAPITAL = lazy_pattern("[" + _CAP + r"](?<=[^\s.!?*+>#|-] [" + _CAP + "])")
#: A slot whose context has this bit (of the context's 32) is strong (`strong_slots`): one
#: conflict there keeps two memories apart, an agreement there is no evidence (shared words).
STRONG_BIT = 1 << 31
#: A strong slot's value that is a word of the body's opening label written in the memory's
#: first line too (its description: the instance's name, ``Plan for Monday`` and ``Monday:``).
TITLED = 1 << 30
MAX_STRONG = 12  # strong slot values kept per sketch (after the others)
FRAME_CHARS = 200  # of the first line read for its frames
_SUBJECT_CHARS = 60  # of the second line read for its opening label (`strong_slots`)
_TITLE_STEM = 4  # letters of a label's word its first line must hold too (перша, першої)
LABEL_WORDS = 4  # words of a body's opening label at most (`strong_slots`)
FRAME_WORDS = 8  # words of the first line kept beside it (`strong_slots`)
#: The label opening a text (its description: ``Ensayos: 40% argumento``, ``DAU = …``): up
#: to 40 characters before a colon or ``=`` that no digit follows (``14:00`` is a time).
_SUBJECT = lazy_pattern(r"[ \t>*#-]*([^\n:\uff1a=]{1,40}?)[ \t]*[:\uff1a=](?!\d)")
_SUBJECT_WORD = lazy_pattern(r"[^\W\d_]{2,}")
#: A word of the label opening a memory's body (`strong_slots`' ``\6``): letters, with the
#: digits joined to them (``osl1`` against ``osl2``: two servers' names) and the vowel
#: signs of the Indic and Southeast Asian scripts (which ``\w`` leaves out: মজুত).
_OPENING_WORD = lazy_pattern(r"(?:[^\W_]|[\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f"
                             r"\u1780-\u17ff])+")
#: The first line's tokens for its frames: a run of letters, or any other character (a
#: digit or a punctuation mark breaks a frame).
_FRAME_TOKEN = lazy_pattern(r"[^\W\d_]+|\S")
_DATE_SEP = lazy_pattern(r"[-/]")
_YEAR = lazy_pattern(r"(?:19|20)\d\d")


def _crcs(values: Iterable[str]) -> list[int]:
    """``zlib.crc32(v.encode())`` of each value, in order (compiled when it can be)."""
    if NATIVE is not None:
        got: list[int] = NATIVE.crcs(values)
        return got
    return list(map(zlib.crc32, map(str.encode, values)))


def _read(text: str) -> tuple[str, list[str]]:
    """(the part of ``text`` sketched, its Chinese, Japanese and Korean runs)."""
    if NATIVE is not None:  # the same, compiled (`near_duplicate_kernel`)
        return NATIVE.read(text, MAX_CHARS, MAX_CJK)
    text = text[:MAX_CHARS]
    if text.isascii():
        return text, []
    window = 2 * MAX_CJK
    runs = _RUN.findall(text, 0, window)
    if sum(map(len, runs)) + len(runs) >= MAX_CJK:
        return text[:window], runs
    if len(text) > window:
        runs += _RUN.findall(text, window)
    return text, runs


_ARABIC_SEPARATORS = str.maketrans("\u066b\u066c", ".,")


def _numbers(text: str, runs: list[str] = []) -> set[str]:  # noqa: B006 (never changed)
    """A text's numbers (``1.4.2``, ``02:15``: separators kept), each part's leading zeros
    dropped; one written in groups of three whole (``12 500``, ``12,500``, ``12.500`` are
    ``12500``), one with ``k`` as written and as its value (``12.5k`` is ``12.5`` and
    ``12500``), a decimal comma a point (``3,5`` is ``3.5``), any script's digits ASCII. A
    text holding no digit gives the numbers of its Chinese numerals (`_cjk_numbers`)."""
    if "\u066b" in text or "\u066c" in text:  # Arabic's decimal and thousands separators
        text = text.translate(_ARABIC_SEPARATORS)  # (۱۲۰٬۰۰۰ is 120000, ۲٫۵ is 2.5)
    found = NATIVE.numbers(text, bool(runs)) if NATIVE is not None else \
        (_NUMBER_CJK if runs else _NUMBER).findall(text)  # (the same, compiled)
    if not found:
        if not runs:
            return set()
        found = _cjk_numbers(runs)  # a text holding no digit writes its numbers so
        if not found:
            return set()
    elif NATIVE is not None:  # in ASCII digits alone: the steps below, compiled
        plain = NATIVE.digits(found)
        if plain is not None:
            return _clock(plain) if ":" in text else plain
    joined = "\n".join(found)
    if not joined.isascii():
        joined = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in joined)
    if "," in joined or "." in joined or " " in joined or not joined.isascii() \
            or "k" in joined or "K" in joined:
        joined = _GROUPED.sub(_whole, joined).replace(",", ".")
    out = NATIVE.zeros(joined) if NATIVE is not None else \
        set(_LEADING_ZEROS.sub("", joined).split("\n"))  # (the same, compiled)
    return _clock(out) if ":" in text else out


def _whole(m: re.Match[str]) -> str:
    """A number in groups of three as its digits (a decimal part after a point); one with
    ``k`` as written and as its value; one in Indian groups (``1,86,000``: a lakh's two
    digits between the thousands and the rest) as its digits."""
    if m[7] is not None:
        return m[7] + m[8].replace(",", "")
    if m[5] is None:
        whole = m[1] + m[3].replace(m[2], "")
        return whole + "." + m[4] if m[4] else whole
    whole, frac = m[5], m[6] or ""  # both: "500k" is 500000, and 500 as in "500 kbit/s"
    return (whole + "." + frac if frac else whole) + "\n" + whole + frac.ljust(3, "0")


def _cjk_numbers(runs: list[str]) -> list[str]:
    """The numbers written in Chinese numerals in ``runs`` (``三千`` 3000, ``二十五`` 25,
    ``二〇二五`` 2025, ``八點`` 8), of their first ``MAX_CJK`` characters; not ``一`` alone (a
    word's part more often than a number: 一律, 统一), nor a multiplier or a zero alone
    (千葉, 零件)."""
    found = _CJK_NUMERAL.findall("\0".join(runs), 0, MAX_CJK)
    out = []
    for numeral in found:
        if len(numeral) == 1 and numeral in _CJK_NOT_ALONE:
            continue
        if _CJK_UNITS.keys().isdisjoint(numeral):  # digit by digit: 二〇二五
            out.append(str(int("".join(str(_CJK_DIGITS[c]) for c in numeral))))
            continue
        total = section = digit = 0
        for c in numeral:
            if c in _CJK_DIGITS:
                digit = _CJK_DIGITS[c]
            elif c in _CJK_BIG:
                total += (section + digit) * _CJK_BIG[c]
                section = digit = 0
            else:
                section += (digit or 1) * _CJK_UNITS[c]
                digit = 0
        out.append(str(total + section + digit))
    return out


#: An hour past noon on a 12-hour clock: ``18h00``, ``18 Uhr`` are “six in the evening”
#: (`_clock` reads ``18:00`` so); a number in words (marked): it backs a pair where the
#: other side holds it, never keeps one apart.
_AFTERNOON = {str(h): str(h - 12) for h in range(13, 24)}
_DOTTED = lazy_pattern(r"(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d")
#: (the hour's digits first, the digit before it refused after them: an expression opening
#: with a lookbehind is tried at every character, ~4x the cost of one whose first item
#: ``re`` skips to)
_HOUR = re.compile(r"(1[3-9]|2[0-3])(?<!\d\d\d) ?(?:h|Uhr|uur)(?![^\W\d_])")


def _clock(numbers: set[str]) -> set[str]:
    """``numbers`` with each time of day (``h:mm``, hours to 24) read on a 12-hour clock,
    its hour and its minutes apart, ``:00`` dropped: ``14:00`` is ``2`` as in “2 pm”,
    “오후 2시”, “2 de la tarde”, ``10:00`` is ``10`` as in “10 am”, ``15:30`` is ``3`` and
    ``30`` as in “3 h 30”, “3시 30분” (the clock's words are the language's, its numbers
    are not); an IPv4 address with its port (``10.4.0.12:6390``) also as the two."""
    out = set()
    for n in numbers:
        hour, colon, minute = n.partition(":")
        if colon and hour.isdigit() and minute.isdigit() and len(minute) <= 2 \
                and int(hour) <= 24 and int(minute) < 60 and ":" not in minute:
            n = str(int(hour) % 12 or 12)
            if int(minute):
                out.add(str(int(minute)))
        elif colon and minute.isdigit() and hour.count(".") == 3:  # an IPv4 address and
            out.update((hour, minute))  # its port, written together or apart
        out.add(n)
    return out


def _words(text: str, plain: bool = False) -> set[str]:
    """The stems of ``text``'s words, folded: without their accents and in their
    compatibility forms (NFKD, combining marks dropped: ``μάθημα`` and ``μαθήματα``,
    ``séparer`` and ``separer``, ``ＰＤＦ`` and ``pdf``, ``أحد`` and ``احد`` meet), a stroked
    letter its plain one and a final sigma a sigma (`_STROKED`: a rewording writes a word in
    another form, or without its accents);
    Arabic and the alphabets written without spaces rewritten (`_rewritten`); an Indic
    script's words without their vowel signs (a word character matches no combining mark: a Hindi
    word was cut into fragments too short to stem; its words of two consonants kept too
    when fewer than ``MIN_SHINGLES`` stems are found: a short Hindi note, हरे पेन, is
    sketched; blind set rules14). Read from the stems when the text is
    not ASCII: most texts cost one ``isascii`` more. ``plain``: the text holds no Chinese,
    Japanese or Korean character."""
    # (an alphabet written without spaces is read by its runs, whatever its stems: most of
    # a Burmese or Tibetan word's letters are marks, and no stem of three letters is left)
    syllabic = not text.isascii() and _SYLLABIC_ONE.search(text, 0, 1000) is not None
    if NATIVE is not None and not syllabic:  # the same when no stem needs folding, compiled
        got = NATIVE.words(text, plain, STEM, 1000)
        if got is not None:
            return got
    stems = _STEM_PLAIN if plain or text.isascii() else _STEM_RE
    if text.isascii():
        return set(_stems(stems, text.lower()))
    short: set[str] = set()
    if _INDIC.search(text, 0, 1000):  # a word of an Indic script without its vowel signs (marks,
        text = _INDIC_MARKS.sub("", text)  # which ``\w`` splits words at): its consonants
        short.update(_INDIC_SHORT.findall(text))  # two of them a word too (हरे पेन: हर, पन)
    if "\u0130" in text:  # İ lowers to two characters, the second no letter
        words = set(_stems(stems, text.lower()))
        joined = "\n".join(words)
    else:  # the stems lowered, not the text: lowering keeps letters letters, one for one
        joined = "\n".join(set(_stems(stems, text))).lower()
        words = set(joined.split("\n"))
        words.discard("")
    if joined.isascii() and not syllabic:
        return words
    extra: set[str] = set()
    if syllabic or _REWRITTEN.search(joined):
        joined, extra = _rewritten(text, joined, stems)
    folded = _MARKS.sub("", unicodedata.normalize("NFKD", joined))
    if _STROKED_ANY.search(folded):  # a scan, not a lookup per character
        folded = folded.translate(_STROKED)
    if folded != joined or extra:
        words = set(folded.split("\n"))
        words.discard("")
        words |= extra
    if short and len(words) < MIN_SHINGLES:  # too few words to sketch without them
        words |= short
    return words


def _stems(stems: re.Pattern[str], text: str) -> list[str]:
    """``stems.findall(text)`` (`_STEM_RE` or `_STEM_PLAIN`), compiled when it can be."""
    if NATIVE is None:
        return stems.findall(text)
    return NATIVE.stems(text, stems is _STEM_PLAIN, STEM)


def _rewritten(text: str, joined: str, stems: re.Pattern[str]) -> tuple[str, set[str]]:
    """(the stems ``joined`` as Arabic and the alphabets written without spaces need them,
    the trigrams of the latter): an Arabic word without its vowel marks and the article or
    conjunction written onto it (``الأحد``, ``والأحد`` are ``أحد``); Thai, Lao, Myanmar and
    Khmer, whose spaces part phrases, not words, as character trigrams of their runs (a
    bigram of an alphabet is too common to tell texts apart), their stems dropped."""
    if _ARABIC.search(joined):
        text = _ARABIC_PREFIX.sub("", _ARABIC_MARKS.sub("", text))
        joined = "\n".join(set(_stems(stems, text.lower())))
    runs = _SYLLABIC_RUN.findall(text)
    if not runs:
        return joined, set()
    return _SYLLABIC_STEM.sub("", joined), _trigrams(runs)


def _trigrams(runs: list[str]) -> set[str]:
    """The character trigrams of ``runs``, of their first ``MAX_CJK`` characters."""
    out: set[str] = set()
    left = MAX_CJK
    for run in runs:
        run = run[:left]
        out.update(run[i:i + 3] for i in range(len(run) - 2))
        left -= len(run)
        if left < 3:
            break
    return out


def _shingles(text: str, runs: list[str]) -> tuple[set[int], list[int], list[int]]:
    """(a 30-bit hash of each shingle, the numbers' CRC-32s, the CRC-32s of the numbers
    written in words: `word_numbers`, not shingles: their words are). A word or a number
    is its CRC-32 hashed as a 2-tuple with 1; a bigram, its two UTF-16 code units read as one 32-bit
    integer, hashed as a 1-tuple (Python's tuple hash of integers: the same in every
    process); the hash's low ``HASH_BITS`` bits are kept (an integer Python holds in one
    digit: sorted, hashed and intersected fastest)."""
    crcs, units, numbers, spelled = _inputs(text, runs)
    return _hashed(crcs, units), numbers, spelled


#: `memtui.core.checks.near_duplicate_written`, imported by the first sketch (~6 ms of tables
#: and patterns: a warm audit, every sketch read from the cache, makes none).
_written: ModuleType | None = None


def _written_module() -> ModuleType:
    global _written
    from memtui.core.checks import near_duplicate_written

    _written = near_duplicate_written
    return _written


def _inputs(text: str, runs: list[str]) -> tuple[list[int], str, list[int], list[int]]:
    """(the CRC-32s of the words and numbers, the runs joined by NULs: the bigrams' units,
    the numbers' CRC-32s, the CRC-32s of the numbers in words): what `_hashed` hashes."""
    if ":" in text or "\uff1a" in text:  # the why / how-to-apply labels, bold or not
        text, runs = _unlabelled(text, runs)
    if "**" in text or "__" in text:  # (compiled when it can be: the same)
        text = NATIVE.labels(text) if NATIVE is not None else _LABEL.sub("\n", "\n" + text)
    words = _words(text, not runs)
    found_numbers = _numbers(text, runs)
    if "0" in text and ("." in text or "," in text):  # 4200,00 is 4200, 0.10 is 0.1
        found_numbers = _trimmed(found_numbers)
    numbers = _crcs(found_numbers)
    words_crcs = _crcs(words)
    words_crcs += numbers  # a number and a word never share a CRC's text
    if "1" in found_numbers and "2" in found_numbers and ("\n1." in text or "\n1)" in text):
        items = _items(text) & found_numbers  # a numbered list's item numbers: marked
        if items:
            found_numbers = found_numbers - items
            numbers = _crcs(found_numbers)
    else:
        items = None
    spelled = _crcs(word_numbers(text)) if has_number_words(words) else []
    if items:
        spelled += _crcs(items)
    written = _written or _written_module()
    months = written.has_months(words)
    if months or not text.isascii():  # a month by its name, 4万, 칠십오만: numbers too
        spelled += _crcs(written.written_numbers(text, months))
    if "." in text:  # a date 15.04.2025 is its day, month and year too (“15 апреля 2025”)
        dotted = [n for n in found_numbers if n.count(".") == 2 and _DOTTED.fullmatch(n)]
        if dotted:
            spelled += _crcs({p.lstrip("0") for n in dotted for p in n.split(".")})
    if not found_numbers.isdisjoint(_AFTERNOON):  # 18h00 as “six in the evening”
        spelled += _crcs({_AFTERNOON[h] for h in _HOUR.findall(text)})
    times = written.multiplied(text) if runs and found_numbers else None
    if runs and len(found_numbers) <= FEW_DIGITS and found_numbers:  # 民國115年五月底
        spelled += _crcs(set(_cjk_numbers(runs)) - found_numbers)
    if found_numbers and not runs and written.has_scale(words, text):  # 20 triệu: as 4万
        scaled, also = written.scaled(text)
        if scaled:
            times = {**(times or {}), **scaled}
        if also:
            spelled += _crcs(also)
    if times:  # 4万 is 40000: its 4 is no fact of its own (`multiplied`)
        numbers = _crcs((found_numbers - times.keys()) | set(times.values()))
    if found_numbers:  # 2568 B.E., 4000 ms, +972 52 773 1490: the value in another notation
        dropped, marked, phones = renotated(text, found_numbers, _numbers)
        if dropped or phones:
            kept = (found_numbers - times.keys()) | set(times.values()) if times else \
                found_numbers
            numbers = _crcs((kept - dropped) | phones)
        if marked:
            spelled += _crcs(marked)
    # all runs at once, a NUL between two (its bigrams are the runs' edges)
    return words_crcs, "\0".join(runs)[:MAX_CJK], numbers, spelled


#: A line opening with a short phrase and a colon (after list, quote or bold marks): a label,
#: perhaps (`_unlabelled` asks `missing_why.label_words`). Its newline first, read in
#: ``"\n" + text``: a literal first, ``re`` skips in C to each line's start.
_LINE_LABEL = lazy_pattern(r"\n[ \t>*+_-]*[^\W\d_][^:\uff1a\n`]{0,40}?[:\uff1a]")


#: A label's phrase → whether it is a why or how-to-apply label (`_unlabelled`).
_LABELS: dict[str, bool] = {}


def _format_label(phrase: str) -> bool:
    """Whether ``phrase`` (a label's words, without marks and colon) is a why or
    how-to-apply label in a language `memtui.core.checks.missing_why` reads."""
    known = _LABELS.get(phrase)
    if known is None:
        if len(_LABELS) >= 4096:  # a bound (a folder repeats its labels: a few dozen)
            _LABELS.clear()
        known = _LABELS[phrase] = any(label_words(phrase))
    return known


def _unlabelled(text: str, runs: list[str]) -> tuple[str, list[str]]:
    """``text`` without the labels of SPEC §1's sections opening its lines, ``Why:`` and
    ``How to apply:``, bold or not, in the languages `memtui.core.checks.missing_why` reads
    (``Warum:``, ``Cómo aplicarlo:``, ``理由：``): every feedback and project memory of a
    folder that follows the format holds them, so they are structure, not words two memories
    share (newuser35 #2: plain labels made two unrelated memories 20 % alike); the text after
    a label is kept. ``runs`` (the Chinese, Japanese and Korean runs, whose bigrams are
    shingles) without a run that is a label cut (``理由``, ``이유``), once per label. A bold
    label of another kind is left out as before (`_LABEL`)."""
    pieces: list[str] = []
    at, cut = 0, []
    for m in _LINE_LABEL.finditer("\n" + text):
        label = m.group()[1:]  # (from the line's start: ``m.start()`` in ``text``)
        phrase = label.lstrip(" \t>+-")
        if phrase.startswith(("**", "__")) and label.isascii():
            continue  # (a bold one in ASCII: `_LABEL` leaves it out, no run to drop)
        if _format_label(phrase.strip("*_ \t:\uff1a")):
            pieces.append(text[at:m.start()])
            at = m.end() - 1
            cut.append(label)
    if not cut:
        return text, runs
    pieces.append(text[at:])
    if runs:
        runs = list(runs)
        for label in cut:
            for run in _RUN.findall(label):
                if run in runs:
                    runs.remove(run)
    return "".join(pieces), runs


#: An item of a numbered list: its number opening a line, ``.`` or ``)`` after it.
_ITEM = lazy_pattern(r"^[ \t]*(\d{1,2})[.)][ \t]", re.MULTILINE)


def _items(text: str) -> set[str]:
    """The item numbers of ``text``'s numbered lists (items 1 and 2 at least) that
    the text writes nowhere else: a list's order, not a fact (a list of ten steps and the
    prose saying them hold the same facts; blind set rules14). Marked by `_inputs`: they
    back a pair where the other side holds them, never keep one apart."""
    found = _ITEM.findall(text)
    if "1" not in found or "2" not in found:  # (“1. turnus” twice: an ordinal, no list)
        return set()
    out = set()
    for n in set(found):
        if len(re.findall(r"(?<![\d.,])" + n + r"(?![\d]|[.,]\d)", text)) == found.count(n):
            out.add(n)
    return out


_TRAILING = lazy_pattern(r"(\d)\.(\d*?)0+")


def _trimmed(numbers: set[str]) -> set[str]:
    """``numbers`` (`_numbers`) with a decimal's trailing zeros dropped, and its point with
    them when nothing else follows it: ``4200.00`` is ``4200``, ``0.10`` is ``0.1`` (an
    amount with its cents, a share written to two places: the same number; blind set
    rules12). A number of two points or more (a version ``1.10.0``, a date) as it was.
    A step after `_numbers`, not in it (`_numbers` has a compiled twin in the making)."""
    out = None
    for n in numbers:
        if n.endswith("0") and n.count(".") == 1:
            m = _TRAILING.fullmatch(n, n.index(".") - 1)
            if m is not None:
                if out is None:
                    out = set(numbers)
                out.discard(n)
                out.add(n[:m.start()] + m[1] + ("." + m[2] if m[2] else ""))
    return numbers if out is None else out


def _hashed(crcs: list[int], units: str) -> set[int]:
    """The shingles' hashes: each CRC-32 ``crcs`` as ``hash((crc, 1))``, each bigram of
    ``units`` (its UTF-16 code units) as `_add_bigram_hashes`, their low ``HASH_BITS``."""
    if NATIVE is not None:
        return NATIVE.hashes(crcs, units, HASH_MASK)
    out = set(map(and_, map(hash, zip(crcs, repeat(1))), repeat(HASH_MASK)))
    if units:
        raw = units.encode("utf-16-le")
        pairs = array("I", raw[:len(raw) // 4 * 4])
        pairs.extend(array("I", raw[2:2 + (len(raw) - 2) // 4 * 4]))
        _add_bigram_hashes(out, pairs)
    return out


# The low ``HASH_BITS`` bits of a 1-tuple's hash, ``hash((x,))``, for many 32-bit ``x`` at
# once (CPython's 64-bit tuple hash, xxHash's round: acc = P5 + x * P2, rotated left by
# 31, times P1, plus 1 ^ P5 ^ 3527539): each ``x`` in a 96-bit lane of one big integer, so
# that a few big-integer operations do what a Python integer per bigram did. The low 30
# bits of the rotated value are bits 33-62 of ``P5 + x * P2`` (below 2^96: no lane spills
# into the next), and the low 30 bits of a product need only the factors' low 30 bits.
# No ``x`` below 2^32 makes the hash -1 (which CPython replaces). `_pair_hashes` checks
# itself against ``hash`` once and keeps to ``hash`` where they differ (a 32-bit build).
_P1, _P2, _P5 = 11400714785074694791, 14029467366897019727, 2870177450012600261
_LANE = 12  # bytes
_END = (1 ^ _P5 ^ 3527539) & HASH_MASK
#: lane count → (1 in every lane, P5 in every lane, the mask in every lane, the end in
#: every lane); a dense text always has ``MAX_CJK - 1`` bigrams: few counts recur.
_LANES: dict[int, tuple[int, int, int, int]] = {}


def _lanes(n: int) -> tuple[int, int, int, int]:
    got = _LANES.get(n)
    if got is None:
        ones = int.from_bytes((b"\1" + bytes(_LANE - 1)) * n, "little")
        got = (ones, _P5 * ones, HASH_MASK * ones, _END * ones)
        if len(_LANES) >= 16:  # a bound: a few kilobytes each
            _LANES.clear()
        _LANES[n] = got
    return got


def _bulk_hashes(pairs: array[int]) -> Iterable[int]:
    n = len(pairs)
    if not n:
        return ()
    _, p5, mask, end = _lanes(n)
    lanes = array("I", bytes(_LANE * n))
    lanes[::_LANE // 4] = pairs
    x = int.from_bytes(lanes, "little")
    h = ((((x * _P2 + p5) >> 33) & mask) * (_P1 & HASH_MASK) + end) & mask
    return memoryview(h.to_bytes(_LANE * n, "little")).cast("I")[::_LANE // 4]


def _tuple_hashes(pairs: array[int]) -> Iterable[int]:
    return map(and_, map(hash, zip(pairs)), repeat(HASH_MASK))


_PROBE = array("I", [0, 1, 0x4E004E01, 0x9FFF3002, 0xFFFFFFFF, 0x0000AC00, 12345678])
_pair_hashes = _bulk_hashes if list(_bulk_hashes(_PROBE)) == list(_tuple_hashes(_PROBE)) else \
    _tuple_hashes


#: A bigram (two code units as one integer) → its hash, for those already hashed here: a
#: folder's texts share most bigrams. Emptied when it would pass ``MAX_SEEN`` (~3 MB).
_SEEN: dict[int, int] = {}
MAX_SEEN = 1 << 15


def _add_bigram_hashes(out: set[int], pairs: array[int]) -> None:
    """Add the hashes of the bigrams ``pairs`` to ``out``: the known ones looked up, the
    others (each once) hashed by `_pair_hashes` and remembered."""
    seen = _SEEN
    out.update(map(seen.get, pairs))
    if None not in out:
        return
    out.discard(None)
    new = array("I", set(filterfalse(seen.__contains__, pairs)))
    hashes = list(_pair_hashes(new))
    if len(seen) + len(new) > MAX_SEEN:
        seen.clear()
    seen.update(zip(new, hashes, strict=True))
    out.update(hashes)


def shingle_hashes(text: str) -> set[int]:
    """A 30-bit hash of each shingle of ``text`` (the part the sketch reads)."""
    return _shingles(*_read(text))[0]


#: A file's extension written bare after its name (``glossary-bank.xlsx``, ``notes.md``): a
#: dot first (``re`` skips to it), the name read back from it (`_file_names`).
_EXTENSION = lazy_pattern(r"\.(?<=[^\W_]\.)[a-z][a-z0-9]{1,4}(?![\w-]|\.\w)")
_NAME_BEFORE = lazy_pattern(r"[\w-]{2,60}$")
_IN_ADDRESS = frozenset(".@")  # before a name: a domain's part, a mail address's


def _file_names(text: str) -> list[str]:
    """The file names ``text`` writes bare, lowered: a name of two characters or more, a
    letter among them, then a dot and a short lower-case extension (``glossary-bank.xlsx``;
    not ``e.g.``, ``z.B.``, a sentence's end; nor a domain's or a mail address's part, nor
    one in a code span: its tokens are facts already). A path's last part is its file's
    name (``scripts/export-compta.js`` beside “the export-compta.js script”). An identifier
    as a code span's token is: two records of one template naming other files are two
    records (blind set rules24)."""
    out = []
    if "`" in text:  # a code span's tokens are facts already (a path read whole)
        text = _SPAN.sub(" ", text)
    for m in _EXTENSION.finditer(text):
        name = _NAME_BEFORE.search(text, max(m.start() - 60, 0), m.start())
        if name is not None and not name[0].isdigit() and any(map(str.isalpha, name[0])) \
                and text[name.start() - 1:name.start()] not in _IN_ADDRESS:
            out.append((name[0] + m[0]).lower())
    return out


def facts(text: str, numbers: list[int], spelled: Iterable[int] = ()) -> list[int]:
    """CRC-32s (their low 31 bits) of a text's facts (its numbers', ``numbers``, its code
    spans' tokens without the quotes, brackets or colon around them, its quoted terms, its
    handles: ``#channel``, ``@someone``), then its numbers written in words (``spelled``,
    those not in digits too, marked: ``WORD_BIT``), the ``MAX_FACTS`` smallest, ascending:
    what a rewording cannot change."""
    files = _file_names(text) if "." in text else None
    if NATIVE is not None and type(numbers) is list and type(spelled) is list \
            and not files and not NATIVE.holds(text, _FACT_MARKS):  # (numbers alone: compiled)
        got: list[int] | None = NATIVE.plain_facts(numbers, spelled, FACT_MASK, WORD_BIT,
                                                   MAX_FACTS)
        if got is not None:
            return got
    found: set[str] = set(files) if files else set()
    if "`" in text:
        for span in _SPAN.findall(text):
            found.update(t.strip(_EDGE).lower() for t in _TOKEN.findall(span)
                         if _ALNUM.search(t))
    if "://" in text:  # a web address: the page it names
        found.update(u.lower().rstrip("/") for u in _URL.findall(text))
    if "#" in text or "@" in text:
        found.update(h.lower() for h in _HANDLE.findall(text))
    # (each quote needs its opening mark: a scan for each is cheaper than the pattern)
    quoted = _QUOTED.findall(text) if any(map(text.__contains__, _OPENERS)) else None
    if quoted:
        found.update(q.strip().lower() for q in map("".join, quoted))
    plain = set(map(and_, set(numbers).union(_crcs(found)) if found else numbers,
                    repeat(FACT_MASK)))
    if spelled:
        plain.update(map(or_, set(map(and_, spelled, repeat(FACT_MASK))) - plain,
                         repeat(WORD_BIT)))
    return sorted(plain)[:MAX_FACTS]


def terms(text: str) -> set[str]:
    """The terms ``text`` marks, as `facts` reads them: its code spans' tokens (without the
    quotes, brackets or colon around them) and its quoted terms, lowered."""
    found: set[str] = set()
    if "`" in text:
        for span in _SPAN.findall(text):
            found.update(t.strip(_EDGE).lower() for t in _TOKEN.findall(span)
                         if _ALNUM.search(t))
    if any(map(text.__contains__, _OPENERS)):
        found.update(q.strip().lower() for q in map("".join, _QUOTED.findall(text)))
    return found


def fields(text: str) -> list[int]:
    """The words of a text's plain ``key: value`` lines whose value is short (a template's
    fields, not a sentence) when it has two or more (one alone never conflicts):
    (key hash << 32 | value word hash) for each value word, at most ``MAX_FIELDS``. A bold
    key (``**Why:**``) is a label, not a field."""
    if ":" not in text and "：" not in text:
        return []
    if NATIVE is not None:  # the same, compiled
        got: list[int] = NATIVE.fields(text, MAX_FIELDS)
        return got
    found = _FIELD.findall("\n" + text + "\n")
    if len(found) < 2:
        return []
    out: list[int] = []
    for key, value in found:
        key = key.strip().lower()
        words = _VALUE_WORD.findall(value.lower())
        if not key or not words or len(words) > 8 or len(key.split()) > 4:
            continue
        k = (zlib.crc32(key.encode()) & 0x7FFFFFFF) << 32
        out.extend(k | zlib.crc32(w.encode()) for w in words)
        if len(out) >= MAX_FIELDS:
            break
    return out[:MAX_FIELDS]


#: `_number_atoms` of the number tokens met (a folder repeats its dates, times, amounts).
_ATOMS: dict[str, frozenset[str]] = {}


def _number_atoms(token: str) -> set[str]:
    """A number's values as `slots` compares them: a date's parts without its year
    (``2026-04-30`` is 4 and 30: “30 April 2026” shares 30), any other number as
    `_numbers` reads it (``1,500`` and ``1.5k`` both hold 1500)."""
    if "-" in token or "/" in token:
        parts = [p for p in _DATE_SEP.split(token) if p]
        if len(parts) > 1:
            kept = [p for p in parts if not _YEAR.fullmatch(p)] or parts
            out: set[str] = set()
            for p in kept:
                out |= _numbers(p)
            return out
    if token.isdigit():
        return {str(int(token))}
    return _numbers(token)


def slots(text: str, dense: bool = False) -> list[int]:
    """A text's slots (its first ``SLOT_CHARS`` characters, one pass of `_TOKEN_RE`): each
    value (a number, a code span, a handle, an ID, a name) with the context before it, the
    last two units since the value before (words of three letters or more, or runs of
    characters where words are not spaced; their last 12 characters), and with the
    context after it, the first two units before the next value (`_after`). Values with
    nothing between them but a few of `_JOINS` (``3 May 2025``, ``Alpha 3``, ``1-4: 31``)
    are one group in one slot, a year left out of a group holding other numbers (a date's
    day tells two days apart; “30 April 2026” and ``2026-04-30`` share theirs: `_number_atoms`).
    Two look-alikes of one template hold the same contexts with other values in them; a
    rewording keeps its values (and changes most contexts: a changed context only drops a
    slot from the comparison). Each value is ``context hash << 32 | kind << 31 | value
    hash`` (kind 0 a number, 1 anything else), of the first ``MAX_SLOTS`` values. A text
    whose capitalised words are too many to be names (German capitalises its nouns) reads
    them as context. A numbered list's item numbers (`_items`) are no values: a context
    starts after each (a list reordered moves them from item to item). ``dense``: a text
    dense in Chinese, Japanese or Korean (`_read`), read for half as many characters (they
    say more a character)."""
    text = text[:SLOT_CHARS // 2 if dense else SLOT_CHARS]
    found: list[tuple[str, set[str]]] = []  # (context, values: a name's after a NUL)
    group: set[str] = set()
    since: list[str] = []  # the units since the last value
    prev_end = -1
    line_end = -1  # the end of the last value's line when a bold label opens the next
    #                (``**How to apply:**``, every memory's): units past it are no context
    cut = None  # how many units of ``since`` stand on the last value's line (None: all)
    names: bool | None = None
    count = 0
    # a numbered list's item numbers (`_items`): its order, no value (a list reordered
    # moves them from item to item: blind set rules9)
    items = _items(text) if "\n1." in text or "\n1)" in text else ()
    # a run of Chinese or Japanese characters is a clause, not a word: read as its words
    # (`_pieces`), as a spaced language's context is its last two words
    pieces = not text.isascii() and _HAN_KANA.search(text) is not None
    last = ""  # the last unit whole (a full-width label's context: its run)
    for m in _TOKEN_RE.finditer(text):
        which = m.lastindex
        if which is None or which == 6:  # a unit (None: one not starting with a capital)
            if cut is None and m.start() > line_end >= 0:
                cut = len(since)
            unit = last = m[0]
            if pieces and len(unit) > 2 and unit[0] >= "\u3040" and _HAN_KANA.match(unit):
                since.extend(_pieces(unit))  # a clause of Chinese or Japanese: its words
            else:
                since.append(unit)
            continue
        if which == 7:  # a label's value after a full-width colon: 燃えるゴミ：火曜・金曜
            if since and not _format_label(last):  # (the label whole: its run; not the
                # format's why / how-to-apply label, every memory's: `_unlabelled`)
                found.append(("\2" + last[-12:].lower(), {"\0" + m[7].lower()}))
            continue
        if which == 5:
            if names is None:  # decided once, at the first name
                names = 8 * len(_CAPITAL.findall(text)) <= text.count(" ") + 1
            if not names:
                if cut is None and m.start() > line_end >= 0:
                    cut = len(since)
                since.append(m[0])
                last = m[0]
                continue
        start = m.start()
        if items and which == 4 and m[0] in items and text.startswith((".", ")"), m.end()) \
                and not text[text.rfind("\n", 0, start) + 1:start].strip(" \t"):
            if group:  # (it ends the line before: no context across it)
                _after(found, _on_line(since, cut), group)
                count += len(group)
                group = set()
            since = []
            prev_end = -1
            continue  # a numbered list's item number: its order, no value (`_items`)
        if since or prev_end < 0 or start - prev_end > 3 or text[prev_end:start].strip(_JOINS) \
                or ")" in text[prev_end:start]:  # (a bracket closed: the next is outside)
            if group:
                _after(found, _on_line(since, cut), group)
            count += len(group)
            group = set()
            if count >= MAX_SLOTS:
                break
            if since:  # a context of its own (not inside the value before): a slot
                found.append(("\0".join(since[-2:])[-12:].lower(), group))
                since = []
        prev_end = m.end()
        line_end = text.find("\n", prev_end)
        if line_end >= 0:  # (blank lines between: the label's line is the next line)
            label_at = line_end
            while text.startswith("\n", label_at + 1):
                label_at += 1
            if not _LABEL.match(text, label_at):
                line_end = -1
        if line_end < 0:
            line_end = len(text)  # (no label opens the next line: no cut)
        cut = None
        value = m[0]
        if which == 4:
            if value.isdigit():
                group.add(str(int(value)))
            else:
                atoms = _ATOMS.get(value)
                if atoms is None:
                    if len(_ATOMS) >= 1024:  # a bound
                        _ATOMS.clear()
                    atoms = _ATOMS[value] = frozenset(_number_atoms(value))
                group.update(atoms)
        elif which == 1:
            group.update("\0" + t.strip(_EDGE).lower() for t in _TOKEN.findall(m[1]))
        else:
            group.add("\0" + value.lower())
    if group:
        _after(found, _on_line(since, cut), group)
    if "```" in text or "~~~" in text:
        found.extend(_commands(text))
    if found and not text.isascii():  # a Solar Hijri day: its Gregorian day (۹ شهریور: 31)
        days = solar_days(text, _numbers(text), _numbers)
        if days:
            seen: set[int] = set()
            for _, values in found:
                hit = values & days.keys()
                if hit and id(values) not in seen:
                    seen.add(id(values))
                    values -= hit
                    values.update(days[v] for v in hit)
    out: list[int] = []
    hashed: dict[int, list[int]] = {}  # a group's values hashed once (two slots hold it)
    for context, values in found:
        got = hashed.get(id(values))
        if got is None:
            if len(values) > 1:
                years = {n for n in values if len(n) == 4 and _YEAR.fullmatch(n)}
                if years and len(years) < len(values):
                    values -= years
            got = [NAME_BIT | (zlib.crc32(v.encode()) & 0x7FFFFFFF) if v[:1] == "\0" else
                   (DECIMAL_BIT if "." in v else 0) | (zlib.crc32(v.encode()) & 0x3FFFFFFF)
                   for v in sorted(values) if v]  # sorted: a set's order is the hash seed's
            hashed[id(values)] = got
        ctx = (zlib.crc32(context.encode()) & 0x7FFFFFFF) << 32
        out.extend([ctx | h for h in got])
        if len(out) >= 2 * MAX_SLOTS:
            break
    return out[:2 * MAX_SLOTS] + strong_slots(text)


def strong_slots(text: str) -> list[int]:
    """A text's strong slots (context bit ``STRONG_BIT``; at most ``MAX_STRONG``, after the
    others): what it is about, where one word tells two instances of a template apart and
    no value need differ. Its subject: the words (their first ``STEM`` letters) of the label
    opening it (``DAU = …`` against ``MAU = …``; ``Ensayos: …`` against ``Exposiciones:
    …``). Its first line's frames (the line is the memory's description, its summary): each
    unit (a word of three letters or more, or a run of unspaced characters) with the unit
    before it and the two after it, nothing but spaces and short words between them (no
    digit, no punctuation): ``אישור של דניאל לפני merge`` against ``אישור של נועה לפני
    merge``, another reviewer in one frame. A rewording changes a frame's words or breaks
    it; it rarely keeps four units and swaps the one between them. Each value is its word's
    shingle hash (`_hashed`): a word swapped for one the other text holds elsewhere is a
    rewording's synonym, not another instance's value (`near_duplicate.slot_conflicts`)."""
    found: list[tuple[str, set[str]]] = []
    m = _SUBJECT.match(text)
    if m:
        words = {"\0" + w.lower()[:STEM] for w in _SUBJECT_WORD.findall(m[1])}
        if words:
            found.append(("\4", words))
    lines = text[:FRAME_CHARS + 2 * _SUBJECT_CHARS].split("\n", 2)
    opening = _opening(lines)
    line = lines[0][:FRAME_CHARS]
    units: list[str | None] = []  # a unit, or None: a break
    for tok in _FRAME_TOKEN.findall(line):
        if not tok[0].isalpha():
            units.append(None)
        elif len(tok) >= 3 or (len(tok) == 2 and _RUN.match(tok)):
            units.append(tok.lower()[:12])  # short words are skipped
    for i in range(1, len(units) - 2):
        before, unit, one, two = units[i - 1:i + 3]
        if before and unit and one and two:
            found.append(("\5" + before + "\0" + one + "\0" + two, {"\0" + unit[:STEM]}))
    out: list[int] = []
    for context, values in found:
        ctx = ((zlib.crc32(context.encode()) & 0x7FFFFFFF) | STRONG_BIT) << 32 | NAME_BIT
        # each word as its shingle's hash (`_hashed`): whether the other text holds it; a
        # word of the body's opening label that its first line holds too, ``TITLED``
        out.extend(ctx | (hash((zlib.crc32(v[1:].encode()), 1)) & HASH_MASK)
                   | (TITLED if v[0] == "\0" and context == "\6" else 0)
                   for v in sorted(values))
        if len(out) >= MAX_STRONG:
            break
    out = out[:MAX_STRONG]
    for context, values in opening:
        ctx = ((zlib.crc32(context.encode()) & 0x7FFFFFFF) | STRONG_BIT) << 32 | NAME_BIT
        out.extend(ctx | _word_hash(v[1:]) | (TITLED if v[0] == "\0" else 0)
                   for v in sorted(values))
    return out


def _opening(lines: list[str]) -> list[tuple[str, set[str]]]:
    """The label opening a memory's body (the line after its description) as a strong slot
    (``\6``: its words, ``TITLED`` those its first line holds too: ``Plan for Monday`` over
    ``Monday: 80 loaves``) and that first line's words (``\7``: two descriptions written
    in one frame share some). A label is at most ``LABEL_WORDS`` words, its last holding a
    letter (``every month on the 25:e`` is a date in a sentence)."""
    if len(lines) < 2:
        return []
    m = _SUBJECT.match(lines[1])
    if not m:
        return []
    said = _OPENING_WORD.findall(m[1])
    if not said or len(said) > LABEL_WORDS or said[-1].isdigit():
        return []
    first = [w.lower() for w in _OPENING_WORD.findall(lines[0]) if not w.isdigit()]
    if _HAN_KANA.search(lines[0]) or _HAN_KANA.search(m[1]):  # (a run is a clause: its
        said, first = _bigrams(said), _bigrams(first)  # words, as a spaced label's)
    title = {w[:_TITLE_STEM] for w in first}
    words = {("\0" if w.lower()[:_TITLE_STEM] in title else "\1") + w.lower()[:STEM]
             for w in said if len(w) >= 2 and not w.isdigit()}
    if not words:
        return []
    return [("\6", words), ("\7", {"\1" + w[:STEM] for w in first[:FRAME_WORDS]})]


_HAN_KANA = lazy_pattern("[" + _HAN_KANA_SET + "]")
PIECE = 2  # characters of a word of Chinese or Japanese, as a slot's context reads it


def _pieces(run: str) -> list[str]:
    """A run of Chinese or Japanese characters (a clause: no spaces between its words) as
    its words for a slot's context: pieces of ``PIECE`` characters counted from its end,
    where a value's label stands before it (``每班抽查5件``: 抽查; ``第3号工序``: the
    ``第``), the first piece shorter when the run's length is odd. A context of two whole
    runs held a clause's subject (``焊接日志：第3号`` against ``包装日志：第8号``: two
    instances of one template, their values never compared; newuser37 #11); a spaced
    language's context is its last two words."""
    first = len(run) % PIECE
    out = [run[:first]] if first else []
    out.extend(run[i:i + PIECE] for i in range(first, len(run), PIECE))
    return out


def _word_hash(word: str) -> int:
    """A word's shingle hash (`_hashed`): a word's or a number's CRC-32 as a 2-tuple with
    1, a bigram of Chinese or Japanese characters (`_bigrams`) its two UTF-16 code units as
    a 1-tuple, as its text's bigram shingles are (whether the other text holds it)."""
    if len(word) == 2 and _HAN_KANA.match(word) and _HAN_KANA.match(word, 1):
        return hash((int.from_bytes(word.encode("utf-16-le"), "little"),)) & HASH_MASK
    return hash((zlib.crc32(word.encode()), 1)) & HASH_MASK


def _bigrams(words: list[str]) -> list[str]:
    """``words`` with each run of Chinese or Japanese characters as its character bigrams
    (its words, wherever they start: a label ``塗装の日誌`` and its description ``塗装の記録``
    share ``塗装``, as ``painting log`` and ``painting record`` share a word)."""
    out: list[str] = []
    for w in words:
        if len(w) > 2 and _HAN_KANA.match(w):
            out.extend(w[i:i + 2] for i in range(len(w) - 1))
        else:
            out.append(w)
    return out


def _on_line(since: list[str], cut: int | None) -> list[str]:
    """The units of ``since`` on the line of the value before them (``cut`` of them; None:
    all) when the next line opens with a bold label (``**How to apply:**``: every memory's,
    no context of this one's), and none when that leaves a single unit (too weak to hold a
    slot)."""
    return since if cut is None else since[:cut] if cut >= 2 else []


def _after(found: list[tuple[str, set[str]]], since: list[str], group: set[str]) -> None:
    """A group's slot by the context after it (its first two units before the next value):
    where a language writes a value before its label (``12 nodes``, ``3日間``, ``14:00에
    배포``), or the label before it changed too (a weekday before a time)."""
    if since:
        found.append(("\1" + "\0".join(since[:2])[:12].lower(), group))


#: A fenced code block's lines (up to its end, or the window's).
_FENCE = lazy_pattern(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)(?:^[ \t]*\1|\Z)", re.MULTILINE | re.DOTALL)


def _commands(text: str) -> list[tuple[str, set[str]]]:
    """The slots of a fenced code block's commands: each line's program (its first token)
    the context, its arguments the values (``dep deploy production --branch=main`` and
    ``dep rollback production``: one program, other arguments)."""
    out: list[tuple[str, set[str]]] = []
    for block in _FENCE.finditer(text):
        for line in block[2].splitlines():
            tokens = line.split()
            if len(tokens) >= 2 and _ALNUM.search(tokens[0]):
                out.append(("\3" + tokens[0][-12:].lower(),
                            {"\0" + t.lower() for t in tokens[1:8]}))
    return out


def kind_fact(known: list[int], kind: str) -> list[int]:
    """``known`` (a sketch's facts, ascending) with the memory's type among them (its
    frontmatter ``type``: feedback, project…): two memories saying the same are of one
    type (every pair of the blind sets), so one type on both sides is a fact they share,
    and two types a conflict."""
    kind = kind.strip().lower()
    if not kind:
        return known
    h = zlib.crc32(b"\0type " + kind.encode()) & FACT_MASK
    if h in known:
        return known
    insort(known, h)
    return known[:MAX_FACTS]


def sketch(text: str, kind: str = "") -> bytes:
    """The sketch of ``text`` (see the module's docstring); empty when it is too short.
    ``kind``: the memory's type, a fact of its own (`kind_fact`)."""
    text, runs = _read(text)
    crcs, units, numbers, spelled = _inputs(text, runs)
    if NATIVE is not None:  # the bins, the count and the bottom hashes, compiled
        head = NATIVE.head(crcs, units, HASH_MASK, K, BOTTOM, FEWEST)
        if not head:
            return b""
        out = array("Q")
        out.frombytes(head)
    else:
        found = _hashed(crcs, units)
        if len(found) < FEWEST:
            return b""
        bottom = sorted(found)[:BOTTOM]
        packed = array("Q", bottom)  # unsigned: CPython stores an item without parsing it
        # Each hash's bin, its low 6 bits, read from its low byte (no integer made), the
        # smallest last: it stays in its bin.
        bins = packed.tobytes()[-8::-8].translate(_BIN_OF_BYTE)
        # An empty bin takes the smallest hash of all, mixed with its number: the bins made
        # so first (in order), then the hashes written over them.
        got = dict(zip(_BINS, map(xor, repeat(bottom[0], K), _BINS), strict=True))
        got.update(zip(bins, reversed(bottom), strict=True))
        out = array("Q", got.values())  # every value is unsigned: the bytes are "q"'s
        out.append(len(bottom))
        out += packed
    known = facts(text, numbers, spelled)
    if kind:
        known = kind_fact(known, kind)
    out.append(len(known))
    out.extend(known)
    field = fields(text)
    out.append(len(field))
    out.extend(field)
    # The slots' window, read into slots only where a pair needs them (`stored_slots`).
    window = text[:SLOT_CHARS // 2 if len(text) <= 2 * MAX_CJK and runs else SLOT_CHARS]
    raw = window.encode("utf-8", "surrogatepass")
    out.append(len(raw))
    return out.tobytes() + raw + bytes(-len(raw) % 8)


#: A window's UTF-8 → its slots packed (`stored_slots`), for the windows last read: one
#: memory is compared with many (300 alike memories are 44,850 pairs). Its older half
#: dropped when it would pass ``MAX_WINDOWS`` (~2.3 KB each at most: 600 characters of
#: CJK; ~9 MB then, filled only where thousands of memories are compared: 2,000 of one
#: vocabulary read 7,932 windows for 2,001 with 1,024 emptied when full, newuser34 #8).
_WINDOWS: dict[bytes, array[int]] = {}
MAX_WINDOWS = 4096


def window_text(raw: bytes) -> str:
    """The window a sketch stores (``raw``: the sketch from the window's length on) as text;
    empty when cut short or not UTF-8 (a cached sketch is data)."""
    if len(raw) < 8:
        return ""
    size = int.from_bytes(raw[:8], "little")
    try:
        return raw[8:8 + size].decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return ""


def stored_slots(raw: bytes) -> array[int]:
    """The `slots` of a sketch's window, ``raw`` the sketch from the window's length on
    (`sketch` stores the window, not its slots: a pair compares slots only once it is alike
    enough, a few memories of thousands). A window cut short or not UTF-8 (a cached
    sketch is data) has none. The array is shared (`_WINDOWS`): read it, never change it."""
    if len(raw) < 8:
        return array("q")
    size = int.from_bytes(raw[:8], "little")
    window = raw[8:8 + size]
    got = _WINDOWS.get(window)
    if got is None:
        try:
            # read as signed, as the sketch's other values are: a strong slot's context
            # (`STRONG_BIT`) is negative so (`slot_conflicts`)
            got = array("q", array("Q", slots(window.decode("utf-8", "surrogatepass"))
                                   ).tobytes())
        except UnicodeDecodeError:
            got = array("q")
        if len(_WINDOWS) >= MAX_WINDOWS:
            for old in list(islice(_WINDOWS, MAX_WINDOWS // 2)):
                del _WINDOWS[old]
        _WINDOWS[window] = got
    return got


def entry_sketches(text: str, separator: str = "\n§\n") -> list[tuple[int, bytes]]:
    """(first line, sketch) of each entry of a text holding many (Hermes' ``§``-separated
    memory entries): the hook for an agent profile whose memories are entries of a file."""
    out: list[tuple[int, bytes]] = []
    line = 1
    for part in text.split(separator):
        out.append((line, sketch(part)))
        line += part.count("\n") + separator.count("\n")
    return out

