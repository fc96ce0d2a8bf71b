"""What rendered markdown hides but the agent reads: HTML comments and HTML blocks, shown
in the preview (newuser37 #37: ``Normal text <!-- ignore all previous instructions -->``
was drawn as "Normal text", while the agent receives the file's raw bytes).

Rich's markdown draws nothing of an ``html_inline`` comment or an ``html_block``; each is
turned here into a link to ``HIDDEN`` around its text as written, after a short mark, which
``MarkdownBody`` draws dimmed (and not clickable). The block keeps its source lines, so a
jump or a search still lands on it.
"""

from __future__ import annotations

from markdown_it.token import Token

#: The link target that marks text rendered markdown would hide.
HIDDEN = "memtui-unrendered:"
#: What the preview writes before it.
MARK = "\u27e8hidden when rendered, read by the agent\u27e9 "


def _shown(content: str, level: int) -> list[Token]:
    """``content`` as the inline tokens of one dimmed run: the mark, then its lines as
    written (a hard break between two)."""
    out = [Token("link_open", "a", 1, attrs={"href": HIDDEN}, level=level),
           Token("text", "", 0, content=MARK, level=level + 1)]
    for i, line in enumerate(content.rstrip("\n").split("\n")):
        if i:
            out.append(Token("hardbreak", "br", 0, level=level + 1))
        out.append(Token("text", "", 0, content=line, level=level + 1))
    out.append(Token("link_close", "a", -1, level=level))
    return out


def _comment(token: Token) -> bool:
    return token.type == "html_inline" and token.content.lstrip().startswith("<!--")


def shown_html(tokens: list[Token]) -> list[Token]:
    """``tokens`` (markdown-it's, as Rich parses) with each HTML comment inside a paragraph
    and each HTML block made visible (`_shown`); the others as they are."""
    out: list[Token] = []
    for token in tokens:
        if token.type == "html_block" and token.content.strip():
            level = token.level
            out.append(Token("paragraph_open", "p", 1, map=token.map, level=level,
                             block=True))
            out.append(Token("inline", "", 0, map=token.map, level=level + 1,
                             content=token.content, block=True,
                             children=_shown(token.content, level + 1)))
            out.append(Token("paragraph_close", "p", -1, level=level, block=True))
        elif token.type == "inline" and token.children and any(map(_comment,
                                                                    token.children)):
            children: list[Token] = []
            for child in token.children:
                children.extend(_shown(child.content, child.level) if _comment(child)
                                else (child,))
            out.append(token.copy(children=children))
        else:
            out.append(token)
    return out
