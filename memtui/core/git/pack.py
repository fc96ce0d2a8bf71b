"""One git pack read as data: its index (version 2) looked up, an entry's header told, an
entry's bytes inflated to the size its header gives and never more, a delta applied.

Nothing here decides whether a read is worth its cost: :mod:`memtui.core.git.repo` tells
that from the headers first (sizes along the whole delta chain) and charges its budget.
This module only refuses what does not fit: an index whose tables do not fit its file, an
entry that inflates to another size than its header says, a delta that copies outside its
base or makes more than it declared. Every failure is :class:`PackError`.
"""

from __future__ import annotations

import bisect
import mmap
import os
import stat
import struct
import zlib
from typing import BinaryIO

_NOFOLLOW = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_IDX_MAGIC = b"\377tOc"
#: An entry's data are inflated from slices of this many bytes at most (the first:
#: its size and 64 bytes more, when that is less).
CHUNK = 64 * 1024
#: Index buckets (ids sharing a first byte) of at most this many ids are searched as one
#: block of bytes rather than by bisection.
SCAN_BUCKET = 512
#: Where an index's table of ids starts (past its header and fan-out table).
_NAMES_AT = 8 + 1024
_UINT32 = struct.Struct(">I").unpack_from
#: Pack entry types: the four objects and the two deltas.
OFS_DELTA, REF_DELTA = 6, 7


class PackError(Exception):
    """The pack or its index cannot be read (one-line reason)."""


def _open_regular(path: str) -> BinaryIO:
    fd = os.open(path, _NOFOLLOW)
    f = os.fdopen(fd, "rb")
    if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
        f.close()
        raise PackError(f"{os.path.basename(path)}: not a regular file")
    return f


class _Names:
    """The index's sorted table of object ids, as a sequence ``bisect`` can search."""

    def __init__(self, data: mmap.mmap, start: int, count: int) -> None:
        self.data, self.start, self.count = data, start, count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: int) -> bytes:
        at = self.start + 20 * i
        return self.data[at:at + 20]


class PackFile:
    """A pack (``NAME.pack``) and its index (``NAME.idx``), never through a link."""

    def __init__(self, pack_path: str, idx_path: str) -> None:
        self.filename = pack_path
        try:
            with _open_regular(idx_path) as f:  # mapped, as git maps it: never read whole
                self._idx = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError:  # an empty file cannot be mapped
            raise PackError(f"{os.path.basename(idx_path)}: empty") from None
        try:
            self._check_index(os.path.basename(idx_path))
            self._file = _open_regular(pack_path)
        except BaseException:
            self._idx.close()
            raise
        self._fd = self._file.fileno()
        try:  # mapped too: an entry's bytes are a slice, not a system call each
            self._map = mmap.mmap(self._fd, 0, access=mmap.ACCESS_READ)
            #: The pack's bytes, mapped read-only (the reader slices an entry's first
            #: bytes and a small entry's data from it: `start` and `inflate` without
            #: their calls).
            self.data = self._map
        except ValueError:  # an empty file cannot be mapped
            self._file.close()
            self._idx.close()
            raise PackError(f"{os.path.basename(pack_path)}: not a pack") from None
        head = self._map[:12]
        if len(head) != 12 or head[:4] != b"PACK" or \
                int.from_bytes(head[4:8], "big") not in (2, 3):
            self.close()
            raise PackError(f"{os.path.basename(pack_path)}: not a pack")

    def _check_index(self, name: str) -> None:
        """Read the index's fan-out table; refuse an index its tables do not fit."""
        idx = self._idx
        if len(idx) < 8 + 1024 + 40 or idx[:4] != _IDX_MAGIC or \
                int.from_bytes(idx[4:8], "big") != 2:
            raise PackError(f"{name}: not a version 2 pack index")
        self._fanout = [int.from_bytes(idx[8 + 4 * i:12 + 4 * i], "big") for i in range(256)]
        count = self._fanout[255]
        if any(a > b for a, b in zip(self._fanout, self._fanout[1:], strict=False)):
            raise PackError(f"{name}: its fan-out table is not sorted")
        self._offsets_at = 8 + 1024 + 24 * count  # past the names and the CRCs
        self._large_at = self._offsets_at + 4 * count
        if len(idx) < self._large_at + 40:
            raise PackError(f"{name}: shorter than its tables")
        self._names = _Names(idx, _NAMES_AT, count)
        #: The index's bytes, mapped read-only, its tables checked to fit (read by
        #: `memtui.core.git.chain`).
        self.index = idx

    def close(self) -> None:
        if hasattr(self, "_map"):
            self._map.close()
        self._file.close()
        self._idx.close()

    def offset(self, raw: bytes) -> int | None:
        """Where the object ``raw`` (20 bytes) lies in the pack, or None: not in it."""
        if len(raw) != 20:
            return None
        first = raw[0]
        fanout = self._fanout
        lo = fanout[first - 1] if first else 0
        hi = fanout[first]
        idx = self._idx
        if hi - lo <= SCAN_BUCKET:  # a small bucket: one search in C, at a 20-byte step,
            at = _NAMES_AT + 20 * lo  # in the map itself (nothing copied)
            end = _NAMES_AT + 20 * hi
            found = idx.find(raw, at, end)
            while (found - at) % 20 and found != -1:
                found = idx.find(raw, found + 1, end)
            if found == -1:
                return None
            i = lo + (found - at) // 20
        else:
            i = bisect.bisect_left(self._names, raw, lo, hi)
            if i >= hi or self._names[i] != raw:
                return None
        off = _UINT32(idx, self._offsets_at + 4 * i)[0]
        if off & 0x80000000:
            at = self._large_at + 8 * (off & 0x7FFFFFFF)
            if at + 8 > len(idx) - 40:
                raise PackError("a large offset lies outside the index")
            off = int.from_bytes(idx[at:at + 8], "big")
        return off

    def start(self, offset: int, n: int = 1024) -> bytes:
        """The first ``n`` bytes of the entry at ``offset``."""
        return self._map[offset:offset + n]

    def inflate(self, offset: int, skip: int, size: int) -> bytes:
        """The entry's data at ``offset + skip`` (past its header), inflated: exactly
        ``size`` bytes, or :class:`PackError`. Reads no more than it inflates needs."""
        inflater = zlib.decompressobj()
        at = offset + skip
        raw = self._map[at:at + min(CHUNK, size + 64)]
        at += len(raw)
        try:
            data = inflater.decompress(raw, size + 1)  # most entries end in this chunk
            if raw and not inflater.eof and len(data) <= size:  # the next chunks
                out = [data]
                made = len(data)
                while not inflater.eof:
                    raw = inflater.unconsumed_tail
                    if not raw:
                        raw = self._map[at:at + min(CHUNK, size + 64)]
                        at += len(raw)
                    if not raw:
                        break
                    part = inflater.decompress(raw, size + 1 - made)
                    made += len(part)
                    out.append(part)
                    if made > size:
                        break
                data = b"".join(out)
        except zlib.error as exc:
            raise PackError(f"an entry at {offset} does not inflate: {exc}") from None
        if len(data) != size or not inflater.eof:
            raise PackError(f"the entry at {offset} is not the size its header says")
        return data


