"""Read git history without running git: a workspace's repository is data, never a program.

git obeys a repository's own configuration (``core.fsmonitor``, ``gpg.program``,
``diff.external``, ``filter.*``, hooks, ``include.path`` …), so starting it in an untrusted
workspace runs whatever that workspace names. memtui never starts git. It reads objects
itself (loose ones here, packed ones with :mod:`memtui.core.git.pack`: the pack index, the
entries, their deltas), and reads nothing else from the repository: no config, no hooks,
no attributes, no alternates, no multi-pack index, no worktree or ``.git``-file redirects.

Which repository: the nearest folder at or above the workspace that holds a ``.git``
*directory* (not a symlink, not a ``.git`` file). A ``.git`` file (worktree, submodule)
ends the search with no repository; a bare repository's files (``HEAD``, ``objects/`` …)
lying in a folder are never taken for a repository. The work tree is always the folder
holding ``.git``; ``core.worktree`` is never read.

Every read has a bound (a repository's objects are input like any other). Each object's
type and size are told from its header before it is inflated: loose objects by memtui's own
bounded reader, packed ones along their whole delta chain (the result size a delta declares
included), and a commit over ``MAX_COMMIT`` or a tree over ``MAX_TREE`` is refused. A walk
of the history has a :class:`Budget` of commits, tree entries and inflated bytes; when it is
spent, or an object is refused, :class:`HistoryCut` says where the reading stopped, and the
callers say so (ages fall back to the file's mtime with a note, a trend stops there).

The module is past 500 lines: reading an object and bounding that read are one concern (the
header tells both whether and how to read it), kept together so no path reads unbounded;
the trees it keeps are compared as it keeps them (their entries' bytes: ``Repo._changed``).
"""

from __future__ import annotations

import os
import re
import stat
import sys
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from itertools import accumulate, compress, count
from operator import itemgetter, ne
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from memtui.core.git.chain import Chain, chain
from memtui.core.git.find import find_repo as find_repo  # (where it was: trend, project, tests)
from memtui.core.git.find import is_dir
from memtui.core.git.pack import (
    CHUNK,
    OFS_DELTA,
    REF_DELTA,
    PackError,
    PackFile,
    apply_delta,
    delta_base,
    delta_sizes,
    entry_header,
)
from memtui.core.record import Record

#: No object larger than this is inflated (a blob's reader gives its own, lower cap).
MAX_OBJECT = 16 * 1024 * 1024
#: A commit or tree larger than this (its header's size) is refused before it is inflated.
MAX_COMMIT = 1024 * 1024
MAX_TREE = 4 * 1024 * 1024
#: What one walk of the history may cost: commits looked at, tree entries parsed, bytes
#: inflated (a delta chain counts each object along it).
MAX_COMMITS = 10_000
MAX_ENTRIES = 2_000_000
MAX_INFLATED = 512 * 1024 * 1024
#: A packed object's delta chain is followed this deep at most (git's own default is 50).
MAX_DEPTH = 64
#: Folders under folders ``count_files`` follows at most.
MAX_NESTING = 100_000
#: Folders under folders ``files`` and ``changes`` follow at most (each level is a frame
#: of theirs; a tree nested 20,000 deep ended `memtui trend` in a RecursionError's
#: traceback, redteam33). Past it the walk is cut (`HistoryCut`), said as every bound is.
#: A checkout holds no deeper file: a path of 256 folders is 512 bytes at the least, and
#: git refuses trees past ``core.maxTreeDepth`` (4,096) itself.
MAX_FOLDERS = 256
#: Largest commit time taken as a date: 9999-12-31T23:59:59Z.
MAX_TIME = 253402300799
_REF_CAP = 16 * 1024 * 1024
_DIR = 0o040000
_KINDS = {1: b"commit", 2: b"tree", 3: b"blob", 4: b"tag"}
_KIND_NUMS = {v: k for k, v in _KINDS.items()}
#: A tree's entry: octal mode, space, name, NUL, the 20-byte id (compiled when first
#: used: `Repo._raw` of a tree of more than `_SPLIT_SMALL` entries).
_TREE_ENTRY = rb"([0-7]{1,7}) ([^\0]*)\0(.{20})"
#: A tree's entry, whole (its content is read as these, one after another: `Repo._parsed`).
_TREE_ITEM = re.compile(rb"[0-7]{1,7} [^\0]*\0.{20}", re.S)
_NO_ENTRIES: dict[bytes, tuple[bytes, bytes, bytes]] = {}
#: What `Repo._parsed` gives for no tree, or an object that is not one.
_EMPTY_TREE: tuple = (b"", [], _NO_ENTRIES, {}, [0], None)
_HEX_ID = r"[0-9a-f]{40}"  # (compiled when first used: a commit `_PLAIN_COMMIT` does not read)
#: A commit's header as git writes it, to the empty line before the message: its tree, its
#: parents' lines, an author, and a committer whose line ends in its time and zone. Read as
#: `_parse_commit`'s loop reads it (the committer's time: the digits after its last "> ").
_PLAIN_COMMIT = re.compile(rb"tree ([0-9a-f]{40})\n((?:parent [0-9a-f]{40}\n)*)"
                           rb"author [^\n]*\ncommitter [^\n]*> ([0-9]+) [+-][0-9]+\n\n")
_CAPS = {b"commit": MAX_COMMIT, b"tree": MAX_TREE}
_TREE_CACHE_ENTRIES = 200_000  # parsed trees kept (a commit's tree is its child's parent's)
_HEADER_CACHE = 100_000  # packed objects' headers kept
#: `Repo._changed` takes the differing entries out of each tree's list (a scan each) while
#: that costs at most this many comparisons; past it, trees are compared by their dicts.
_COMPARE_WORK = 1_000_000
#: `Repo._changed` tells that a name is one entry in each tree by counting its bytes there
#: for at most this many names; past it, by splitting both trees (no name twice).
_NAMES_COUNTED = 8
#: A tree of at most this many entries is split entry by entry (`Repo._raw`); a larger one
#: by one pattern over its content.
_SPLIT_SMALL = 8
_COMMIT_CACHE = 20_000  # commits read kept (a walk asks for each twice)
#: A walk reading ahead (`Repo.ahead`) reads a line of at most this many commits, and their
#: root trees, at once, of at most `_AHEAD_BYTES` (what is read ahead and not yet taken is
#: dropped at the next read ahead).
_AHEAD_COMMITS = 32
_AHEAD_BYTES = 8 * 1024 * 1024
_RESOLVED_BYTES = 32 * 1024 * 1024  # packed objects' contents kept (delta bases)
#: A delta of at most this many bytes is inflated whole when its header is read (that
#: inflater tells its sizes anyway), if it ends in the entry's first bytes read there;
#: at most `_EARLY_BYTES` of such deltas wait for their object to be read.
_EARLY_DELTA = 16 * 1024
_EARLY_BYTES = 1024 * 1024
_UNKNOWN = -1  # a loose file's mode not looked at yet
_NO_HEADER = ()  # a packed object's header not looked at yet (None: it cannot be read)
#: A tree entry's name decoded as ``os.fsdecode`` does (without its call per name).
_FS_ENCODING, _FS_ERRORS = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()


