"""Lines a format continues, read joined before the credential check (newuser38 #3).

A ``\\`` at a line's end is a join the format itself marks: a shell, a ``.env`` sourced by
one, a Dockerfile, a Makefile, Python and a YAML double-quoted string all read
``GH="ghp_R8vQ2mZx7LpK4\\`` and ``nW9tY3bHc6dFj1sGa5eUo0i"`` as one line, so the value is
the whole token — and the check, reading line by line, saw two halves too short to be
anything and passed it. The other joins the scan sees are read where they are (a YAML block
scalar's lines, `memtui.core.creds.folded`; a markdown soft break, `memtui.core.creds.continued`);
this one is read here, before the lines reach the detector: each run of continued lines is
given to it once more joined as the format joins it (the ``\\`` and the line break taken
out, nothing else), and what it finds there that the lines alone did not hold is given back
on the lines that write it, a piece on each (the first named by its kind, the others as its
rest), so that a finding's line, the scan cache's place and ``fix redact`` take what is
written. A PowerShell backtick or a batch caret at a line's end is not joined: in markdown
both end ordinary lines (an inline code span, a caret), and SECURITY.md says so.

The other break a text marks as none is one inside markup a rendered page draws as nothing
(redteam41): ``ghp_Zq8m<!--⏎x⏎-->L2v…`` (a comment, or an inline element's tag, written over
lines inside a value, between two visible characters; `memtui.core.creds.as_seen.hidden_breaks`)
shows the token whole, and the check, reading line by line, saw two halves. Its lines are
joined here the same way (whole: the markup kept, `memtui.core.creds.as_seen.seen` then
drops it as it drops such markup closed on its line), a run of lines either kind of break
joins read as one.
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds.as_seen import hidden_breaks
from memtui.core.creds.detector import MAX_HITS, LineBudget, SecretHit, scan_text_bounded
from memtui.core.scanner.keywords import KeywordProbe

#: A run of continued lines is joined up to this many lines and characters (a bound: a
#: 100,000-line file of ``\\`` endings is read joined in pieces of this size, not as one line).
MAX_JOINED_LINES = 64
MAX_JOINED_CHARS = 8192


def _continues(line: str) -> bool:
    """Whether ``line`` ends with a ``\\`` that escapes its line break (an odd run of them:
    ``\\\\`` at the end is a written backslash)."""
    body = line[:-1] if line.endswith("\r") else line
    if not body.endswith("\\"):
        return False
    return (len(body) - len(body.rstrip("\\"))) % 2 == 1


def _segment(line: str, held: bool = False) -> str:
    """What ``line`` gives its joined line: itself without the ``\\`` (and a ``\\r``), or,
    when its break lies inside markup drawn as nothing (``held``), whole and a blank for the
    break (inside a tag a break is a blank between its name and an attribute)."""
    body = line[:-1] if line.endswith("\r") else line
    return body[:-1] if _continues(line) else line + " " if held else body


def held_breaks(text: str) -> frozenset[int]:
    """The 0-based lines of ``text`` whose line break lies inside markup a rendered page
    draws as nothing (`hidden_breaks`): each such line is joined to the next."""
    spans = hidden_breaks(text)
    if not spans:
        return frozenset()
    out: set[int] = set()
    line, at = 0, 0
    for a, b in spans:  # (in order: the line breaks counted once, linear)
        line += text.count("\n", at, a)
        at = a
        for _ in range(text.count("\n", a, b)):
            out.add(line)
            line += 1
        at = b
    return frozenset(out)


def joined_runs(lines: list[str], held: frozenset[int] = frozenset()
                ) -> list[tuple[int, list[str]]]:
    """(0-based index of the first line, the segments) of each run of two or more lines the
    ``\\`` at their ends, or markup drawn as nothing over their breaks (``held``: the lines
    whose break it holds), join, each run at most ``MAX_JOINED_LINES`` lines and
    ``MAX_JOINED_CHARS`` characters."""
    def joins(k: int) -> bool:
        return k in held or _continues(lines[k])

    runs: list[tuple[int, list[str]]] = []
    i = 0
    while i < len(lines) - 1:
        if not joins(i):
            i += 1
            continue
        start, segs, size = i, [], 0
        while i < len(lines) and len(segs) < MAX_JOINED_LINES and size < MAX_JOINED_CHARS:
            seg = _segment(lines[i], i in held)
            segs.append(seg)
            size += len(seg)
            i += 1
            if not joins(i - 1):
                break
        if len(segs) > 1:
            runs.append((start, segs))
        else:
            i = start + 1
    return runs


#: What joined a value's lines, as its first piece and its rest say it.
_BY_BACKSLASH = ("a \\ at the line's end joins", "joined by the \\ ending the line before")
_BY_MARKUP = ("markup a page draws as nothing (a comment, a tag) joins",
              "joined across markup a page draws as nothing")


def _covered(hits: list[SecretHit], line: int, piece: str) -> bool:
    return any(h.line == line and (piece in h.value or h.value in piece) for h in hits)


#: A text longer than this is read a block of whole lines at a time (a line longer than a
#: block is one block), each block after the first with up to `CONTEXT_LINES` lines before
#: it read again as its context (a table's head, a label over a list; at most
#: `CONTEXT_CHARS` characters); the file's CPU
#: budget (`memtui.core.creds.detector.LineBudget`, granted the text's length) is looked at
#: before each block.
BLOCK_CHARS = 32 * 1024
CONTEXT_LINES = 64
CONTEXT_CHARS = 4096
def scan_joined(text: str, first_line: int = 1, probe: KeywordProbe | None = None,
                budget: LineBudget | None = None) -> tuple[list[SecretHit], int | None]:
    """`scan_text_bounded` of ``text`` and of its ``\\``-continued lines read joined: the
    credentials only the joined reading holds, each written back on the lines it spans.
    A text past `BLOCK_CHARS` is read in blocks within the file's CPU budget (redteam42):
    the line from which it went unread is the cut."""
    if len(text) <= BLOCK_CHARS:
        return _scan_joined(text, first_line, probe, budget)
    budget = budget if budget is not None else LineBudget()
    budget.grant(len(text.encode("utf-8", "surrogatepass")))  # (a MiB is bytes)
    hits: list[SecretHit] = []
    seen: set[tuple[int, str]] = set()
    for start, block in _blocks(text.split("\n")):
        if budget.spent():
            return hits, first_line + start
        got, cut = _scan_joined(block[1], first_line + block[0], None, budget)
        for h in got:
            if h.line >= first_line + start and (h.line, h.value) not in seen:
                seen.add((h.line, h.value))
                hits.append(h)
        if len(hits) > MAX_HITS:
            hits.sort(key=lambda h: h.line)
            return hits[:MAX_HITS], hits[MAX_HITS].line
        if cut is not None:
            return hits, max(cut, first_line + start)
    return hits, None


def _blocks(lines: list[str]) -> Iterator[tuple[int, tuple[int, str]]]:
    """(the 0-based line a block's new text begins on; the line its context begins on and
    the text read) of each block of ``lines``: whole lines up to `BLOCK_CHARS`, after up to
    `CONTEXT_LINES` lines (`CONTEXT_CHARS` characters) before them; a line longer than a
    block is read in pieces of `BLOCK_CHARS` that overlap by `CONTEXT_CHARS` (a value is far
    shorter), each beginning at a blank where one is near."""
    start = 0
    while start < len(lines):
        if len(lines[start]) > BLOCK_CHARS:
            line, at = lines[start], 0
            while True:
                yield start, (start, line[at:at + BLOCK_CHARS])
                if at + BLOCK_CHARS >= len(line):
                    break
                nxt = at + BLOCK_CHARS - CONTEXT_CHARS
                blank = line.rfind(" ", nxt - 200, nxt)
                at = blank + 1 if blank > at else nxt
            start += 1
            continue
        end, size = start, 0
        while end < len(lines) and len(lines[end]) <= BLOCK_CHARS and \
                (end == start or size + len(lines[end]) < BLOCK_CHARS):
            size += len(lines[end]) + 1
            end += 1
        context, size = start, 0
        while context > max(0, start - CONTEXT_LINES) and \
                size + len(lines[context - 1]) < CONTEXT_CHARS:
            context -= 1
            size += len(lines[context]) + 1
        yield start, (context, "\n".join(lines[context:end]))
        start = end


def _scan_joined(text: str, first_line: int, probe: KeywordProbe | None,
                 budget: LineBudget | None) -> tuple[list[SecretHit], int | None]:
    """`scan_joined` of one text or block."""
    hits, cut = scan_text_bounded(text, first_line, probe, budget)
    held = held_breaks(text)
    if not held and "\\\n" not in text and "\\\r\n" not in text:
        return hits, cut
    lines = text.split("\n")
    runs = joined_runs(lines, held)
    if not runs:
        return hits, cut
    view = [""] * len(lines)  # the joined lines at their first line's place, the rest blank
    for start, segs in runs:
        view[start] = "".join(segs)
    found, _ = scan_text_bounded("\n".join(view), first_line)
    if not found:
        return hits, cut
    by_line = {first_line + start: segs for start, segs in runs}
    out = list(hits)
    for h in found:
        segs = by_line.get(h.line)
        if segs is None or not h.value:
            continue
        at = "".join(segs).find(h.value)
        if at < 0:
            continue
        end, pos, pieces = at + len(h.value), 0, []
        for k, seg in enumerate(segs):
            lo, hi = max(at, pos), min(end, pos + len(seg))
            if hi == pos + len(seg) and h.line - first_line + k in held and \
                    not _continues(lines[h.line - first_line + k]):
                hi -= 1  # (the blank standing for the break is not the line's)
            if lo < hi:
                pieces.append((h.line + k, k, seg[lo - pos:hi - pos]))
            pos += len(seg)
        if len(pieces) == 1:
            _line, k, _piece = pieces[0]
            before = at - sum(len(seg) for seg in segs[:k])
            if k == 0 or segs[k][:before].strip():
                # on one line whole, and not where the join puts it right after the line
                # before (``export DB_PASSWORD=\`` ⏎ ``  value``): the line alone read it, or
                # the joined reading paired it with a word lines away, no value's label
                continue
        if cut is not None and pieces[0][0] >= cut:
            continue
        head = pieces[0][0]
        for n, (line, _k, piece) in enumerate(pieces):
            if _covered(out, line, piece):
                continue
            by = _BY_MARKUP if head - first_line in held else _BY_BACKSLASH
            kind = (f"{h.kind}, written over {len(pieces)} lines {by[0]}"
                    if n == 0 and len(pieces) > 1 else h.kind if n == 0 else
                    f"the rest of a value begun on line {head} ({h.kind}), {by[1]}")
            out.append(SecretHit(line, kind, piece))
    if len(out) == len(hits):
        return hits, cut
    return sorted(out, key=lambda h: h.line), cut
