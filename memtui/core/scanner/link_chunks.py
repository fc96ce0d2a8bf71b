"""The parts of a memory's text that can hold a markdown link, so that markdown-it parses
those and not the rest (newuser22 #30: 60 % of a cold scan of an 827 KB Codex
``raw_memories.md``, one link in 12,170 lines, was markdown-it reading the whole text).

Without a link reference definition (``[label]: dest``) a link is an inline one,
``[text](dest)``: it lies in one paragraph, and a paragraph in one *chunk*: the text is cut
before each line that starts at column 0 after a blank line, where every block CommonMark
opens has ended — but a fenced code block and the HTML blocks that run past blank lines
(comments, ``<pre>``, ``<script>`` …). A chunk parsed alone gives the links the whole text
gives in it, so only the chunks holding ``](`` are parsed.

Whatever could make a chunk read otherwise alone makes `chunks` give None (the whole text
is parsed, as before): a possible link reference definition, an HTML block's start, a
fence inside a block quote or after a list marker, or a fence's end that depends on the
list item it may be in (a line less indented than the fence inside it, a closing fence
indented otherwise, a fence indented four spaces or more).
"""

from __future__ import annotations

from itertools import pairwise

from memtui.core.scanner.lazy_pattern import lazy_pattern

_FENCE = lazy_pattern(r"( *)(`{3,}|~{3,})(.*)")
_CONTAINED_FENCE = lazy_pattern(r"[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)+(?:`{3}|~{3})")
_HTML_START = lazy_pattern(r"[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*<[A-Za-z/!?]")
_DEFINITION = lazy_pattern(r"[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*\[")
_LABEL_END = lazy_pattern(r"[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*\[(?:[^\]\\]|\\.)*\]:")
_ESCAPED = lazy_pattern(r"\\.")


def _indent(line: str) -> int:
    stripped = line.lstrip(" \t")
    return len(line[:len(line) - len(stripped)].expandtabs(4))


def chunks(text: str) -> list[tuple[int, str]] | None:
    """(0-based line, text) of each chunk of ``text`` holding ``](``, in order; None when
    the text is to be parsed whole (see the module)."""
    definitions = "]:" in text
    lines = text.split("\n")
    starts = [0]
    fence: tuple[int, str, int] | None = None  # (indent, character, length) of an open one
    blank = False
    for i, line in enumerate(lines):
        if fence is not None:
            indent, char, length = fence
            m = _FENCE.fullmatch(line)
            if m and m.group(2)[0] == char and len(m.group(2)) >= length and \
                    not m.group(3).strip():
                if not indent <= len(m.group(1)) <= 3:
                    return None  # closes it in one reading only
                fence = None
            elif line.strip() and _indent(line) < indent:
                return None  # a list item's end may have closed it
            continue
        if not line.strip():
            blank = True
            continue
        if blank and line[0] not in " \t":
            starts.append(i)
        blank = False
        if "<" in line and _HTML_START.match(line):
            return None
        if definitions and "[" in line and _DEFINITION.match(line) and \
                ("]" not in _ESCAPED.sub("", line) or _LABEL_END.match(line)):
            return None  # (a label may run on to the next lines)
        if "`" in line or "~" in line:
            lead = line[:len(line) - len(line.lstrip(" \t"))]
            if "\t" in lead and line[len(lead):].startswith(("```", "~~~")):
                return None  # a fence indented by a tab
            m = _FENCE.fullmatch(line)
            if m is not None:
                indent, mark = len(m.group(1)), m.group(2)
                if mark[0] == "`" and "`" in m.group(3):
                    continue  # not a fence: inline code
                if indent > 3:
                    return None  # indented code, or a fence deep in a list
                fence = (indent, mark[0], len(mark))
            elif _CONTAINED_FENCE.match(line):
                return None
    starts.append(len(lines))
    out = []
    for a, b in pairwise(starts):
        part = "\n".join(lines[a:b])
        if "](" in part:
            out.append((a, part))
    return out
