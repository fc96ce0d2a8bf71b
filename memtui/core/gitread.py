"""Read git history without running git: a workspace's repository is data, never a program.

git obeys a repository's own configuration (``core.fsmonitor``, ``gpg.program``,
``diff.external``, ``filter.*``, hooks, ``include.path`` …), so starting it in an untrusted
workspace runs whatever that workspace names. memtui never starts git. It reads objects
with dulwich's pure-Python object store, and reads nothing else from the repository: no
config, no hooks, no attributes, no alternates, no worktree or ``.git``-file redirects.

Which repository: the nearest folder at or above the workspace that holds a ``.git``
*directory* (not a symlink, not a ``.git`` file). A ``.git`` file (worktree, submodule)
ends the search with no repository; a bare repository's files (``HEAD``, ``objects/`` …)
lying in a folder are never taken for a repository. The work tree is always the folder
holding ``.git``; ``core.worktree`` is never read.
"""

from __future__ import annotations

import heapq
import os
import stat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

#: Loose trees and commits larger than this are refused (dulwich inflates them whole).
MAX_OBJECT = 16 * 1024 * 1024
#: Largest commit time taken as a date: 9999-12-31T23:59:59Z.
MAX_TIME = 253402300799
_REF_CAP = 16 * 1024 * 1024
_DIR = 0o040000


class GitReadError(Exception):
    """The repository could not be read (one-line reason)."""


@cache
def _store_class() -> Any:
    """dulwich's object store, imported only when a repository is read (about 80 ms), made
    never to follow ``objects/info/alternates`` out of the repository."""
    from dulwich.object_store import DiskObjectStore

    class Store(DiskObjectStore):
        def _read_alternate_paths(self) -> Iterator[str]:
            return iter(())

    return Store


