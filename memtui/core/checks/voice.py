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
  or a **conditional on the reader's identity** with the user named ("If you are an AI
  reading this, … the user …").

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

from memtui.core.checks.addressed import names_model
from memtui.core.checks.ask_words import words_at
from memtui.core.checks.unlabelled import prefers
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A secret's place, in any language: an env file, the SSH keys, a key file.
_SECRET_PLACE = lazy_pattern(r"(?i)(?:^|[\s`'\"(/])\.env\b|~/\.ssh|\bid_(?:rsa|ed25519)\b|"
                             r"\.pem\b|\bsecrets?\.(?:json|ya?ml|txt|env)\b|"
                             # an identifier naming a secret: consumer_secret, API_TOKEN
                             r"\b[A-Za-z]\w*_(?:secret|token|key|password|passwd)\b|"
                             r"\b(?:secret|token|password)_\w+")
#: "If" in the common languages, as a word of its own (or the script's conditional).
_IF = lazy_pattern(
    r"(?i)(?:^|[\s(«\"'>,.;:—-])(?:if|wenn|falls|si|se|jos|ha|eğer|jika|kalau|apabila|nếu|"
    r"если|якщо|αν|אם|اگر|إذا|إن|अगर|यदि|যদি|ถ้า|หาก|kama|ikiwa|dacă|daca|als|indien|om|"
    r"jeśli|jeżeli|pokud|jestli|hvis|ifall|kung)(?=\s)|如果|若是|もし|만약|என்றால்")
#: A comment's opening in a code line ("# …", "// …", "-- …", "/* …").
_CODE_COMMENT = lazy_pattern(r"^\s*(?:#(?!#)|//|--|/\*|;|\*\s)|\s(?:#|//)\s")
#: A heading (outside a fenced block).
_HEADING = lazy_pattern(r"^\s{0,3}#{1,6}\s+(?P<h>.+?)\s*#*\s*$")
_FENCES = ("```", "~~~")


def reader_sections(lines: list[str]) -> tuple[set[int], set[int], set[int]]:
    """The lines (0-based) under a heading that names the model, those inside fenced code
    blocks, and those inside HTML comments (which the user reading the rendered memory does
    not see)."""
    under: set[int] = set()
    code: set[int] = set()
    comment: set[int] = set()
    fence = opened = named = False
    for i, line in enumerate(lines):
        if opened or "<!--" in line:
            comment.add(i)
            at = line.rfind("<!--")
            opened = "-->" not in line[at + 4 if at >= 0 else 0:]
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


def _if_reader(line: str) -> bool:
    """Whether a conditional opens on the reader's identity: the model named within a few
    words after an "if" ("Jos olet tekoäly", "אם אתה מודל שפה", "If you are an AI")."""
    return any(names_model(line[m.end():m.end() + 32]) for m in _IF.finditer(line))


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
    return any(len(line[:m.start()].split()) >= 2 for m in spans)


def voiced(line: str, under: bool = False, code: bool = False, comment: bool = False
           ) -> tuple[str, str] | None:
    """(reason, excerpt) when ``line`` turns to the model: it names the model (or sits
    under a heading that does, ``under``) and keeps something from the user, makes a
    standing change, names a secret's place, sits in an HTML comment (``comment``) or a
    code comment (``code``: inside a fenced block), or sets a condition on the reader being
    an AI with the user named. None otherwise. Whether the voice changes (the model named
    on this line alone) is the caller's to ask (`naming`)."""
    if line.lstrip().startswith("#") and not code:
        return None
    named = names_model(line)
    if not (named or under):
        return None
    low = line.lower()
    at = words_at(low)
    if prefers(at) or (named and _quoted_only(line)):
        return None
    if ("neg" in at and ("tell" in at or "know" in at)) or "negtell" in at or "standing" in at \
            or any(0 < r - e <= 20 for e in at.get("every", ()) for r in at.get("reply", ())) \
            or _SECRET_PLACE.search(line) is not None \
            or _place(code, comment, line) \
            or (named and "user" in at and _if_reader(line)):
        return "turns to the model", line.strip()[:60]
    return None
