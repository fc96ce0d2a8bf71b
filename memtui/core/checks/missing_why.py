"""``feedback`` and ``project`` memories without their **Why:** or **How to apply:** line
(``missing_why``): without the reason a later reader cannot judge an edge case, without the
application nobody knows when the memory matters.

Only in a folder that follows the convention: where at least one feedback or project memory
holds one of the labels (in whatever language), the others lacking them are reported; a
folder that never writes them is not held to them (nearly every memory would be a finding).

A label is found by its shape, then read by its words. Shape: at a line's start (after list
markers, quote marks, heading marks, bold or italics) a short phrase (at most ``MAX_WORDS``
words, ``MAX_LABEL`` characters, a parenthesis not counted; a bold phrase alone or a heading
that opens with a why or how word may be longer) followed by a colon of any kind
(ASCII, full-width, small or vertical forms), after any Unicode space (French puts a
no-break or narrow no-break space before it: ``**Pourquoi :**``); or a bold phrase alone
(``**Why** — …``); or a short heading. Words: the phrase holds, among its first three words,
a word of the why lexicon or of the how-to-apply lexicon below (English, Chinese, Japanese,
Korean, French, German, Spanish, Portuguese, Italian, Russian, Ukrainian, Polish, Dutch,
Turkish, Vietnamese, Indonesian, Czech and the Scandinavian languages), matched on the
phrase case-folded with Latin and Cyrillic accents removed, and by stems where the languages
inflect (« Comment l'appliquer », « Cómo aplicarlo », « So anwenden », « Mise en pratique »).
Past a line's start a label counts only in bold with its colon (``**Why:** startup. **How to
apply:** call it once.``: the second label is as present as the first).
A false finding is noise, so the lexicons are broad; a phrase must still be a label to count.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from memtui.core.scanner.lazy_pattern import lazy_pattern

TYPES = ("feedback", "project")

#: A label is at most this long (characters, and words once a parenthesis is taken out).
MAX_LABEL = 80
MAX_WORDS = 8
#: Characters of a line read for its label.
_LINE = 200

_WHY = (
    r"why|reasons?|rationale|because|motivation|justification|"
    r"pourquoi|raisons?|motifs?|parce que|"
    r"warum|wieso|weshalb|grunde?|begrundung|"
    r"por ?que|razon|razones|razao|razoes|motivos?|justificativa|justificacion|"
    r"perche|ragione|motivazione|"
    r"почему|зачем|причина|причины|обоснование|чому|навіщо|обгрунтування|"
    r"dlaczego|czemu|powod|uzasadnienie|"
    r"waarom|reden|motivatie|"
    r"neden|nicin|niye|gerekce|sebep|sebebi|"
    r"tai sao|vi sao|ly do|"
    r"mengapa|kenapa|alasan|"
    r"proc|duvod|varfor|hvorfor|anledning|begrundelse|"
    r"miksi|syy|perustelu|miert|indoklas|indok|de ce|motivul|"
    r"γιατι|λογος|αιτια|αιτιολογηση|kwa nini|sababu|"
    r"למה|סיבה|لماذا|السبب|سبب|چرا|دلیل|"
    r"क्यों|कारण|কেন|কারণ|ஏன்|காரணம்")
#: Chinese and Japanese (no spaces: matched anywhere in the phrase), Korean (at a word's
#: start: particles and 법/방법 stick to the word).
_WHY_UNSPACED = (
    r"为什么|為什麼|为何|為何|原因|理由|缘由|緣由|动机|動機|依据|依據|根据|根據|"
    r"なぜ|何故|背景|根拠|ทำไม|เหตุผล|"
    r"(?<![가-힣])(?:이유|왜(?:냐하면)?(?![가-힣])|근거|까닭)")
_HOW = (
    r"appl(?:y|ie[sd]|ying|ica\w*|iqu\w*)|how to (?:use|act)|in practice|"
    r"mise en (?:pratique|oeuvre|œuvre)|en pratique|"
    r"anwend\w*|umsetz\w*|umsetzung|in der praxis|"
    r"aplic\w*|en la practica|na pratica|in pratica|"
    r"примен\w*|на практике|застосов\w*|на практиці|"
    r"(?:za)?stosow\w*|w praktyce|"
    r"toepass\w*|toe te passen|in de praktijk|"
    r"uygula\w*|pratikte|"
    r"ap dung|trong thuc te|"
    r"(?:men|pen|di)?erap\w*|terapkan|cara pakai|"
    r"tillamp\w*|anvend\w*|i praktiken|i praksis|pouzit\w*|"
    r"slik brukes|slik bruker|bruk|sovel\w*|kaytannossa|alkalmaz\w*|"
    r"εφαρμ\w*|στην πραξη|jinsi ya kutumia|matumizi|"
    r"איך ליישם|יישום|كيفية التطبيق|التطبيق|تطبيق|نحوه اجرا|کاربرد|"
    r"कैसे लागू|लागू|প্রয়োগ|பயன்படுத்த\w*|பயன்பாடு")
_HOW_UNSPACED = (
    r"如何应用|如何應用|如何套用|套用|如何运用|如何運用|运用|運用|应用|應用|适用|適用|用法|做法|"
    r"怎么用|怎麼用|实践|實踐|落实|落實|"
    r"使い方|やり方|実践|対応方法|当てはめ|วิธีใช้|นำไปใช้|"
    r"(?<![가-힣])(?:적용|활용|실천|사용법|사용 ?방법)")
#: Markers before a label: list items, quotes, headings, emphasis.
_LEAD = lazy_pattern(r"^[ \t]*(?:(?:[-*+>][ \t]+|>|\d{1,3}[.)][ \t]+|\[[ xX]\][ \t]+)[ \t]*)*")
_HEADING = lazy_pattern(r"^(#{1,6})[ \t]+")
_EMPH = lazy_pattern(r"^(?:\*\*|__|\*|_)")
_COLON = lazy_pattern(r"\s*[:：︓﹕꞉]")
_BOLD_ALONE = lazy_pattern(r"^(\*\*|__)([^*_\n]{1,80}?)\1")
_PAREN = lazy_pattern(r"[(（\[][^)）\]\n]{0,80}[)）\]]")
_WORDS = lazy_pattern(r"\w+")
#: A bold label past a line's start: ``**Label:**`` or ``**Label**:``, after a space.
_INLINE = lazy_pattern(r"(?<=\s)(\*\*|__)([^*_\n]{1,80}?)(?:\s*[:：︓﹕꞉]\s*\1|\1\s*[:：︓﹕꞉])")


#: A character `_fold` strips the accents of (below U+2000, not ASCII).
_ACCENTABLE = lazy_pattern("[\x80-\u1fff]")


def _fold(text: str) -> str:
    """``text`` case-folded, its Latin and Cyrillic letters without their accents, its
    compatibility forms (full-width letters and colons, no-break spaces) made plain."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    if _ACCENTABLE.search(text) is None:  # (no letter the loop below changes: a CJK label,
        return text.replace("’", "'")  # most a multilingual folder asks; issue 35, perf39c)
    out = []
    for ch in text:
        if ord(ch) < 0x2000 and not ch.isascii():
            ch = "".join(c for c in unicodedata.normalize("NFD", ch)
                         if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out).replace("’", "'")