class GitReadError(Exception):
    """The repository could not be read (one-line reason)."""


class HistoryCut(GitReadError):
    """A bound stopped the reading: an object over its size cap, or the walk's budget
    spent. The history read before it is good; what lies past it is unknown."""


def _too_deep(path: str) -> HistoryCut:
    """The cut of a walk at a folder nested past `MAX_FOLDERS`."""
    shown = path if len(path) <= 60 else path[:28] + "\u2026" + path[-28:]
    return HistoryCut(f"a tree nests more than {MAX_FOLDERS} folders deep ({shown})")


class Budget(Record):
    """What one walk of the history may still cost (see :data:`MAX_COMMITS`)."""

    commits: int = MAX_COMMITS
    entries: int = MAX_ENTRIES
    inflated: int = MAX_INFLATED

    def __init__(self, commits: int = MAX_COMMITS, entries: int = MAX_ENTRIES,
                       inflated: int = MAX_INFLATED) -> None:
        self.commits = commits
        self.entries = entries
        self.inflated = inflated

    def charge(self, what: str, amount: int) -> None:
        fields = self.__dict__
        left = fields[what] = fields[what] - amount
        if left < 0:
            cap = {"commits": f"{MAX_COMMITS:,} commits",
                   "entries": f"{MAX_ENTRIES:,} tree entries",
                   "inflated": f"{MAX_INFLATED // 2**20:,} MiB of objects"}[what]
            raise HistoryCut(f"the history is longer than memtui reads ({cap})")


def _small_file(path: Path, cap: int = _REF_CAP) -> bytes | None:
    """A regular file's bytes (at most ``cap``), never following a link or opening a FIFO."""
    data = _small_file_start(path, cap + 1)
    return None if data is None or len(data) > cap else data


class CommitInfo(NamedTuple):
    """A commit as the history walk reads it (a named tuple: made ~10× faster than a
    frozen dataclass, and one is made for every commit walked)."""

    sha: str
    time: int
    parents: tuple[str, ...]
    tree: str
    #: The commit's message, as its bytes hold it (decoded only when `subject` is asked
    #: for: a trend shows it, ages never read it).
    message: bytes

    @property
    def subject(self) -> str:
        """The message's first paragraph, on one line."""
        text = self.message.decode("utf-8", "replace")
        return " ".join(text.strip().split("\n\n", 1)[0].split("\n"))


_new_tuple = tuple.__new__
_decompressobj = zlib.decompressobj