def _is_dir(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def find_repo(start: Path) -> tuple[Path, Path] | None:
    """(work tree top, ``.git`` directory) of the repository holding ``start``, or None."""
    here = Path(os.path.realpath(start))
    while True:
        dot = here / ".git"
        if _is_dir(dot):
            return here, dot
        if os.path.lexists(dot):
            return None  # a .git file or link: never followed
        if here.parent == here:
            return None
        here = here.parent


def _small_file(path: Path, cap: int = _REF_CAP) -> bytes | None:
    """A regular file's bytes (at most ``cap``), never following a link or opening a FIFO."""
    data = _small_file_start(path, cap + 1)
    return None if data is None or len(data) > cap else data


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    time: int
    parents: tuple[str, ...]
    tree: str
    subject: str


class Repo:
    """One repository's objects and refs, read as data."""

    def __init__(self, gitdir: Path) -> None:
        self.gitdir = gitdir
        objects = gitdir / "objects"
        if not _is_dir(objects):
            raise GitReadError(f"{gitdir}: no objects folder")
        packs = objects / "pack"
        if os.path.lexists(packs):
            if not _is_dir(packs):
                raise GitReadError(f"{packs}: not a folder")
            for name in os.listdir(packs):  # a FIFO or link there would block or lead out
                if not stat.S_ISREG(os.lstat(packs / name).st_mode):
                    raise GitReadError(f"{packs / name}: not a regular file")
        self.store = _store_class()(os.fspath(objects), loose_object_size_limit=MAX_OBJECT)

    def _ref(self, name: str, depth: int = 0) -> str | None:
        if depth > 5:
            return None
        if name != "HEAD" and (not name.startswith("refs/") or ".." in name.split("/")):
            return None
        data = _small_file(self.gitdir / name, 4096)
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
        """Close the pack files (dulwich would complain at exit otherwise)."""
        self.store.close()

    def __enter__(self) -> Repo:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def head(self) -> str | None:
        """The commit HEAD names, or None (unborn branch, unreadable HEAD)."""
        return self._ref("HEAD")

    def _object(self, sha: str) -> Any:
        loose = self.gitdir / "objects" / sha[:2] / sha[2:]
        try:
            mode = os.lstat(loose).st_mode
        except OSError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise GitReadError(f"object {sha[:12]} is not a regular file")
        try:
            return self.store[sha.encode()]
        except KeyError:
            raise GitReadError(f"object {sha[:12]} is missing") from None
        except Exception as exc:  # a corrupt or hostile object is input, not a crash
            raise GitReadError(f"object {sha[:12]} cannot be read: {exc}") from None

    def commit(self, sha: str) -> CommitInfo:
        obj = self._object(sha)
        if obj.type_name != b"commit":
            raise GitReadError(f"{sha[:12]} is not a commit")
        try:
            message = obj.message.decode("utf-8", "replace")
            subject = " ".join(message.strip().split("\n\n", 1)[0].split("\n"))
            return CommitInfo(sha, int(obj.commit_time), tuple(p.decode() for p in obj.parents),
                              obj.tree.decode(), subject)
        except Exception as exc:
            raise GitReadError(f"commit {sha[:12]} cannot be read: {exc}") from None

    def _entries(self, tree: str | None) -> dict[str, tuple[int, str]]:
        if tree is None:
            return {}
        obj = self._object(tree)
        if obj.type_name != b"tree":
            return {}
        try:
            return {os.fsdecode(e.path): (e.mode, e.sha.decode())
                    for e in obj.iteritems()}
        except Exception as exc:
            raise GitReadError(f"tree {tree[:12]} cannot be read: {exc}") from None

    def subtree(self, tree: str, prefix: str) -> str | None:
        """The id of the tree at ``prefix`` (``""``: ``tree`` itself), or None."""
        for part in (p for p in prefix.split("/") if p):
            entry = self._entries(tree).get(part)
            if entry is None or entry[0] != _DIR:
                return None
            tree = entry[1]
        return tree

    def files(self, tree: str | None, base: str = "") -> Iterator[tuple[str, str, str]]:
        """(mode, id, path) of every non-folder entry under ``tree`` (as ``ls-tree -r``)."""
        for name, (mode, sha) in sorted(self._entries(tree).items()):
            path = f"{base}/{name}" if base else name
            if mode == _DIR:
                yield from self.files(sha, path)
            else:
                yield f"{mode:06o}", sha, path

    def changes(self, old: str | None, new: str | None, base: str = ""
                ) -> Iterator[tuple[str, str, str]]:
        """(mode, id, path) of each entry changed from ``old`` to ``new`` (as
        ``diff-tree -r``); a deleted one comes with mode ``"0"``."""
        if old == new:
            return
        a, b = self._entries(old), self._entries(new)
        for name in sorted(a.keys() | b.keys()):
            was, now = a.get(name), b.get(name)
            if was == now:
                continue
            path = f"{base}/{name}" if base else name
            was_dir = was is not None and was[0] == _DIR
            now_dir = now is not None and now[0] == _DIR
            if was is not None and not was_dir and (now is None or now_dir):
                yield "0", was[1], path
            if was_dir or now_dir:
                yield from self.changes(was[1] if was_dir and was else None,
                                        now[1] if now_dir and now else None, path)
            if now is not None and not now_dir:
                yield f"{now[0]:06o}", now[1], path

    def size(self, sha: str) -> int | None:
        """An object's size from its header alone, without reading its content; None when
        it cannot be told (then it is not read either)."""
        loose = self.gitdir / "objects" / sha[:2] / sha[2:]
        if os.path.lexists(loose):
            return _loose_size(loose)
        raw = bytes.fromhex(sha)
        for pack in self.store.packs:
            try:
                offset = pack.index.object_offset(raw)
            except KeyError:
                continue
            path = self.gitdir / "objects" / "pack" / Path(pack.data.filename).name
            return _packed_size(path, offset, pack, 0)
        return None

    def blob(self, sha: str, cap: int) -> bytes | None:
        """A blob's bytes, or None when it is not a blob or is over ``cap`` bytes (told from
        its header, before its content is read)."""
        size = self.size(sha)
        if size is None or size > cap:
            return None
        obj = self._object(sha)
        return obj.as_raw_string() if obj.type_name == b"blob" else None

    def walk(self, head: str) -> Iterator[CommitInfo]:
        """Every commit reachable from ``head``, newest commit time first (as ``git log``)."""
        first = self.commit(head)
        queue = [(-first.time, head, first)]
        seen = {head}
        while queue:
            _, _, info = heapq.heappop(queue)
            yield info
            for parent in info.parents:
                if parent not in seen:
                    seen.add(parent)
                    p = self.commit(parent)
                    heapq.heappush(queue, (-p.time, parent, p))


def _varint_header(data: bytes) -> tuple[int, int, int]:
    """(type, size, bytes used) of a pack entry's header."""
    byte = data[0]
    kind, size, shift, i = (byte >> 4) & 7, byte & 15, 4, 1
    while byte & 0x80:
        byte = data[i]
        size |= (byte & 0x7F) << shift
        shift += 7
        i += 1
    return kind, size, i


def _delta_sizes(data: bytes) -> tuple[int, int]:
    """(base size, result size) at the start of a delta."""
    out = []
    i = 0
    for _ in range(2):
        size, shift = 0, 0
        while True:
            byte = data[i]
            i += 1
            size |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        out.append(size)
    return out[0], out[1]


def _inflate_start(raw: bytes, want: int) -> bytes:
    return zlib.decompressobj().decompress(raw, want)


def _loose_size(path: Path) -> int | None:
    head = _small_file_start(path, 512)
    if head is None:
        return None
    try:
        text = _inflate_start(head, 64)
    except zlib.error:
        return None
    header = text.split(b"\0", 1)[0].split(b" ")
    return int(header[1]) if len(header) == 2 and header[1].isdigit() else None


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


def _packed_size(path: Path, offset: int, pack: object, depth: int) -> int | None:
    """The largest size along a packed object's delta chain (the base is inflated too)."""
    if depth > 64:
        return None
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            data = f.read(1024)
        kind, size, used = _varint_header(data)
        if kind not in (6, 7):
            return size
        if kind == 6:  # OFS_DELTA: a negative offset to the base
            byte = data[used]
            rel, used = byte & 0x7F, used + 1
            while byte & 0x80:
                byte = data[used]
                rel, used = ((rel + 1) << 7) | (byte & 0x7F), used + 1
            base = _packed_size(path, offset - rel, pack, depth + 1)
        else:  # REF_DELTA: the base's id
            raw, used = data[used:used + 20], used + 20
            try:
                base_offset = pack.index.object_offset(raw)  # type: ignore[attr-defined]
            except KeyError:
                return None
            base = _packed_size(path, base_offset, pack, depth + 1)
        base_size, result = _delta_sizes(_inflate_start(data[used:], 32))
        return None if base is None else max(base, base_size, result, size)
    except (OSError, IndexError, zlib.error):
        return None
