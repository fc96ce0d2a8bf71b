"""memtui's own structured state (``.memtui/``: journal records, the chat history, the chat
transcripts) read for credentials as the structure it is (newuser41 #1 #6).

Every file of the state folder is read for credentials (`memtui.core.scanner.state_files`:
a journal or a file put there can hold a real one, and a workspace must not hide one
there). Read as plain text, a JSON file's escapes made values: the history's
``"…write the user's password to notes.md.\\n\\n[memory…"`` was judged a 20-character
random-looking password (``notes.md.\\n\\n[memory``) that exists nowhere, once more at each
chat turn, and a transcript, which grows with every request, cost the audit more each turn
(1.8–2.8 s of CPU after five turns, 0.2–0.4 s without the folder). So a JSON file (the
whole text parses) or a JSONL file (every whole line parses; the last, half-written one is
read as it is) is read as its strings: each string decoded, bound to its key as
``key: value`` (``{"password": "…"}`` still binds its label; a string that is itself a JSON
object or array, a call's arguments in the OpenAI shape, is read as its strings too, once),
and only those texts go to the detector, each distinct one once in an audit (`StateReader`:
a transcript's request repeats the whole conversation, the history repeats it again), a
credential given back at the file line that writes the string. A file that is no JSON (a
note put there, a record cut in the middle) is read as text, as before: a tampered file is
never read less than as text.

Text the state only copies is said as a copy: a credential whose value the index or a file
the same state file names (a tool call's ``path``, a journal record's files) still holds
is "a copy of FILE's credential"
(that file's own finding is where it is fixed: ``fix redact`` scrubs the chat state too). A
value no longer in its source (the file was edited by hand since) is the state's own.

Cost follows what changed: `memtui.core.caches.readable` keeps, for a state file found
clean, the length and digest of what was judged; a file whose bytes start with them is
judged from there on (a transcript appended to: its new lines only, never more than the
credential check's 8 MiB of a file), and one with the same digest not at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any

from memtui.core.caches.readable import ReadableCache
from memtui.core.checks.findings import Finding, finding
from memtui.core.creds.detector import LineBudget, SecretHit
from memtui.core.scanner.continued_lines import scan_joined
from memtui.core.scanner.scan import TOO_MUCH, unchecked
from memtui.core.scanner.state_files import STATE_OPENED
from memtui.core.scanner.tail_secrets import MAX_CHECKED_BYTES
from memtui.core.scanner.textfile import head
from memtui.core.workspace import STATE_DIR, Workspace

#: A JSON text's tokens: a string, a structural character, a bare scalar, a line break.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+|\n')
#: How the detector words the rest of a value a line break cut (its line is the text's).
_REST = re.compile(r"^the rest of a value begun on line \d+")
#: Between two judged strings: a blank line (no label binds across it).
_APART = "\n\n"


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _string(token: str) -> str:
    return token[1:-1] if "\\" not in token else json.loads(token)


def strings(text: str, line: int = 1, inner: bool = False) -> Iterator[tuple[int, str]]:
    """The texts of the valid JSON ``text`` the detector reads, with the line each is
    written on (``line`` the first): each string decoded, bound to its key (``key: value``),
    a number bound to its key, a key whose value is an object or array alone. Without
    ``inner``, a string that is itself a JSON object or array is read as its strings (on
    its own line), once."""
    stack: list[str] = []
    key: str | None = None
    want_key = False
    for m in _TOKEN.finditer(text):
        t = m.group()
        c = t[0]
        if c == "\n":
            line += 0 if inner else 1
        elif c in "{[":
            if key is not None:
                yield line, f'"{key}":'
            stack.append(c)
            key, want_key = None, c == "{"
        elif c in "}]":
            if stack:
                stack.pop()
            key, want_key = None, False
        elif c == ",":
            key, want_key = None, bool(stack) and stack[-1] == "{"
        elif c == ":":
            continue
        elif want_key:
            key, want_key = (_string(t) if c == '"' else t), False
        elif c == '"':
            value = _string(t)
            nested = _json_in(value) if not inner else None
            if nested is not None:
                if key is not None:
                    yield line, f'"{key}":'
                yield from ((line, s) for _, s in strings(nested, line, True))
            else:
                yield line, f'"{value}"' if key is None else f'"{key}": "{value}"'
            key = None
        else:  # a number (true, false, null hold nothing)
            if key is not None and t not in ("true", "false", "null"):
                yield line, f'"{key}": {t}'
            key = None


def _json_in(value: str) -> str | None:
    """``value`` when it is itself a JSON object or array, else None."""
    s = value.strip()
    if len(s) < 2 or (s[0], s[-1]) not in (("{", "}"), ("[", "]")):
        return None
    try:
        json.loads(s)
    except (ValueError, RecursionError):
        return None
    return s


def _parses(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _BAD


_BAD = object()


class Texts:
    """A state file's texts for the detector: (file line, text) in file order, or None
    when the file is no JSON and no JSONL (read as text); ``parsed`` its values."""

    def __init__(self, text: str, start_line: int, whole: bool) -> None:
        self.items: list[tuple[int, str]] | None = None
        self.parsed: list[Any] = []
        if whole:
            got = _parses(text)
            if got is not _BAD:
                self.parsed.append(got)
                self.items = list(strings(text, start_line))
                return
        lines = text.split("\n")
        items: list[tuple[int, str]] = []
        for i, ln in enumerate(lines):
            if not ln.strip():
                continue
            got = _parses(ln)
            if got is _BAD:
                if i < len(lines) - 1:
                    return  # a whole line that is no JSON: no JSONL, read as text
                items.append((start_line + i, ln))  # (the last line, half written)
                continue
            self.parsed.append(got)
            items.extend(strings(ln, start_line + i))
        if self.parsed or not whole:
            self.items = items


class Judged:
    """What one state file holds: its credentials (file lines), the line from which the
    detector's bound left it unchecked (or None), and the texts' values (`Texts.parsed`)."""

    def __init__(self, hits: list[SecretHit], cut: int | None, parsed: list[Any]) -> None:
        self.hits, self.cut, self.parsed = hits, cut, parsed


def judge(data: bytes, start: int = 0,
          verdicts: dict[str, list[tuple[str, str]]] | None = None) -> Judged | None:
    """The credentials of the state file ``data`` read as its structure, from byte
    ``start`` (a line's start; what lies before it was judged clean); None when it is no
    JSON or JSONL, or not UTF-8 (read as text). ``verdicts``: each text judged already in
    this audit and what it held (shared by the state files; filled here)."""
    try:
        text = data[start:].decode("utf-8")
    except UnicodeDecodeError:
        return None
    first = data.count(b"\n", 0, start) + 1
    texts = Texts(text, first, whole=start == 0)
    if texts.items is None:
        return None
    verdicts = {} if verdicts is None else verdicts
    first_line: dict[str, int] = {}
    for line, s in texts.items:
        first_line.setdefault(s, line)
    new = [s for s in first_line if s not in verdicts]
    cut: int | None = None
    if new:
        at = [1]
        for s in new[:-1]:
            at.append(at[-1] + s.count("\n") + _APART.count("\n"))
        found, cut_at = scan_joined(_APART.join(new), budget=LineBudget())
        ends = len(new) if cut_at is None else bisect_right(at, cut_at) - 1
        for s in new[:ends]:
            verdicts[s] = []
        for h in found:
            i = bisect_right(at, h.line) - 1
            if i < ends:
                verdicts[new[i]].append((h.kind, h.value))
        if ends < len(new):
            cut = first_line[new[ends]]
            for s in new[ends:]:
                first_line.pop(s)
    hits = [SecretHit(line, _REST.sub(f"the rest of a value begun on line {line}", kind),
                      value)
            for s, line in first_line.items() for kind, value in verdicts.get(s, ())]
    hits.sort(key=lambda h: h.line)
    return Judged(hits, cut, texts.parsed)


def _named_paths(value: Any, out: set[str], depth: int = 0) -> None:
    """Every file ``value`` names by a ``path`` key, at any depth (a tool call's arguments,
    a journal record's files; arguments written as a JSON string, the OpenAI shape, read
    as one), into ``out``."""
    if depth > 64:
        return
    if isinstance(value, list):
        for v in value:
            _named_paths(v, out, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k == "path" and isinstance(v, str):
                out.add(v)
            elif isinstance(v, str) and k == "arguments":
                _named_paths(_parses(v), out, depth + 1)
            elif isinstance(v, (list, dict)):
                _named_paths(v, out, depth + 1)


def copy_said(source: str) -> str:
    """How a credential the state only copies from ``source`` ends."""
    return (f": a copy of {source}'s credential, kept in memtui's state folder (its chat "
            f"or undo journal took {source} in); fix it in {source} (fix redact scrubs the "
            "chat state and the journal too), then rotate it")


class StateReader:
    """Reads one audit's state files (see the module): the texts judged so far, the
    sources' texts read so far, the cache of what was found clean."""

    def __init__(self, ws: Workspace, cache: ReadableCache) -> None:
        self.root = str(ws.root)
        self.real = os.path.realpath(self.root)
        self.index = ws.rel(ws.index_path)
        self.cache = cache
        self.verdicts: dict[str, list[tuple[str, str]]] = {}
        self._sources: dict[str, str | None] = {}

    def findings(self, rel: str, full: str) -> list[Finding] | None:
        """``rel``'s credential findings, read as its structure; None when it is no JSON
        or JSONL (read as text by the caller) or cannot be read."""
        data = head(full, MAX_CHECKED_BYTES + 1, self.root)
        if data is None or len(data) > MAX_CHECKED_BYTES:
            return None  # (read as text: the rest is the credential check's bound's)
        start = self.cache.state_from(rel, data, digest)
        if start == len(data):
            return []
        got = judge(data, start, self.verdicts) if start else None
        if got is None:
            got = judge(data, 0, self.verdicts)
            if got is None:
                return None
        if not got.hits and got.cut is None:
            # (judged on from a line's start only: no string spans it)
            end = len(data) if data.endswith(b"\n") else data.rfind(b"\n") + 1
            self.cache.mark_state(rel, end, digest(data[:end]), digest(data))
            return []
        self.cache.forget(rel)
        sources: set[str] = {self.index}
        for value in got.parsed:
            _named_paths(value, sources)
        out = []
        for h in got.hits:
            src = next((s for s in sorted(sources) if self._holds(s, h.value)), None)
            said = STATE_OPENED if src is None else copy_said(src)
            out.append(finding("secret", rel, h.line, f"{h.kind} ({h.redacted}){said}"))
        if got.cut is not None:
            out.append(unchecked(rel, got.cut, TOO_MUCH))
        return out

    def _holds(self, path: str, value: str) -> bool:
        """Whether the workspace's file ``path`` (as the agent names it) holds ``value``
        now: read once an audit, inside the workspace, never under its state folder."""
        if path not in self._sources:
            norm = os.path.normpath(path)
            text = None
            if value and not os.path.isabs(norm) and norm != ".." and \
                    not norm.startswith(("../", STATE_DIR + "/")) and norm != STATE_DIR:
                data = head(os.path.join(self.root, norm), MAX_CHECKED_BYTES, self.real)
                text = None if data is None else data.decode("utf-8", "replace")
            self._sources[path] = text
        text = self._sources[path]
        return text is not None and bool(value) and value in text


def file_hits(full: str, root: str) -> list[SecretHit] | None:
    """The credentials of the state file ``full`` as `StateReader` finds them (their lines,
    kinds and values: a baseline's fingerprints), or None when it is read as text."""
    data = head(full, MAX_CHECKED_BYTES + 1, root)
    got = judge(data) if data is not None and len(data) <= MAX_CHECKED_BYTES else None
    return None if got is None else got.hits
