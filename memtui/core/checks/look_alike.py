"""Letters that look like others, folded before an order is read (session 38, blind set
rules34: a planted "system" label in full-width letters, "ＳＹＳＴＥＭ：", and a line whose
words mixed Latin letters with Cyrillic look-alikes, "Nоtа dо sіstеmа раrа о аsіstеntе",
were both missed: no word of either matched its class).

Two folds, each one character for one, so that a line and a column keep their place:

* the full-width forms of ASCII letters and digits to ASCII (a run of them: "ＳＹＳＴＥＭ";
  East Asian text's full-width punctuation, "，", "：", is left, and read as it is);
* in a word that mixes Latin letters with Cyrillic ones that look the same, those Cyrillic
  letters to their Latin twins (a Russian word, or a Latin one, is left as it is: only a
  word holding both scripts is a disguise).
"""

from __future__ import annotations

import re

from memtui.core.scanner.anchored import AnchorsFn, bitmap, native_anchors

#: Full-width ASCII letters and digits to ASCII, and a run of them.
_WIDE = {c: c - 0xFEE0 for c in (*range(0xFF10, 0xFF1A), *range(0xFF21, 0xFF3B),
                                 *range(0xFF41, 0xFF5B))}
_WIDE_RUN = re.compile(r"[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]+")
#: Cyrillic letters that look like Latin ones, to those.
_TWINS = str.maketrans("асеорхуіјѕԁһԛԝАВЕКМНОРСТХІЈЅ", "aceopxyijsdhqwABEKMHOPCTXIJS")
_CYRILLIC_TWINS = "асеорхуіјѕԁһԛԝАВЕКМНОРСТХІЈЅ"
#: A word holding a Latin letter and a Cyrillic look-alike.
_MIXED = re.compile(r"(?<!\w)(?=\w*[A-Za-z])(?=\w*[" + _CYRILLIC_TWINS + r"])\w+")
_HAS_TWIN = re.compile("[" + _CYRILLIC_TWINS + "]")
#: Either kind, in one class: the gate a text is scanned by once (session 39: the two
#: searches, the run's "+" the slower, were a third of the check's time on a text that is
#: not ASCII, all of a multilingual folder's; one class is a quarter of them).
_ANY = re.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a" + _CYRILLIC_TWINS + "]")
#: The same class as a bitmap `memtui_native.anchors` reads (issue 35, perf39c: the class's
#: search was 0.13 s of a cold audit of 10,000 CJK memories, the 20,001 texts of
#: `memtui.core.checks.instructions`; the bitmap's pass 0.04 s).
_TABLE = bitmap([*map(chr, _WIDE), *_CYRILLIC_TWINS])
_NATIVE: AnchorsFn | None = native_anchors()


def may_fold(text: str, anchors: AnchorsFn | None) -> bool:
    """Whether ``text`` holds a character `fold` folds (a full-width ASCII letter or digit,
    a Cyrillic look-alike): read by ``anchors`` (`memtui_native.anchors`, `fold` gives it
    when the C extension is built) when given, by ``re`` otherwise; the same answer either
    way (tests/core/test_look_alike_gate.py)."""
    if text.isascii():
        return False
    if anchors is not None:
        return bool(anchors(text, _TABLE))
    return _ANY.search(text) is not None


def fold(text: str) -> str | None:
    """``text`` with full-width ASCII and mixed-script words folded, or None when it holds
    neither (the common case: one scan for each)."""
    if not may_fold(text, _NATIVE):
        return None
    out = text
    if _WIDE_RUN.search(out) is not None:
        out = _WIDE_RUN.sub(lambda m: m.group().translate(_WIDE), out)
    if _HAS_TWIN.search(out) is None:
        return out if out is not text else None
    mixed = _MIXED.sub(lambda m: m.group().translate(_TWINS), out)
    return mixed if mixed != text else None
