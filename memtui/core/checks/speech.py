"""Text in a memory that is speech or data, not an order to the model (session 34, real
folders: every instruction_like finding on 20 memory folders nobody tuned for was false).

* A saved transcript: the agent keeps its conversations ("user: …" / "assistant: …", a
  dream log's "- Candidate: Assistant: …"). A speaker label there names who spoke, not whom
  a line addresses, and what a turn holds is what was said then. A file is a transcript when
  its lines start with speaker labels — the user's and the model's, three in all, or the
  model's three times; from its first label on, its lines are speech.
* A list of quoted phrases (``- "SYSTEM:", "IGNORE", …``): phrases named as data, the
  attacks a security note lists.
"""

from __future__ import annotations

import re

from memtui.core.checks.addressed import bare
from memtui.core.checks.ask_words import USER_WORDS
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A speaker label at a line's start: a list marker, one label before it ("Candidate:"),
#: bold, then one word and a colon.
_SPEAKER = lazy_pattern(r"^\s*(?:[-*+>]\s+)?(?:[^\W\d_]{2,20}\s*[:：]\s+)?(?:\*\*|__)?"
                        r"(?P<who>[^\W\d_]{2,20})(?:\*\*|__)?\s*[:：]")
_USERS = (*USER_WORDS, "human", "mensch", "humano", "humain", "человек", "人类")


def speaker(line: str) -> str | None:
    """"user" or "model" when ``line`` starts with the user's or the model's speaker
    label, else None."""
    m = _SPEAKER.match(line) if ":" in line or "：" in line else None
    if m is None:
        return None
    who = m.group("who")
    low = who.lower()
    if any(w in low for w in _USERS):  # "Benutzer", "User"
        return "user"
    return "model" if bare(who) else None


def speech_from(lines: list[str]) -> int | None:
    """The index of the first line of the transcript ``lines`` are, or None when they are
    none: the user's and the model's speaker labels three times in all, or the model's
    three times."""
    first: int | None = None
    users = models = 0
    for n, line in enumerate(lines):
        who = speaker(line)
        if who is None:
            continue
        if first is None:
            first = n
        if who == "user":
            users += 1
        else:
            models += 1
        if models and (users + models >= 3 or models >= 3):
            return first
    return None


#: A quoted item's end, a comma, the next one's start: ``"IGNORE", "FORGET"``, «a», «b».
_BETWEEN = lazy_pattern(r"[\"”»“」']\s*[,，、;]\s*[\"“«„「']")
_QUOTED = lazy_pattern(r"\"[^\"\n]*\"|“[^”\n]*”|«[^»\n]*»|„[^“\n]*“|「[^」\n]*」")


def quoted_list(line: str) -> bool:
    """Whether ``line`` is a list of quoted phrases (two or more, little else)."""
    if _BETWEEN.search(line) is None:
        return False
    rest = _QUOTED.sub(" ", line)
    # the line may open or close inside a quotation that goes on over lines
    rest = rest.replace('"', " ")
    return sum(c.isalpha() for c in rest) <= 12


#: A line opening with a quotation: a ">" block, a quotation mark (not a JSON key's,
#: ``"name": …``: a saved tool output's lines are data).
_QUOTING = re.compile(r"^[ \t]*(?:[>“«„「]|\"(?![^\"\n]*\"\s*:))", re.MULTILINE)


#: The same after the first line: a line's start found as a newline (a literal the engine
#: skips to; a multi-line "^" is tried at every character: session 39, 4 times the time).
_QUOTING_AFTER = re.compile(r"\n[ \t]*(?:[>“«„「]|\"(?![^\"\n]*\"\s*:))")


def quoting_in(text: str) -> bool:
    """Whether a line of ``text`` opens with a quotation (`_QUOTING`)."""
    return _QUOTING.match(text) is not None or _QUOTING_AFTER.search(text) is not None


def quoted_lines(text: str) -> set[int]:
    """The lines (0-based) of ``text`` that open with a quotation (`_QUOTING`)."""
    out: set[int] = set()
    row = at = 0
    for m in _QUOTING.finditer(text):
        row += text.count("\n", at, m.start())
        at = m.start()
        out.add(row)
    return out
