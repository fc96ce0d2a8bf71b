"""Markdown with ``[[wikilinks]]`` coloured by how they resolve (resolved / fuzzy / dangling).

Before rendering, each ``[[name]]`` outside code becomes a link to ``wikilink:STATE:name``
(and a broken markdown link one to ``wikilink:broken:href``); ``MarkdownBody`` then paints
those links in the theme's colour for the state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from urllib.parse import quote

SCHEME = "wikilink:"
_CODE_OR_WIKILINK = re.compile(r"(`+)(?:.+?)\1|\[\[([^\[\]\n]+?)\]\]")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def wikilink_name(inner: str) -> str:
    """``name|alias`` / ``name#heading`` → ``name`` (as the core resolves it)."""
    return inner.split("|", 1)[0].split("#", 1)[0].strip()


def rewrite_wikilinks(text: str, states: Mapping[str, str]) -> str:
    """Turn ``[[x]]`` into ``[x](wikilink:STATE:x)``; code spans and fences stay as written.

    ``states`` maps a wikilink target (as the core reports it) to exact/stem/fuzzy/dangling;
    names it does not know count as dangling.
    """
    if "[[" not in text:
        return text
    return _outside_fences(text, lambda line: _CODE_OR_WIKILINK.sub(
        lambda mm: _link(mm, states), line) if "[[" in line else line)


def _outside_fences(text: str, rewrite: Callable[[str], str]) -> str:
    """``text`` with ``rewrite`` applied to each line outside fenced code blocks."""
    out: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * 3
        elif fence is not None:
            if line.lstrip().startswith(fence):
                fence = None
        else:
            line = rewrite(line)
        out.append(line)
    return "\n".join(out)


def _link(m: re.Match[str], states: Mapping[str, str]) -> str:
    inner = m.group(2)
    if inner is None:
        return m.group(0)
    name = wikilink_name(inner)
    state = states.get(name, "dangling")
    label = inner.split("|", 1)[1] if "|" in inner else inner
    label = label.replace("[", "\\[").replace("]", "\\]")
    return f"[{label}]({SCHEME}{state}:{quote(name, safe='')})"


def mark_broken(text: str, source: str, targets: set[str]) -> str:
    """Turn each markdown link of ``source`` whose target is in ``targets`` (broken links:
    workspace paths, or destinations as written) into ``[✗ label](wikilink:broken:href)``,
    painted in the error colour; code stays as written."""
    from memtui.core.scanner.links import resolve_href
    from memtui.edit.linkedit import dest_spans, link_extent

    if not targets:
        return text

    def mark(line: str) -> str:
        # The line from ``cut`` on as marked, last piece first: joined once (a line of
        # 40,000 broken links was copied whole at each one: a minute of the screen's
        # thread, newuser25 #40).
        rest: list[str] = []
        cut = len(line)
        for span in reversed(dest_spans(line) if "](" in line else []):
            resolved = resolve_href(source, span.href)
            if span.href not in targets and (resolved is None or resolved[0] not in targets):
                continue
            extent = link_extent(line, span)
            if extent is not None and extent[1] > cut:  # it overlaps a link marked after it
                line, rest = line[:cut] + "".join(reversed(rest)), []
                cut = len(line)
                extent = link_extent(line, span)
            if extent is not None:
                begin, end, label = extent
                rest.append(line[end:cut])
                rest.append(f"[✗ {label}]({SCHEME}broken:{quote(span.href, safe='')})")
                cut = begin
        return line[:cut] + "".join(reversed(rest))

    return _outside_fences(text, mark)
