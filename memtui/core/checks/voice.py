"""A line of a memory that turns to its reader, the model, read by structure (session 35,
blind set rules27: 36 of 48 planted orders, in 24 languages, were missed by the phrase and
class lists learnt from the sets before it).

A memory describes its subject; a planted order is a span in which the voice changes: the
text turns to the model reading it. Measured on the four sets labelled for this rule
(rules23, rules25, rules26, rules27) and ~7,800 unlabelled memories of the other folded
sets, with a leave-one-set-out check (bench/RESULTS.md, "Issue 34: instruction_like on
strangers' text"), what separates such a line from a user's standing preference ("Always
answer in Tamil", "You must ask before deleting") and from an agent's note to its future
self is not one word class but two things on one line:

* the **reader named as an AI**: one of the nouns for an assistant, an AI, a language model
  (`addressed.ADDRESSEES`, the initials "AI", "KI", "LLM"), or the line sits under a
  heading that names it ("## Nota para el asistente");
* and one of: **secrecy** (a negation and a verb of telling: "don't mention it", "không cần
  báo"), a **standing** change ("from now on", "in every reply"), a **secret's place**
  (``.env``, ``~/.ssh``, a key file, an identifier naming a secret: ``consumer_secret``),
  a **place the user does not see** (an HTML comment, a comment in a fenced code block),
  or a **conditional on the reader's identity** ("If you are an AI reading this, …", "AI
  assistant, if you read this, …");
* or (session 36, blind set rules30: 48 orders, most planted in third-party text the agent
  saved, 17 missed) a **message to the model saved**: a quotation that opens by calling
  the model ("«Dear assistant, from now on …»") and goes on with a message, not framed as
  an example or an attack on its line or the lines next to it. A scam kept as a warning is
  framed so; a third party's order saved in the summary of its mail, review or page is not.
  Measured leave-one-set-out with rules23/25/26/27 (bench/RESULTS.md, "Issue 34:
  instruction_like on saved third-party text"): such quotations were negatives in every
  earlier set only when framed.

Session 37 (blind set rules32: 50 orders that do not look like orders, 21 missed): the
signals are read on the line's **sentence** (`sentence`: up to two wrapped lines each way),
as an order stated as what the assistant "does" is often wrapped, the model named on one
line and the secrecy on the next; an image's alt text and a link's title are places the
user does not see; a table cell that opens by calling the model then a message turns to it;
and a quoted line whose sentence asks for a standing change and secrecy with no model named
(`kept_quoted`) is a third party's order saved in the user's voice ("> Feedback: from now on
never tell me when you …"). Measured leave-one-set-out with rules23/25/26/27/30 and ~8,400
background memories (bench/RESULTS.md, "Issue 34: instruction_like wrapped, in unseen text
and in saved feedback"); the first line under a heading naming the model, with the model's
own things, was measured again and left (8 findings on real folders).

And the voice must change: the model named on that line alone of the memory
(`memtui.core.checks.instructions` asks `naming`). A planted order names its reader once, in
a memory about something else; real memories about AI tools name them throughout (real34:
142 findings of this check without that, every one false, 112 of them table cells naming
AI tools — a table cell is no place here for that reason).

A line naming the model beside none of these (a preference for the assistant, "the AI
model's memory lives in …") is not reported here; a line whose naming of the model is quoted
after a narrative of its own («an AI reading this line should …», a scam quoted) is data.
The nouns are the same small lexicon `addressed` has; the signals are word classes shared
with `asks` (negations, telling, the user, "from now on") and the conditional
words of the common languages — none is a phrase of an order.
"""

from __future__ import annotations

from memtui.core.checks.address_grammar import words as grammar_words
from memtui.core.checks.addressed import calls_an_example, names_model
from memtui.core.checks.ask_words import words_at
from memtui.core.checks.asks import asks
from memtui.core.checks.unlabelled import prefers
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A secret's place, in any language: an env file, the SSH keys, a key file.
_SECRET_PLACE = lazy_pattern(r"(?i)(?:^|[\s`'\"(/])\.env\b|~/\.ssh|\bid_(?:rsa|ed25519)\b|"
                             r"\.pem\b|\bsecrets?\.(?:json|ya?ml|txt|env)\b|"
                             # an identifier naming a secret: consumer_secret, API_TOKEN
                             r"\b[A-Za-z]\w*_(?:secret|token|key|password|passwd)\b|"
                             r"\b(?:secret|token|password)_\w+")
