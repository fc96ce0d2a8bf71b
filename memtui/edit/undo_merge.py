"""Undoing an operation's own lines in a file something else has edited since: a three-way
reverse (newuser39 #3: with an agent writing MEMORY.md every few seconds, no index
operation could ever be undone, though memtui's own lines were still there byte for byte).

The operation turned ``before`` into ``after``; the file holds ``now``. Each of the
operation's hunks (``after`` → ``before``) is taken back in ``now`` when the lines it wrote
are still there, unchanged and together (they are put back as they were: the lines memtui
added are removed), and the lines it removed are put back between the same two neighbours
when those are still side by side. When any hunk does not apply so, nothing is merged (the
undo is refused as before: the file changed since)."""

from __future__ import annotations

import difflib

#: Stand-ins for the file's start and end, so a hunk at either has a neighbour too.
_START, _END = b"\0start\0", b"\0end\0"


def reverse_in(before: bytes, after: bytes, now: bytes) -> bytes | None:
    """``now`` with the change ``before`` → ``after`` taken back, or None when one of its
    hunks does not apply cleanly (its lines or their neighbours changed since)."""
    b = [_START, *before.splitlines(keepends=True), _END]
    a = [_START, *after.splitlines(keepends=True), _END]
    n = [_START, *now.splitlines(keepends=True), _END]
    # where each line of ``after`` is in ``now``, and in which unchanged run
    where: dict[int, tuple[int, int]] = {}
    runs = difflib.SequenceMatcher(None, a, n, autojunk=False).get_matching_blocks()
    for run, (i, j, size) in enumerate(runs):
        for k in range(size):
            where[i + k] = (j + k, run)
    edits: list[tuple[int, int, list[bytes]]] = []
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        if i1 < i2:  # lines the operation wrote: all still there, together
            if any(k not in where for k in range(i1, i2)) or \
                    len({where[k][1] for k in range(i1, i2)}) != 1:
                return None
            edits.append((where[i1][0], where[i2 - 1][0] + 1, b[j1:j2]))
            continue
        # lines it removed: put back between the same two neighbours, still side by side
        if i1 - 1 not in where or i1 not in where or \
                where[i1][0] != where[i1 - 1][0] + 1:
            return None
        edits.append((where[i1][0], where[i1][0], b[j1:j2]))
    if not edits:
        return None
    for start, end, lines in reversed(edits):
        n[start:end] = lines
    return b"".join(n[1:-1])
