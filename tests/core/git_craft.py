"""Git repositories written byte by byte (no ``git``): packs, pack indexes and loose objects,
including hostile ones whose headers promise, or whose deltas make, a gigabyte."""

from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path

KIND = {"commit": 1, "tree": 2, "blob": 3}
GIB = 1 << 30


def object_id(kind: str, body: bytes) -> str:
    return hashlib.sha1(f"{kind} {len(body)}\0".encode() + body).hexdigest()


def tree(entries: list[tuple[str, str, str]]) -> bytes:
    """A tree's body from (mode, name, id), in git's order (a folder sorts as ``name/``)."""
    def key(e: tuple[str, str, str]) -> bytes:
        return e[1].encode() + (b"/" if e[0] == "40000" else b"")
    return b"".join(f"{mode} {name}\0".encode() + bytes.fromhex(sha)
                    for mode, name, sha in sorted(entries, key=key))


def commit(tree_id: str, parent: str | None, when: int, message: str) -> bytes:
    who = f"t <t@example.invalid> {when} +0000"
    return (f"tree {tree_id}\n" + (f"parent {parent}\n" if parent else "") +
            f"author {who}\ncommitter {who}\n\n{message}\n").encode()


def zeros_deflated(size: int) -> bytes:
    """``size`` zero bytes, deflated (a GiB is about 1 MiB)."""
    z = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    parts = [z.compress(chunk) for _ in range(size >> 20)]
    parts.append(z.compress(bytes(size & ((1 << 20) - 1))))
    parts.append(z.flush())
    return b"".join(parts)


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _entry_header(kind: int, size: int) -> bytes:
    byte, size = (kind << 4) | (size & 15), size >> 4
    out = bytearray()
    while size:
        out.append(byte | 0x80)
        byte, size = size & 0x7F, size >> 7
    out.append(byte)
    return bytes(out)


def _ofs(n: int) -> bytes:
    out = [n & 0x7F]
    n >>= 7
    while n:
        n -= 1
        out.insert(0, 0x80 | (n & 0x7F))
        n >>= 7
    return bytes(out)


def delta(base_size: int, result_size: int, ops: bytes) -> bytes:
    return _varint(base_size) + _varint(result_size) + ops


def copy_op(offset: int, size: int) -> bytes:
    """A delta's copy instruction (``size`` 0x10000 is written as no size bytes)."""
    flags, out = 0x80, bytearray()
    for i in range(4):
        if (offset >> (8 * i)) & 0xFF:
            flags |= 1 << i
            out.append((offset >> (8 * i)) & 0xFF)
    if size != 0x10000:
        for i in range(3):
            if (size >> (8 * i)) & 0xFF:
                flags |= 0x10 << i
                out.append((size >> (8 * i)) & 0xFF)
    return bytes([flags]) + bytes(out)


def insert_op(data: bytes) -> bytes:
    return b"".join(bytes([len(data[i:i + 127])]) + data[i:i + 127]
                    for i in range(0, len(data), 127))


class Pack:
    """A version 2 pack and its index, object by object."""

    def __init__(self) -> None:
        self.body = bytearray(b"PACK" + struct.pack(">II", 2, 0))
        self.index: list[tuple[bytes, int, int]] = []

    def _add(self, sha: str, head: bytes, deflated: bytes) -> int:
        offset = len(self.body)
        self.body += head + deflated
        self.index.append((bytes.fromhex(sha), offset, zlib.crc32(head + deflated)))
        return offset

    def add(self, kind: str, body: bytes, sha: str | None = None) -> tuple[str, int]:
        sha = sha or object_id(kind, body)
        return sha, self._add(sha, _entry_header(KIND[kind], len(body)), zlib.compress(body, 1))

    def add_raw(self, kind: str, size: int, deflated: bytes, sha: str) -> int:
        """An entry whose header says ``size`` whatever ``deflated`` holds."""
        return self._add(sha, _entry_header(KIND[kind], size), deflated)

    def add_delta(self, sha: str, base_offset: int, delta_body: bytes) -> int:
        offset = len(self.body)
        head = _entry_header(6, len(delta_body)) + _ofs(offset - base_offset)
        return self._add(sha, head, zlib.compress(delta_body, 1))

    def write(self, gitdir: Path) -> None:
        struct.pack_into(">I", self.body, 8, len(self.index))
        data = bytes(self.body)
        data += hashlib.sha1(data).digest()
        rows = sorted(self.index)
        idx = bytearray(b"\xfftOc" + struct.pack(">I", 2))
        counts = [0] * 256
        for sha, _, _ in rows:
            counts[sha[0]] += 1
        total = 0
        for c in counts:
            total += c
            idx += struct.pack(">I", total)
        idx += b"".join(sha for sha, _, _ in rows)
        idx += b"".join(struct.pack(">I", crc) for _, _, crc in rows)
        idx += b"".join(struct.pack(">I", off) for _, off, _ in rows)
        idx += data[-20:]
        idx += hashlib.sha1(bytes(idx)).digest()
        folder = gitdir / "objects" / "pack"
        folder.mkdir(parents=True, exist_ok=True)
        name = data[-20:].hex()
        (folder / f"pack-{name}.pack").write_bytes(data)
        (folder / f"pack-{name}.idx").write_bytes(bytes(idx))


def new_repo(top: Path, head: str) -> Path:
    """A ``.git`` folder at ``top`` whose branch ``main`` is ``head``."""
    gitdir = top / ".git"
    (gitdir / "objects" / "pack").mkdir(parents=True)
    (gitdir / "refs" / "heads").mkdir(parents=True)
    (gitdir / "HEAD").write_text("ref: refs/heads/main\n")
    (gitdir / "refs" / "heads" / "main").write_text(head + "\n")
    return gitdir


def write_loose(gitdir: Path, sha: str, deflated: bytes) -> None:
    path = gitdir / "objects" / sha[:2] / sha[2:]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(deflated)
