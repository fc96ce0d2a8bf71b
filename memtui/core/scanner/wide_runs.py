"""The UTF-16 and UTF-32 strings among a binary file's bytes (what ``strings -el`` and
``strings -eL`` show), read for credentials by
`memtui.core.scanner.readable.binary_findings` (redteam35; UTF-32, redteam40: a
``.gitattributes`` ``working-tree-encoding=UTF-32LE`` checks a file out so, no byte order
mark, and its credential passed the gate).
"""

from __future__ import annotations

import re

#: A run of UTF-32 or UTF-16 (little-endian) printable ASCII in a binary file: a Windows
#: program's strings, a database's UTF-16 text, a file checked out as UTF-32. (A big-endian
#: run is the same bytes from one byte, or three, further on.) UTF-32 first: at a place
#: where both could start, the UTF-16 run would end after one character. (Their common
#: first two bytes written once: each place of the file is looked at once, not twice.)
_WIDE_RUN = re.compile(rb"[\x20-\x7e]\x00(?:\x00\x00(?:[\x20-\x7e]\x00\x00\x00){7,}"
                       rb"|(?:[\x20-\x7e]\x00){7,})")
#: At most this many such runs are read from one file.
MAX_WIDE_RUNS = 10_000


def wide_runs(data: bytes) -> list[tuple[int, str]]:
    """(byte offset, text) of the UTF-16 and UTF-32 runs of ``data`` (`_WIDE_RUN`), in
    order, at most `MAX_WIDE_RUNS`."""
    out: list[tuple[int, str]] = []
    for m in _WIDE_RUN.finditer(data):
        run = m.group()
        out.append((m.start(), run.decode("utf-32-le" if run[2] == 0 else "utf-16-le")))
        if len(out) >= MAX_WIDE_RUNS:
            break
    return out
