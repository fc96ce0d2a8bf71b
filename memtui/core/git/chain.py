"""A line of commits and their root trees, read ahead of a history walk (issue 35).

A walk that dates a workspace's files reads, for each commit, the commit and its root tree:
two small objects, each a look-up in the pack's index, a header and an inflate, which in
Python cost more than what the walk then does with them. `chain` reads such a line in one
call — compiled (``memtui_native.git_chain``, native/git_chain.c, built where zlib is) or,
as its twin with the same results, `chain_py` — and puts what it read in a dict that
`memtui.core.git.repo.Repo` takes each object from when the walk asks for it, charged then
as if read then. It reads only plain entries of one pack; anything else is left to the
reader, which reads it as always (and says why when it cannot).
"""

from __future__ import annotations

import bisect
import struct
import zlib
from collections.abc import Callable

from memtui.core.native import native_module

#: What `chain` is given and fills: (the mapped pack, its index, the first commit's id, at
#: most this many commits, at most this many bytes of contents, the dict to fill).
Chain = Callable[[bytes, bytes, str, int, int, dict], int]

_NAMES_AT = 8 + 1024
_SCAN_BUCKET = 512  # as `memtui.core.git.pack.SCAN_BUCKET`
_MAX_COMMIT = 1024 * 1024  # as `memtui.core.git.repo.MAX_COMMIT`
_MAX_TREE = 4 * 1024 * 1024  # as `memtui.core.git.repo.MAX_TREE`
_UINT32 = struct.Struct(">I").unpack_from
_HEX = frozenset(b"0123456789abcdef")


def chain() -> Chain | None:
    """The compiled ``git_chain``, or None where it is not built (then a walk reads each
    object itself: `chain_py` does the same, no faster than that)."""
    native = native_module()
    return getattr(native, "git_chain", None) if native is not None else None


def _offset(idx: bytes, raw: bytes) -> int | None:
    """Where ``raw`` lies in the pack, as `PackFile.offset` finds it; None when it is not
    there or the index cannot say."""
    count = _UINT32(idx, 8 + 4 * 255)[0]
    offsets_at = _NAMES_AT + 24 * count
    large_at = offsets_at + 4 * count
    if len(idx) < large_at + 40:
        return None
    lo = _UINT32(idx, 8 + 4 * (raw[0] - 1))[0] if raw[0] else 0
    hi = _UINT32(idx, 8 + 4 * raw[0])[0]
    if lo > hi or hi > count:
        return None
    names = [idx[_NAMES_AT + 20 * i:_NAMES_AT + 20 * i + 20] for i in range(lo, hi)]
    if hi - lo <= _SCAN_BUCKET:
        if raw not in names:
            return None
        i = lo + names.index(raw)
    else:
        i = lo + bisect.bisect_left(names, raw)
        if i >= hi or names[i - lo] != raw:
            return None
    off = _UINT32(idx, offsets_at + 4 * i)[0]
    if off & 0x80000000:
        at = large_at + 8 * (off & 0x7FFFFFFF)
        if at + 8 > len(idx) - 40:
            return None
        off = int.from_bytes(idx[at:at + 8], "big")
    return off


def _read(pack: bytes, idx: bytes, raw: bytes, kind: int, cap: int, out: dict,
          budget: list[int]) -> bytes | None:
    """The plain entry of type ``kind`` whose id is ``raw``, put in ``out`` (see `chain_py`)."""
    offset = _offset(idx, raw)
    if offset is None or offset < 12 or offset >= len(pack):
        return None
    head = pack[offset:offset + 16]
    byte = head[0]
    if (byte >> 4) & 7 != kind:
        return None
    size, shift, i = byte & 15, 4, 1
    while byte & 0x80:
        if i >= len(head):
            return None
        byte = head[i]
        i += 1
        if byte & 0x7F:
            if shift >= 32:
                return None
            size |= (byte & 0x7F) << shift
        shift += 7
    if size > cap or size > budget[0]:
        return None
    inflater = zlib.decompressobj()
    try:
        body = inflater.decompress(pack[offset + i:], size + 1)
    except zlib.error:
        return None
    if len(body) != size or not inflater.eof:
        return None
    out[raw.hex()] = (kind, offset, i, size, body)
    budget[0] -= size
    return body


def _hex(text: bytes) -> bytes | None:
    return bytes.fromhex(text.decode("ascii")) if len(text) == 40 and _HEX.issuperset(text) \
        else None


def chain_py(pack: bytes, index: bytes, start: str, max_commits: int, max_bytes: int,
             out: dict) -> int:
    """From the commit ``start`` down its first parents while each commit has one: each
    commit, then its root tree, put in ``out`` as ``out[id] = (type, offset, header's
    length, size, content)`` when it is a plain entry of its type (commit 1, tree 2) whose
    header fits its first 16 bytes, of at most 1 MiB (a commit) or 4 MiB (a tree), that
    inflates to exactly its size with the stream's end; a commit left out ends the line.
    At most ``max_commits`` commits, ``max_bytes`` of contents. Returns the commits read."""
    pack, idx = memoryview(pack), memoryview(index)
    raw = _hex(start.encode("ascii", "replace"))
    if len(idx) < _NAMES_AT + 40 or raw is None or max_bytes < 0:
        return 0
    budget = [max_bytes]
    done = 0
    while done < max_commits:
        body = _read(pack, idx, raw, 1, _MAX_COMMIT, out, budget)
        if body is None:
            break
        done += 1
        tree = _hex(body[5:45]) if body[:5] == b"tree " and body[45:46] == b"\n" else None
        parent = _hex(body[53:93]) if tree is not None and body[46:53] == b"parent " and \
            body[93:94] == b"\n" and body[94:101] != b"parent " else None
        if tree is not None:
            _read(pack, idx, tree, 2, _MAX_TREE, out, budget)
        if parent is None:
            break
        raw = parent
    return done

