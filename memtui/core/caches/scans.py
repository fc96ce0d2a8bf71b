"""Each file's scan kept in the user cache between runs, so a warm audit reads only stat
results and this file, no memory file's bytes.

An entry is keyed by the file's path and stat key (mtime_ns, size, inode, ctime_ns:
`memtui.core.scanner.share.key_of`) and remembers when it was made. It is trusted on its key
alone only when the file's last change (the later of its mtime and ctime) lies well before
that moment (more than `GRANULARITY_NS`): a file written again within the same tick of its
filesystem's clock can keep its whole key. Otherwise (*ambiguous*) the file is read and its
content hash compared with the scan's. The ctime is what makes the key hold against a
workspace's own writer: ``os.utime`` sets an old mtime back, never the ctime, so a file
rewritten in place to its old size and mtime, or deleted and made again on a reused inode,
has a new key (what the cache trusts: SECURITY.md, "What the caches trust").

The cache's version is derived from the code that makes scans (the source of every module
the scan runs, detect-secrets' version, memtui's, Python's), never bumped by hand: a new
memtui or detect-secrets never trusts a stale "clean" verdict.

The file is hostile data too. It is read and written as every cache file is
(`memtui.core.caches.store`: a folder of this user's reached without a link, a regular file
of this user's, no larger than `MAX_BYTES`); every entry's every field is checked for its
type as it is read, and any entry that does not fit is dropped (the file is scanned
again). The file is a sequence of marshal objects, each after its length: the entries in
chunks of `CHUNK`, MEMORY.md's parsed lines in chunks of `CHUNK`, then a header (with the
count of each) and its length again, last, so that reading and writing it give way to the
screen between chunks (`read_parts`, `write_parts`) and a one-shot audit writes its
scans as it makes them (`ScanStore`'s stream); where marshal can refuse code objects
(3.13 on), it does. Writes are atomic (`memtui.core.caches.store.Replacement`: a new
temporary file in the cache folder, then a rename, both relative to the folder opened
without links). A scan holding a credential is stored without its value: each one's line,
rule, place in the text, length and masked form (`memtui.core.creds.placed`), its findings
checked against them as they are read back; the value is taken from the file again when
something needs it (a baseline, the preview), so no credential is ever in the cache. Scans
whose file could not be read, or holding a credential that could not be placed, are
never stored: a read problem is asked again (but a file past the read cap, read for its
head: its size, in the key, decides that; `memtui.core.scanner.textfile.lasting`).

The module is past 500 lines: one concept, the scan cache (its file's parts, the store,
and a scan's and MEMORY.md's parse's encoding, read back field by field).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from memtui.core.caches import store as cache_file
from memtui.core.caches.checks_version import version as version
from memtui.core.caches.scan_secrets import (
    Unstorable,
    file_text,
    scrubbed,
    scrubbed_bytes,
    unscrubbed,
    unscrubbed_bytes,
    values_of,
)
from memtui.core.caches.store import cache_dir, read_cache, save_parts
from memtui.core.checks.contradiction import MOST as CLAIMS_MOST
from memtui.core.checks.findings import SEVERITY_RANK, Finding
from memtui.core.checks.near_duplicate_sketch import MAX_BYTES as MAX_SKETCH_BYTES
from memtui.core.checks.near_duplicate_store import unpack
from memtui.core.creds.detector import MAX_HITS
from memtui.core.creds.placed import all_placed, stripped, unstripped
from memtui.core.scanner.index import Index, IndexLine
from memtui.core.scanner.links import CodeSpan, Link
from memtui.core.scanner.memory_file import MemoryFile
from memtui.core.scanner.scan import WHY_PAIRS, FileScan, secret_finding
from memtui.core.scanner.share import NO_KEY, Key, changed_ns
from memtui.core.scanner.shared_empty import EMPTY_LIST
from memtui.core.scanner.textfile import lasting

MAX_BYTES = 512 * 1024 * 1024  # a cache file past this is not read
MAX_ENTRIES = 1_000_000
CHUNK = 1000  # entries per marshal object in the file
MAX_FILES = 64  # scan caches (one per workspace) kept in the cache folder
#: How close to the moment of its scan a file's mtime may be before the entry is ambiguous
#: (FAT's clock ticks every 2 seconds; most others far finer).
GRANULARITY_NS = 2_000_000_000
MAGIC = "memtui-scans"


def ambiguous(key: Key, made_ns: int) -> bool:
    """Whether a file whose stat key is ``key`` may have been written after (or in the same
    tick as) the moment ``made_ns`` its content was read: its key cannot vouch for it."""
    return changed_ns(key) + GRANULARITY_NS >= made_ns


class Settled:
    """Whether a file read clean may be remembered by the stat key its listing gave: only
    when no folder on its path (up to the workspace) changed since the walk began
    (redteam35). A folder swapped for another (``renameat2`` exchange), or a file renamed
    over another, leaves the file listed untouched — its key, ctime included — while the
    read meets the other one; but it changes the folder's ctime. So a credential file
    listed, a clean twin read in its place, and the two swapped back, left the file
    remembered clean under its own key: the next audits, with nothing writing, passed it
    (exit 0 on integ, 2 runs in 8; a memory's scan, 5 in 8). One ``stat`` a folder, once.
    Used by the scan cache (`memtui.core.audit`) and the readable cache
    (`memtui.core.scanner.readable`)."""

    def __init__(self, started_ns: int, root: str) -> None:
        self.before = started_ns - GRANULARITY_NS
        self.root = root.rstrip(os.sep) or os.sep
        self.known: dict[str, bool] = {}
        #: Each file's folder → `path`'s answer for a file in it (its folders' `known`
        #: answers never change once taken: a folder's chain is walked once, not once for
        #: each of its files, twice a file; issue 35: 31 → 15 ms at 10,000 memories).
        self.chains: dict[str, bool] = {}

    def path(self, full: str) -> bool:
        folder = os.path.dirname(full)
        ok = self.chains.get(folder)
        if ok is None:
            ok = self.chains[folder] = self._chain(folder)
        return ok

    def _chain(self, folder: str) -> bool:
        while True:
            ok = self.known.get(folder)
            if ok is None:
                try:
                    st = os.stat(folder)
                    ok = max(st.st_ctime_ns, st.st_mtime_ns) < self.before
                except OSError:
                    ok = False
                self.known[folder] = ok
            if not ok:
                return False
            if len(folder) <= len(self.root) or not folder.startswith(self.root):
                return True
            up = os.path.dirname(folder)
            if up == folder:
                return True
            folder = up


def workspace_file(root: Path, prefix: str, suffix: str) -> Path | None:
    """The cache folder's file of the workspace at ``root``, named ``prefix`` + a digest of
    its path + ``suffix`` (None: caching is off)."""
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:24]
    return folder / f"{prefix}{digest}{suffix}"


def cache_path(root: Path) -> Path | None:
    """The cache file of the workspace at ``root`` (None: caching is off)."""
    return workspace_file(root, "scans-", ".marshal")


def prune(folder: Path, keep: Path, most: int | None = None, prefix: str = "scans-",
          suffix: str = ".marshal") -> None:
    """Delete the least recently written scan caches of ``folder`` beyond ``most`` (default
    `MAX_FILES`; workspaces that are gone leave theirs behind); only regular files named as
    this module names them (or ``prefix``...``suffix``: the derived caches), never
    ``keep``."""
    cache_file.prune(folder, keep, MAX_FILES if most is None else most, prefix, suffix)


def _go_on() -> None:
    pass


def _object(data: memoryview) -> Any:
    # No code objects where marshal can refuse them (3.13 on): nothing here is code.
    if sys.version_info >= (3, 13):
        return marshal.loads(data, allow_code=False)
    return marshal.loads(data)


def _framed(blob: bytes) -> bytes:
    return len(blob).to_bytes(8, "little") + blob


def _index_head(entry: Any) -> tuple[Any, list[Any] | None]:
    """(the header's item for MEMORY.md's parse, its lines to write in chunks after it):
    a parse is ``(digest, (lines, code spans), findings)``, its lines encoded or not yet
    (`IndexLine`s, encoded here a chunk at a time); anything else is written as it is."""
    if type(entry) is tuple and len(entry) == 3 and type(entry[1]) is tuple and \
            len(entry[1]) == 2 and type(entry[1][0]) is list:
        digest, (lines, spans), findings = entry
        return (digest, -(-len(lines) // CHUNK), spans, findings), lines
    return entry, None


def _chunk(entries: dict[str, Any], rels: list[str]) -> dict[str, Any]:
    """The entries of ``rels`` as the file holds them: an entry whose last item is a
    `FileScan` (put in this process) encoded, left out when `encode` refuses it."""
    chunk = {}
    for rel in rels:
        entry = entries.get(rel)
        if entry is None:
            continue
        scan = entry[-1]
        if isinstance(scan, FileScan):
            encoded = encode(scan)
            if encoded is None:
                continue
            entry = (*entry[:-1], encoded)
        chunk[rel] = entry
    return chunk


def write_parts(root: str, entries: dict[str, Any], index_entry: Any,
                pause: Callable[[], None] = _go_on, written: int = 0) -> Iterator[bytes]:
    """The file's bytes, a marshal object at a time after its length (8 bytes): the
    entries in chunks of `CHUNK`, MEMORY.md's parsed lines in chunks of `CHUNK`, then the
    header (magic, version, root, the entries' chunks, MEMORY.md's parse without its lines:
    digest, their chunks, code spans, findings) and, last, the header's length again (8
    bytes: the reader finds it from the end). One ``marshal.dumps`` of 10,000 scans held the
    interpreter a tenth of a second; MEMORY.md's parse encoded whole, ~25 MB at 50,000
    memories' index, was the scan cache's writing's peak (issue 35). An entry whose last item
    is a `FileScan` (put in this process) is encoded here, a chunk at a time, and left out
    when `encode` refuses it. ``index_entry``: MEMORY.md's parse, or a function giving it
    (made once the entries are written). ``written``: the chunks of entries already written
    before these parts (`ScanStore`'s stream)."""
    rels = list(entries)  # (the entries read a chunk at a time: no copy of every pair)
    chunks = range(0, len(rels), CHUNK)
    for at in chunks:
        pause()
        yield _framed(marshal.dumps(_chunk(entries, rels[at:at + CHUNK])))
    rels = []
    head, lines = _index_head(index_entry() if callable(index_entry) else index_entry)
    index_entry = None
    if lines is not None:
        for at in range(0, len(lines), CHUNK):
            pause()
            yield _framed(marshal.dumps([encode_line(ln) if type(ln) is IndexLine else ln
                                         for ln in lines[at:at + CHUNK]]))
        lines = None
    header = marshal.dumps((MAGIC, version(), root, written + len(chunks), head))
    yield _framed(header) + len(header).to_bytes(8, "little")


def read_parts(data: bytes, pause: Callable[[], None] = _go_on
               ) -> tuple[str, str, str, dict[Any, Any], Any] | None:
    """(magic, version, root, entries, MEMORY.md's parse) from what `write_parts` wrote;
    None when it is not that shape (marshal's own errors are raised)."""
    view, at = memoryview(data), 0
    size = int.from_bytes(view[-8:], "little") if len(view) >= 16 else 0
    end = len(view) - 16 - size  # where the header's part starts
    if size == 0 or end < 0 or int.from_bytes(view[end:end + 8], "little") != size:
        raise ValueError("no header")

    def part() -> Any:
        nonlocal at
        size = int.from_bytes(view[at:at + 8], "little")
        if at + 8 + size > end or size == 0:
            raise ValueError("not a part")
        got = _object(view[at + 8:at + 8 + size])
        at += 8 + size
        return got
    head = _object(view[end + 8:end + 8 + size])
    if not (type(head) is tuple and len(head) == 5 and head[0] == MAGIC
            and type(head[3]) is int and 0 <= head[3] <= MAX_ENTRIES // CHUNK + 1):
        return None
    index = head[4]
    if type(index) is tuple and len(index) == 4 and type(index[1]) is int and \
            not 0 <= index[1] <= MAX_ENTRIES // CHUNK + 1:
        return None
    entries: dict[Any, Any] = {}
    for _ in range(head[3]):
        pause()
        chunk = part()
        if type(chunk) is not dict or len(entries) + len(chunk) > MAX_ENTRIES:
            return None
        entries.update(chunk)
    if type(index) is tuple and len(index) == 4 and type(index[1]) is int:
        digest, count, spans, findings = index
        lines: list[Any] = []
        for _ in range(count):
            pause()
            got = part()
            if type(got) is not list or len(lines) + len(got) > MAX_ENTRIES:
                return None
            lines += got
        index = (digest, (lines, spans), findings)
    if at != end:
        return None  # more than was written
    return head[0], head[1], head[2], entries, index


class ScanStore:
    """The stored scans of one workspace: loaded once, saved when something changed."""

    def __init__(self, root: Path, path: Path | None = None, *, find: bool = True,
                 pause: Callable[[], None] = _go_on, stream: bool = False) -> None:
        """``pause`` is called between the chunks of the file as it is read and written
        (the app's worker gives way to the screen there). ``stream`` (a one-shot run, which
        saves once its files are scanned and never asks for a scan it put): each scan put
        is encoded at once and written to the new file a chunk of `CHUNK` at a time, so
        that neither the scans' frontmatter values nor their encoding are held until the
        file is written (issue 35: at 50,000 memories ~30 MiB more at the scans' end,
        and the writing's own ~18 on top, than a run that stores nothing)."""
        self.root = str(root)
        self.streams = stream
        self._stream: cache_file.Replacement | None = None
        self._pending: dict[str, tuple[int, int, int, int, int, Any]] = {}
        self._streamed = 0  # chunks written to the new file
        self._broken = False  # the new file could not be written: nothing is saved
        self.pause = pause
        self.path = path if path is not None or not find else cache_path(root)
        self.dirty = False
        #: rel → (mtime_ns, size, inode, ctime_ns, made_ns, encoded scan), decoded on use;
        #: a scan put in this process is kept as it is and encoded as the file is written
        #: (a second copy of 50,000 scans, encoded, held ~50 MB until then).
        self.entries: dict[str, tuple[int, int, int, int, int, Any]] = {}
        #: MEMORY.md's parse: (content digest, encoded index, encoded findings).
        self.index_entry: tuple[bytes, tuple[Any, ...], list[Any]] | None = None
        #: MEMORY.md's parse put in this process: (content digest, index, findings), encoded
        #: only as the file is written (issue 35: ~9 MB at 50,000 memories held encoded
        #: beside the parse its auditor holds, through every scan).
        self._index_put: tuple[bytes, Index, list[Finding]] | None = None
        if self.path is not None:
            self.entries = self._load(self.path)

    def _load(self, path: Path) -> dict[str, tuple[int, int, int, int, int, Any]]:
        data = read_cache(path, MAX_BYTES)
        if data is None:
            return {}
        try:
            stored = read_parts(data, self.pause)
        except (OSError, ValueError, EOFError, TypeError, MemoryError, RecursionError):
            return {}
        if stored is None or stored[1] != version() or stored[2] != self.root:
            return {}
        entry = stored[4]
        if isinstance(entry, tuple) and len(entry) == 3 and type(entry[0]) is bytes and \
                type(entry[1]) is tuple and type(entry[2]) is list:
            self.index_entry = entry
        out = {}
        for rel, entry in stored[3].items():
            if isinstance(rel, str) and isinstance(entry, tuple) and len(entry) == 6 and \
                    all(type(x) is int for x in entry[:5]) and isinstance(entry[5], tuple):
                out[rel] = entry
        return out

    def get(self, rel: str, key: Key) -> tuple[FileScan, bool] | None:
        """The stored scan of ``rel`` when its key is ``key``, and whether it is
        ambiguous (its content hash must be checked); None when there is none that fits."""
        entry = self.entries.get(rel)
        if entry is None or entry[:4] != key:
            return None
        try:  # (one put in this process is encoded first: the caller gets its own copy)
            encoded = encode(entry[5]) if isinstance(entry[5], FileScan) else entry[5]
            scan = decode(rel, encoded, self.root) if encoded is not None else None
        except Exception:  # whatever does not fit: scanned again
            scan = None
        if scan is None:
            del self.entries[rel]
            self.dirty = True
            return None
        return scan, ambiguous(key, entry[4])

    def confirm(self, rel: str, made_ns: int) -> None:
        """``rel``'s stored scan was checked against the file's content at ``made_ns``
        (kept only when that makes an ambiguous entry a trusted one)."""
        entry = self.entries.get(rel)
        if entry is not None and ambiguous(entry[:4], entry[4]):
            self.entries[rel] = (*entry[:4], made_ns, entry[5])
            self.dirty = True

    def put(self, rel: str, key: Key, made_ns: int, scan: FileScan) -> None:
        """Keep ``scan`` of ``rel`` (made from what the file held at ``made_ns``, or later),
        unless it is one never stored."""
        if not storable(scan) or key == NO_KEY:
            if self.entries.pop(rel, None) is not None:
                self.dirty = True
            return
        if not self.streams:
            self.entries[rel] = (*key, made_ns, scan)  # encoded when written (`write_parts`)
            self.dirty = True
            return
        encoded = encode(scan)
        self.entries.pop(rel, None)
        self.dirty = True
        if encoded is None:
            return
        self._pending[rel] = (*key, made_ns, encoded)
        if len(self._pending) >= CHUNK:
            self._write_pending()

    def _write_pending(self) -> None:
        """Write the scans put since the last chunk to the new file (opened by the first)."""
        pending, self._pending = self._pending, {}
        if self._broken or self.path is None:
            return
        if self._stream is None:
            self._stream = cache_file.Replacement.open(self.path)
            if self._stream is None:
                self._broken = True
                return
        blob = marshal.dumps(pending)
        pending = {}
        if self._stream.write(len(blob).to_bytes(8, "little"), blob):  # (as `_framed`, no copy)
            self._streamed += 1
        else:
            self._stream, self._broken = None, True

    def drop(self) -> None:
        """Give up the new file a stream began (a run that failed part way): nothing saved."""
        if self._stream is not None:
            self._stream.drop()
        self._stream, self._pending, self._broken = None, {}, True

    def index(self, digest: bytes, text: str) -> tuple[Index, list[Finding]] | None:
        """The stored parse of MEMORY.md and its own findings, when it was stored for the
        text with ``digest`` (which is ``text``)."""
        entry = self._index_entry()
        self.index_entry, self._index_put = entry, None
        if entry is None or entry[0] != digest:
            return None
        try:
            return decode_index(entry[1], text), [finding_in(f) for f in entry[2]]
        except Exception:  # whatever does not fit: parsed again
            self.index_entry, self.dirty = None, True
            return None

    def put_index(self, digest: bytes, index: Index, findings: list[Finding]) -> None:
        """Keep MEMORY.md's parse (not when it holds a credential: none is stored)."""
        self.index_entry = None
        self._index_put = None if any(f.kind == "secret" for f in findings) else \
            (digest, index, list(findings))
        self.dirty = True

    def _index_entry(self, lines_later: bool = False
                     ) -> tuple[bytes, tuple[Any, ...], list[Any]] | None:
        """MEMORY.md's parse as the file holds it (encoded now when put in this process;
        ``lines_later``: its lines left as they are, for `write_parts` to encode a chunk at
        a time)."""
        put = self._index_put
        if put is None:
            return self.index_entry
        if lines_later:
            return put[0], (list(put[1].lines), encode_spans(put[1])), \
                [finding_out(f) for f in put[2]]
        return put[0], encode_index(put[1]), [finding_out(f) for f in put[2]]

    def keep_only(self, rels: set[str]) -> None:
        """Let go of the entries of files no longer in the workspace."""
        gone = [rel for rel in self.entries if rel not in rels]
        for rel in gone:
            del self.entries[rel]
        self.dirty = self.dirty or bool(gone)

    def save(self) -> bool:
        """Write the entries (atomically); False when nothing was written."""
        if self.path is None or not self.dirty or self._broken or \
                len(self.entries) + len(self._pending) + CHUNK * self._streamed > MAX_ENTRIES:
            if self._stream is not None:
                self.drop()
            return False
        self.entries.update(self._pending)  # (encoded: written as they are)
        self._pending = {}
        parts = write_parts(self.root, self.entries, lambda: self._index_entry(lines_later=True),
                            self.pause, self._streamed)
        new, self._stream = self._stream, None
        if new.finish(parts) if new is not None else save_parts(self.path, parts):
            self.dirty, self._streamed = False, 0
            prune(self.path.parent, keep=self.path)
            return True
        return False


# -- encoding: a scan as plain tuples marshal can hold, and back, checking every field -----

def finding_out(f: Finding) -> tuple[Any, ...]:  # (JSON makes the tuple a list)
    return (f.kind, f.severity, f.path, f.line, f.message, f.files)


def finding_in(t: Any) -> Finding:
    """The finding `finding_out` gave ``t`` for, from marshal or JSON, every field checked."""
    kind, severity, path, line, message, files = t
    if not (type(kind) is str and severity in SEVERITY_RANK and type(path) is str
            and (line is None or type(line) is int) and type(message) is str
            and type(files) in (tuple, list) and all(type(x) is str for x in files)):
        raise TypeError("not a finding")
    return Finding(kind, severity, path, line, message, tuple(files))


def _link_out(lk: Link) -> tuple[Any, ...]:
    return (lk.source, lk.line, lk.kind, lk.raw, lk.target, lk.text, lk.outside)


def _link_in(t: Any) -> Link:
    source, line, kind, raw, target, text, outside = t
    if not (type(source) is str and type(line) is int and type(kind) is str
            and type(raw) is str and (target is None or type(target) is str)
            and type(text) is str and type(outside) is bool):
        raise TypeError("not a link")
    return Link(source, line, kind, raw, target, text, outside)


_PLAIN = (str, int, float, bool, bytes, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)


def _value_out(v: Any, depth: int = 0) -> Any:
    """A frontmatter value as marshal holds it: dates become tagged tuples (YAML makes
    none of its own); ValueError for anything else."""
    if depth > 50:
        raise ValueError("too deep")
    if type(v) is dict and depth < 50:  # the common case, plain keys and values in place
        plain = _PLAIN_TYPES
        return {k if type(k) in plain else _value_out(k, depth + 1):
                x if type(x) in plain else _value_out(x, depth + 1) for k, x in v.items()}
    if isinstance(v, _PLAIN):
        return v
    if isinstance(v, dt.datetime):
        return ("t", v.isoformat())
    if isinstance(v, dt.date):
        return ("d", v.isoformat())
    if isinstance(v, list):
        return [_value_out(x, depth + 1) for x in v]
    if isinstance(v, dict):
        return {_value_out(k, depth + 1): _value_out(x, depth + 1) for k, x in v.items()}
    if isinstance(v, (set, frozenset)):
        return type(v)(_value_out(x, depth + 1) for x in v)
    raise ValueError(f"cannot store {type(v).__name__}")


def _value_in(v: Any, depth: int = 0) -> Any:
    t = type(v)
    if t in _PLAIN_TYPES:
        return v
    if depth > 50:
        raise ValueError("too deep")
    if t is dict:
        plain = _PLAIN_TYPES
        return {k if type(k) is str else _value_in(k, depth + 1):
                x if type(x) in plain else _value_in(x, depth + 1) for k, x in v.items()}
    if t is list:
        return [_value_in(x, depth + 1) for x in v]
    if t is tuple:
        tag, text = v
        if type(text) is not str:
            raise TypeError("not a date")
        if tag == "t":
            return dt.datetime.fromisoformat(text)
        if tag == "d":
            return dt.date.fromisoformat(text)
        raise ValueError("unknown tag")
    if t in (set, frozenset):
        return t(_value_in(x, depth + 1) for x in v)
    raise TypeError("not a frontmatter value")


def storable(scan: FileScan) -> bool:
    """Whether ``scan`` may be stored at all: every credential placed (stored without its
    value), no read problem but a lasting one (`memtui.core.scanner.textfile.lasting`: a
    file read for its head; `encode` may still refuse a frontmatter value it cannot
    hold)."""
    return all(lasting(f.message) for f in scan.read_findings) and bool(scan.digest) \
        and all_placed(scan.secrets)


def encode(scan: FileScan) -> tuple[Any, ...] | None:
    """``scan`` without its text as plain tuples; None for one never stored."""
    mf = scan.memory
    if not storable(scan):
        return None
    try:
        meta = _value_out(mf.meta)
    except (ValueError, RecursionError):
        return None
    body = ((mf.path, mf.name, mf.description, mf.type, meta, mf.has_frontmatter,
             mf.body_start, mf.size, [finding_out(f) for f in mf.findings], mf.body_offset),
            [_link_out(lk) for lk in scan.links], [_link_out(lk) for lk in scan.wikilinks],
            [tuple(i) for i in scan.instructions], scan.mtime,
            [finding_out(f) for f in scan.own_findings], scan.dated, scan.digest,
            scan.name_line, scan.old_format, scan.spellings, scan.has_ignores, unpack(scan.sketch),
            [list(r) for r in scan.refs], None if scan.why is None else list(scan.why),
            scan.claims)
    places: list[tuple[int, int]] = []
    marked = False
    if scan.secrets:  # (no credential's bytes: its values in the scan's strings become marks)
        try:
            body, marked = scrubbed(body, scan.secrets)
            sketched, places = scrubbed_bytes(body[12], scan.secrets)
        except (Unstorable, RecursionError):
            return None
        body = (*body[:12], sketched, *body[13:])
    return (*body, [stripped(h) for h in scan.secrets],  # type: ignore[arg-type]
            marked or bool(places), places)


def _opt_str(v: Any) -> str | None:
    if v is not None and type(v) is not str:
        raise TypeError("not a string")
    return v  # type: ignore[no-any-return]


def decode(rel: str, t: tuple[Any, ...], root: str | None = None) -> FileScan | None:
    """The scan ``encode`` gave ``t`` for, checking every field (TypeError, ValueError...
    when one does not fit); its text is empty. One whose strings hold its credentials'
    marks has them filled from the file under ``root``, read again (ValueError when it is
    no longer the text scanned, or no ``root``). Its empty lists are `EMPTY_LIST`, as
    `share_scan` leaves a scan's (made so here: most of a scan's lists are empty, and
    10,000 scans are decoded after one memory changes, issue 35)."""
    *body, secrets_in, marked, places = t
    if type(secrets_in) is not list or len(secrets_in) > MAX_HITS or \
            type(marked) is not bool or type(places) is not list or (places and not marked):
        raise TypeError("not credentials")
    hits = [unstripped(h) for h in secrets_in] if secrets_in else EMPTY_LIST
    if marked:
        text = file_text(root, rel, body[7]) if root is not None and \
            type(body[7]) is bytes and body[7] else None
        if text is None:
            raise ValueError("not the text scanned")
        values = values_of(text, [(h.at, h.length, h.shown) for h in hits])
        body = unscrubbed(body, values)
        if type(body[12]) is not bytes:
            raise TypeError("not a sketch")
        body[12] = unscrubbed_bytes(body[12], places, values)
    (mfp, links, wls, instructions, mtime, own, dated, digest, name_line, old_format,
     spelled, ign, sketched, refs_in, why_in, claims_in) = body
    if type(claims_in) is not str or claims_in.count("\n") >= CLAIMS_MOST:
        raise TypeError("not claims")
    why = None if why_in is None else WHY_PAIRS[bool(why_in[0]), bool(why_in[1])]
    if why_in is not None and (type(why_in) is not list or len(why_in) != 2):
        raise TypeError("not labels")
    if type(refs_in) is list and not refs_in:
        refs: tuple[tuple[int, str, str], ...] = ()
    else:
        refs = tuple((line, kind, value) for line, kind, value in refs_in)
        if not all(type(line) is int and type(kind) is str and type(value) is str
                   for line, kind, value in refs) or len(refs) > 200:
            raise TypeError("not references")
    if type(sketched) is not bytes or len(sketched) % 8 or 0 < len(sketched) < 8 * 64 or \
            len(sketched) > MAX_SKETCH_BYTES:
        raise TypeError("not a sketch")
    if type(spelled) is not tuple or len(spelled) != 4 or type(ign) is not bool or \
            type(spelled[0]) is not str or type(spelled[1]) is not str or \
            type(spelled[2]) is not str or type(spelled[3]) is not str:
        raise TypeError("not spellings")
    path, name, description, type_, meta, has_fm, body_start, size, mf_findings, offset = mfp
    if path != rel or type(has_fm) is not bool or type(body_start) is not int or \
            type(size) is not int or type(offset) is not int or type(mtime) is not float or \
            not (dated is None or type(dated) is float) or type(digest) is not bytes or \
            not digest or type(name_line) is not int or type(old_format) is not bool:
        raise TypeError("not a scan")
    meta = _value_in(meta)
    if type(meta) is not dict:
        raise TypeError("not a mapping")
    mf = MemoryFile(path=path, name=_opt_str(name), description=_opt_str(description),
                    type=_opt_str(type_), meta=meta, has_frontmatter=has_fm,
                    body_start=body_start, text="", size=size,
                    findings=_findings_in(mf_findings), body_offset=offset)
    own_findings = _findings_in(own)
    # Its credentials and their findings agree, one for one: an entry that lost either
    # (edited by hand, or broken) is scanned again, never trusted to hide one.
    if [f for f in own_findings if f.kind == "secret"] != \
            [secret_finding(rel, h) for h in hits]:
        raise ValueError("credentials and findings disagree")
    if type(instructions) is list and not instructions:
        found: list[tuple[int, str, str]] = EMPTY_LIST
    else:
        found = []
        for line, reason, excerpt in instructions:
            if type(line) is not int or type(reason) is not str or type(excerpt) is not str:
                raise TypeError("not an instruction")
            found.append((line, reason, excerpt))
    return FileScan(memory=mf, links=_links_in(links), wikilinks=_links_in(wls),
                    secrets=hits, instructions=found, mtime=mtime,  # type: ignore[arg-type]
                    read_findings=EMPTY_LIST, own_findings=own_findings, dated=dated,
                    digest=digest, name_line=name_line, old_format=old_format,
                    spellings=spelled, has_ignores=ign, sketch=sketched, refs=refs, why=why,
                    claims=claims_in)


def _findings_in(v: Any) -> list[Finding]:
    """`finding_in` of each of ``v`` (`EMPTY_LIST` for an empty list)."""
    if type(v) is list and not v:
        return EMPTY_LIST
    return [finding_in(f) for f in v]


def _links_in(v: Any) -> list[Link]:
    """`_link_in` of each of ``v`` (`EMPTY_LIST` for an empty list)."""
    if type(v) is list and not v:
        return EMPTY_LIST
    return [_link_in(lk) for lk in v]


def encode_index(index: Index) -> tuple[Any, ...]:
    """MEMORY.md's parse without its text (the text is read again: it is the key)."""
    return [encode_line(ln) for ln in index.lines], encode_spans(index)


def encode_line(ln: IndexLine) -> tuple[Any, ...]:
    """One line of MEMORY.md's parse, as `encode_index` holds it."""
    return (ln.number, ln.kind, [_link_out(lk) for lk in ln.links],
            [_link_out(lk) for lk in ln.wikilinks], ln.title, ln.hook, ln.chars, ln.bytes,
            ln.end_byte)


def encode_spans(index: Index) -> list[tuple[int, str]]:
    """MEMORY.md's code spans, as `encode_index` holds them."""
    return [(cs.line, cs.content) for cs in index.code_spans]


def decode_index(t: tuple[Any, ...], text: str) -> Index:
    """The parse ``encode_index`` gave ``t`` for, with ``text``, checking every field."""
    lines_in, spans_in = t
    raw = text.split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    if type(lines_in) is not list or len(lines_in) != len(raw):
        raise ValueError("not this index")
    lines = []
    for (number, kind, links, wls, title, hook, chars, nbytes, end), line_text in \
            zip(lines_in, raw, strict=True):
        if not (type(number) is int and type(kind) is str and type(title) is str
                and type(hook) is str and type(chars) is int and type(nbytes) is int
                and type(end) is int and number == len(lines) + 1):
            raise TypeError("not an index line")
        lines.append(IndexLine(number, line_text, kind, [_link_in(lk) for lk in links],
                               [_link_in(lk) for lk in wls], title, hook, chars, nbytes, end))
    spans = []
    for line, content in spans_in:
        if type(line) is not int or type(content) is not str:
            raise TypeError("not a code span")
        spans.append(CodeSpan(line, content))
    return Index(path="MEMORY.md", exists=True, text=text,
                 size=len(text.encode("utf-8", "replace")), lines=lines, code_spans=spans)
