"""One memory file: frontmatter (tolerant of real-world drift) and body (SPEC §1).

Frontmatter is split and loaded by python-frontmatter's handler protocol with memtui's own
handler (`handler`): its split knows the fences memtui accepts (``---`` or ``...`` to close,
an unclosed one), and its load is the hardened YAML reader (`load_yaml`: aliases that expand
too far or refer to themselves are refused). python-frontmatter, and YAML with it, is
imported only when a frontmatter needs more than the plain ``key: value`` reader.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable
from typing import Any

from memtui.core.checks.findings import Finding, finding
from memtui.core.record import Record
from memtui.core.scanner.impossible_date import unreadable
from memtui.core.scanner.lazy_pattern import lazy_pattern

KNOWN_TYPES = ("user", "feedback", "project", "reference")
DATE_KEYS = ("modified", "updated", "recorded", "date")
#: Values a frontmatter may hold once its YAML aliases are expanded (a "billion laughs"
#: of a kilobyte expands to a billion): far above any real frontmatter.
MAX_EXPANDED_VALUES = 5_000
_LENIENT_KEY = lazy_pattern(r"^(\s*)([A-Za-z_][\w-]*)\s*:\s*(.*)$")
_FENCE = lazy_pattern(r"^-{3,}\s*$")
#: The newline before a line that closes frontmatter: a fence, or ``...``, with only
#: whitespace after it (a match may run on over blank lines: the line it starts on is still
#: such a line). Starting with the newline lets the search skip to each newline at once.
_CLOSING = lazy_pattern(r"\n(?:-{3,}|\.\.\.)\s*$", re.M)

#: The message of the older-format finding (the audit gathers these into one).
TOP_LEVEL_TYPE = "'type' is at the top level instead of under 'metadata'"


# one per memory: no __dict__ each (issue 35)
class MemoryFile(Record):
    """What the audit knows of one memory file. ``line`` numbers are 1-based file lines."""

    __slots__ = (
        "body_offset",
        "body_start",
        "description",
        "findings",
        "has_frontmatter",
        "meta",
        "name",
        "path",
        "size",
        "text",
        "type",
    )

    path: str
    name: str | None
    description: str | None
    type: str | None
    meta: dict[str, Any]
    has_frontmatter: bool
    body_start: int
    text: str
    size: int
    findings: list[Finding]
    #: Where the body starts in ``text`` (the body is not kept twice: 10,000 memories would
    #: hold every body again).
    body_offset: int

    def __init__(self, path: str, name: str | None = None, description: str | None = None,
                       type: str | None = None, meta: dict[str, Any] | None = None,
                       has_frontmatter: bool = False, body_start: int = 1, text: str = "",
                       size: int = 0, findings: list[Finding] | None = None,
                       body_offset: int = 0) -> None:
        self.path = path
        self.name = name
        self.description = description
        self.type = type
        self.meta = {} if meta is None else meta
        self.has_frontmatter = has_frontmatter
        self.body_start = body_start
        self.text = text
        self.size = size
        self.findings = [] if findings is None else findings
        self.body_offset = body_offset

    @property
    def body(self) -> str:
        """The text after the frontmatter (all of it when there is none)."""
        return self.text[self.body_offset:] if self.body_offset else self.text

    @property
    def stem(self) -> str:
        base = self.path.rsplit("/", 1)[-1]
        return base[:-3] if base.lower().endswith(".md") else base

    @property
    def key(self) -> str:
        """The name wikilinks should use: frontmatter ``name``, else the file stem."""
        return self.name or self.stem

    def date_value(self) -> tuple[str, Any] | None:
        """The first frontmatter date (top level, then under ``metadata``)."""
        sub = self.meta.get("metadata")
        for source in (self.meta, sub if isinstance(sub, dict) else {}):
            for key in DATE_KEYS:
                if source.get(key) not in (None, ""):
                    return key, source[key]
        return None


#: What `keys_only` leaves in a description: its truth value (a description is never empty).
DESCRIBED = "(description let go of)"


def keys_only(mfs: Iterable[MemoryFile],
              shared: dict[tuple[str, ...], dict[str, None]] | None = None) -> None:
    """Let go of the frontmatter values that nothing after the scan reads in a one-shot
    audit (``memtui audit``), once the scans are stored, or when none is (issue 35: ~530
    bytes a memory, ~25 MB at 50,000, before the derivation's peak). Each ``meta`` becomes
    its top-level keys, each mapped to None (one mapping shared by every memory with the
    same keys, never changed): `memtui.core.checks.noise` reads only which keys there are.
    Each ``description`` becomes `DESCRIBED`: read only for its truth value
    (`memtui.core.checks.noise`), the scan's sketch made from it already. Not for a scan a
    screen shows or a cache stores. ``shared``: the mappings shared so far (by their keys),
    for memories let go of a few at a time."""
    if shared is None:
        shared = {}
    for mf in mfs:
        meta = mf.meta  # (kept whole when its name or description is mistyped: noise reads it)
        if meta and not (wrong_kind(meta.get("name")) or wrong_kind(meta.get("description"))):
            keys = tuple(meta)
            if all(type(k) is str for k in keys):
                got = shared.get(keys)
                if got is None:
                    got = shared[keys] = dict.fromkeys(keys)
                mf.meta = got
            else:  # (keys YAML made of numbers or dates: equal ones may print otherwise)
                mf.meta = dict.fromkeys(keys)
        if mf.description is not None:
            mf.description = DESCRIBED


def split_frontmatter(text: str) -> tuple[str | None, str, int, bool]:
    """Split ``text`` into (frontmatter, body, body_start_line, terminated).

    ``frontmatter`` is None when the file does not open with a ``---`` fence.
    """
    fm, offset, start, terminated = frontmatter_span(text)
    return fm, text[offset:] if offset else text, start, terminated


def frontmatter_span(text: str) -> tuple[str | None, int, int, bool]:
    """Like ``split_frontmatter``, with the body's offset in ``text`` instead of the body;
    reads only as far as the closing fence."""
    if not text.startswith("---"):
        return None, 0, 1, True
    end = text.find("\n")
    if not _FENCE.match(text if end < 0 else text[:end]):
        return None, 0, 1, True
    if end < 0:  # the opening fence and nothing else
        return "", len(text), 2, False
    start = end + 1
    close = _CLOSING.search(text, end)
    if close is None:
        return text[start:], len(text), text.count("\n", start) + 3, False
    pos = close.start() + 1
    nl = text.find("\n", pos)
    return (text[start:pos - 1] if pos > start else "", len(text) if nl < 0 else nl + 1,
            text.count("\n", 0, pos) + 2, True)


_SIMPLE_KEY = lazy_pattern(r"([A-Za-z_][\w-]*):(?: (.*))?$")
#: Words YAML reads as bools or null (and a few it might).
_RESERVED_WORDS = frozenset(["yes", "no", "true", "false", "on", "off", "null", "~", "y", "n"])
_RESERVED_LONGEST = max(map(len, _RESERVED_WORDS))
_DATE = lazy_pattern(r"\d{4}-\d\d-\d\d$")
_PLAIN_BAD_START = frozenset("-?:,[]{}#&*!|>'\"%@`+.0123456789=<~")


def _simple_scalar(value: str) -> tuple[bool, Any]:
    """(ok, value) for a scalar the fast reader is sure YAML reads the same way."""
    value = value.strip(" ")
    # (a tab is not printable: ``isprintable`` refuses it too)
    if not value or not value.isprintable():
        return False, None
    first = value[0]
    if first == '"':
        inner = value[1:-1]
        ok = len(value) >= 2 and value[-1] == '"' and '"' not in inner and "\\" not in inner
        return ok, inner
    if first == "'":
        inner = value[1:-1]
        return len(value) >= 2 and value[-1] == "'" and "'" not in inner, inner
    # A date opens with a digit (``\d``: a character ``isdecimal`` holds); a reserved word
    # has at most 5 letters, and lower-casing never shortens a string.
    if first.isdecimal() and _DATE.match(value):
        import datetime as dt

        try:
            return True, dt.date.fromisoformat(value)
        except ValueError:
            return False, None
    if first in _PLAIN_BAD_START or (len(value) <= _RESERVED_LONGEST and
                                     value.lower() in _RESERVED_WORDS) \
            or ": " in value or " #" in value or value[-1] == ":":
        return False, None
    return True, value


def simple_yaml(fm: str) -> dict[str, Any] | None:
    """Read frontmatter made only of ``key: value`` lines (and one level of nesting) without
    the YAML parser; None when anything is beyond that, and YAML must decide.

    Every value it accepts is one YAML reads identically (plain and simply quoted strings,
    ISO dates); anything that could be a number, a bool, null, a list or invalid is refused.
    """
    out: dict[str, Any] = {}
    parent: dict[str, Any] | None = None
    indent = ""
    match, intern = _SIMPLE_KEY.match, sys.intern
    for line in fm.split("\n"):
        stripped = line.lstrip(" ")
        if not stripped:
            continue
        lead = line[: len(line) - len(stripped)] if len(stripped) != len(line) else ""
        m = match(stripped)
        if m is None:
            return None
        key, value = m.groups()
        if len(key) <= _RESERVED_LONGEST and key.lower() in _RESERVED_WORDS:
            return None
        # Keys (and types) repeat in every memory: one string each (issue 35: ~3 MB of
        # copies at 10,000 memories, held by the app for the session).
        key = intern(key)
        if lead:
            if parent is None or (indent and lead != indent):
                return None
            indent = lead
            target = parent
        else:
            if parent is not None and not parent:
                return None  # "key:" with nothing under it is null in YAML: let YAML say so
            parent = None
            target = out
        if value is None or not value.strip(" "):
            if lead:
                return None
            parent, indent = {}, ""
            out[key] = parent
            continue
        ok, parsed = _simple_scalar(value)
        if not ok:
            return None
        target[key] = intern(parsed) if key == "type" and type(parsed) is str else parsed
    if (parent is not None and not parent) or not out:
        return None
    return out


def lenient_fields(fm: str) -> dict[str, Any]:
    """Recover simple ``key: value`` pairs from frontmatter YAML refused to parse."""
    out: dict[str, Any] = {}
    meta: dict[str, Any] = {}
    in_meta = False
    for line in fm.split("\n"):
        m = _LENIENT_KEY.match(line)
        if not m:
            continue
        indent, key, value = m.groups()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if not indent:
            in_meta = key == "metadata" and not value
            if not in_meta:
                out[key] = value
        elif in_meta:
            meta[key] = value
    if meta:
        out["metadata"] = meta
    return out


def parse_memory(path: str, text: str, size: int = 0, *, expect_frontmatter: bool = True
                 ) -> MemoryFile:
    """Parse a memory file's text. Never raises: every problem becomes a finding."""
    mf = MemoryFile(path=path, text=text, size=size or len(text.encode("utf-8", "replace")))
    fm, mf.body_offset, mf.body_start, terminated = frontmatter_span(text)
    if fm is None:
        if text.strip() and expect_frontmatter:
            mf.findings.append(finding("frontmatter", path, 1, "no frontmatter: the file has no "
                                       "name, description or type", "info"))
        elif not text.strip():
            mf.findings.append(finding("frontmatter", path, 1, "empty file"))
        return mf
    mf.has_frontmatter = True
    if not terminated:
        mf.findings.append(finding("frontmatter", path, 1,
                                   "frontmatter is never closed with '---'"))
        meta: Any = lenient_fields(fm)
    else:
        meta = simple_yaml(fm) if fm.strip() else {}
        if meta is None:
            meta = _yaml_fields(mf, fm)
    if not isinstance(meta, dict):
        mf.findings.append(finding("frontmatter", path, 2,
                                   "frontmatter is not a mapping of keys to values"))
        return mf
    mf.meta = meta
    _read_fields(mf)
    return mf


def _yaml_fields(mf: MemoryFile, fm: str) -> Any:
    """Frontmatter the fast reader left to YAML (imported only then: most never need it);
    a problem becomes a finding and the fields are recovered line by line."""
    import yaml

    try:
        return handler().load(fm)
    except AliasBomb as exc:
        mf.findings.append(finding("frontmatter", mf.path, exc.line,
                                   f"{exc}; fields recovered line by line"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(exc, "problem", None) or "invalid YAML"
        mf.findings.append(finding("frontmatter", mf.path, line,
                                   f"invalid YAML in frontmatter: {problem}; "
                                   "fields recovered line by line"))
    except Exception as exc:  # the C loader can raise odd errors on odd bytes
        mf.findings.append(unreadable(mf.path, fm, exc))
    return lenient_fields(fm)


@functools.cache
def handler() -> Any:
    """python-frontmatter's handler for memory files, made on first use: use it as
    ``frontmatter.parse(text, handler=handler())``; loading may raise ``AliasBomb`` or a
    ``yaml.YAMLError``."""
    from frontmatter.default_handlers import BaseHandler

    class MemoryHandler(BaseHandler):
        FM_BOUNDARY = _FENCE
        START_DELIMITER = END_DELIMITER = "---"

        def detect(self, text: str) -> bool:
            return frontmatter_span(text)[0] is not None

        def split(self, text: str) -> tuple[str, str]:
            """(frontmatter, body) as memtui splits them; ValueError when there is no
            frontmatter (python-frontmatter then keeps the text as it is)."""
            fm, body, _start, _closed = split_frontmatter(text)
            if fm is None:
                raise ValueError("no frontmatter")
            return fm, body

        def load(self, fm: str, **kwargs: object) -> Any:
            if not fm.strip():
                return {}
            fast = simple_yaml(fm)
            return fast if fast is not None else load_yaml(fm)

        def export(self, metadata: dict[str, object], **kwargs: object) -> str:
            raise NotImplementedError("memtui edits frontmatter as text, never re-dumps it")

    return MemoryHandler()


class AliasBomb(Exception):
    """YAML whose aliases expand too far; ``line`` is the file line of the key holding it."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def load_yaml(fm: str) -> Any:
    """The frontmatter ``fm`` as YAML, refusing (AliasBomb) a document whose aliases expand
    to more than MAX_EXPANDED_VALUES values or refer to themselves: constructing one is cheap,
    but anything that walks or prints it would run for minutes and take gigabytes."""
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if "*" not in fm:  # no alias: nothing can expand
        return yaml.load(fm, Loader=loader_class)
    loader = loader_class(fm)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expansion(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _check_expansion(root: Any) -> None:
    import yaml

    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: Any) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise AliasBomb("frontmatter YAML has an alias that contains itself", 0)
        open_nodes.add(key)
        n = 1
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                n += size(child)
                if n > MAX_EXPANDED_VALUES:
                    break
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                n += size(k) + size(v)
                if n > MAX_EXPANDED_VALUES:
                    break
        open_nodes.discard(key)
        sizes[key] = n
        return n

    pairs = root.value if isinstance(root, yaml.MappingNode) else [(root, root)]
    total = 1
    for k, v in pairs:
        try:
            total += size(k) + size(v)
        except AliasBomb as exc:
            raise AliasBomb(str(exc), k.start_mark.line + 2) from None
        except RecursionError:
            raise AliasBomb("frontmatter YAML is nested too deeply",
                            k.start_mark.line + 2) from None
        if total > MAX_EXPANDED_VALUES:
            raise AliasBomb(f"frontmatter YAML aliases expand to more than "
                            f"{MAX_EXPANDED_VALUES:,} values (an alias bomb); not expanded",
                            k.start_mark.line + 2)


def _text_value(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (str, int, float)):
        s = str(value).strip()
        return s or None
    return None


def wrong_kind(value: Any) -> str | None:
    """What a frontmatter value meant as text is instead ("a list", "a mapping", "a date"),
    None when it is absent or text (a number reads as text)."""
    if value is None or isinstance(value, (str, int, float)):
        return None
    return {list: "a list", dict: "a mapping"}.get(type(value), f"a {type(value).__name__}")


def _read_fields(mf: MemoryFile) -> None:
    meta = mf.meta
    mf.name = _text_value(meta.get("name"))
    mf.description = _text_value(meta.get("description"))
    sub = meta.get("metadata")
    sub_type = _text_value(sub.get("type")) if isinstance(sub, dict) else None
    top_type = _text_value(meta.get("type"))
    mf.type = sub_type or top_type
    for key, value in (("name", mf.name), ("description", mf.description)):
        if value is None:  # a list or a mapping is not "no name": say what it is instead
            kind = wrong_kind(meta.get(key))
            mf.findings.append(finding("frontmatter", mf.path, 1, (
                f"frontmatter '{key}' is {kind}, not text" if kind else
                f"frontmatter has no '{key}'")))
    if mf.type is None:
        kind = "text" if isinstance(sub, str) else None if isinstance(sub, dict) else \
            wrong_kind(sub)
        mf.findings.append(finding("frontmatter", mf.path, 1, (
            "frontmatter has no 'type' (expected under 'metadata'" +
            (f", which is {kind}, not a mapping)" if kind else ")"))))
    elif sub_type is None:
        mf.findings.append(finding("frontmatter", mf.path, _key_lines(mf.text).get("type", 1),
                                   TOP_LEVEL_TYPE,
                                   "info"))
    if mf.type is not None and mf.type not in KNOWN_TYPES:
        mf.findings.append(finding("frontmatter", mf.path, _key_lines(mf.text).get("type", 1),
                                   f"unknown type '{mf.type}' (expected one of "
                                   f"{', '.join(KNOWN_TYPES)})", "info"))


def _key_lines(text: str) -> dict[str, int]:
    """1-based line of the first occurrence of each frontmatter key (for finding anchors)."""
    out: dict[str, int] = {}
    for i, line in enumerate(text.split("\n")[1:60], start=2):
        if _FENCE.match(line):
            break
        m = _LENIENT_KEY.match(line)
        if m:
            out.setdefault(m.group(2), i)
    return out