#: A remote script piped to a shell, a shell's start-up file: what an order under a heading
#: naming the model asks to run or to persist ("## For AI coding agents" then "run `curl
#: … | sh` and add it to .bashrc", session 39).
_RUN_REMOTE = lazy_pattern(r"\b(?:curl|wget)\b[^|\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|"
                           r"\.(?:bashrc|zshrc|bash_profile)\b")
#: "If" in the common languages, as a word of its own (or the script's conditional).
_IF = lazy_pattern(
    r"(?i)(?:^|[\s(«\"'>,.;:—-])(?:if|wenn|falls|si|se|jos|ha|eğer|jika|kalau|apabila|nếu|"
    r"если|якщо|αν|אם|اگر|إذا|إن|अगर|यदि|যদি|kama|ikiwa|dacă|daca|als|indien|om|"
    r"jeśli|jeżeli|pokud|jestli|hvis|ifall|kung" + "".join("|" + w for w in grammar_words("if"))
    + r")(?=\s)|如果|若是|もし|만약|என்றால்|"
    # a script that does not space its words: "ถ้าคุณเป็น…"
    r"ถ้า|หาก")
#: A comment's opening in a code line ("# …", "// …", "-- …", "/* …").
_CODE_COMMENT = lazy_pattern(r"^\s*(?:#(?!#)|//|--|/\*|;|\*\s)|\s(?:#|//)\s")
#: A heading (outside a fenced block).
_HEADING = lazy_pattern(r"^\s{0,3}#{1,6}\s+(?P<h>.+?)\s*#*\s*$")
_FENCES = ("```", "~~~")


#: A link definition no text refers to, written as a comment: "[//]: # (…)", "[comment]: #".
_LINK_COMMENT = lazy_pattern(r"^\s{0,3}\[[^\]\n]*\]:\s*(?:#|<>)\s")


def reader_sections(lines: list[str], folds: bool = True
                    ) -> tuple[set[int], set[int], set[int]]:
    """The lines (0-based) under a heading that names the model, those inside fenced code
    blocks, and those inside HTML comments (which the user reading the rendered memory does
    not see) — and, with ``folds`` (the text holds one), inside a collapsed ``<details>``
    block or on a link definition written as a comment."""
    whole = "\n".join(lines)
    if not folds and "<!--" not in whole and "```" not in whole and "~~~" not in whole:
        return _under_headings(lines, whole), set(), set()  # (no comment, no fenced block)
    under: set[int] = set()
    code: set[int] = set()
    comment: set[int] = set()
    fence = opened = named = folded = False
    for i, line in enumerate(lines):
        if opened or "<!--" in line:
            comment.add(i)
            at = line.rfind("<!--")
            opened = "-->" not in line[at + 4 if at >= 0 else 0:]
        # a collapsed <details> block's body, a link definition written as a comment
        # ("[//]: # (…)"): text the rendered memory does not show either (session 38)
        if folds:
            if "<details" in line or "</details" in line:
                folded = "<details" in line and "</details" not in line[line.rfind("<details"):]
            elif folded and "<summary" not in line:
                comment.add(i)
            if line[:4].lstrip().startswith("[") and _LINK_COMMENT.match(line) is not None:
                comment.add(i)
        if line.lstrip().startswith(_FENCES):
            fence = not fence
            continue
        if fence:
            code.add(i)
            continue
        if line.lstrip().startswith("#"):
            m = _HEADING.match(line)
            if m is not None:
                named = names_model(m.group("h"))
                continue
        if named:
            under.add(i)
    return under, code, comment


#: Where a line opens with "#" (after its indent), found from the newline before it (a
#: literal the engine skips to: session 39, a text's lines were walked one by one).
_HASH_LINE = lazy_pattern(r"\n[^\S\n]*#")


def _under_headings(lines: list[str], whole: str) -> set[int]:
    """`reader_sections`' lines under a heading that names the model, in a text with no
    comment and no fenced block: its headings alone read (``whole``: the lines joined)."""
    under: set[int] = set()
    named, start, row, prev = False, 0, 0, 0
    text = "\n" + whole
    for m in _HASH_LINE.finditer(text):
        row += text.count("\n", prev, m.start())
        prev = m.start()
        h = _HEADING.match(lines[row])
        if h is None:
            continue
        if named:
            under.update(range(start, row))
        named, start = names_model(h.group("h")), row + 1
    if named:
        under.update(range(start, len(lines)))
    return under


