"""The compiled kernel of `near_duplicate`'s sketch, when there is one (issue 34).

``memtui_native`` (native/memtui_native.c) is an optional C extension, built with the wheel
when a C compiler is at hand (hatch_build.py) or in place by ``python hatch_build.py``. It
runs the sketch's per-text loops (the window read, the word stems, the shingles' hashes,
their bottom-k and MinHash bins; and the pairing's count of two sketches' shared hashes,
`shared`, its candidates, `candidates`, and its first stage, `screen`) where the
pure-Python steps of `memtui.core.checks.near_duplicate_sketch` and
`memtui.core.checks.near_duplicate` are interpreted, returning exactly what they return:
the sketches, the store and every finding are the same either way
(tests/core/test_near_duplicate_kernel.py, tests/core/test_near_duplicate_kernel_pairs.py).

`NATIVE` is the module, or None: not built, built for another kernel (``KERNEL``), failing
its self-check (its hashes against Python's ``hash``: a build where CPython hashes tuples
otherwise), or turned off by ``MEMTUI_PURE_PYTHON=1``. Read once, at import.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from memtui.core.native import native_module

__all__ = ["KERNEL", "NATIVE", "candidates", "holds", "load", "screen", "shared", "works"]

KERNEL = 5  # the memtui_native.KERNEL this code was written against

#: 32-bit values whose hashes the self-check compares (edges of the range, CJK bigrams).
_PROBES = (0, 1, 2, 0x3FFFFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x4E004E01, 0x9FFF3002,
           0x0000AC00, 12345678, 3527539)


def works(mod: ModuleType) -> bool:
    """Whether ``mod``'s hashes are Python's (``hash((x, 1))``, ``hash((x,))``): the kernel
    writes CPython's tuple hash out, which another build or version might not share."""
    mask = (1 << 32) - 1
    want = {hash((x, 1)) & mask for x in _PROBES}
    units = "".join(map(chr, (0x4E00, 0x4E01, 0, 0x9FFF, 0x3002, 0xAC00, 0x5C71)))
    raw = units.encode("utf-16-le")
    pairs = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw) - 3, 2)]
    want |= {hash((x,)) & mask for x in pairs}
    return mod.hashes(list(_PROBES), units, mask) == want


def load(environ: dict[str, str] | None = None) -> ModuleType | None:
    """``memtui_native`` when it can be used (see the module's docstring), else None."""
    memtui_native = native_module(environ)
    if memtui_native is None:
        return None
    if getattr(memtui_native, "KERNEL", None) != KERNEL:
        return None
    try:
        return memtui_native if works(memtui_native) else None
    except Exception:  # a broken build: the Python steps instead
        return None


NATIVE: ModuleType | None = load()


def shared(xset: frozenset[int], xs: Iterable[int], ys: Iterable[int]) -> int:
    """``len(xset.intersection(ys))``, ``xset`` being ``frozenset(xs)`` (two sketches' bottom
    hashes, `near_duplicate._matches`): compiled when it can be (a merge of the two sorted
    arrays, ~5x less than the set's lookups)."""
    if NATIVE is not None:
        got: int = NATIVE.shared(xs, ys)
        if got >= 0:  # (-1: a buffer the kernel does not read)
            return got
    return len(xset.intersection(ys))


def holds(text: str, needles: tuple[str, ...]) -> int:
    """An int whose bit ``i`` says ``needles[i] in text`` (at most 64 needles): compiled, one
    pass over the text for all of them, when it can be (each ``in`` is a pass of its own:
    ~0.7 µs for a needle of two characters or more in a text dense in Chinese)."""
    if NATIVE is not None:
        got: int = NATIVE.holds(text, needles)
        return got
    return sum(1 << i for i, needle in enumerate(needles) if needle in text)


def screen(xs: Iterable[int], xfacts: Iterable[int], x_word: bool, x_dated: bool,
           others: list[bytes], dated: bytes | None, packed: type,
           params: tuple[float | int, ...]) -> list[int] | None:
    """The candidates (indices of ``others``, the other sketches: whole or ``packed``) that
    `near_duplicate._matches` must still judge for one key, the others being those its loop
    drops before it reads a sketch whole (no hash in common, too little alike, the facts not
    backing the pair): compiled, one call for a key's candidates instead of a Python step
    each (at 10,000 memories ~32,000 candidates, none read whole). None: not compiled, or a
    key read otherwise (the loop judges every candidate). ``dated``: None or a byte per
    candidate (a dated file's: 1); ``params``: the pairing's thresholds, as
    `near_duplicate._matches` passes them."""
    if NATIVE is None:
        return None
    got: list[int] | None = NATIVE.screen(xs, xfacts, x_word, x_dated, others, dated, packed,
                                          params)
    return got



def candidates(sketches: list[bytes], packed: type, k: int, bands: int, rows: int,
               bucket_all: int, fact_bucket: int, word_bit: int, fact_mask: int
               ) -> tuple[bytes, bytes] | None:
    """`near_duplicate.pairs`' candidates past ``ALL_PAIRS``, compiled (`near_duplicate._later`:
    the same, in the same order): each sketch's later candidates one after another (unsigned
    32-bit values) and where each sketch's start (``len(sketches) + 1`` values). None when
    not compiled or a sketch is read otherwise (`near_duplicate._later` then finds them)."""
    if NATIVE is None:
        return None
    got: tuple[bytes, bytes] | None = NATIVE.candidates(
        sketches, packed, k, bands, rows, bucket_all, fact_bucket, word_bit, fact_mask)
    return got
