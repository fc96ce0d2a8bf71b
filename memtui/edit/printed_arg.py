"""A path argument as memtui printed it: a decomposed name's combining marks escaped
(``memory/cafe\\u0301-notes.md``), pasted back into a command (newuser33 #19)."""

from __future__ import annotations

import contextlib

from memtui.core.reporting.safe_output import from_printed
from memtui.edit.errors import UsageError
from memtui.edit.snapshot import Snapshot


def printed_arg(snap: Snapshot, target: str) -> str:
    r"""``target`` as memtui printed it (``memory/cafe\u0301-notes.md``: a decomposed name's
    marks escaped) turned back into the name, when that is a file and ``target`` as typed is
    none (newuser33 #19: the path the audit printed could not be pasted back)."""
    plain = from_printed(target)
    if plain == target:
        return target
    with contextlib.suppress(UsageError):
        if snap.exists(snap.path_arg(target)):
            return target
    with contextlib.suppress(UsageError):
        if snap.exists(snap.path_arg(plain)):
            return plain
    return target