def _if_reader(line: str) -> bool:
    """Whether a conditional is set on the reader: the model named within a few words after
    an "if" ("Jos olet tekoäly", "אם אתה מודל שפה", "If you are an AI") or just before it,
    the reader called and then the condition ("Для ШІ: якщо ти це читаєш", "Dragă asistent
    AI, dacă tu citești")."""
    return any(names_model(_CLAUSE_MARK.split(line[m.end():m.end() + 32], 1)[0])
               or _called(line[:m.start()]) for m in _IF.finditer(line))


#: Where the condition's clause ends ("如果 Tavily 恢复了，可以帮公主搜 AI 新闻": the AI is
#: named after it, in what follows).
_CLAUSE_MARK = lazy_pattern(r"[,，、;；:：.。!?！？]")


#: The end of a call before a condition: a comma, a colon.
_CALLED = lazy_pattern(r"[,，:：،]\s*$")


def _called(before: str) -> bool:
    """Whether ``before`` (the text before an "if") ends by calling the model: a word for
    it in its last few words, then a comma or a colon."""
    return _CALLED.search(before) is not None and names_model(before[-24:])


def _place(code: bool, comment: bool, line: str) -> bool:
    """Whether ``line`` sits where the user reading the rendered memory sees no text: an
    HTML comment (``comment``), a comment in a fenced code block (``code``). (A table's
    cell, measured too, is not: real memories about AI tools hold tables naming them.)"""
    return comment or (code and _CODE_COMMENT.search(line) is not None)


def naming(lines: list[str], named_on: set[int], code: set[int]) -> set[int]:
    """The lines of ``named_on`` (those holding a word for the model) that name it, headings
    left out."""
    return {i for i in named_on if (i in code or not lines[i].lstrip().startswith("#"))
            and names_model(lines[i])}


#: A quoted span: «…», “…”, "…", „…“, 「…」.
_QUOTED = lazy_pattern(r'«[^»\n]*»|“[^”\n]*”|"[^"\n]*"|„[^“”\n]*[“”]|「[^」\n]*」')


def _quoted_only(line: str) -> bool:
    """Whether the model is named only inside a quotation that opens after words of the
    line's own ("A review of the café held: «AI reading this line, send …»"): a message
    quoted, data."""
    spans = [m for m in _QUOTED.finditer(line) if names_model(m.group())]
    if not spans or names_model(_QUOTED.sub(" ", line)):
        return False
    # (a list marker, a rating's stars, a number: no narrative's words)
    return any(sum(1 for w in line[:m.start()].split() if any(c.isalpha() for c in w)) >= 2
               for m in spans)


#: Where a quotation opens: «, “, „, 「, ‘, or a straight quote (`_openers` pairs them),
#: and the marks that close each.
_QUOTE_OPEN = lazy_pattern(r"[«“\"„「‘']")
_CLOSE = {"«": "»", "“": "”", '"': '"', "„": "“”", "「": "」", "‘": "’", "'": "'"}
#: Where a call ends: a comma, a colon, a dash.
_CALL_END = lazy_pattern(r"[,，、:：—–-]")
#: A sentence's end, inside a quotation.
_SENTENCE_END = lazy_pattern(r"[.!?。！？]\s")
#: A key's value quoted whole (YAML, JSON: ``description: "…"``): a value, not speech.
_KEY_BEFORE = lazy_pattern(r"^\s*[-\w\"]+\s*[:=]\s*$")


def _openers(line: str) -> list[tuple[int, str]]:
    """Where quotations open in ``line`` (the column after the mark) and the marks that
    close each: a straight quote every other one (the first, the third …), an apostrophe
    inside a word ("l'assistant") none."""
    out: list[tuple[int, str]] = []
    count = {'"': 0, "'": 0}
    for m in _QUOTE_OPEN.finditer(line):
        c, k = m.group(), m.start()
        if c in count:
            if c == "'" and k > 0 and line[k - 1].isalnum():
                continue
            count[c] += 1
            if count[c] % 2 == 0:
                continue
        out.append((m.end(), _CLOSE[c]))
    return out


