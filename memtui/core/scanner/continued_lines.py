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
"""

from __future__ import annotations

from memtui.core.creds.detector import LineBudget, SecretHit, scan_text_bounded
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


def _segment(line: str) -> str:
    """What ``line`` gives its joined line: itself without the ``\\`` (and a ``\\r``)."""
    body = line[:-1] if line.endswith("\r") else line
    return body[:-1] if _continues(line) else body


def joined_runs(lines: list[str]) -> list[tuple[int, list[str]]]:
    """(0-based index of the first line, the segments) of each run of two or more lines the
    ``\\`` at their ends join, each run at most ``MAX_JOINED_LINES`` lines and
    ``MAX_JOINED_CHARS`` characters."""
    runs: list[tuple[int, list[str]]] = []
    i = 0
    while i < len(lines) - 1:
        if not _continues(lines[i]):
            i += 1
            continue
        start, segs, size = i, [], 0
        while i < len(lines) and len(segs) < MAX_JOINED_LINES and size < MAX_JOINED_CHARS:
            seg = _segment(lines[i])
            segs.append(seg)
            size += len(seg)
            i += 1
            if not _continues(lines[i - 1]):
                break
        if len(segs) > 1:
            runs.append((start, segs))
        else:
            i = start + 1
    return runs


def _covered(hits: list[SecretHit], line: int, piece: str) -> bool:
    return any(h.line == line and (piece in h.value or h.value in piece) for h in hits)


def scan_joined(text: str, first_line: int = 1, probe: KeywordProbe | None = None,
                budget: LineBudget | None = None) -> tuple[list[SecretHit], int | None]:
    """`scan_text_bounded` of ``text`` and of its ``\\``-continued lines read joined: the
    credentials only the joined reading holds, each written back on the lines it spans."""
    hits, cut = scan_text_bounded(text, first_line, probe, budget)
    if "\\\n" not in text and "\\\r\n" not in text:
        return hits, cut
    lines = text.split("\n")
    runs = joined_runs(lines)
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
            kind = (f"{h.kind}, written over {len(pieces)} lines a \\ at the line's end joins"
                    if n == 0 and len(pieces) > 1 else h.kind if n == 0 else
                    f"the rest of a value begun on line {head} ({h.kind}), joined by the \\ "
                    "ending the line before")
            out.append(SecretHit(line, kind, piece))
    if len(out) == len(hits):
        return hits, cut
    return sorted(out, key=lambda h: h.line), cut
