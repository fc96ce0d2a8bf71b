"""git's index (``.git/index``) read as data: each staged file's stat data and blob id.

What git itself uses to tell a file changed without reading it: when a file's size and
mtime are those the index recorded, its bytes are the index's blob. Versions 2, 3 and 4 of
the format (4: path names prefix-compressed); extensions are not read. Bounded: an index
over `MAX_INDEX` bytes, or one that does not parse, is no index (None), never a traceback.
"""

from __future__ import annotations

import os
import stat
import struct
from pathlib import Path
from typing import NamedTuple

#: The largest index read (git's own for 100,000 files is ~10 MB).
MAX_INDEX = 64 * 1024 * 1024


class IndexEntry(NamedTuple):
    """One path's record: its mtime (ns), size, blob id (hex) and merge stage."""

    mtime_ns: int
    size: int
    sha: str
    stage: int


class GitIndex(NamedTuple):
    """The entries by path (relative to the work tree, ``/``-separated) and the index
    file's own mtime (ns): an entry whose mtime is not older is "racily clean" (its file may
    have changed within the same tick), so its stat data prove nothing."""

    entries: dict[str, IndexEntry]
    mtime_ns: int


def read_index(gitdir: Path, id_bytes: int = 20, prefix: str = "") -> GitIndex | None:
    """The index of ``gitdir`` (ids of ``id_bytes`` bytes: 20 SHA-1, 32 SHA-256), its
    entries under ``prefix`` only (relative to it); None when there is none or it cannot be
    read as one."""
    path = gitdir / "index"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_INDEX:
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_INDEX + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        entries = _parse(data, id_bytes, prefix)
    except (ValueError, IndexError, UnicodeDecodeError):
        return None
    return None if entries is None else GitIndex(entries, st.st_mtime_ns)


_FIELDS = struct.Struct(">10L")


def _parse(data: bytes, id_bytes: int, prefix: str) -> dict[str, IndexEntry] | None:
    if len(data) < 12 or data[:4] != b"DIRC":
        return None
    version = int.from_bytes(data[4:8], "big")
    if version not in (2, 3, 4):
        return None
    count = int.from_bytes(data[8:12], "big")
    lead = (prefix.rstrip("/") + "/").encode("utf-8") if prefix else b""
    out: dict[str, IndexEntry] = {}
    at = 12
    previous = b""
    fixed = 40 + id_bytes + 2
    unpack = _FIELDS.unpack_from
    for _ in range(count):
        if at + fixed > len(data):
            raise ValueError("index cut short")
        start = at
        fields = unpack(data, at)
        flags = int.from_bytes(data[at + 40 + id_bytes:at + fixed], "big")
        at += fixed
        if version >= 3 and flags & 0x4000:
            at += 2  # extended flags
        if version == 4:
            strip, at = _varint(data, at)
            end = data.index(b"\0", at)
            if strip > len(previous):
                raise ValueError("index path prefix too long")
            name = previous[:len(previous) - strip] + data[at:end]
            at = end + 1
            previous = name
        else:
            length = flags & 0xFFF
            end = data.index(b"\0", at) if length == 0xFFF else at + length
            name = data[at:end]
            at = start + ((end - start) // 8 + 1) * 8  # 1 to 8 NULs to a multiple of 8
        if name.startswith(lead):
            out[name[len(lead):].decode("utf-8")] = IndexEntry(
                fields[2] * 1_000_000_000 + fields[3], fields[9],
                data[start + 40:start + 40 + id_bytes].hex(), (flags >> 12) & 3)
    return out


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """git's offset varint (index version 4's prefix length) at ``at``: (value, next)."""
    byte = data[at]
    at += 1
    value = byte & 0x7F
    while byte & 0x80:
        byte = data[at]
        at += 1
        value = ((value + 1) << 7) | (byte & 0x7F)
    return value, at