class Repo:
    """One repository's objects and refs, read as data."""

    def __init__(self, gitdir: Path, reader: Chain | None = None) -> None:
        """``reader``: what reads a line of commits ahead (`memtui.core.git.chain`; by
        default the compiled one, when it is built)."""
        self.gitdir = gitdir
        objects = gitdir / "objects"
        if not is_dir(objects):
            raise GitReadError(f"{gitdir}: no objects folder")
        packs = objects / "pack"
        if os.path.lexists(packs):
            if not is_dir(packs):
                raise GitReadError(f"{packs}: not a folder")
            for name in os.listdir(packs):  # a FIFO or link there would block or lead out
                if not stat.S_ISREG(os.lstat(packs / name).st_mode):
                    raise GitReadError(f"{packs / name}: not a regular file")
        self._objects = os.fspath(objects)
        #: The fan-out folders of ``objects`` (``ab`` of ``ab/cdef…``), listed once: an
        #: object whose folder is not there is not loose, and costs no ``lstat`` to say so.
        self._loose_dirs = frozenset(name for name in os.listdir(objects) if len(name) == 2)
        #: The packs, opened when an object is first looked for among them.
        self._packs: list[PackFile] | None = None
        #: What reading may still cost; a walker sets a fresh one (``Repo.budget = Budget()``).
        self.budget = Budget()
        #: Trees parsed, as read (raw name → (raw mode, raw name, raw id)) and, once asked for, as
        #: `_entries` gives them: a walk compares trees and follows one name in each, and
        #: decodes only the names that changed.
        self._trees: OrderedDict[str, list] = OrderedDict()
        self._tree_entries = 0
        #: Packed objects' headers: (type, largest size along the chain, base's offset
        #: (None: not a delta), bytes inflated to make it from its base, its size,
        #: and where its data start past its header and how many bytes they inflate to).
        self._headers: dict[tuple[str, int],
                            tuple[int, int, int | None, int, int, int, int] | None] = {}
        #: Packed objects read and kept (the last _RESOLVED_BYTES of them): a delta's base
        #: read again, or the object itself, costs nothing.
        self._resolved: OrderedDict[tuple[str, int], bytes] = OrderedDict()
        self._resolved_bytes = 0
        #: Deltas inflated whole while their header was read (`_packed_header`), until their
        #: object is read (`_unpacked`): one inflater per delta, not two.
        self._early: dict[tuple[str, int], bytes] = {}
        self._early_bytes = 0
        #: Commits read (a walk reads each once; its child's diff asks for it again).
        self._commits: dict[str, CommitInfo] = {}
        #: Each prefix ``subtree`` was asked for, as the names its trees hold.
        self._prefixes: dict[str, tuple[bytes, ...]] = {}
        #: Non-folder entries under each tree counted (see ``count_files``).
        self._counts: dict[str, int] = {}
        #: Whether a commit not read yet is read with the line of commits below it and
        #: their root trees (`read_ahead`): a walk of the history sets it.
        self.ahead = False
        #: What reads a line of commits ahead (`memtui.core.git.chain`); None: nothing is.
        self.reader: Chain | None = chain() if reader is None else reader
        #: What `read_ahead` read and `_packed_object` has not taken yet: id → (type,
        #: offset in the one pack, header's length, size, content).
        self._fetched: dict[str, tuple[int, int, int, int, bytes]] = {}
        #: The commits of a shallow clone's boundary (``.git/shallow``): their parents are
        #: not in the repository, and git reads each as a root; so does `commit`.
        listed = _small_file(gitdir / "shallow")
        self._shallow = frozenset(listed.decode("ascii", "replace").split()) if listed \
            else frozenset()

    def _ref(self, name: str, depth: int = 0) -> str | None:
        # A ref memtui refuses to follow is said, never read as "no commit" (newuser32 #32:
        # a HEAD naming refs/heads/../../etc/passwd, or a symlinked ref, emptied the trend
        # and dated every file by its mtime in silence); an unborn branch is None.
        if depth > 5:
            raise GitReadError(f"HEAD cannot be followed: more than 5 symbolic refs ({name})")
        if name != "HEAD" and (not name.startswith("refs/") or ".." in name.split("/")):
            raise GitReadError(f"HEAD cannot be followed: {name!r} is not a ref memtui "
                               "reads (outside refs/ or through ..)")
        data = _small_file(self.gitdir / name, 4096)
        if data is None and os.path.lexists(self.gitdir / name):
            raise GitReadError(f"HEAD cannot be followed: {name} is not a regular file "
                               "(a symbolic link is never followed)")
        if data is None and name != "HEAD":
            packed = _small_file(self.gitdir / "packed-refs") or b""
            for line in packed.splitlines():
                parts = line.split(b" ", 1)
                if len(parts) == 2 and parts[1].decode("utf-8", "replace") == name:
                    data = parts[0]
                    break
        if data is None:
            return None
        text = data.decode("utf-8", "replace").strip()
        if text.startswith("ref:"):
            return self._ref(text[4:].strip(), depth + 1)
        if len(text) == 40 and all(c in "0123456789abcdef" for c in text):
            return text
        return None

    def close(self) -> None:
        """Close the pack files."""
        for pack in self._packs or ():
            pack.close()
        self._packs = []
        self._fetched.clear()

    def __enter__(self) -> Repo:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def head(self) -> str | None:
        """The commit HEAD names, or None (unborn branch, unreadable HEAD)."""
        return self._ref("HEAD")

    def _loose_path(self, sha: str) -> str:
        return f"{self._objects}/{sha[:2]}/{sha[2:]}"

    def _loose_mode(self, sha: str) -> int | None:
        """The mode of the loose file that would hold ``sha`` (None: there is none)."""
        if sha[:2] not in self._loose_dirs:
            return None
        try:
            return os.lstat(self._loose_path(sha)).st_mode
        except (OSError, ValueError):
            return None

    @property
    def packs(self) -> list[PackFile]:
        """The packs of ``objects/pack`` that have an index (each ``NAME.pack`` with its
        ``NAME.idx``), opened once; a pack that cannot be opened makes the repository
        unreadable (its objects would be missing)."""
        if self._packs is None:
            self._packs = []
            folder = f"{self._objects}/pack"
            try:
                names = sorted(os.listdir(folder)) if os.path.lexists(folder) else []
                for name in names:
                    if name.endswith(".idx") and f"{name[:-4]}.pack" in names:
                        self._packs.append(PackFile(f"{folder}/{name[:-4]}.pack",
                                                    f"{folder}/{name}"))
            except (OSError, PackError) as exc:
                raise GitReadError(f"a pack cannot be read: {exc}") from None
        return self._packs

    def header(self, sha: str) -> tuple[bytes, int] | None:
        """An object's type and size from its header alone (a packed delta's: its chain's
        largest), without inflating its content; None when it cannot be told."""
        found = self._locate(sha)
        return None if found is None else (found[0], found[1])

    def _locate(self, sha: str, mode: int | None = _UNKNOWN
                ) -> tuple[bytes, int, PackFile | None, int] | None:
        """(type, largest size along the way, its pack or None when it is loose, its
        offset in the pack) of an object, told from headers only. ``mode``: its loose
        file's (`_loose_mode`), when the caller has it."""
        if mode == _UNKNOWN:
            mode = self._loose_mode(sha)
        if mode is not None:
            found = _loose_header(Path(self._loose_path(sha)))
            return None if found is None else (found[0], found[1], None, 0)
        try:
            raw = bytes.fromhex(sha)
        except ValueError:
            return None
        for pack in self.packs:
            try:
                offset = pack.offset(raw)
            except PackError:
                return None
            if offset is None:
                continue
            head = self._packed(pack, offset, 0)
            if head is None or head[0] not in _KINDS:
                return None
            return _KINDS[head[0]], head[1], pack, offset
        return None

    def _packed(self, pack: PackFile, offset: int, depth: int
                ) -> tuple[int, int, int | None, int, int] | None:
        """The header of the packed object at ``offset`` (see ``_headers``), kept for the
        next object sharing its chain."""
        key = (pack.filename, offset)
        if key in self._headers:
            return self._headers[key]
        got = self._packed_header(pack, offset, depth)
        if len(self._headers) >= _HEADER_CACHE:
            self._headers.clear()
        self._headers[key] = got
        return got

    def _cost(self, pack: PackFile, offset: int | None) -> int:
        """The bytes inflated to read the packed object at ``offset``: each entry down its
        delta chain to the first one kept (`_resolved`), its inflated size and, for a
        delta, the size it makes."""
        name, cost = pack.filename, 0
        while offset is not None and (name, offset) not in self._resolved:
            head = self._packed(pack, offset, 0)
            if head is None:
                break
            cost += head[3]
            offset = head[2]
        return cost

    def _unpacked(self, pack: PackFile, offset: int) -> tuple[int, bytes]:
        """(type, content) of the packed object at ``offset``, its delta chain applied
        (each entry inflated to the size its header gives: `_packed` has checked them all
        against the caps before); kept in `_resolved`."""
        key = (pack.filename, offset)
        head = self._packed(pack, offset, 0)
        if head is None:
            raise GitReadError(f"the packed object at {offset} cannot be read")
        kept = self._resolved.get(key)
        if kept is not None:
            self._resolved.move_to_end(key)
            return head[0], kept
        try:  # the entry's header was read by `_packed`: its data start there
            if head[2] is None:
                body = pack.inflate(offset, head[5], head[6])
            else:
                delta = self._early.pop(key, None)
                if delta is None:
                    delta = pack.inflate(offset, head[5], head[6])
                else:  # what `pack.inflate` gives: the same stream, whole, of its size
                    self._early_bytes -= len(delta)
                body = apply_delta(self._unpacked(pack, head[2])[1], delta)
        except (OSError, IndexError, PackError) as exc:
            raise GitReadError(f"the packed object at {offset} cannot be read: {exc}") from None
        self._keep(key, body)
        return head[0], body

    def _keep(self, key: tuple[str, int], body: bytes) -> None:
        """Keep a packed object's content read (see `_resolved`)."""
        if len(body) <= _RESOLVED_BYTES // 4 and key not in self._resolved:
            self._resolved[key] = body
            self._resolved_bytes += len(body)
        while self._resolved_bytes > _RESOLVED_BYTES:  # forget: read again, charged again
            self._resolved_bytes -= len(self._resolved.popitem(last=False)[1])

    def _packed_header(self, pack: PackFile, offset: int, depth: int
                       ) -> tuple[int, int, int | None, int, int] | None:
        if depth > MAX_DEPTH or offset < 12:
            return None
        try:
            data = pack.start(offset)
            kind, size, used = entry_header(data)
            if kind not in (OFS_DELTA, REF_DELTA):
                return kind, size, None, size, size, used, size
            base, used = delta_base(data, used, kind)
            if isinstance(base, int):  # OFS_DELTA: a negative offset to the base
                if base <= 0 or base > offset:
                    return None
                base_offset: int | None = offset - base
            else:  # REF_DELTA: the base's id, in this same pack (never another store)
                base_offset = pack.offset(base)
                if base_offset is None:
                    return None
            found = self._packed(pack, base_offset, depth + 1)
            if found is None:
                return None
            base_size, result = delta_sizes(self._delta_start(
                (pack.filename, offset), data[used:], size))
            return (found[0], max(found[1], base_size, result, size), base_offset,
                    size + result, result, used, size)
        except (OSError, IndexError, zlib.error, ValueError, OverflowError, PackError):
            return None

    def _delta_start(self, key: tuple[str, int], raw: bytes, size: int) -> bytes:
        """The first 32 bytes ``raw`` (a delta's data, as far as read) inflates to, which
        say its sizes. A delta of at most `_EARLY_DELTA` bytes (its entry's header says)
        that ends in ``raw`` at that size is inflated whole by the same inflater and kept
        for `_unpacked` (`PackFile.inflate` would give those very bytes: the same stream);
        anything else (a corrupt stream past the first bytes included) keeps nothing."""
        inflater = zlib.decompressobj()
        start = inflater.decompress(raw, 32)
        if size > _EARLY_DELTA or len(start) > size:
            return start
        whole = start
        try:
            if not inflater.eof:  # at most one byte past the size: it is then refused
                whole += inflater.decompress(inflater.unconsumed_tail, size + 1 - len(start))
        except zlib.error:
            return start
        if inflater.eof and len(whole) == size:
            if self._early_bytes + size > _EARLY_BYTES:
                self._early.clear()
                self._early_bytes = 0
            self._early_bytes += size - len(self._early.get(key, b""))
            self._early[key] = whole
        return start

    def _object(self, sha: str, kind: bytes, cap: int | None = None) -> bytes:
        """The object ``sha`` if it is a ``kind`` of at most ``cap`` bytes (the kind's cap by
        default), told from its header before anything is inflated; the bytes inflated are
        charged to the budget. Its content is returned."""
        cap = _CAPS.get(kind, MAX_OBJECT) if cap is None else cap
        if sha[:2] not in self._loose_dirs:
            return self._packed_object(sha, kind, cap)
        mode = self._loose_mode(sha)
        if mode is not None and not stat.S_ISREG(mode):
            raise GitReadError(f"object {sha[:12]} is not a regular file")
        found = self._locate(sha, mode)
        if found is None:
            raise GitReadError(f"object {sha[:12]} is missing or cannot be read")
        got, size, pack, offset = found
        if got != kind:
            raise GitReadError(f"{sha[:12]} is not a {kind.decode()}")
        if size > cap:
            raise HistoryCut(f"{kind.decode()} {sha[:12]} is too large to read "
                             f"({size:,} bytes; memtui reads up to {cap:,})")
        self.budget.charge("inflated", size if pack is None else self._cost(pack, offset))
        if pack is not None:
            number, body = self._unpacked(pack, offset)
            if _KINDS.get(number) != kind:
                raise GitReadError(f"{sha[:12]} is not a {kind.decode()}")
            return body
        try:
            return _read_loose(Path(self._loose_path(sha)), kind, size)
        except GitReadError:
            raise
        except Exception as exc:  # a corrupt or hostile object is input, not a crash
            raise GitReadError(f"object {sha[:12]} cannot be read: {exc}") from None

    def read_ahead(self, sha: str) -> None:
        """Read the line of commits from ``sha`` down (while each has one parent) and their
        root trees, at most `_AHEAD_COMMITS` of them, in one call (`memtui.core.git.chain`),
        for `_packed_object` to take as it is asked for them. Nothing where the objects
        lie in more than one pack, or no reader is built; nothing is charged here."""
        if self.reader is None:
            return
        try:
            packs = self.packs
        except GitReadError:
            return  # said by the first read
        self._fetched.clear()
        if len(packs) == 1:
            self.reader(packs[0].data, packs[0].index, sha, _AHEAD_COMMITS, _AHEAD_BYTES,
                        self._fetched)

    def _fetched_object(self, fetched: tuple[int, int, int, int, bytes]) -> bytes | None:
        """`_packed_object`'s content for an object `read_ahead` read (a plain entry of
        the one pack, of the kind asked for and within its cap): the same header kept, the
        same charge, the same content kept (`_resolved`), in the same order; None (read
        it as usual) should a header kept for its place say otherwise."""
        number, offset, used, size, body = fetched
        key = (self._packs[0].filename, offset)  # type: ignore[index]
        plain = (number, size, None, size, size, used, size)
        head = self._headers.get(key, _NO_HEADER)
        if head is _NO_HEADER:  # as `_packed_object` reads and keeps it
            if len(self._headers) >= _HEADER_CACHE:
                self._headers.clear()
            self._headers[key] = plain
        elif head != plain:
            return None
        resolved = self._resolved
        kept = resolved.get(key)
        budget = self.budget
        if kept is not None:
            if budget.inflated < 0:  # as `_cost` says: nothing (a spent budget raises)
                budget.charge("inflated", 0)
            resolved.move_to_end(key)
            return kept
        budget.inflated -= size
        if budget.inflated < 0:
            budget.charge("inflated", 0)  # says so (a spent budget raises)
        if size <= _RESOLVED_BYTES // 4:  # as `_keep` keeps it
            resolved[key] = body
            self._resolved_bytes += size
            if self._resolved_bytes > _RESOLVED_BYTES:
                self._keep(key, body)
        return body

    def _packed_object(self, sha: str, kind: bytes, cap: int) -> bytes:
        """`_object` for an object that cannot be loose: the same checks, in the same
        order, on one look-up of its header (a packed object read before is returned as
        kept, at no cost, as `_cost` would say; one that is no delta costs its size, as
        `_cost` says too). `_plain_header` and the usual case of `PackFile.inflate` (an
        entry whose data end in the first slice read) are done here, without their calls
        (a walk reads ~1,400 objects: each call is a tenth of an object's cost). An object
        `read_ahead` read is taken from there (`_fetched_object`)."""
        if self._fetched:
            fetched = self._fetched.pop(sha, None)
            if fetched is not None and fetched[3] <= cap and \
                    _KINDS.get(fetched[0]) == kind and self._packs:
                body = self._fetched_object(fetched)
                if body is not None:
                    return body
        try:
            raw = bytes.fromhex(sha)
        except ValueError:
            raise GitReadError(f"object {sha[:12]} is missing or cannot be read") from None
        for pack in self.packs if self._packs is None else self._packs:
            try:
                offset = pack.offset(raw)
            except PackError:
                break
            if offset is None:
                continue
            key = (pack.filename, offset)
            head = self._headers.get(key, _NO_HEADER)
            if head is _NO_HEADER:
                head = None
                data = pack.data[offset:offset + 16] if offset >= 12 else b""
                if data and (data[0] >> 4) & 7 not in (OFS_DELTA, REF_DELTA):
                    byte = data[0]  # `_plain_header`, as it reads and keeps it
                    number, size, shift, i = (byte >> 4) & 7, byte & 15, 4, 1
                    while byte & 0x80 and i < len(data):
                        byte = data[i]
                        size |= (byte & 0x7F) << shift
                        shift += 7
                        i += 1
                    if not byte & 0x80:
                        head = (number, size, None, size, size, i, size)
                        if len(self._headers) >= _HEADER_CACHE:
                            self._headers.clear()
                        self._headers[key] = head
                if head is None:  # a delta, or a header past its first bytes
                    head = self._packed(pack, offset, 0)
            if head is None or head[0] not in _KINDS:
                break
            if _KINDS[head[0]] != kind:
                raise GitReadError(f"{sha[:12]} is not a {kind.decode()}")
            if head[1] > cap:
                raise HistoryCut(f"{kind.decode()} {sha[:12]} is too large to read "
                                 f"({head[1]:,} bytes; memtui reads up to {cap:,})")
            resolved = self._resolved
            kept = resolved.get(key)
            budget = self.budget
            if kept is not None:
                if budget.inflated < 0:  # as `_cost` says: nothing (a spent budget raises)
                    budget.charge("inflated", 0)
                resolved.move_to_end(key)
                return kept
            if head[2] is not None:
                return self._delta_object(pack, offset, key, head)
            budget.inflated -= head[3]
            if budget.inflated < 0:
                budget.charge("inflated", 0)  # says so (a spent budget raises)
            size = head[6]
            body = None
            if size + 64 <= CHUNK:  # `PackFile.inflate`'s first slice holds it all
                at = offset + head[5]
                inflater = _decompressobj()
                try:
                    body = inflater.decompress(pack.data[at:at + size + 64], size + 1)
                except zlib.error:
                    body = None  # read again below: it says why
                if body is not None and (len(body) != size or not inflater.eof):
                    body = None
            if body is None:
                try:
                    body = pack.inflate(offset, head[5], size)
                except (OSError, IndexError, PackError) as exc:
                    raise GitReadError(f"the packed object at {offset} cannot be read: "
                                       f"{exc}") from None
            if size <= _RESOLVED_BYTES // 4:  # as `_keep` keeps it
                resolved[key] = body
                self._resolved_bytes += size
                if self._resolved_bytes > _RESOLVED_BYTES:
                    self._keep(key, body)
            return body
        raise GitReadError(f"object {sha[:12]} is missing or cannot be read")

    def _delta_object(self, pack: PackFile, offset: int, key: tuple[str, int],
                      head: tuple) -> bytes:
        """A packed delta's content, not kept, charged as `_cost` says and read as
        `_unpacked` reads it: without their calls when its base is kept or is no delta
        (the usual case: a walk reads the base first, or the delta first and its base,
        the parent's tree, next); through them otherwise."""
        base_key = (key[0], head[2])
        resolved = self._resolved
        base = resolved.get(base_key)
        base_head = None
        cost = head[3]
        if base is None:
            base_head = self._headers.get(base_key)
            if base_head is None or base_head[2] is not None:  # a longer chain
                self.budget.charge("inflated", self._cost(pack, offset))
                return self._unpacked(pack, offset)[1]
            cost += base_head[3]
        budget = self.budget
        budget.inflated -= cost
        if budget.inflated < 0:
            budget.charge("inflated", 0)  # says so (a spent budget raises)
        try:  # the entry's header was read by `_packed`: its data start there
            delta = self._early.pop(key, None)
            if delta is None:
                delta = pack.inflate(offset, head[5], head[6])
            else:  # what `pack.inflate` gives: the same stream, whole, of its size
                self._early_bytes -= len(delta)
            if base_head is None:
                resolved.move_to_end(base_key)
            else:  # as `_unpacked` reads and keeps it
                try:
                    base = pack.inflate(head[2], base_head[5], base_head[6])
                except (OSError, IndexError, PackError) as exc:
                    raise GitReadError(f"the packed object at {head[2]} cannot be read: "
                                       f"{exc}") from None
                self._keep(base_key, base)
            body = apply_delta(base, delta)
        except (OSError, IndexError, PackError) as exc:
            raise GitReadError(f"the packed object at {offset} cannot be read: {exc}") from None
        self._keep(key, body)
        return body

    def _plain_header(self, pack: PackFile, offset: int, key: tuple[str, int]
                      ) -> tuple[int, int, None, int, int, int, int] | None:
        """`_packed`'s header for an entry that is no delta, told from its first bytes
        and kept as `_packed` keeps it; None (nothing kept) for a delta or a header that
        runs past those bytes (`_packed` then reads it)."""
        if offset < 12:
            return None
        data = pack.start(offset, 16)
        if not data or (data[0] >> 4) & 7 in (OFS_DELTA, REF_DELTA):
            return None
        byte = data[0]
        kind, size, shift, i = (byte >> 4) & 7, byte & 15, 4, 1
        while byte & 0x80:
            if i == len(data):
                return None
            byte = data[i]
            size |= (byte & 0x7F) << shift
            shift += 7
            i += 1
        got = (kind, size, None, size, size, i, size)
        if len(self._headers) >= _HEADER_CACHE:
            self._headers.clear()
        self._headers[key] = got
        return got

    def commit(self, sha: str) -> CommitInfo:
        """The commit ``sha`` (read once: the last ``_COMMIT_CACHE`` read are kept)."""
        kept = self._commits.get(sha)
        if kept is not None:
            return kept
        if self.ahead and sha not in self._fetched:
            self.read_ahead(sha)
        try:
            info = _parse_commit(sha, self._packed_object(sha, b"commit", MAX_COMMIT)
                                 if sha[:2] not in self._loose_dirs  # (as `_object` does)
                                 else self._object(sha, b"commit"))
        except GitReadError:
            raise
        except Exception as exc:
            raise GitReadError(f"commit {sha[:12]} cannot be read: {exc}") from None
        if sha in self._shallow:  # its parents were not fetched: a root, as for git
            info = info._replace(parents=())
        if len(self._commits) >= _COMMIT_CACHE:
            self._commits.clear()
        self._commits[sha] = info
        return info

    def _entries(self, tree: str | None) -> dict[str, tuple[int, str]]:
        """A tree's entries (name → (mode, id)); the last few trees parsed are kept, and
        each tree parsed is charged to the budget, entry by entry. Not to be changed."""
        if tree is None:
            return {}
        kept = self._parsed(tree)
        if kept[3] is None:
            kept[3] = {name.decode(_FS_ENCODING, _FS_ERRORS): (int(mode, 8), sha.hex())
                       for mode, name, sha in self._raw(tree).values()}
        return kept[3]

    def _raw(self, tree: str | None) -> dict[bytes, tuple[bytes, bytes, bytes]]:
        """A tree's entries as its bytes hold them (name → (octal mode, name, 20-byte id);
        a name twice: its last entry), split when first asked for."""
        if tree is None:
            return _NO_ENTRIES
        kept = self._parsed(tree)
        if kept[2] is None:
            if len(kept[1]) <= _SPLIT_SMALL:
                kept[2] = _split_small(kept[1])
            else:
                items = re.compile(_TREE_ENTRY, re.S).findall(kept[0])
                kept[2] = dict(zip(map(itemgetter(1), items), items, strict=True))
        return kept[2]

    def _parsed(self, tree: str, like: list | None = None, like_id: str | None = None
                ) -> list | tuple:
        """[content, its entries (each whole, as bytes), `_raw`'s dict or None, `_entries`'
        dict or None, where each entry starts (and the content's end) or None, and (the
        tree it was told from, the span of entries where they may differ) or None] of
        ``tree``, read once: a walk compares trees by their entries' bytes (`_changed`)
        and splits only the trees it looks a name up in. ``like``: the record of a kept
        tree, ``like_id``, this one may differ from in a few bytes (see `_items_like`)."""
        kept = self._trees.get(tree)
        if kept is not None:
            self._trees.move_to_end(tree)
            return kept
        try:
            body = self._packed_object(tree, b"tree", MAX_TREE) \
                if tree[:2] not in self._loose_dirs else self._object(tree, b"tree")
        except HistoryCut:
            raise
        except GitReadError:
            if self.header(tree) is not None:  # a submodule's commit, a blob: no entries
                return _EMPTY_TREE
            raise
        found = None if like is None else _items_like(body, like)
        span = None
        if found is None:
            items, starts = _TREE_ITEM.findall(body), None
            # The entries tile the content (each start has one possible entry, and
            # findall's matches do not overlap): it is made of entries and nothing else.
            if sum(map(len, items)) != len(body):
                raise GitReadError(f"tree {tree[:12]} cannot be read: not a tree's entries")
        else:  # tiled so by `_items_like`
            items, starts, i, j = found
            span = like_id, i, j
        budget = self.budget
        budget.entries -= len(items)
        if budget.entries < 0:
            budget.charge("entries", 0)  # says so (a spent budget raises)
        kept = self._trees[tree] = [body, items, None, None, starts, span]
        if len(items) <= _SPLIT_SMALL:  # split now, as `_raw` would (a walk looks a name
            kept[2] = _split_small(items)  # up in most small trees: a root, a folder)
        self._tree_entries += len(items)
        while self._tree_entries > _TREE_CACHE_ENTRIES and len(self._trees) > 1:
            self._tree_entries -= len(self._trees.popitem(last=False)[1][1])
        return kept

    def subtree(self, tree: str, prefix: str) -> str | None:
        """The id of the tree at ``prefix`` (``""``: ``tree`` itself), or None."""
        parts = self._prefixes.get(prefix)
        if parts is None:
            parts = self._prefixes[prefix] = tuple(
                p.encode(_FS_ENCODING, _FS_ERRORS) for p in prefix.split("/") if p)
        trees = self._trees
        for part in parts:
            kept = trees.get(tree)  # `_raw`, without its calls for a tree split before
            if kept is None:  # (each commit's twice) or a small one (split as read)
                kept = self._parsed(tree)
            else:
                trees.move_to_end(tree)
            raw = kept[2]
            entry = (raw if raw is not None else self._raw(tree)).get(part)
            if entry is None or (entry[0] != b"40000" and int(entry[0], 8) != _DIR):
                return None
            tree = entry[2].hex()
        return tree

    def entry(self, tree: str, path: str) -> tuple[int, str] | None:
        """The (mode, id) of ``path`` under ``tree``, or None when there is none."""
        *folders, name = path.split("/")
        for part in folders:
            found = self._entries(tree).get(part)
            if found is None or found[0] != _DIR:
                return None
            tree = found[1]
        return self._entries(tree).get(name)

    def count_files(self, tree: str) -> int:
        """How many non-folder entries lie under ``tree`` (as many as ``files`` yields):
        each tree's count is kept, so a tree met again costs nothing (a thousand folders
        of the same thousand-entry tree are two trees to read, not a million entries)."""
        counts = self._counts
        stack = [tree]  # depth first without recursion: a tree may nest thousands deep
        while stack:
            top = stack[-1]
            if top in counts:
                stack.pop()
                continue
            entries = self._entries(top)
            waiting = [sha for mode, sha in entries.values()
                       if mode == _DIR and sha not in counts]
            if waiting:
                if top in waiting or len(stack) > MAX_NESTING:
                    raise GitReadError(f"tree {top[:12]} nests too deep")
                stack.extend(waiting)
                continue
            stack.pop()
            counts[top] = sum(counts[sha] if mode == _DIR else 1
                              for mode, sha in entries.values())
        return counts[tree]

    def files(self, tree: str | None, base: str = "", depth: int = 0
              ) -> Iterator[tuple[str, str, str]]:
        """(mode, id, path) of every non-folder entry under ``tree`` (as ``ls-tree -r``)."""
        entries = self._entries(tree)
        self.budget.charge("entries", len(entries))
        for name, (mode, sha) in sorted(entries.items()):
            path = f"{base}/{name}" if base else name
            if mode == _DIR:
                if depth >= MAX_FOLDERS:
                    raise _too_deep(path)
                yield from self.files(sha, path, depth + 1)
            else:
                yield f"{mode:06o}", sha, path

    def changes(self, old: str | None, new: str | None, base: str = "", depth: int = 0
                ) -> Iterator[tuple[str, str, str]]:
        """(mode, id, path) of each entry changed from ``old`` to ``new`` (as
        ``diff-tree -r``); a deleted one comes with mode ``"0"``."""
        if old == new:
            return
        changed = self._changed(old, new)
        names = sorted(changed)
        budget = self.budget
        budget.entries -= len(names)
        if budget.entries < 0:
            budget.charge("entries", 0)  # says so (a spent budget raises)
        for name in names:
            was, now = changed[name]
            path = f"{base}/{name}" if base else name
            was_dir = was is not None and was[0] == _DIR
            now_dir = now is not None and now[0] == _DIR
            if was is not None and not was_dir and (now is None or now_dir):
                yield "0", was[1], path
            if was_dir or now_dir:
                if depth >= MAX_FOLDERS:
                    raise _too_deep(path)
                yield from self.changes(was[1] if was_dir and was else None,
                                        now[1] if now_dir and now else None, path, depth + 1)
            if now is not None and not now_dir:
                yield f"{now[0]:06o}", now[1], path

    def _changed(self, old: str | None, new: str | None
                 ) -> dict[str, tuple[tuple[int, str] | None, tuple[int, str] | None]]:
        """The names whose entry differs from ``old`` to ``new`` (decoded, each with its
        (mode, id) there or None), compared as `_entries` gives them ("040000" and "40000"
        are one mode; a name's last entry counts, as in `_raw`).

        The entries whose bytes differ are told at C speed (trees of as many entries: at
        each place; else as sets), and only they are split. That is exact when the trees
        are one list of entries once those are taken out (a name none of them holds then
        reads the same in both), and each name they hold is at most one entry in each
        tree (its bytes, " NAME\0", are found there at most once: every entry of that name
        holds them). Otherwise (git never writes such trees), or when taking them out
        would cost more than `_COMPARE_WORK`, by `_raw`'s dicts. Charged an eighth of an
        entry per entry compared (one per name that differs: `changes`)."""
        like = self._trees.get(new) if old is not None and new is not None else None
        ka = _EMPTY_TREE if old is None else self._parsed(old, like, new)
        kb = _EMPTY_TREE if new is None else self._parsed(new)
        budget = self.budget
        budget.entries -= (len(ka[1]) + len(kb[1])) // 8
        if budget.entries < 0:
            budget.charge("entries", 0)  # says so (a spent budget raises)
        la, lb = ka[1], kb[1]
        span = ka[5]
        if len(la) == len(lb) and (len(la) <= _SPLIT_SMALL or
                                   (span is not None and span[0] == new)):
            # The usual change: one entry in place (a file's id, a folder's). What the
            # lines below find for it, without their lists and loops: the places that
            # may differ (the span `_items_like` found, or every place of a small tree),
            # the one that does, its one name, counted once in each tree.
            told = span is not None and span[0] == new
            at = [k for k in (range(span[1], span[2]) if told else range(len(la)))
                  if la[k] != lb[k]]
            if not at:
                return {}
            if len(at) == 1:
                i = at[0]
                a, b = la[i], lb[i]
                space_a, space_b = a.index(b" "), b.index(b" ")
                name = a[space_a + 1:-21]
                starts = ka[4]
                place = (starts[i], starts[i + 1]) \
                    if told and starts is not None and starts is kb[4] else None
                if name == b[space_b + 1:-21] and \
                        max(_count_both(ka[0], kb[0], b" " + name + b"\0", place)) <= 1:
                    was = (int(a[:space_a], 8), a[-20:].hex())
                    now = (int(b[:space_b], 8), b[-20:].hex())
                    return {name.decode(_FS_ENCODING, _FS_ERRORS): (was, now)} \
                        if was != now else {}
        if len(la) == len(lb):  # entries changed in place: the places that differ
            if span is not None and span[0] == new:  # off the span `_items_like` found,
                at = [k for k in range(span[1], span[2]) if la[k] != lb[k]]  # `new`'s
            else:
                at = list(compress(count(), map(ne, la, lb)))
            only: tuple = ([la[i] for i in at], [lb[i] for i in at])
            plain = True  # off those places the lists are one
        else:
            sa, sb = set(la), set(lb)
            only = (sa - sb, sb - sa)
            plain = (len(only[0]) + len(only[1])) * (len(la) + len(lb)) <= _COMPARE_WORK
        if plain and len(la) != len(lb):
            rest = list(ka[1]), list(kb[1])  # each less one of each of its own entries
            for side in (0, 1):
                for item in only[side]:
                    rest[side].remove(item)
            plain = rest[0] == rest[1]
        sides: dict[bytes, list] = {}
        for side in (0, 1):
            for item in only[side] if plain else ():  # split as `_split_small` splits
                space = item.index(b" ")
                name = item[space + 1:-21]
                got = sides.setdefault(name, [None, None])
                plain = plain and got[side] is None
                got[side] = (item[:space], name, item[-20:])
        # One entry changed in place in a tree told from the other, of the same starts:
        # the contents differ only in that entry's bytes (see `_count_both`).
        place = None
        if len(la) == len(lb) and len(at) == 1 and span is not None and span[0] == new \
                and ka[4] is not None and ka[4] is kb[4]:
            place = ka[4][at[0]], ka[4][at[0] + 1]
        if plain and len(sides) > _NAMES_COUNTED:  # many names: no name twice in either
            plain = len(self._raw(old)) == len(la) and len(self._raw(new)) == len(lb)
        else:
            for name in sides:
                if not plain:
                    break
                key = b" " + name + b"\0"
                plain = max(_count_both(ka[0], kb[0], key, place)) <= 1
        if not plain:
            ra, rb = self._raw(old), self._raw(new)
            sides = {name: [ra.get(name), rb.get(name)]
                     for name, _ in ra.items() ^ rb.items()}
        changed = {}
        for raw_name, (a, b) in sides.items():
            was, now = _decoded(a), _decoded(b)
            if was != now:
                changed[raw_name.decode(_FS_ENCODING, _FS_ERRORS)] = (was, now)
        return changed

    def size(self, sha: str) -> int | None:
        """An object's size from its header alone, without reading its content; None when
        it cannot be told (then it is not read either)."""
        found = self.header(sha)
        return None if found is None else found[1]

    def blob(self, sha: str, cap: int) -> bytes | None:
        """A blob's bytes, or None when it is not a blob or is over ``cap`` bytes (told from
        its header, before its content is read)."""
        found = self.header(sha)
        if found is None or found[0] != b"blob" or found[1] > cap:
            return None
        return self._object(sha, b"blob", cap)

    def walk(self, head: str) -> Iterator[CommitInfo]:
        """Every commit reachable from ``head``, newest commit time first (as ``git log``)."""
        self.budget.charge("commits", 1)
        first = self.commit(head)
        queue = [(-first.time, head, first)]
        seen = {head}
        while queue:  # (`heapq` only when it holds two or more: most walks are lines)
            _, _, info = queue.pop() if len(queue) == 1 else _heapq().heappop(queue)
            while True:
                yield info
                parents = info.parents
                if len(parents) != 1 or queue or parents[0] in seen:
                    break
                # A line of commits: the heap would hold the parent alone and give it back.
                seen.add(parents[0])
                budget = self.budget
                budget.commits -= 1
                if budget.commits < 0:
                    budget.charge("commits", 0)  # says so (a spent budget raises)
                info = self.commit(parents[0])
            for parent in info.parents:
                if parent not in seen:
                    seen.add(parent)
                    self.budget.charge("commits", 1)
                    p = self.commit(parent)
                    if queue:
                        _heapq().heappush(queue, (-p.time, parent, p))
                    else:  # as `heappush` puts it in an empty heap
                        queue.append((-p.time, parent, p))


