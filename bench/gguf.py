"""Read the metadata header of a GGUF model file, treating the file as untrusted input.

Only the header is read (magic, version, counts, then the key/value pairs); tensor data is
never touched. Every length is checked against caps and against what is left of the file, so
a truncated or hostile file gives :class:`GGUFError` with one line, never a huge allocation
or a hang. Arrays are not kept (a Qwen vocabulary is 151,936 strings): their type and length
are. Usage: ``python bench/gguf.py MODEL.gguf``.
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

MAGIC = b"GGUF"
MAX_KEYS = 100_000
MAX_STRING = 8 << 20  # a chat template is a few KB; 8 MB is already absurd
MAX_ARRAY = 50_000_000
MAX_HEADER = 256 << 20  # bytes of header read at most

_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?",
            10: "<Q", 11: "<q", 12: "<d"}
STRING, ARRAY = 8, 9


class GGUFError(Exception):
    """Not a GGUF file, or a malformed header; ``str(err)`` is one line."""


@dataclass
class ArrayInfo:
    item_type: int
    length: int


@dataclass
class GGUFHeader:
    version: int
    tensor_count: int
    metadata: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str) -> Any:
        return self.metadata.get(key)

    @property
    def chat_template(self) -> str | None:
        value = self.metadata.get("tokenizer.chat_template")
        return value if isinstance(value, str) else None

    @property
    def template_has_tools(self) -> bool:
        """Whether the chat template lays out tool definitions and tool calls."""
        t = self.chat_template or ""
        return "tools" in t and ("tool_call" in t or "tool_calls" in t)


class _Reader:
    def __init__(self, fh: BinaryIO, size: int) -> None:
        self.fh, self.size, self.pos = fh, size, 0

    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > min(self.size, MAX_HEADER):
            raise GGUFError(f"header runs past the end of the file (or past {MAX_HEADER >> 20} "
                            f"MB) at byte {self.pos}")
        data = self.fh.read(n)
        if len(data) != n:
            raise GGUFError(f"file ended early at byte {self.pos}")
        self.pos += n
        return data

    def unpack(self, fmt: str) -> Any:
        return struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]

    def string(self) -> str:
        n = self.unpack("<Q")
        if n > MAX_STRING:
            raise GGUFError(f"a string of {n:,} bytes at byte {self.pos} (cap {MAX_STRING:,})")
        return self.take(n).decode("utf-8", "replace")

    def value(self, kind: int, depth: int = 0) -> Any:
        if kind in _SCALARS:
            return self.unpack(_SCALARS[kind])
        if kind == STRING:
            return self.string()
        if kind == ARRAY:
            if depth > 2:
                raise GGUFError(f"arrays nested too deep at byte {self.pos}")
            item = self.unpack("<I")
            n = self.unpack("<Q")
            if n > MAX_ARRAY:
                raise GGUFError(f"an array of {n:,} items at byte {self.pos}")
            if item in _SCALARS:  # skip without decoding each item
                self.take(n * struct.calcsize(_SCALARS[item]))
            else:
                for _ in range(n):
                    self.value(item, depth + 1)
            return ArrayInfo(item, n)
        raise GGUFError(f"unknown value type {kind} at byte {self.pos}")


def read_header(path: str | Path) -> GGUFHeader:
    p = Path(path)
    try:
        with p.open("rb") as fh:
            r = _Reader(fh, p.stat().st_size)
            if r.take(4) != MAGIC:
                raise GGUFError(f"{p}: not a GGUF file (no GGUF magic)")
            version = r.unpack("<I")
            if version not in (2, 3):
                raise GGUFError(f"{p}: GGUF version {version} is not 2 or 3")
            tensors, keys = r.unpack("<Q"), r.unpack("<Q")
            if keys > MAX_KEYS:
                raise GGUFError(f"{p}: {keys:,} metadata keys (cap {MAX_KEYS:,})")
            header = GGUFHeader(version, tensors)
            for _ in range(keys):
                key = r.string()
                header.metadata[key] = r.value(r.unpack("<I"))
            return header
    except OSError as exc:
        raise GGUFError(f"{p}: {exc.strerror or exc}") from None
    except GGUFError as exc:
        if str(exc).startswith(str(p)):
            raise
        raise GGUFError(f"{p}: {exc}") from None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: python bench/gguf.py MODEL.gguf\n")
        return 2
    try:
        h = read_header(argv[0])
    except GGUFError as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    for key, value in h.metadata.items():
        if isinstance(value, ArrayInfo):
            value = f"[array of {value.length:,}]"
        elif isinstance(value, str) and len(value) > 100:
            value = repr(value[:100]) + f"… ({len(value):,} chars)"
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
