"""Find and rewrite links inside one raw line: markdown destinations and ``[[wikilinks]]``.

Positions are found on the line as written (not markdown-it's normalised hrefs), so a
rewrite touches only the destination or the wikilink name and nothing around it.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from memtui.core.scanner.links import (
    WIKILINK,
    mask_code,
    outside_fences,
    resolve_href,
    wikilink_name,
)

_REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*(<[^>\n]*>|\S+)")


@dataclass(frozen=True)
class DestSpan:
    """A markdown link destination at ``line[start:end]`` (angle brackets excluded)."""

    start: int
    end: int
    href: str


def dest_spans(line: str) -> list[DestSpan]:
    """Destinations of inline links ``[text](dest "title")`` and reference definitions."""
    scan = mask_code(line)
    out: list[DestSpan] = []
    m = _REF_DEF.match(scan)
    if m:
        s, e = m.span(1)
        if scan[s] == "<":
            s, e = s + 1, e - 1
        out.append(DestSpan(s, e, line[s:e]))
        return out
    pos = 0
    while True:
        i = scan.find("](", pos)
        if i < 0:
            return out
        j = i + 2
        while j < len(scan) and scan[j] in " \t":
            j += 1
        if j < len(scan) and scan[j] == "<":
            k = scan.find(">", j + 1)
            if k < 0:
                pos = j
                continue
            out.append(DestSpan(j + 1, k, line[j + 1:k]))
            pos = k + 1
            continue
        depth = 0
        k = j
        while k < len(scan):
            c = scan[k]
            if c in " \t":
                break
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    break
                depth -= 1
            k += 1
        if k > j:
            out.append(DestSpan(j, k, line[j:k]))
        pos = max(k, i + 2)


#: Characters a link destination cannot hold even in ``<…>``: CommonMark would read a
#: fragment or a query (``#``, ``?``), end or escape it (``<``, ``>``, ``\\``, line breaks),
#: or memtui would misread them (``%``, brackets, backticks). Spaces and parentheses are
#: kept readable inside ``<…>`` instead (see :func:`retarget` and :func:`destination`).
_UNSAFE_IN_DESTINATION = re.compile(r"[%#?<>\[\]\\`\x00-\x1f\x7f]")


def link_destination(path: str) -> str:
    """``path`` with every character a destination cannot hold percent-encoded (UTF-8)."""
    return _UNSAFE_IN_DESTINATION.sub(
        lambda m: "".join(f"%{b:02X}" for b in m.group().encode("utf-8", "surrogateescape")),
        path)


def destination(href: str) -> str:
    """``href`` as written in a link: in ``<…>`` when it holds spaces or parentheses."""
    return f"<{href}>" if needs_angle(href) else href


def href_for(source: str, target: str) -> str:
    """A link destination from file ``source`` to workspace path ``target`` (encoded)."""
    base = posixpath.dirname(source)
    return link_destination(posixpath.relpath(target, base) if base else target)


def needs_angle(href: str) -> bool:
    return any(c in href for c in " \t()<>")


def retarget(line: str, source: str, new_target: Callable[[str], str | None]) -> str:
    """Rewrite each markdown link on ``line`` whose target ``new_target`` maps to a new path.

    ``new_target(target)`` gets the workspace-relative target and returns the replacement
    path, or None to leave the link alone. Fragments (``#part``) are kept.
    """
    spans = dest_spans(line)
    for span in reversed(spans):
        resolved = resolve_href(source, span.href)
        if resolved is None or resolved[0] is None:
            continue
        repl = new_target(resolved[0])
        if repl is None:
            continue
        suffix = ""
        for mark in ("#", "?"):
            cut = span.href.find(mark)
            if cut >= 0:
                suffix = span.href[cut:]
                break
        href = href_for(source, repl) + suffix
        start, end = span.start, span.end
        angled = start > 0 and line[start - 1] == "<" and end < len(line) and line[end] == ">"
        if needs_angle(href) and not angled:
            href = f"<{href}>"
        elif angled and not needs_angle(href):
            start, end = start - 1, end + 1
        line = line[:start] + href + line[end:]
    return line


def link_targets(line: str, source: str) -> list[tuple[DestSpan, str]]:
    """(span, workspace-relative target) for each local markdown link on the line."""
    out = []
    for span in dest_spans(line):
        resolved = resolve_href(source, span.href)
        if resolved is not None and resolved[0] is not None:
            out.append((span, resolved[0]))
    return out


def rewrite_wikilinks(line: str, new_name: Callable[[str], str | None]) -> str:
    """Rewrite ``[[name]]`` (keeping ``|alias`` and ``#heading``) where ``new_name`` says so."""
    if "[[" not in line:
        return line
    scan = mask_code(line)
    for m in reversed(list(WIKILINK.finditer(scan))):
        inner = line[m.start(1):m.end(1)]
        cut = len(inner)
        for mark in ("|", "#"):
            p = inner.find(mark)
            if 0 <= p < cut:
                cut = p
        name = inner[:cut]
        stripped = name.strip()
        if not stripped:
            continue
        repl = new_name(stripped)
        if repl is None or repl == stripped:
            continue
        lead = name[:len(name) - len(name.lstrip())]
        trail = name[len(name.rstrip()):]
        s = m.start(1)
        line = line[:s] + lead + repl + trail + line[s + cut:]
    return line


def prose_lines(texts: Iterable[str], first: int = 1) -> list[int]:
    """Line numbers (from ``first``) that are outside fenced code blocks."""
    return [number for number, _ in outside_fences(texts, first)]


def link_extent(line: str, span: DestSpan) -> tuple[int, int, str] | None:
    """The whole inline link around destination ``span``: (start, end, link text)."""
    open_paren = line.rfind("](", 0, span.start)
    if open_paren < 0:
        return None
    depth = 0
    start = -1
    for i in range(open_paren - 1, -1, -1):
        c = line[i]
        if c == "]":
            depth += 1
        elif c == "[":
            if depth == 0:
                start = i
                break
            depth -= 1
    if start < 0:
        return None
    end = line.find(")", span.end)
    if end < 0:
        return None
    return start, end + 1, line[start + 1:open_paren]


def unwikilink(line: str, name: str, count: int = 0) -> tuple[str, int]:
    """``line`` with each ``[[wikilink]]`` named ``name`` (outside inline code) turned into
    its plain text, the ``|alias`` when it has one, else what stood inside the brackets;
    and ``count`` plus how many went."""
    if "[[" not in line:
        return line, count
    for m in reversed(list(WIKILINK.finditer(mask_code(line)))):
        inner = line[m.start(1):m.end(1)]
        if not name or wikilink_name(inner) != name:
            continue
        _, bar, alias = inner.partition("|")
        line = line[:m.start()] + (alias.strip() if bar and alias.strip() else inner.strip()) \
            + line[m.end():]
        count += 1
    return line, count


def wikilink_spans(line: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of each ``[[wikilink]]`` outside inline code."""
    out = []
    for m in WIKILINK.finditer(mask_code(line)):
        name = wikilink_name(line[m.start(1):m.end(1)])
        if name:
            out.append((m.start(), m.end(), name))
    return out


_WIKI_NAME = re.compile(r"\[\[([^\]|#]+)")


def links_in(data: bytes | None, source: str) -> set[str]:
    """The workspace-relative targets of the markdown links in ``data`` (the bytes of the
    file at ``source``), and its ``[[name]]`` wikilinks as ``[[name]]``."""
    if not data:
        return set()
    text = data.decode("utf-8", "replace")
    found = {target for line in text.splitlines() for _span, target in
             link_targets(line, source)}
    found.update(f"[[{m.strip()}]]" for m in _WIKI_NAME.findall(text))
    return found


def linked_from(path: str, staying: dict[str, set[str]]) -> str | None:
    """The first file of ``staying`` (path → `links_in`) that links ``path``, or None: an
    undo that deletes ``path`` and leaves that file would leave a broken link (newuser34
    #7)."""
    stem = path.rsplit("/", 1)[-1].removesuffix(".md")
    return next((p for p, links in staying.items()
                 if path in links or f"[[{stem}]]" in links), None)