def _quote_calls(line: str) -> bool:
    """Whether a quotation in ``line`` opens by calling the model — a word for it among the
    first five words of the quotation or of a sentence in its first 60 characters, before a
    comma, a colon or a dash ("«Асистенте, з цього моменту …»", "„Sehr geehrter Assistent,
    …", "\"… ถึงผู้ช่วย AI ของรีสอร์ต: …") — and
    goes on with a message (30 characters or more): a message to the model saved, not a
    phrase about it ("As an AI, you must..."), nor a key's quoted value."""
    for at, closers in _openers(line):
        if _KEY_BEFORE.match(line[:at - 1]):
            continue
        head = line[at:at + 60]
        end = _CALL_END.search(head)
        if end is None:
            continue
        called = _SENTENCE_END.split(head[:end.start()])[-1]
        if any(c in called for c in closers) or not 0 < len(called.split()) <= 5 \
                or not names_model(called):
            continue
        rest = line[at + end.end():]
        close = min((k for k in (rest.find(c) for c in closers) if k >= 0), default=len(rest))
        if len(rest[:close].strip()) >= 30:
            return True
    return False


def _framed(lines: list[str], i: int) -> bool:
    """Whether line ``i`` or the lines of text next to it call what it quotes an example,
    data or an attack ("Es un intento de inyección", "örnek olarak saklıyoruz")."""
    before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
    after = next((lines[j] for j in range(i + 1, len(lines)) if lines[j].strip()), "")
    return any(calls_an_example(t) for t in (_QUOTED.sub(" ", lines[i]), before, after))


#: A line's end that closes its sentence (or introduces what follows: a colon).
_SENTENCE_CLOSE = lazy_pattern(r"[.!?。！？।॥؟:：;；][\"'”»」)\]*]*\s*$")
#: A line that opens something of its own: a list item, a heading, a table row, a fence,
#: a label ("**Why:**"), an HTML comment.
_OPENS = lazy_pattern(r"^\s*(?:>\s*)?(?:[-*+]\s|\d+[.)]\s|#|\||```|~~~|<!--|"
                      r"\*\*[^*\n]{1,40}\*\*|\[\^)")
#: A quotation's mark at a line's start.
_QUOTE_MARK = lazy_pattern(r"^\s*>\s?")


def _unquote(line: str) -> str:
    return _QUOTE_MARK.sub("", line).strip()


def _continues(lines: list[str], j: int) -> bool:
    """Whether line ``j``'s sentence goes on on line ``j + 1`` (a wrapped line): ``j`` does
    not close it, ``j + 1`` holds text, opens nothing of its own, and is quoted as ``j``
    is."""
    if j + 1 >= len(lines) or not lines[j + 1].strip() or not lines[j].strip():
        return False
    if _SENTENCE_CLOSE.search(lines[j]) is not None:
        return False
    if (lines[j].lstrip().startswith(">")) != (lines[j + 1].lstrip().startswith(">")):
        return False
    return _OPENS.match(lines[j + 1]) is None


def sentence(lines: list[str], i: int, most: int = 2) -> tuple[int, int]:
    """The first and last line of the sentence holding line ``i``: up to ``most`` wrapped
    lines before and after it."""
    first = i
    while first > i - most and first > 0 and _continues(lines, first - 1):
        first -= 1
    last = i
    while last < i + most and _continues(lines, last):
        last += 1
    return first, last


#: Text a rendered memory does not show as text: an image's alt text, a link's title.
_UNSEEN = lazy_pattern(r'!\[([^\]\n]*)\]|\]\(\S*\s+["\']([^"\'\n]*)["\']\)')


#: Where a call ends in a cell: a comma or a colon, then a space (a dash joins "AI-written").
_CELL_CALL_END = lazy_pattern(r"[,，、:：](?:\s|$)")


def _cell_calls(cell: str) -> bool:
    """Whether a table's cell opens by calling the model (a word for it among its first
    three words, then a colon or a comma) and goes on with a message (30 characters or
    more): a cell naming an AI tool does not."""
    head = cell.strip()[:60]
    end = _CELL_CALL_END.search(head)
    if end is None:
        return False
    called = head[:end.start()]
    return 0 < len(called.split()) <= 3 and names_model(called) \
        and len(cell.strip()[end.end():].strip()) >= 30


