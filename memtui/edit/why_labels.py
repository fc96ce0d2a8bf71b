"""The Why / How to apply labels a folder's memories already write, in their language
(newuser37 #18: ``fix new`` wrote ``**Why:**`` / ``**How to apply:**`` into an Arabic folder
whose every memory says ``**السبب:**`` / ``**كيفية التطبيق:**``, labels missing_why reads)."""

from __future__ import annotations

import re
from collections import Counter

from memtui.core.checks.missing_why import TYPES, label_kinds
from memtui.edit.snapshot import Snapshot

#: A label as written at a line's start: bold or not, up to its colon (and the bold's end).
_WRITTEN = re.compile(r"^((?:\*\*|__)?[^:：\n*_]{1,80}?(?:\*\*|__)?\s*[:：](?:\*\*|__)?)")
#: Memories read for their labels at most.
READ_MOST = 200
ENGLISH = ("**Why:**", "**How to apply:**")


def folder_labels(snap: Snapshot) -> tuple[str, str]:
    """The why and how-to-apply labels most written at a line's start by the folder's
    feedback and project memories (each as written, ``**理由：**``), else the English
    template's."""
    found: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    read = 0
    for mf in snap.memories.values():
        if mf.type not in TYPES:
            continue
        read += 1
        if read > READ_MOST:
            break
        for line in mf.text[mf.body_offset:].splitlines():
            m = _WRITTEN.match(line.strip())
            if m is None:
                continue
            why, how = label_kinds(m.group(1) + " x")
            if why != how:
                found[0 if why else 1][m.group(1)] += 1
    return tuple(c.most_common(1)[0][0] if c else e  # type: ignore[return-value]
                 for c, e in zip(found, ENGLISH, strict=True))
