"""Links inside markdown text, with 1-based line numbers: markdown links and [[wikilinks]]."""

from __future__ import annotations

import gc
import posixpath
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING
from urllib.parse import unquote

from memtui.core.record import FrozenRecord, init_field
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.link_chunks import chunks

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

_SCHEME = lazy_pattern(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
#: ``[[inner]]``; group 1 is the inner text (name, then ``|alias`` or ``#heading``). Not
#: after ``--``: ``--[[ … ]]`` is a Lua block comment quoted as text (newuser29 #29). The
#: look behind comes after the ``[[``, not before it: the pattern then starts with its
#: literal, which ``re`` skips to, not trying the look at every character (the same matches;
#: 6× less CPU, ~3 % of a cold audit at 10,000 memories, issue 35). Nor after ``/``: a
#: path's segment, as Next.js names an optional catch-all route ``app/[[...slug]]`` (real39:
#: ``[slug]/[...slug]/[[...slug]]`` in notes on its docs was a dangling wikilink).
WIKILINK = lazy_pattern(r"\[\[(?<!--\[\[)(?<!/\[\[)([^\[\]\n]+?)\]\]")
_TICKS = lazy_pattern(r"`+")
_FENCE_OPEN = lazy_pattern(r"^ {0,3}(`{3,}|~{3,})")


class Link(FrozenRecord):
    """A link found in ``source`` at ``line``.

    For markdown links ``target`` is the workspace-relative POSIX path it points at, or None
    when it leads outside the workspace (``outside`` is then True). For wikilinks ``target``
    is the name inside the brackets (alias and heading dropped). ``text`` is a markdown
    link's label; a wikilink's is ``#`` and the name when the name spells a heading of its
    own memory (`memtui.core.scanner.headings.mark_headings`), else empty.
    """

    __slots__ = ("kind", "line", "outside", "raw", "source", "target", "text")

    source: str
    line: int
    kind: str  # "markdown" | "wikilink"
    raw: str
    target: str | None
    text: str
    outside: bool

    def __init__(self, source: str, line: int, kind: str, raw: str, target: str | None,
                       text: str = "", outside: bool = False) -> None:
        init_field(self, "source", source)
        init_field(self, "line", line)
        init_field(self, "kind", kind)
        init_field(self, "raw", raw)
        init_field(self, "target", target)
        init_field(self, "text", text)
        init_field(self, "outside", outside)


class CodeSpan(FrozenRecord):
    """Inline code (for file names mentioned in backticks instead of linked)."""

    __slots__ = ("content", "line")

    line: int
    content: str

    def __init__(self, line: int, content: str) -> None:
        init_field(self, "line", line)
        init_field(self, "content", content)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def _normal(path: str) -> bool:
    """Whether ``posixpath.normpath`` gives ``path`` (not empty, not absolute) back as it
    is: no empty, ``.`` or ``..`` part (issue 35: the index's thousands of links, each
    joined and normalised, were a third of its parse)."""
    return not (path in (".", "..") or path.startswith(("./", "../"))
                or path.endswith(("/", "/.", "/..")) or "//" in path or "/./" in path
                or "/../" in path)


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
    path = unquote(href) if "%" in href else href  # (unquote gives it back without one)
    if path.startswith("/") or "\x00" in path:
        return None, True
    base = posixpath.dirname(source)
    if _normal(path) and (not base or _normal(base)):  # as normpath gives it back
        return (f"{base}/{path}" if base else path), False
    joined = posixpath.normpath(posixpath.join(base, path))
    if joined == ".." or joined.startswith("../"):
        return None, True
    return joined, False


#: markdown-it's work on one text, estimated in units of at most about a microsecond
#: (0.1–0.8 µs measured over 16 adversarial shapes; bench/RESULTS.md, issue 31 §4). Its
#: parse is linear but its constant depends on the text: ~1 µs a character for prose, ~15
#: for each ``[``, ``*`` or ``_`` and more for each ``![``, ``](`` or ``][``, and each link
#: destination is scanned up to its next space or 32 parentheses deep (``[a](`` × 250,000
#: took 7 s, ``[`` × 1 MiB 15 s, ``![`` × 512 Ki 21 s), half a unit a character; a label no
#: ``]`` closes scans on over the tokens after it (`_label_scans`). A text may cost `WORK_PER_CHAR`
#: units a character (plus `WORK_FLOOR`): prose costs 1–2, a list of links 3–4; past
#: it, the text is parsed up to the line where the estimate runs out, and the caller says
#: so (`markdown_links_cut`). So no text costs the parser more than ~4 s a MiB.
WORK_PER_CHAR = 5
WORK_FLOOR = 100_000
_DEST_END = lazy_pattern(r"[\x00-\x20\x7f]+")  # where markdown-it ends a link destination


def _line_work(line: str) -> int:
    work = len(line) + 30 * line.count("[") + 16 * (line.count("*") + line.count("_")) + \
        24 * line.count("![") + 20 * line.count("](") + 60 * line.count("][")
    if "](" in line:
        for run in _DEST_END.split(line):
            c = run.count("](")
            if c:
                work += len(run) * min(c, 33) // 2
    return work


#: markdown-it's ``maxNesting`` (the commonmark preset's): how many labels deep a label's
#: scan looks for its ``]`` before it gives up on the rest of the paragraph
_NEST = 20
#: the characters at which markdown-it's text rule stops: each is a token of its own
_TERMINATORS = "\n!#$%&*+-:<=>@[\\]^_`{}~"
_TERMINATOR = lazy_pattern(r"[\n!#$%&*+\-:<=>@\[\\\]^_`{}~]")
#: a ``[`` or ``]`` that no backslash escapes (``\]`` closes no label), and a ``[``
_BRACKET = lazy_pattern(r"(?<!\\)(?:\\\\)*[\[\]]")
_OPEN = lazy_pattern(r"(?<!\\)(?:\\\\)*\[")
#: a line that starts a block of its own (blank, a list item, a heading, a fence): no label
#: left open above it is scanned past it
_NEW_BLOCK = lazy_pattern(r"\s*$|\s*(?:[-+*]|1[.)])\s+\S|\s{0,3}(?:#{1,6}(?:\s|$)|```|~~~)")
#: units a token costs each open label that steps over it (`_label_scans`)
SCAN_WORK = 1
_NO_LIMIT = 1 << 62


def _tokens(part: str) -> int:
    """Tokens markdown-it's inline rules see in ``part``, at most: each terminator, and a run
    of text between two."""
    terms = len(_TERMINATOR.findall(part))
    return min(2 * terms + 1, len(part))


def _label_scans(line: str, depth: int, most: int) -> tuple[int, int]:
    """markdown-it's work in ``line`` on link labels that are open, and how many are open at
    its end (``depth`` at its start): each ``[`` scans token by token for its ``]``, and one
    that none closes scans on through the paragraph till ``_NEST`` more are open under it
    (``[[(<]:`` repeated: ~600 Python lines a character, where the counts above say ~11
    units). Stops once past ``most``."""
    work = at = 0
    while True:
        if not depth:
            m = _OPEN.search(line, at)
            if m is None:
                return work, 0
            depth, at = 1, m.end()
        m = _BRACKET.search(line, at)
        end = m.end() if m else len(line)
        tokens = _tokens(line[at:end]) + (m is None)  # the line's end is a token too
        work += min(depth, _NEST) * tokens * SCAN_WORK
        if m is None or work > most:
            return work, depth
        depth += 1 if m.group()[-1] == "[" else -1
        at = end


def parse_cut(text: str, most: int | None = None) -> int | None:
    """The offset of the first line at which markdown-it's estimated work on ``text`` runs
    past its allowance (`WORK_PER_CHAR` a character plus `WORK_FLOOR`, and at most
    ``most``); None: within it."""
    allowed = WORK_FLOOR + WORK_PER_CHAR * len(text)
    if most is not None:
        allowed = min(allowed, most)
    dests = text.count("](")
    opens = text.count("[")
    bound = len(text) + 30 * opens + 16 * (text.count("*") + text.count("_")) + \
        24 * text.count("![") + 20 * dests + 60 * text.count("][") + \
        (len(text) * min(dests, 33) // 2 if dests else 0)
    if opens:  # every token under as many open labels as there are `[`, up to _NEST
        terms = sum(map(text.count, _TERMINATORS))
        bound += min(opens, _NEST) * SCAN_WORK * (
            2 * terms + opens + text.count("]") + 2 * text.count("\n") + 2)
    if bound <= allowed:  # within even if every destination ran to the end: nothing to count
        return None
    return _walk(text, allowed)[0]


def parse_work(text: str) -> int:
    """markdown-it's estimated work on ``text`` (`parse_cut`'s units), all of it."""
    return _walk(text, None)[1]


def _walk(text: str, allowed: int | None) -> tuple[int | None, int]:
    """(the offset of the line where the work runs past ``allowed``, or None; the work up
    to there)."""
    work = at = depth = 0
    for line in text.split("\n"):
        if depth and _NEW_BLOCK.match(line):
            depth = 0
        work += _line_work(line) + 1
        if depth or "[" in line:
            scans, depth = _label_scans(line, depth,
                                        _NO_LIMIT if allowed is None else allowed - work)
            work += scans
        if allowed is not None and work > allowed:
            return at, work
        at += len(line) + 1
    return None, work


def markdown_links(source: str, text: str, first_line: int = 1,
                   code_spans: list[CodeSpan] | None = None) -> list[Link]:
    """Markdown links (inline and reference style) in ``text``; images are not links.

    ``first_line`` is the file line ``text`` starts at. Inline code spans are appended to
    ``code_spans`` when a list is given. Bounded: see `markdown_links_cut`.
    """
    return markdown_links_cut(source, text, first_line, code_spans)[0]


def markdown_links_cut(source: str, text: str, first_line: int = 1,
                       code_spans: list[CodeSpan] | None = None, most: int | None = None
                       ) -> tuple[list[Link], int | None]:
    """`markdown_links`, and the file line from which links were not looked for (None: all
    were): a text that would cost markdown-it more than its allowance (`parse_cut`, at
    most ``most``) is parsed up to the line where the allowance runs out."""
    if "](" not in text and "]:" not in text and "][" not in text and (
            code_spans is None or "`" not in text):
        return [], None
    cut = parse_cut(text, most)
    cut_line = None
    if cut is not None:
        cut_line = first_line + text.count("\n", 0, cut)
        text = text[:cut]
    parts = chunks(text) if code_spans is None else None
    if parts is not None:  # only the parts that can hold a link (`link_chunks`)
        links: list[Link] = []
        for line, part in parts:
            links += _markdown_links(source, part, first_line + line, None)
        return links, cut_line
    return _markdown_links(source, text, first_line, code_spans), cut_line


def _markdown_links(source: str, text: str, first_line: int,
                    code_spans: list[CodeSpan] | None) -> list[Link]:
    links: list[Link] = []
    collecting = gc.isenabled()
    gc.disable()  # a token tree makes many objects and no cycles: skip the sweeps
    try:
        tokens = _parser().parse(text)
    except Exception:  # markdown-it is robust, but a finding beats a crash
        return []
    finally:
        if collecting:
            gc.enable()
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


_EXTENSION = lazy_pattern(r"[^./][^/]*\.[A-Za-z0-9]{1,8}$")


def looks_like_path(href: str) -> bool:
    """A link destination that names a file: it has a ``/`` or a file extension. Others
    (``translation``, ``12B``) are glosses in parentheses that CommonMark reads as links."""
    path = href.split("#", 1)[0].split("?", 1)[0]
    return "/" in path or "\\" in path or bool(_EXTENSION.search(path))


#: An editor's position after a file's name, as VS Code, compilers and ``grep -n`` write it
#: (``FormRepository.cs:236``, ``Makefile:12:5``): a file's name, then one or two
#: ``:number`` (``#L236``, GitHub's, is a fragment, dropped with the rest).
_POSITION = lazy_pattern(r"^(.*?[^/:]):\d{1,7}(?::\d{1,7})?$")


def without_position(href: str) -> str | None:
    """``href`` without an editor's ``:line[:col]`` after its file's name (its fragment and
    query kept), or None when it has none: ``src/Repo.cs:236`` → ``src/Repo.cs``. A link
    written so names the file, opened at that line (real35: a false ``broken_link``)."""
    cut = len(href)
    for mark in ("#", "?"):
        at = href.find(mark)
        if 0 <= at < cut:
            cut = at
    m = _POSITION.match(href, 0, cut)
    return None if m is None else m.group(1) + href[cut:]


def names_a_route(href: str) -> bool:
    """A root-relative destination whose last segment has no file extension (``/pricing/``,
    ``/api/health``): a page of a web site (the site's own root, as a browser reads a link
    that starts with one ``/``) or a folder of a disk, never a file the agent opens. Found
    nowhere, it is no broken link (real27: a memory planning a site's internal links)."""
    path = href.strip().split("#", 1)[0].split("?", 1)[0]
    if not path.startswith("/") or path.startswith("//"):
        return False
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return not _EXTENSION.search(last)


def names_a_folder(href: str) -> bool:
    """A destination written as a folder: its path ends with ``/`` (``notes/``). The writer
    meant the folder; one that is there is no broken link (real26)."""
    path = href.strip().split("#", 1)[0].split("?", 1)[0]
    return path.endswith("/") and path.strip("/") not in ("", ".", "..")


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
    """``line`` with inline code spans blanked out (same length, so positions hold).

    A run of backticks opens a span that the next run of the same length closes (as in
    CommonMark); a run nothing closes is text. Linear: each length's runs are visited once
    (a regex of ``(`+)(.+?)\\1`` took 1.4 s on 4,000 backticks, and grew as their cube)."""
    if "`" not in line:
        return line
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(line)]
    by_length: dict[int, list[int]] = {}
    for i, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(i)
    seen = dict.fromkeys(by_length, 0)  # how far each length's list has been passed
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        same, at = by_length[end - start], seen[end - start]
        while at < len(same) and same[at] <= i:
            at += 1
        seen[end - start] = at
        if at < len(same):
            spans.append((start, runs[same[at]][1]))
            i = same[at] + 1
        else:
            i += 1
    if not spans:
        return line
    parts, last = [], 0
    for start, end in spans:
        parts += [line[last:start], " " * (end - start)]
        last = end
    parts.append(line[last:])
    return "".join(parts)


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
    """The folded spelling used for fuzzy wikilink matches: case, ``-``/``_``, the Unicode
    form (NFC or NFD: newuser25 #13) and the width (NFKC: half-width katakana ``ﾒﾓ`` is
    ``メモ``, full-width ``－`` is ``-``; newuser37 #25) ignored."""
    if name.isascii():
        return name.casefold().replace("_", "-")
    return unicodedata.normalize("NFKC", name).casefold().replace("_", "-")