#: The lexicons folded as a phrase is (`_fold`: Greek without its accents, …).
_WHY_RE = lazy_pattern(r"(?<!\w)(?:" + _fold(_WHY) + r")(?!\w)|" + _fold(_WHY_UNSPACED))
_HOW_RE = lazy_pattern(r"(?<!\w)(?:" + _fold(_HOW) + r")(?!\w)|" + _fold(_HOW_UNSPACED))


def label_of(line: str) -> str | None:
    """The label a line starts with (its phrase, folded), or None."""
    head = line[:_LINE]
    rest = head[_LEAD.match(head).end():]  # type: ignore[union-attr]
    heading = _HEADING.match(rest)
    if heading:
        rest = rest[heading.end():]
    bold = _BOLD_ALONE.match(rest)
    while True:
        m = _EMPH.match(rest)
        if m is None:
            break
        rest = rest[m.end():]
    colon = _COLON.search(rest, 0, MAX_LABEL + 4)
    if colon is not None and bold is not None and _past_bold(colon, bold):
        colon = None  # ``**How to apply** — when wiring env into an app: …`` (real33)
    if colon is not None:
        phrase = rest[:colon.start()]
    elif bold is not None:
        phrase = bold.group(2)
    elif heading is not None:
        phrase = rest.rstrip("# \t?？")
    else:
        return None
    phrase = phrase.strip(" \t*_?？¿")
    if not phrase or len(phrase) > MAX_LABEL or "`" in phrase or "](" in phrase:
        return None
    folded = _fold(phrase)
    if len(_WORDS.findall(_PAREN.sub(" ", folded))) > MAX_WORDS and not (
            colon is None and _opens_with_label_word(folded)):
        return None
    return folded


