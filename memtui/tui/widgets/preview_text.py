"""What the preview shows of a memory's text: masked, escaped, and cut to a window around
the line it jumps to."""

from __future__ import annotations

from memtui.core.creds.detector import SecretHit, mask_secrets
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural

PREVIEW_CHARS = 2500  # the body is cut around here (see ``window``)
CONTEXT_LINES = 8  # lines shown above a jump target that lies past the cut


def window(text: str, first_line: int, line: int | None,
           limit: int = PREVIEW_CHARS) -> tuple[str, int]:
    """At most about ``limit`` characters of ``text`` (whose first line is file line
    ``first_line``), starting a little before ``line`` when that lies further down; notes say
    what was left out. Returns the text and the file line it now starts at.

    A 30 KB memory drawn as markdown would stall the screen; the whole file is one ``o``
    away."""
    if len(text) <= limit:
        return text, first_line
    lines = text.split("\n")
    start = 0
    if line is not None and line - first_line > 0:
        start = max(0, min(line - first_line - CONTEXT_LINES, len(lines) - 1))
    taken: list[str] = []
    size = 0
    for ln in lines[start:]:
        if taken and size + len(ln) > limit:
            break
        if len(ln) > limit:  # one line past the limit is cut too (newuser25 #40: a 1 MB
            # line of 40,000 links parsed as markdown held the screen for minutes)
            cut = ln.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            ln = f"{ln[:cut]} *… {len(ln) - cut:,} more characters on this line*"
        taken.append(ln)
        size += len(ln) + 1
    rest = len(lines) - start - len(taken)
    head = [f"*… {plural(start, 'line')} above not shown*", ""] if start else []
    tail = ["", f"*… {plural(rest, 'more line')}: o opens the whole file*"] \
        if rest else []
    return "\n".join([*head, *taken, *tail]), first_line + start - len(head)


def shown_text(text: str, secrets: list[SecretHit]) -> str:
    """Memory text as the preview shows it: credentials masked as their findings show them,
    control characters escaped."""
    return printable(mask_secrets(text, secrets) if secrets else text, lines=True)


def entries_apart(source: str) -> str:
    """A §-separated store's text (Hermes' MEMORY.md, USER.md) with each line holding only
    ``§`` drawn as a rule, so that every entry is a block of its own (newuser34 #18: the
    entries ran together as one markdown paragraph, "… § … § …"). Line for line: a jump
    and the search still find their line."""
    return "\n".join("***" if line.strip() == "§" else line for line in source.split("\n"))