def _heapq() -> ModuleType:
    """The module ``heapq``, imported when a walk first needs a heap (a merge)."""
    import heapq

    return heapq


def _items_like(body: bytes, like: list
                ) -> tuple[list[bytes], list[int] | None, int, int] | None:
    """``_TREE_ITEM.findall(body)``, where its entries start (None: not told) and which of
    them may differ from ``like``'s (from the first to before the last given), told from
    the record ``like`` (`Repo._parsed`) of a tree of the same length whose content tiles
    into its entries, when only a few of its entries differ (a file changed in place: one
    id); None when that does not hold (then ``body`` is read whole).

    The two contents agree before the first byte that differs and after the last: the
    entries of ``like`` wholly before that span are ``body``'s too (entries are read
    from the start, each from where the last ended, one way only), the span's entries are
    read from ``body`` and must end where ``like``'s did, and from there on the bytes,
    so the entries, are ``like``'s. The span's first and last entries are found by
    halving: the contents agree up to an entry's start only before the first difference,
    and from its start on only past the last (slices compared in C, a few per halving;
    a 100-entry tree costs ~15 comparisons, not the two contents made integers). The
    entries' starts are ``like``'s (kept in its record) when the span's entries are of
    the lengths of those they replace (the usual change: one id)."""
    other, items = like[0], like[1]
    if len(body) != len(other) or len(items) < 8 or body == other:
        return None
    starts = like[4]
    if starts is None:
        starts = like[4] = [0, *accumulate(map(len, items))]
    end = len(starts) - 1
    if starts[end] != len(body):
        return None
    lo, hi = 0, end  # they agree up to starts[lo], not up to starts[hi] (the end)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        a, b = starts[lo], starts[mid]
        if body[a:b] == other[a:b]:
            lo = mid
        else:
            hi = mid
    i = lo  # the entry that holds the first byte that differs
    lo, hi = i, end  # they agree from starts[hi] on (the end), not from starts[lo]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        a, b = starts[mid], starts[hi]
        if body[a:b] == other[a:b]:
            hi = mid
        else:
            lo = mid
    j = hi  # entries i .. j-1 hold every byte that differs
    span = _TREE_ITEM.findall(body, starts[i], starts[j])
    if sum(map(len, span)) != starts[j] - starts[i]:
        return None
    same = len(span) == 1 == j - i or \
        list(accumulate(map(len, span), initial=starts[i])) == starts[i:j + 1]
    return items[:i] + span + items[j:], starts if same else None, i, i + len(span)


