"""The UTF-16 strings among a binary file's bytes (what ``strings -el`` shows), read for
credentials by `memtui.core.scanner.readable.binary_findings` (redteam35)."""

from __future__ import annotations

import re

#: A run of UTF-16 (little-endian) printable ASCII in a binary file: a Windows program's
#: strings, a database's UTF-16 text (what `strings -el` shows).
_WIDE_RUN = re.compile(rb"(?:[\x20-\x7e]\x00){8,}")
#: At most this many such runs are read from one file.
MAX_WIDE_RUNS = 10_000


def wide_runs(data: bytes) -> list[tuple[int, str]]:
    """(byte offset, text) of the UTF-16 runs of ``data`` (`_WIDE_RUN`), at most
    `MAX_WIDE_RUNS`."""
    out: list[tuple[int, str]] = []
    for m in _WIDE_RUN.finditer(data):
        out.append((m.start(), m.group().decode("utf-16-le")))
        if len(out) >= MAX_WIDE_RUNS:
            break
    return out
