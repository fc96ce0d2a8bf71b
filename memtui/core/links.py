"""Links inside markdown text, with 1-based line numbers: markdown links and [[wikilinks]]."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING
from urllib.parse import unquote

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
#: ``[[inner]]``; group 1 is the inner text (name, then ``|alias`` or ``#heading``).
WIKILINK = re.compile(r"\[\[([^\[\]\n]+?)\]\]")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True, slots=True)
class Link:
    """A link found in ``source`` at ``line``.

    For markdown links ``target`` is the workspace-relative POSIX path it points at, or None
    when it leads outside the workspace (``outside`` is then True). For wikilinks ``target``
    is the name inside the brackets (alias and heading dropped).
    """

    source: str
    line: int
    kind: str  # "markdown" | "wikilink"
    raw: str
    target: str | None
    text: str = ""
    outside: bool = False


@dataclass(frozen=True, slots=True)
class CodeSpan:
    """Inline code (for file names mentioned in backticks instead of linked)."""

    line: int
    content: str


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def resolve_href(source: str, href: str) -> tuple[str | None, bool] | None:
    """Normalise a markdown link target seen in ``source``.

    Returns None for external URLs and pure fragments; otherwise (relative path, outside):
    the path relative to the workspace root (URL-decoded, fragment and query dropped), or
    (None, True) when it leads out of the workspace.
    """
    href = href.strip()
    if not href or href.startswith("#") or href.startswith("//") or _SCHEME.match(href):
        return None
    href = href.split("#", 1)[0].split("?", 1)[0]
    if not href:
        return None
    path = unquote(href)
    if path.startswith("/") or "\x00" in path:
        return None, True
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
    if joined == ".." or joined.startswith("../"):
        return None, True
    return joined, False


def markdown_links(source: str, text: str, first_line: int = 1,
                   code_spans: list[CodeSpan] | None = None) -> list[Link]:
    """Markdown links (inline and reference style) in ``text``; images are not links.

    ``first_line`` is the file line ``text`` starts at. Inline code spans are appended to
    ``code_spans`` when a list is given.
    """
    if "](" not in text and "]:" not in text and "][" not in text and (
            code_spans is None or "`" not in text):
        return []
    links: list[Link] = []
    try:
        tokens = _parser().parse(text)
    except Exception:  # markdown-it is robust, but a finding beats a crash
        return []
    for tok in tokens:
        if tok.type != "inline" or tok.map is None or not tok.children:
            continue
        line = first_line + tok.map[0]
        href: str | None = None
        label: list[str] = []
        for child in tok.children:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "link_open":
                href = str(child.attrGet("href") or "")
                label = []
                start_line = line
            elif child.type == "link_close" and href is not None:
                resolved = resolve_href(source, href)
                if resolved is not None and not _wikilink_gloss(label):
                    target, outside = resolved
                    links.append(Link(source, start_line, "markdown", href, target,
                                      "".join(label).strip(), outside))
                href = None
            elif child.type == "code_inline":
                if href is not None:
                    label.append(child.content)
                elif code_spans is not None:
                    code_spans.append(CodeSpan(line, child.content))
            elif child.type == "text" and href is not None:
                label.append(child.content)
    return links


def _wikilink_gloss(label: list[str]) -> bool:
    """``[[x]](gloss)``: CommonMark reads a link labelled ``[x]``, but it is a wikilink with
    a gloss after it; the wikilink reading wins (one text, one reading)."""
    text = "".join(label)
    return len(text) > 2 and text[0] == "[" and text[-1] == "]" and "[" not in text[1:-1]


_EXTENSION = re.compile(r"[^./][^/]*\.[A-Za-z0-9]{1,8}$")


def looks_like_path(href: str) -> bool:
    """A link destination that names a file: it has a ``/`` or a file extension. Others
    (``translation``, ``12B``) are glosses in parentheses that CommonMark reads as links."""
    path = href.split("#", 1)[0].split("?", 1)[0]
    return "/" in path or "\\" in path or bool(_EXTENSION.search(path))


def wikilinks(source: str, text: str, first_line: int = 1) -> list[Link]:
    """``[[name]]``, ``[[name|alias]]`` and ``[[name#heading]]`` outside code."""
    if "[[" not in text:
        return []
    out: list[Link] = []
    if "`" not in text and "~~~" not in text:
        # No code anywhere: one search over the whole text (a match never spans lines).
        number, pos = first_line, 0
        for wm in WIKILINK.finditer(text):
            number += text.count("\n", pos, wm.start())
            pos = wm.start()
            name = wikilink_name(wm.group(1))
            if name:
                out.append(Link(source, number, "wikilink", wm.group(0), name))
        return out
    for number, line in outside_fences(text.split("\n"), first_line):
        if "[[" not in line:
            continue
        for wm in WIKILINK.finditer(mask_code(line)):
            name = wikilink_name(wm.group(1))
            if name:
                out.append(Link(source, number, "wikilink", wm.group(0), name))
    return out


def wikilink_name(inner: str) -> str:
    """The name inside ``[[…]]``: alias and heading dropped."""
    return inner.split("|", 1)[0].split("#", 1)[0].strip()


def mask_code(line: str) -> str:
    """``line`` with inline code spans blanked out (same length, so positions hold)."""
    if "`" not in line:
        return line
    return _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def outside_fences(lines: Iterable[str], first: int = 1) -> Iterator[tuple[int, str]]:
    """(line number from ``first``, text) of each line outside fenced code blocks."""
    fence: str | None = None
    for number, line in enumerate(lines, start=first):
        m = _FENCE_OPEN.match(line)
        if fence is None and m:
            fence = m.group(1)[0] * 3
            continue
        if fence is not None:
            if line.lstrip().startswith(fence):
                fence = None
            continue
        yield number, line


def fold(name: str) -> str:
    """The folded spelling used for fuzzy wikilink matches: case and ``-``/``_`` ignored."""
    return name.casefold().replace("_", "-")