def _split_small(items: list[bytes]) -> dict[bytes, tuple[bytes, bytes, bytes]]:
    """`Repo._raw`'s dict of a few entries, each split where its parts end (the mode
    before its first space, the id its last 20 bytes), not by a second pattern."""
    raw = {}
    for item in items:
        space = item.index(b" ")
        name = item[space + 1:-21]
        raw[name] = (item[:space], name, item[-20:])
    return raw


def _count_both(a: bytes, b: bytes, key: bytes, place: tuple[int, int] | None
                ) -> tuple[int, int]:
    """``(a.count(key), b.count(key))`` for a tree entry's key (``b" NAME\\0"``: one NUL,
    its last byte, so no two of its occurrences overlap). ``place``: where the two
    contents, of one length, differ (they agree on every byte outside it): then ``b`` is
    not scanned whole, its count is ``a``'s less what ``a`` holds around that place plus
    what ``b`` holds there (an occurrence touching the place lies within ``len(key) - 1``
    bytes of it; any other is in both, at the same bytes)."""
    if place is None:
        return a.count(key), b.count(key)
    counted = a.count(key)
    lo, hi = max(0, place[0] - len(key) + 1), place[1] + len(key) - 1
    return counted, counted - a.count(key, lo, hi) + b.count(key, lo, hi)