def _opens_with_label_word(folded: str) -> bool:
    """Whether a bold phrase alone or a heading opens with a why or how-to-apply word: a
    section's title however long (real36: ``**Why naked-N tuple is effectively dead in
    Innovation** (…): …``, nine words, was no label and the memory was reported without
    its **Why:** line); a phrase ended by a colon stays held to ``MAX_WORDS``."""
    return bool(_WHY_RE.match(folded) or _HOW_RE.match(folded))


def _past_bold(colon: re.Match[str], bold: re.Match[str]) -> bool:
    """Whether ``colon`` (found in the line past its opening emphasis) lies after the bold
    phrase ``bold`` closes: the colon is the text's, the bold phrase alone the label."""
    return colon.start() >= bold.end() - 2 * len(bold.group(1)) + 1


def _early(pattern: re.Pattern[str], label: str) -> bool:
    """Whether ``pattern`` matches ``label`` starting within its first three words."""
    m = pattern.search(label)
    if m is None:
        return False
    starts = [w.start() for w in _WORDS.finditer(label)]
    return len(starts) <= 3 or m.start() < starts[3]


def label_words(phrase: str) -> tuple[bool, bool]:
    """(reads as a why label, as a how-to-apply label) for a phrase known to be a label."""
    folded = _fold(phrase)
    return _early(_WHY_RE, folded), _early(_HOW_RE, folded)


def label_kinds(line: str) -> tuple[bool, bool]:
    """(is a why label, is a how-to-apply label) for one line."""
    if line.startswith("**Why:**"):  # the template's own lines, most lines read: what the
        return True, False  # reading below answers for them, whatever follows
    if line.startswith("**How to apply:**"):
        return False, True
    label = label_of(line)
    if label is None:
        return False, False
    return _early(_WHY_RE, label), _early(_HOW_RE, label)


_FENCE = lazy_pattern(r"^\s*(?:```|~~~)")
#: What is left of a label line once its label is taken: marks and dashes do not count.
_BARE = " \t*_—–-:.…"
#: The template's two labels, and where the text after each one's colon starts.
_TEMPLATE = ("**Why:**", "**How to apply:**")
_TEMPLATE_SAID = {False: len("**Why:"), True: len("**How to apply:")}


def _says_something(line: str) -> bool:
    """Whether a label line holds more than its label: text after the label's colon, or
    after a bold label (``**Why** — …``); a heading label holds nothing on its line."""
    if line.startswith(_TEMPLATE):
        # the template's own labels, most lines read: nothing leads them, their colon is
        # the first, inside the bold pair (what the reading below finds for them)
        return bool(line[_TEMPLATE_SAID[line[2] == "H"]:_LINE].strip(_BARE))
    head = line[:_LINE]
    rest = head[_LEAD.match(head).end():]  # type: ignore[union-attr]
    if _HEADING.match(rest):
        return False
    colon = _COLON.search(rest, 0, MAX_LABEL + 8)
    bold = _BOLD_ALONE.match(rest)
    if colon is not None and not (bold is not None and colon.start() > bold.end()):
        return bool(rest[colon.end():].strip(_BARE))
    return bold is not None and bool(rest[bold.end():].strip(_BARE))


