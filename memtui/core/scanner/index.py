"""The index, MEMORY.md: one record per line, with its links and its kind (SPEC §1)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from memtui.core.record import Record
from memtui.core.scanner.kept import Kept
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.links import CodeSpan, Link, markdown_links_cut, resolve_href, wikilinks
from memtui.core.scanner.textfile import MAX_INDEX_BYTES, TextRead, read_text

#: The most work the markdown parser may do on an index that is not plain (about a
#: microsecond a unit, `memtui.core.scanner.links.parse_cut`): a plain one, as agents write, is read
#: without it however long; one of 64 MiB that is not would take minutes.
INDEX_PARSE_WORK = 16_000_000
#: The most of an index that is parsed (issue 30 §4 reads MEMORY.md whole up to 64 MiB): its
#: first lines, and as many of them as hold at most so many ``[`` and backticks. A 50,000-
#: memory index is ~19,000 lines; 64 MiB of blank lines would be 64 M line records (~20 GB).
MAX_INDEX_LINES = 250_000
MAX_INDEX_MARKS = 2_000_000
#: A link-less, non-heading index line wider than this (terminal columns: CJK characters
#: count two) reads as memory content.
CONTENT_LINE_CHARS = 120
#: An entry's hook wider than this (terminal columns) is content stuffed into the index
#: (newuser30 #25: a 50,000-character hook cost a quarter of the window every turn with no
#: finding); the widest hooks of the real folders' status dumps are 300–1,700 columns.
CONTENT_HOOK_CHARS = 4 * CONTENT_LINE_CHARS
HEADING = lazy_pattern(r"^ {0,3}#{1,6}(\s|$)")
_HOOK_SEP = lazy_pattern(r"^\s*(?:—|–|--|-|:|\|)\s*")


# one per line of the index: no __dict__ each (issue 35)
class IndexLine(Record):
    """One line of MEMORY.md as written.

    ``kind`` is ``entry`` (one local link), ``packed`` (two or more), ``prose`` (text, no
    local link), ``heading`` or ``blank``. ``links`` are local markdown links; ``wikilinks``
    count as references too.
    """

    __slots__ = (
        "bytes",
        "chars",
        "end_byte",
        "hook",
        "kind",
        "links",
        "number",
        "text",
        "title",
        "wikilinks",
    )

    number: int
    text: str
    kind: str
    links: list[Link]
    wikilinks: list[Link]
    title: str
    hook: str
    chars: int
    bytes: int
    end_byte: int  # bytes of the index up to and including this line

    def __init__(self, number: int, text: str, kind: str, links: list[Link] | None = None,
                       wikilinks: list[Link] | None = None, title: str = "", hook: str = "",
                       chars: int = 0, bytes: int = 0, end_byte: int = 0) -> None:
        self.number = number
        self.text = text
        self.kind = kind
        self.links = [] if links is None else links
        self.wikilinks = [] if wikilinks is None else wikilinks
        self.title = title
        self.hook = hook
        self.chars = chars
        self.bytes = bytes
        self.end_byte = end_byte

    @property
    def targets(self) -> list[str]:
        return [lk.target for lk in self.links if lk.target is not None]


class Index(Record):
    """MEMORY.md, parsed. A missing index is an empty one (``exists`` False)."""

    path: str = "MEMORY.md"
    exists: bool = False
    text: str = ""
    size: int = 0
    lines: list[IndexLine]
    code_spans: list[CodeSpan]
    problems: list[str]
    #: 1-based line each problem is about (None: the whole file), parallel to ``problems``.
    problem_lines: list[int | None]
    #: The first line not parsed, when the text is past `MAX_INDEX_LINES` or
    #: `MAX_INDEX_MARKS` (None: all of it was).
    lines_cut: int | None = None
    #: The lines that ended with a carriage return alone (`TextRead.cr_lines`).
    cr_lines: list[int]
    #: The file's modification time when it was read (0: not known): its age where the
    #: agent's MEMORY.md is a store of memories (`Profile.index_is_store`).
    mtime: float = 0.0

    def __init__(self, path: str = "MEMORY.md", exists: bool = False, text: str = "", size: int = 0,
                       lines: list[IndexLine] | None = None,
                       code_spans: list[CodeSpan] | None = None, problems: list[str] | None = None,
                       problem_lines: list[int | None] | None = None,
                       lines_cut: int | None = None, cr_lines: list[int] | None = None,
                       mtime: float = 0.0) -> None:
        self.path = path
        self.exists = exists
        self.text = text
        self.size = size
        self.lines = [] if lines is None else lines
        self.code_spans = [] if code_spans is None else code_spans
        self.problems = [] if problems is None else problems
        self.problem_lines = [] if problem_lines is None else problem_lines
        self.lines_cut = lines_cut
        self.cr_lines = [] if cr_lines is None else cr_lines
        self.mtime = mtime

    @property
    def line_count(self) -> int:
        """How many lines were parsed (``len(lines)``, without making a stored parse's
        lines: `memtui.core.caches.columns.StoredIndex`)."""
        return len(self.lines)

    @property
    def lines_said(self) -> str:
        """``N lines``; past the parse cap the file's own count and the parsed one
        (``260,001 lines (the first 250,000 parsed)``: the cap read as the file's length,
        newuser27 #34)."""
        parsed = self.line_count
        if self.lines_cut is None:
            return f"{parsed:,} line" + ("" if parsed == 1 else "s")
        total = self.text.count("\n") + (not self.text.endswith("\n"))
        return f"{total:,} lines (the first {parsed:,} parsed)"

    def kind_count(self, kind: str) -> int:
        """How many lines are of ``kind`` (entries, packed lines: the JSON report's
        counts)."""
        return sum(1 for ln in self.lines if ln.kind == kind)

    def first_lines(self, n: int) -> str:
        """The text of the first ``n`` lines parsed, joined by newlines."""
        return "\n".join(ln.text for ln in self.lines[:n])

    @property
    def entries(self) -> list[IndexLine]:
        """The entries: lines that link one memory, loaded or not (JSON ``index.entries``,
        the header's and the text report's count); packed lines are counted apart."""
        return [ln for ln in self.lines if ln.kind == "entry"]

    @property
    def packed(self) -> list[IndexLine]:
        """The packed lines: several memories' links on one line (``packed_lines``)."""
        return [ln for ln in self.lines if ln.kind == "packed"]

    @property
    def links(self) -> list[Link]:
        return [lk for ln in self.lines for lk in ln.links]


def read_index(path: Path, rel: str = "MEMORY.md") -> Index:
    """Read and parse the index file at ``path``; never raises."""
    if not path.exists():
        return Index(path=rel)
    if not path.is_file():
        return Index(path=rel, problems=[f"{rel} is not a regular file"])
    return index_of(read_text(path, MAX_INDEX_BYTES), rel)


def index_of(read: TextRead, rel: str = "MEMORY.md", idx: Index | None = None) -> Index:
    """The index a read of MEMORY.md holds: parsed, or ``idx`` when it was parsed already
    from the same text (its read's problems are added either way)."""
    if idx is None:
        idx = parse_index(read.text, rel)
    idx.exists = read.ok
    idx.size = read.size
    idx.problems.extend(read.problems)
    idx.problem_lines.extend(read.problem_lines)
    idx.cr_lines = read.cr_lines
    if read.cr_lines:  # (newuser30 #19: a CR-only index was counted as LF lines, silently)
        n = len(read.cr_lines)
        idx.problems.append(
            f"{n:,} {'line ends' if n == 1 else 'lines end'} with a carriage return alone "
            "(CR, not LF): an agent that splits MEMORY.md on line feeds, as Claude Code "
            "does, reads each with the next; save it with LF line ends")
        idx.problem_lines.append(read.cr_lines[0])
    return idx


_PLAIN_LINK = lazy_pattern(r"\[([^\[\]*`]*)\]\(([^\s()<>`]*)\)")
_PLAIN_CODE = lazy_pattern(r"`([^`]+)`")
_PLAIN_WIKI = lazy_pattern(r"\[\[[^\[\]\n]+?\]\](?!\()")
_REF_DEF = lazy_pattern(r"^ {0,3}\[")
# A list item (nested or not) whose text opens with 5+ spaces: that is indented code.
_ITEM_CODE = lazy_pattern(r"^ *(?:(?:[-*+]|\d{1,9}[.)]) {1,4})*(?:[-*+]|\d{1,9}[.)]) {5,}")
_URL_SAFE = lazy_pattern(r"[A-Za-z0-9;/?:@=+$,\-_.!~*'()#]*$")


def plain_links(text: str, rel: str = "MEMORY.md", lines: list[str] | None = None
                ) -> tuple[list[Link], list[CodeSpan]] | None:
    """The markdown links and code spans of ``text`` when it uses only the plain forms an index
    is made of (``[label](path)``, single-backtick code, ``[[wikilinks]]``), found without
    the full CommonMark parser; None when anything else appears and markdown-it must decide.

    A property test checks that whenever this answers, markdown-it answers the same.
    ``lines``: ``text.split("\n")``, when the caller has it.
    """
    if "\\" in text or "<" in text or "&" in text or "\t" in text or "![" in text \
            or "``" in text or "~~~" in text or "\r" in text or "\x00" in text:
        return None
    links: list[Link] = []
    spans: list[CodeSpan] = []
    kept = _LINES.start()
    for number, line in enumerate(text.split("\n") if lines is None else lines, start=1):
        if "[" not in line and "]" not in line and "`" not in line:
            if line.startswith("    ") and line.strip():
                return None
            continue
        got = kept.get((rel, line), lambda line=line: _plain_line(line, rel))
        if got is None:
            return None
        line_links, line_spans = got
        spans.extend(CodeSpan(number, content) for content in line_spans)
        links.extend(Link(rel, number, "markdown", href, target, label, outside)
                     for href, target, label, outside in line_links)
    return links, spans


#: `_plain_line`'s answers by (rel, line): a re-audit after one index line changed asks
#: again of that line only (issue 35: every link resolved again, ~0.45 s profiled).
_LINES: Kept[tuple[tuple[tuple[str, str | None, str, bool], ...], tuple[str, ...]] | None] \
    = Kept()


def _plain_line(line: str, rel: str
                ) -> tuple[tuple[tuple[str, str | None, str, bool], ...], tuple[str, ...]] | None:
    """`plain_links` of one line holding a bracket or a backtick: its links (href, target,
    label, outside) and its code spans' contents; None when markdown-it must decide."""
    links: list[tuple[str, str | None, str, bool]] = []
    spans: list[str] = []
    if line.startswith("    ") or line.lstrip(" ").startswith(">") or _REF_DEF.match(line) \
            or _ITEM_CODE.match(line):
        return None
    masked = line
    if "`" in line:
        for m in _PLAIN_CODE.finditer(line):
            content = m.group(1)
            if content.startswith(" ") and content.endswith(" ") and content.strip(" "):
                content = content[1:-1]
            spans.append(content)
        masked = _PLAIN_CODE.sub(lambda m: " " * len(m.group(0)), line)
        if "`" in masked:
            return None
    if "[[" in masked:
        masked = _PLAIN_WIKI.sub(lambda m: " " * len(m.group(0)), masked)
    ticked = "`" in line
    at = 0  # the end of the last link: what lies between links holds no bracket
    for m in _PLAIN_LINK.finditer(masked):
        start, end = m.span()
        if "[" in masked[at:start] or "]" in masked[at:start]:
            return None
        at = end
        label, dest = m.group(1), m.group(2)
        if "_" in label and not _underscores_inside_words(label):
            return None
        if ticked and "`" in line[start:end]:
            return None
        href = _normalize_href(dest)
        resolved = resolve_href(rel, href)
        if resolved is not None:
            links.append((href, resolved[0], label.strip(), resolved[1]))
    if "[" in masked[at:] or "]" in masked[at:]:
        return None
    return tuple(links), tuple(spans)


def _underscores_inside_words(label: str) -> bool:
    """Every ``_`` sits between two letters or digits (so it can never mean emphasis)."""
    for i, ch in enumerate(label):
        if ch == "_" and not (0 < i < len(label) - 1 and label[i - 1].isalnum()
                              and label[i + 1].isalnum()):
            return False
    return True


def _normalize_href(dest: str) -> str:
    """The href markdown-it would give a plain destination (percent-encoded like mdurl)."""
    if _URL_SAFE.match(dest):
        return dest
    import mdurl

    return mdurl.encode(mdurl.format(mdurl.parse(dest, slashes_denote_host=True)))


def index_cut(text: str) -> tuple[int, int] | None:
    """(offset, line number) of the first line of ``text`` past `MAX_INDEX_LINES` or
    `MAX_INDEX_MARKS`; None when the whole text is within both."""
    if text.count("\n") < MAX_INDEX_LINES and \
            text.count("[") + text.count("`") <= MAX_INDEX_MARKS:
        return None
    marks = at = 0
    for number in range(1, MAX_INDEX_LINES + 1):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        marks += text.count("[", at, end) + text.count("`", at, end)
        if marks > MAX_INDEX_MARKS:
            return at, number
        if end == len(text):
            return None
        at = end + 1
    return (at, MAX_INDEX_LINES + 1) if at < len(text) else None


def parse_index(text: str, rel: str = "MEMORY.md") -> Index:
    """Parse index text into lines; ``[[wikilinks]]`` and code spans are collected too.
    Only the part within `MAX_INDEX_LINES` and `MAX_INDEX_MARKS` is parsed (a problem
    names the first line left out); ``text`` is kept whole."""
    idx = Index(path=rel, exists=True, text=text, size=len(text.encode("utf-8", "replace")))
    cut = index_cut(text)
    if cut is not None:
        text = text[:cut[0]]
        idx.lines_cut = cut[1]
        idx.problems.append(f"lines from {cut[1]:,} on not parsed: an index is parsed up to "
                            f"its {MAX_INDEX_LINES:,}th line or its {MAX_INDEX_MARKS:,}th "
                            "bracket or backtick")
        idx.problem_lines.append(cut[1])
    spans: list[CodeSpan] = []
    by_line: dict[int, list[Link]] = {}
    raw_lines = text.split("\n")
    plain = plain_links(text, rel, raw_lines)  # (the same lines: what is kept by a line's
    # text is held once)
    if plain is not None:
        found, spans = plain
    else:
        found, parse_cut = markdown_links_cut(rel, text, 1, spans, most=INDEX_PARSE_WORK)
        if parse_cut is not None:
            idx.problems.append(f"links from line {parse_cut} on not checked: the text would "
                                "cost the markdown parser too much")
            idx.problem_lines.append(parse_cut)
    for lk in found:
        by_line.setdefault(lk.line, []).append(lk)
    wl_by_line: dict[int, list[Link]] = {}
    for lk in wikilinks(rel, text, 1):
        wl_by_line.setdefault(lk.line, []).append(lk)
    idx.code_spans = spans
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    running = 0
    kept = _TITLES.start()
    for number, line_text in enumerate(raw_lines, start=1):
        nbytes = len(line_text.encode("utf-8", "replace"))
        running += nbytes + 1
        links = by_line.get(number, [])
        wls = wl_by_line.get(number, [])
        if not line_text.strip():
            kind = "blank"
        elif HEADING.match(line_text):
            kind = "heading"
        elif len(links) + len(wls) >= 2:
            kind = "packed"
        elif links or wls:
            kind = "entry"
        else:
            kind = "prose"
        il = IndexLine(number, line_text, kind, links, wls, chars=len(line_text),
                       bytes=nbytes, end_byte=running)
        if kind == "entry":
            lk = links[0] if links else wls[0]
            il.title, il.hook = kept.get(
                (line_text, lk.kind, lk.raw, lk.text, lk.target),
                lambda line_text=line_text, lk=lk: _title_and_hook(line_text, lk))
        elif kind == "packed":
            il.title = line_text.split(":", 1)[0].lstrip("-*+ ").strip() if ":" in line_text \
                else ""
        idx.lines.append(il)
    return idx


#: `_title_and_hook` of the last index's entries, by the line and its link's parts.
_TITLES: Kept[tuple[str, str]] = Kept()


def _title_and_hook(text: str, link: Link) -> tuple[str, str]:
    title = link.text or link.target or ""
    pos = text.find(link.raw) if link.kind == "wikilink" else text.find("](")
    if pos < 0:
        return title, ""
    end = text.find(")", pos) if link.kind == "markdown" else pos + len(link.raw) - 1
    # Skip to the end of the link destination (balanced parentheses are allowed inside):
    # the first ``)`` when no ``(`` comes before it, as most destinations are.
    close = text.find(")", pos + 2) if link.kind == "markdown" else -1
    if close >= 0 and text.find("(", pos + 2, close) < 0:
        end = close
    elif link.kind == "markdown":
        depth = 0
        for i in range(pos + 1, len(text)):
            if text[i] == "(":
                depth += 1
            elif text[i] == ")":
                depth -= 1
                if depth == 0:
                    end = i
                    break
    hook = _HOOK_SEP.sub("", text[end + 1:], count=1).strip()
    return title, hook


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: East Asian wide and fullwidth characters count two."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wider_than(text: str, columns: int) -> bool:
    """``display_width(text) > columns``, from the text's length where that tells: each
    character takes one column or two (issue 35: an index's 4,000 hooks and lines were
    read character by character for a width none came near)."""
    n = len(text)
    if n > columns:
        return True
    if 2 * n <= columns:
        return False
    return display_width(text) > columns


def _name_char(ch: str) -> bool:
    """A character of a file name in a code span: a word character, ``.-/``, or any
    character of the Basic Multilingual Plane beyond ASCII."""
    return ch.isalnum() or ch in "._-/" or "\u0080" <= ch <= "\uffff"


def mentioned_file(span: CodeSpan) -> str | None:
    """The ``*.md`` file name a code span mentions, if it is one: the run of name characters
    ending the span in ``.md``, starting at the span's start, after a blank or after a
    ``/``. One backward pass, linear in the span (a regular expression searching from each
    ``/`` of a long span was quadratic, and one of two overlapping alternatives was
    exponential on CJK letters)."""
    text = span.content.strip()
    if len(text) < 4 or text[-3] != "." or text[-2:].lower() != "md":
        return None
    start = len(text) - 3
    while start > 0 and _name_char(text[start - 1]):
        start -= 1
    if start > 0 and not text[start - 1].isspace():
        slash = text.find("/", start)  # the run follows some other mark: after its first /
        if slash < 0:
            return None
        start = slash + 1
    return text[start:] if len(text) - start > 3 else None
