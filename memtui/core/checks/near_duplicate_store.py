"""How a memory's near-duplicate sketch is held while an audit runs: packed (issue 35).

A sketch (`memtui.core.checks.near_duplicate_sketch`) is 64-bit values, but most of them fit
in 32 bits: its MinHash bins and bottom hashes (30-bit), the counts and the facts (CRC-32s);
only the fields and slots (``key << 32 | value``) need 64. Held whole, the sketches were
~1.8 KB a memory, 90 MB of a 50,000-memory audit (a fifth of its peak). `pack` keeps the
values up to the first one that needs more than 32 bits as 32-bit words and the rest as
they were: ~0.95 KB, exact for any bytes (a cached sketch is data: `unpack` gives back the
very bytes packed).

A packed sketch is a `Packed` (a ``bytes`` of its own type: read as a whole sketch by
mistake it would mislead, so each reader asks for the form it reads): a 4-byte count ``h``
of the values held as 32 bits, their low halves, then the values from ``h`` on, 8 bytes
each. The pairing reads it in place: a band of bins (`band`), the bottom hashes and facts
(`rest`), the facts alone (`facts_of`), and a sketch whole only for the few pairs alike
enough to compare all their parts (`unpack`). Every function here takes a whole sketch as
well, and gives the same answers for it as for its packed form.
"""

from __future__ import annotations

import re
from array import array

from memtui.core.checks import near_duplicate_kernel
from memtui.core.checks.near_duplicate_sketch import K

__all__ = ["HEAD", "Packed", "band", "facts_in", "facts_of", "full_size", "pack", "packed_count",
           "rest", "unpack"]

HEAD = 4  # bytes: the count of values held as 32 bits (their low halves follow)
_NONZERO = re.compile(rb"[^\0]")
_ZEROS = bytes(8 * (K + 1 + 128 + 1 + 32 + 1 + 32 + 64))  # more than any sketch made


class Packed(bytes):
    """A sketch packed by `pack` (see the module's docstring)."""

    __slots__ = ()


def pack(sk: bytes) -> bytes:
    """``sk`` packed (a `Packed`); returned as it is when it is no whole sketch's bytes
    (empty, or not of 8-byte values)."""
    if not sk or len(sk) % 8 or type(sk) is Packed:
        return sk
    native = near_duplicate_kernel.NATIVE  # (read at each call: a test turns it off)
    if native is not None and type(sk) is bytes:  # the same bytes, compiled
        return Packed(native.pack(sk))
    words = memoryview(sk).cast("I")
    wide = _NONZERO.search(words[1::2].tobytes())  # the first value that needs 64 bits
    h = len(words) >> 1 if wide is None else wide.start() >> 2
    return Packed(b"".join((h.to_bytes(HEAD, "little"), words[0:2 * h:2].tobytes(),
                            sk[8 * h:])))


def packed_count(sk: Packed) -> int:
    """How many of a packed sketch's values it holds as 32 bits (its first)."""
    return int.from_bytes(sk[:HEAD], "little")


def unpack(sk: bytes) -> bytes:
    """The whole sketch (``sk`` itself when it is not packed)."""
    if type(sk) is not Packed:
        return sk
    h = packed_count(sk)
    cut = HEAD + 4 * h
    if not HEAD <= cut <= len(sk):
        # a count its bytes do not hold (a tampered cache): refused before 8 × that count
        # is allocated (up to 32 GiB: newuser26 #45, the test suite killed at 23.5 GB)
        raise ValueError(f"a packed sketch says {h} bins and holds {max(len(sk) - HEAD, 0) // 4}")
    native = near_duplicate_kernel.NATIVE
    if native is not None:  # the same bytes, compiled
        got: bytes = native.unpack(sk)
        return got
    out = array("I", _ZEROS[:8 * h] if 8 * h <= len(_ZEROS) else bytes(8 * h))
    out[::2] = array("I", sk[HEAD:cut])
    return out.tobytes() + sk[cut:]


def full_size(sk: bytes) -> int:
    """The byte size of the whole sketch."""
    if type(sk) is not Packed:
        return len(sk)
    h = packed_count(sk)
    return len(sk) - HEAD + 4 * h


def band(sk: bytes, lo: int, hi: int) -> bytes:
    """The bins ``lo`` to ``hi`` of a sketch as a key: their low halves (4 bytes each) when
    every one fits in 32 bits, else their 8 bytes each; two sketches' keys are equal
    exactly when their bins are, packed or whole."""
    if type(sk) is Packed:
        if hi <= packed_count(sk):
            return sk[HEAD + 4 * lo:HEAD + 4 * hi]
        sk = unpack(sk)
    words = array("I", sk[8 * lo:8 * hi])
    return sk[8 * lo:8 * hi] if any(words[1::2]) else words[::2].tobytes()


def rest(sk: bytes) -> memoryview:
    """A sketch past its bins, as integers (the count of bottom hashes, the hashes, the count
    of facts, the facts, and what follows): read in place when packed with all of those as
    32 bits (what follows then left out), else from the whole sketch."""
    if type(sk) is Packed:
        h = packed_count(sk)
        if h > K + 1:
            words = memoryview(sk)[HEAD + 4 * K:HEAD + 4 * h].cast("I")
            n = words[0]
            if n + 1 < len(words) and n + 2 + words[n + 1] <= len(words):
                return words
        sk = unpack(sk)
    return memoryview(sk).cast("q")[K:]


def facts_of(sk: bytes) -> list[int]:
    """A sketch's facts."""
    return facts_in(rest(sk))


def facts_in(r: memoryview) -> list[int]:
    """The facts of a sketch's `rest`."""
    n = max(r[0], 0) if r else 0  # a cached sketch is data: its count may lie
    m = r[1 + n] if len(r) > 1 + n else 0
    return r[2 + n:2 + n + m].tolist()
