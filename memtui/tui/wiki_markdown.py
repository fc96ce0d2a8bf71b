"""Markdown with ``[[wikilinks]]`` coloured by how they resolve (resolved / fuzzy / dangling).

Before rendering, each ``[[name]]`` outside code becomes a link to ``wikilink:STATE:name``;
the blocks then paint those links with the theme's ``$wikilink-STATE`` colour. Clicking one
posts ``Markdown.LinkClicked`` with that href, so the preview can follow it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from urllib.parse import quote, unquote

from markdown_it.token import Token
from textual.content import Content
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


def parse_href(href: str) -> tuple[str, str] | None:
    """``wikilink:STATE:name`` → (state, name), else None."""
    if not href.startswith(SCHEME):
        return None
    state, _, name = href[len(SCHEME):].partition(":")
    return state, unquote(name)


class _WikilinkColours(MarkdownBlock):
    """Mixed into every block class: paints wikilink spans by state."""

    def _token_to_content(self, token: Token) -> Content:
        content = super()._token_to_content(token)
        for span in content.spans:
            style = span.style
            if not isinstance(style, Style):
                continue
            click = style.meta.get("@click", "")
            m = _HREF.match(click) if isinstance(click, str) else None
            if m:
                state = {"exact": "resolved", "stem": "resolved"}.get(m.group(1), m.group(1))
                if state not in ("resolved", "fuzzy", "dangling"):
                    state = "dangling"
                decoration = " underline" if state == "dangling" else ""
                content = content.stylize(f"bold $wikilink-{state}{decoration}",
                                          span.start, span.end)
        return content


@cache
def _with_colours(cls: type[MarkdownBlock]) -> type[MarkdownBlock]:
    return type(cls.__name__, (_WikilinkColours, cls), {})


class WikiMarkdown(Markdown):
    """A Markdown widget whose blocks colour ``wikilink:`` links by state."""

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        return _with_colours(super().get_block_class(block_name))