def _bold_after_space(head: str) -> bool:
    """Whether ``head`` holds ``**`` or ``__`` past its first character right after a
    whitespace character, as every match of ``_INLINE`` opens (``\\s`` is what
    ``str.isspace`` says): most lines hold none, and a look for each mark is a tenth of the
    pattern's search, which tries its look-behind at every character (issue 35)."""
    for mark in ("**", "__"):
        at = head.find(mark, 1)
        while at > 0:
            if head[at - 1].isspace():
                return True
            at = head.find(mark, at + 1)
    return False


def inline_kinds(line: str) -> tuple[bool, bool]:
    """(holds a why label, a how-to-apply label) past the line's start, in bold with its
    colon and text after it (newuser31 #1: ``**Why:** x. **How to apply:** y.`` on one line
    was reported without its **How to apply:** line)."""
    why = how = False
    head = line[:_LINE * 4]
    if not _bold_after_space(head):
        return why, how
    for m in _INLINE.finditer(head, 1):
        phrase = m.group(2).strip(" \t*_?？¿")
        if (not phrase or "`" in phrase or "](" in phrase
                or not head[m.end():].strip(_BARE)):
            continue
        folded = _fold(phrase)
        if len(_WORDS.findall(_PAREN.sub(" ", folded))) > MAX_WORDS:
            continue
        w, h = _early(_WHY_RE, folded), _early(_HOW_RE, folded)
        why, how = why or w, how or h
    return why, how


#: Table cells (``| **Why** | the manual path broke |``).
_CELL = lazy_pattern(r"\|([^|\n]*)")


def _table_kinds(line: str) -> tuple[bool, bool]:
    """(a why row, a how-to-apply row) of a table row whose first cell is a label and
    whose next cell says something (``| Why | … |``, ``| **Cómo aplicarlo** | … |``)."""
    cells = [c.strip(" \t*_:：") for c in _CELL.findall(line)]
    if len(cells) < 2 or not cells[0] or not cells[1].strip(" -—–") or len(cells[0]) > 40:
        return False, False
    folded = _fold(cells[0])
    return _early(_WHY_RE, folded), _early(_HOW_RE, folded)


#: A line opening with a bold label and its colon (``**Γιατί:**``, ``**Reason**:``).
_BOLD_LABEL = lazy_pattern(r"^[ \t]*(?:[-*+>][ \t]+)?(\*\*|__)[^*_\n]{1,60}?"
                           r"(?:\s*[:：]\s*\1|\1\s*[:：])")
#: Of a body's non-blank lines, where the template's two label lines stand: among the first
#: two, or among the last three (one line of the body may follow them, or sit between).
_HEAD, _END = 2, 3
#: A colon between digits is a time's or a ratio's (``8:00``), no label's.
_DIGIT_COLON = lazy_pattern(r"\d\s*[:：]\s*\d")


def _tail(lines: list[str], why: bool, how: bool) -> tuple[bool, bool]:
    """The labels of a body that holds the template's two label lines in the workspace's own
    words, where the lexicons know neither label (both are the template's) or one (the other
    is the one it lacks): its last two lines, each opening with a bold label that says
    something (``**Γιατί:** …`` then ``**Πώς εφαρμόζεται:** …``); or exactly two of its lines
    opening with a label that says something (a short phrase and its colon, any case), both
    bold or both plain, among its first two lines or its last three, in either order
    (``Bakit: …`` then ``Paano ilalapat: …`` above the body; one line of it between them
    or after them)."""
    if len(lines) < 2 or (why and how):
        return why, how
    pair = lines[-2:]
    if not all(_BOLD_LABEL.match(x) and _says_something(x) for x in pair):
        marked = [i for i, x in enumerate(lines) if _template_line(x)]
        if len(marked) != 2 or not (marked[1] < _HEAD or marked[0] >= len(lines) - _END):
            return why, how
        pair = [lines[i] for i in marked]
        if (_BOLD_LABEL.match(pair[0]) is None) != (_BOLD_LABEL.match(pair[1]) is None):
            return why, how
    if all(any(label_kinds(x)) for x in pair):
        return why, how  # both labels the lexicons know: the loop of `labels_in` read them
    return True, True