def entry_header(data: bytes) -> tuple[int, int, int]:
    """(type, size, bytes used) of a pack entry's header."""
    byte = data[0]
    kind, size, shift, i = (byte >> 4) & 7, byte & 15, 4, 1
    while byte & 0x80:
        byte = data[i]
        size |= (byte & 0x7F) << shift
        shift += 7
        i += 1
    return kind, size, i


def delta_base(data: bytes, used: int, kind: int) -> tuple[int | bytes, int]:
    """The base an entry's delta names, past its header at ``used``: a negative offset
    (OFS_DELTA) or a base's 20-byte id (REF_DELTA); and the bytes used so far."""
    if kind == OFS_DELTA:
        byte = data[used]
        rel, used = byte & 0x7F, used + 1
        while byte & 0x80:
            byte = data[used]
            rel, used = ((rel + 1) << 7) | (byte & 0x7F), used + 1
        return rel, used
    return data[used:used + 20], used + 20


def _varint(data: bytes, i: int) -> tuple[int, int]:
    size, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        size |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return size, i


def delta_sizes(data: bytes) -> tuple[int, int]:
    """(base size, result size) at the start of a delta."""
    base, i = _varint(data, 0)
    return base, _varint(data, i)[0]


def apply_delta(base: bytes, delta: bytes) -> bytes:
    """``delta`` applied to ``base``, as git's ``patch_delta`` does: an instruction that
    would copy outside the base or write past the result ends the replay, which is good
    only when the whole delta was read and the result is the size it declares (git takes
    a last copy that reaches past the base once the result is whole). :class:`PackError`
    otherwise, and for another base size or the reserved instruction."""
    try:
        base_size, i = _varint(delta, 0)
        size, i = _varint(delta, i)
        if base_size != len(base):
            raise PackError("a delta's base is not the size it says")
        out = bytearray()
        end = len(delta)
        while i < end:
            op = delta[i]
            i += 1
            if op & 0x80:
                off = n = 0  # the offset's and the size's bytes the flags name, low first
                if op & 0x01:
                    off = delta[i]
                    i += 1
                if op & 0x02:
                    off |= delta[i] << 8
                    i += 1
                if op & 0x04:
                    off |= delta[i] << 16
                    i += 1
                if op & 0x08:
                    off |= delta[i] << 24
                    i += 1
                if op & 0x10:
                    n = delta[i]
                    i += 1
                if op & 0x20:
                    n |= delta[i] << 8
                    i += 1
                if op & 0x40:
                    n |= delta[i] << 16
                    i += 1
                n = n or 0x10000
                if off + n > base_size or len(out) + n > size:
                    break
                out += base[off:off + n]
            elif op:
                if i + op > end or len(out) + op > size:
                    break
                out += delta[i:i + op]
                i += op
            else:
                raise PackError("a delta holds a reserved instruction")
    except IndexError:
        raise PackError("a delta ends inside an instruction") from None
    if i != end or len(out) != size:
        raise PackError("a delta copies outside its base or makes another size than it says")
    return bytes(out)