def _decoded(entry: tuple[bytes, bytes, bytes] | None) -> tuple[int, str] | None:
    """A raw tree entry's (mode, id) as `Repo._entries` gives it."""
    return None if entry is None else (int(entry[0], 8), entry[2].hex())


def _parse_commit(sha: str, body: bytes) -> CommitInfo:
    """A commit's tree, parents, committer time and message, from its content: header
    lines up to the first empty line (a line starting with a space continues the one
    before: a signature), then the message. Every id must be 40 hex digits."""
    plain = _PLAIN_COMMIT.match(body)
    if plain is not None:  # the usual header: what the lines below read from it, at once
        tree, lines, when = plain.groups()
        return _new_tuple(CommitInfo, (  # as CommitInfo(...) makes it, without its call
            sha, int(when), (lines[7:47].decode("ascii"),) if len(lines) == 48 else
            tuple(lines[7:-1].decode("ascii").split("\nparent ")) if lines else (),
            tree.decode("ascii"), body[plain.end():]))
    head, _, message = body.partition(b"\n\n")
    tree, parents, when = None, [], None
    for line in head.split(b"\n"):
        if line.startswith(b" "):
            continue
        key, _, value = line.partition(b" ")
        if key == b"tree":
            tree = value.decode("ascii")
        elif key == b"parent":
            parents.append(value.decode("ascii"))
        elif key == b"committer":
            _person, sep, rest = value.rpartition(b"> ")
            stamp, _, zone = rest.rpartition(b" ")
            if not sep or zone[:1] not in (b"+", b"-") or not zone[1:].isdigit():
                raise GitReadError(f"commit {sha[:12]} cannot be read: no committer time")
            when = int(stamp)
    if tree is None or when is None or \
            not all(map(re.compile(_HEX_ID).fullmatch, (tree, *parents))):
        raise GitReadError(f"commit {sha[:12]} cannot be read: no tree, or a bad id")
    return CommitInfo(sha, when, tuple(parents), tree, message)


