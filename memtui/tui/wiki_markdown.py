"""Markdown with ``[[wikilinks]]`` coloured by how they resolve (resolved / fuzzy / dangling).

Before rendering, each ``[[name]]`` outside code becomes a link to ``wikilink:STATE:name``;
``WikiMarkdown.show`` then paints those spans with the theme's ``$wikilink-STATE`` colour.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import quote

from textual.content import Content, Span
from textual.style import Style
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

SCHEME = "wikilink:"
_CODE_OR_WIKILINK = re.compile(r"(`+)(?:.+?)\1|\[\[([^\[\]\n]+?)\]\]")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HREF = re.compile(r"link\('wikilink:(\w+):([^']*)'\)")


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
    out: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * 3
        elif fence is not None:
            if line.lstrip().startswith(fence):
                fence = None
        elif "[[" in line:
            line = _CODE_OR_WIKILINK.sub(lambda mm: _link(mm, states), line)
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


def paint_wikilinks(content: Content) -> Content:
    """``content`` with each ``wikilink:STATE:`` link span restyled ``$wikilink-STATE``.

    The link's click action is dropped: Textual paints every clickable span in the
    widget's link colour, which would hide the state.
    """
    spans: list[Span] = []
    changed = False
    for span in content.spans:
        style = span.style
        click = style.meta.get("@click", "") if isinstance(style, Style) else ""
        m = _HREF.match(click) if isinstance(click, str) else None
        if m is None:
            spans.append(span)
            continue
        state = {"exact": "resolved", "stem": "resolved"}.get(m.group(1), m.group(1))
        if state not in ("resolved", "fuzzy", "dangling"):
            state = "dangling"
        decoration = " underline" if state == "dangling" else ""
        spans.append(Span(span.start, span.end, f"bold $wikilink-{state}{decoration}"))
        changed = True
    return Content(content.plain, spans=spans) if changed else content


class WikiMarkdown(Markdown):
    """A Markdown widget that colours ``wikilink:`` links by state (use ``show``)."""

    async def show(self, markdown: str) -> None:
        await self.update(markdown)
        for block in self.query(MarkdownBlock):
            content = block._content
            painted = paint_wikilinks(content)
            if painted is not content:
                block.set_content(painted)
