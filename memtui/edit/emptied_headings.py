"""Headings an edit of the index left with nothing under them (newuser37 #8: an archive of
whole sections left ``## deploy``, ``## auth``, ``## db`` and their blank lines, six lines
the agent loads every turn, each counted against Claude Code's 200)."""

from __future__ import annotations

import re

from memtui.edit.rawtext import RawText

_HEADING = re.compile(r"^ {0,3}(#{2,6})(?:[ \t]|$)")  # an ATX heading below the title


def sections(texts: list[str]) -> list[tuple[int, int, bool]]:
    """Each heading below the title: (its 0-based line, its level, whether a line that is
    not blank stands under it before the next heading)."""
    heads = [(i, len(m.group(1))) for i, t in enumerate(texts) if (m := _HEADING.match(t))]
    out = []
    for k, (i, level) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(texts)
        out.append((i, level, any(t.strip() for t in texts[i + 1:end])))
    return out


def drop_emptied_headings(raw: RawText, before: list[str]) -> list[str]:
    """Remove from ``raw`` each heading (level 2 or deeper) that had lines under it in
    ``before`` (the same text before the edit, which removed lines only) and has none now,
    with the blank lines under it; a heading whose next heading is a deeper one (its
    subsections) stays. Returns the headings removed."""
    was = sections(before)
    now = sections(raw.texts())
    if len(was) != len(now):  # (a heading came or went: not only lines removed)
        return []
    texts = raw.texts()
    drop: list[int] = []
    for k, ((_, _, held), (i, level, holds)) in enumerate(zip(was, now, strict=True)):
        deeper_next = k + 1 < len(now) and now[k + 1][1] > level
        if held and not holds and not deeper_next:
            drop.append(i)
    removed = []
    for i in reversed(drop):
        removed.append(texts[i].strip())
        end = i + 1
        while end < len(texts) and not texts[end].strip():
            end += 1
        if end == len(texts) and i > 0 and not texts[i - 1].strip():
            i -= 1  # (at the end: the blank line before it goes too, none is left trailing)
        for n in range(end, i, -1):
            raw.delete(n)
    return removed[::-1]