def _inflate_start(raw: bytes, want: int) -> bytes:
    return zlib.decompressobj().decompress(raw, want)


def _loose_header(path: Path) -> tuple[bytes, int] | None:
    """A loose object's type and size, from the first bytes of its file."""
    head = _small_file_start(path, 512)
    if head is None:
        return None
    try:
        text = _inflate_start(head, 64)
    except zlib.error:
        return None
    header = text.split(b"\0", 1)[0].split(b" ")
    if len(header) != 2 or header[0] not in _KIND_NUMS or not header[1].isdigit() \
            or len(header[1]) > 20:
        return None
    return header[0], int(header[1])


def _read_loose(path: Path, kind: bytes, size: int) -> bytes:
    """A loose object's content, inflated to exactly the size its header gives and never
    more; the file's compressed bytes are read up to a bound that size sets."""
    header = kind + b" " + str(size).encode() + b"\0"
    total = len(header) + size
    limit = total + total // 8 + 4096  # deflate's worst case is far less
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise GitReadError("not a regular file")
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise GitReadError("the loose object's file is larger than its header says")
    inflater = zlib.decompressobj()
    text = inflater.decompress(raw, total + 1)
    if len(text) != total or not inflater.eof or not text.startswith(header):
        raise GitReadError("the loose object's content does not match its header")
    return text[len(header):]


def _small_file_start(path: Path, n: int) -> bytes | None:
    """The first ``n`` bytes of a regular file, never following a link or opening a FIFO."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None
        return f.read(n)