def _template_line(line: str) -> bool:
    """Whether ``line`` opens with a label that says something (not a time's colon)."""
    return label_of(line) is not None and _says_something(line) and \
        _DIGIT_COLON.search(line, 0, MAX_LABEL + 8) is None


def _lines(body: str) -> Iterator[str]:
    """``body.split("\\n")``, a line at a time: most bodies hold both labels in their first
    lines, and the reading stops there (issue 35: the split of the whole body was most of
    the check's time)."""
    at = 0
    find = body.find
    while True:
        end = find("\n", at)
        if end < 0:
            yield body[at:]
            return
        yield body[at:end]
        at = end + 1


def labels_in(body: str) -> tuple[bool, bool]:
    """(holds a why label, holds a how-to-apply label), code fences skipped. A label counts
    when it says something: text after it on its line, or a next non-blank line that is not
    another label (issue 32 #6: the template's empty ``**Why:** `` and ``**How to apply:** ``
    lines satisfied the check); a table row labelled so (`_table_kinds`). A reason given in
    a clause (“…, because …”) is prose, not the label a folder that writes them holds its
    memories to. A body holding two labels the lexicons do not know, where the template puts
    them, is the template in the workspace's words (`_tail`)."""
    why = how = False
    pending = (False, False)  # an empty label, counted if content follows
    fenced = False
    said: list[str] = []  # the lines read (outside fences), for `_tail`
    for line in _lines(body):
        if _FENCE.match(line):
            fenced = not fenced
            why, how = why or pending[0], how or pending[1]
            pending = (False, False)
            continue
        if fenced or not line.strip():
            continue
        said.append(line)
        iw, ih = inline_kinds(line)
        why, how = why or iw, how or ih
        if line.lstrip().startswith("|"):
            tw, th = _table_kinds(line)
            why, how = why or tw, how or th
        w, h = label_kinds(line)
        if not (w or h):
            why, how = why or pending[0], how or pending[1]
            pending = (False, False)
        elif _says_something(line):
            why, how = why or w, how or h
            pending = (False, False)
        else:
            pending = (w, h)
        if why and how:
            break
    if not (why and how):
        why, how = _tail(said, why, how)
    return why, how


def missing(memory_type: str | None, body: str) -> list[str]:
    """The labels a memory of ``memory_type`` lacks (``Why``, ``How to apply``)."""
    if (memory_type or "").strip().lower() not in TYPES:
        return []
    why, how = labels_in(body)
    out = []
    if not why:
        out.append("**Why:**")
    if not how:
        out.append("**How to apply:**")
    return out


def missing_message(memory_type: str, labels: list[str]) -> str:
    what = " and ".join(f"a {label} line" for label in labels)
    return (f"a {memory_type.strip().lower()} memory without {what}: a later reader cannot "
            "judge when it applies")


def missing_findings(labels: dict[str, tuple[str, int, tuple[bool, bool]]]
                     ) -> dict[str, tuple[str, int, str]]:
    """rel → (rel, line, message) of each memory lacking a label, given every feedback and
    project memory's (type, first body line, (has Why, has How)); none unless one of them
    holds a label."""
    if not any(why or how for _, _, (why, how) in labels.values()):
        return {}
    out = {}
    for rel, (kind, line, (why, how)) in labels.items():
        lacking = [label for label, has in (("**Why:**", why), ("**How to apply:**", how))
                   if not has]
        if lacking:
            out[rel] = (rel, line, missing_message(kind, lacking))
    return out
