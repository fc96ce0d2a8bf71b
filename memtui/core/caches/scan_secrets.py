"""A scan that holds credentials, as the scan cache keeps it: with no credential's bytes.

The credentials themselves are kept placed, without their values
(`memtui.core.creds.placed`). A value can also stand in the scan's other text — a path or
command line the memory names, a link, an instruction-like line's excerpt, a frontmatter
value — so every string of the encoded scan is *scrubbed*: each credential's value in it is
replaced by a mark naming the credential (``\\x00`` + its number + ``\\x00``, one pass,
longest value first). The near-duplicate sketch holds the text's first characters
(`memtui.core.checks.near_duplicate_sketch`: its slots' window) among its hashes: a value's
bytes there are zeroed and their places kept (`scrubbed_bytes`). Reading the entry back,
the marks and places are filled again from the file's own text, read once more and used
only when its content digest is the scan's (`unscrubbed`); a file that changed since, a
mark naming no credential, a value that is not its masked form: the entry is not used
(the file is scanned again). A scan whose strings already hold ``\\x00`` is not stored.
"""

from __future__ import annotations

import os
import re
from typing import Any

from memtui.core.counting.tokens import bytes_digest, text_digest
from memtui.core.creds.detector import SecretHit, mask
from memtui.core.scanner.textfile import read_text

MARK = "\x00"
_MARKED = re.compile("\x00([0-9]{1,3})\x00")


class Unstorable(ValueError):
    """The scan cannot be kept without its credentials' bytes."""


def _walk(obj: Any, change: Any) -> Any:
    """``obj`` (plain marshal values) with ``change`` applied to every string in it."""
    t = type(obj)
    if t is str:
        return change(obj)
    if t is list:
        return [_walk(x, change) for x in obj]
    if t is tuple:
        return tuple(_walk(x, change) for x in obj)
    if t is dict:
        return {_walk(k, change): _walk(x, change) for k, x in obj.items()}
    if t in (set, frozenset):
        return t(_walk(x, change) for x in obj)
    return obj


def scrubbed(encoded: Any, hits: list[SecretHit]) -> tuple[Any, bool]:
    """(``encoded`` with every credential value of ``hits`` replaced by its mark, whether
    any was); `Unstorable` when a hit has no value or a string holds ``\\x00``."""
    if not hits:
        return encoded, False
    numbers: dict[str, int] = {}
    for i, h in enumerate(hits):
        if not h.value:
            raise Unstorable("a credential without its value")
        numbers.setdefault(h.value, i)
    if any(v in h.kind for v in numbers for h in hits):
        raise Unstorable("a credential in a rule's name")  # (kept as it is: never so)
    pattern = re.compile("|".join(re.escape(v) for v in sorted(numbers, key=len,
                                                                 reverse=True)))
    marked = False

    def change(s: str) -> str:
        nonlocal marked
        if MARK in s:
            raise Unstorable("a string holding the mark")
        out = pattern.sub(lambda m: f"{MARK}{numbers[m.group()]}{MARK}", s)
        if out != s:
            marked = True
        return out

    return _walk(encoded, change), marked


def file_text(root: str | os.PathLike[str], rel: str, digest: bytes) -> str | None:
    """The text of ``rel`` under ``root`` when its content digest is ``digest`` (read as a
    scan reads it), else None."""
    read = read_text(os.path.join(root, rel))
    got = bytes_digest(read.raw) if read.raw else text_digest(read.text)
    return read.text if got == digest else None


def values_of(text: str, places: list[tuple[int, int, str]]) -> list[str]:
    """Each credential's value, from its (offset, length, masked form) in ``text``;
    ValueError when one does not fit."""
    out = []
    for at, length, shown in places:
        value = text[at:at + length]
        if len(value) != length or mask(value) != shown:
            raise ValueError("not this credential")
        out.append(value)
    return out


def unscrubbed(encoded: Any, values: list[str]) -> Any:
    """``encoded`` with every mark replaced by the value it names; ValueError for a mark
    naming none."""
    def fill(m: re.Match[str]) -> str:
        n = int(m.group(1))
        if n >= len(values):
            raise ValueError("a mark naming no credential")
        return values[n]

    return _walk(encoded, lambda s: _MARKED.sub(fill, s) if MARK in s else s)


def scrubbed_bytes(data: bytes, hits: list[SecretHit]) -> tuple[bytes, list[tuple[int, int]]]:
    """(``data`` with the UTF-8 bytes of every credential value of ``hits`` zeroed, the
    (offset, credential number) of each place zeroed); `Unstorable` when a value cannot be
    held so (no value, or one holding ``\x00``)."""
    out = bytearray(data)
    places: list[tuple[int, int]] = []
    numbers: dict[bytes, int] = {}
    for i, h in enumerate(hits):
        try:
            value = h.value.encode("utf-8")
        except UnicodeEncodeError:
            raise Unstorable("a credential UTF-8 cannot hold") from None
        if not value or b"\0" in value:
            raise Unstorable("a credential that cannot be zeroed")
        numbers.setdefault(value, i)
    for value in sorted(numbers, key=len, reverse=True):
        at = out.find(value)
        while at >= 0:
            places.append((at, numbers[value]))
            out[at:at + len(value)] = bytes(len(value))
            at = out.find(value, at + len(value))
    return (bytes(out), places) if places else (data, places)


def unscrubbed_bytes(data: bytes, places: list[tuple[int, int]], values: list[str]) -> bytes:
    """``data`` with each place `scrubbed_bytes` zeroed filled with its value again;
    ValueError (TypeError) for a place that does not fit."""
    out = bytearray(data)
    for at, n in places:
        if type(at) is not int or type(n) is not int or not 0 <= n < len(values):
            raise TypeError("not a credential's place")
        value = values[n].encode("utf-8")
        if at < 0 or at + len(value) > len(out) or any(out[at:at + len(value)]):
            raise ValueError("not a zeroed place")
        out[at:at + len(value)] = value
    return bytes(out)