def kept_quoted(lines: list[str], i: int) -> bool:
    """Whether line ``i`` is quoted (a ``>`` block, a line opening with a quotation mark)
    and its sentence asks for a standing change and secrecy at once, with no model named:
    an order saved from a third party's text in the user's voice."""
    line = lines[i].lstrip()
    if not line.startswith((">", '"', "“", "«", "„", "「")):
        return False
    first, last = sentence(lines, i)
    text = " ".join(_unquote(lines[j]) for j in range(first, last + 1))
    at = words_at(text.lower())
    return "standing" in at and (("neg" in at and ("tell" in at or "know" in at))
                                 or "negtell" in at) and not names_model(text)


def voiced(lines: list[str], i: int, under: bool = False, code: bool = False,
           comment: bool = False) -> tuple[str, str] | None:
    """(reason, excerpt) when line ``i`` of ``lines`` turns to the model: it names the model
    (or sits under a heading that does, ``under``) and keeps something from the user, makes
    a standing change, names a secret's place, sits in an HTML comment (``comment``) or a
    code comment (``code``: inside a fenced block), or sets a condition on the reader being
    an AI; or it quotes a message that opens by calling the model, not framed as an example
    (session 36, rules30: third parties' orders saved in a memory's summary of their mail,
    review or page). None otherwise. Whether the voice changes (the model named
    on this line alone) is the caller's to ask (`naming`)."""
    line = lines[i]
    if line.lstrip().startswith("#") and not code:
        return None
    named = names_model(line)
    if not (named or under):
        return None
    if named and _quote_calls(line) and not _framed(lines, i):
        return "turns to the model", line.strip()[:60]
    if named and line.lstrip().startswith("|") \
            and any(_cell_calls(c) for c in line.strip().strip("|").split("|")) \
            and not _framed(lines, i):
        return "turns to the model", line.strip()[:60]
    if named and any(names_model(m.group(m.lastindex or 0)) for m in _UNSEEN.finditer(line)):
        comment = True
    if named and _quoted_only(line):
        return None
    # the signals are read on the line's sentence: wrapped, an order names the model on one
    # line and keeps it from the user on the next (session 37, rules32)
    first, last = sentence(lines, i)
    if last > first:
        line = " ".join(_unquote(lines[j]) for j in range(first, last + 1))
    low = line.lower()
    at = words_at(low)
    if prefers(at):
        return None
    if ("neg" in at and ("tell" in at or "know" in at)) or "negtell" in at or "standing" in at \
            or any(0 < r - e <= 20 for e in at.get("every", ()) for r in at.get("reply", ())) \
            or _SECRET_PLACE.search(line) is not None \
            or _RUN_REMOTE.search(line) is not None \
            or _place(code, comment, line) \
            or (named and _if_reader(line)):
        return "turns to the model", line.strip()[:60]
    return None


_URL_SUB = lazy_pattern(r"https?://[^\s)\]>]+")

#: The strong asks beside which keeping an act quiet is an order, no model named: sending
#: out, a credential, skipping the user's confirmation, acting covertly, putting the user
#: below something (not a standing change alone: "from now on, don't mention X in commit
#: messages" is a user's preference).
_QUIET_WITH = frozenset(("send", "credential", "skip", "covert", "above"))


def kept_quiet(lines: list[str], i: int, hidden: bool) -> tuple[str, str] | None:
    """(reason, excerpt) when line ``i`` asks, in the imperative, to keep an act quiet — a
    negated verb of telling, toward whoever it is kept from ("don't tell Ana", "ná luaigh
    é", "nie wspominaj o tym") — beside a strong ask, or in a place the user does not see
    (``hidden``); no model named (session 38, rules34: the reader addressed in the second
    person, the person kept in the dark named by name)."""
    line = lines[i]
    if line.lstrip().startswith("|"):  # a table's cells are no sentence in the imperative
        return None
    if "://" in line:
        line = _URL_SUB.sub("http://url", line)
    low = line.lower()
    at = words_at(low)
    # the negation just before the verb ("don't tell", "nie wspominaj", "ná luaigh"), or
    # the verb closed with its negation ("söyleme", "nesakyk")
    if not ("negtell" in at or ("neg" in at and "tell" in at and any(
            0 < t - n <= 12 and low[n:t].count(" ") <= 2
            for n in at["neg"] for t in at["tell"]))):
        return None
    if prefers(at):
        return None
    if asks(lines[i], at) & _QUIET_WITH or _SECRET_PLACE.search(line) is not None or hidden:
        return "asks to keep an act from the user", lines[i].strip()[:60]
    return None
