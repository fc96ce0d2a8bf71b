"""What Claude Code loads whole every turn beside MEMORY.md: the CLAUDE.md files and, through
their ``@path`` imports, every file they pull in (newuser38 #8: the Not counted row sized a
42-byte CLAUDE.md while Claude Code loaded 18 KB through its ``@docs/extra.md``).

Claude Code follows an import relative to the file that writes it (``~/`` is the home
folder; an absolute path is itself), recursively, at most `MAX_HOPS` hops
(AGENT_LAYOUTS.md); an ``@`` inside a code span or block is no import
(`memtui.core.profiles.imports.imports_of`). These files lie outside the memory folder: each
is opened only when it is a regular file, read up to `MAX_READ` bytes for its import lines
and nothing else (never reported, never edited), and at most `MAX_FILES` are followed.
What is not followed is said: a target that is not there, one past the hops, a cycle, the
files past the bound.
"""

from __future__ import annotations

import os
import stat

from memtui.core.profiles.imports import MAX_HOPS, imports_of
from memtui.core.record import Record, init_field
from memtui.core.scanner.textfile import read_text

#: The most files followed from the CLAUDE.md files, and the bytes read of each for its
#: imports.
MAX_FILES = 100
MAX_READ = 1 << 20


class Loads(Record):
    """The files loaded every turn (path, bytes), each after the file importing it, and what
    was not followed, one sentence each."""

    __slots__ = ("files", "unread")

    files: list[tuple[str, int]]
    unread: list[str]

    def __init__(self, files: list[tuple[str, int]], unread: list[str]) -> None:
        init_field(self, "files", files)
        init_field(self, "unread", unread)


def _size(path: str) -> int | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _target(importer: str, target: str) -> str:
    if target.startswith("~"):
        return os.path.normpath(os.path.expanduser(target))
    return os.path.normpath(os.path.join(os.path.dirname(importer), target))


def loads(places: list[str]) -> Loads:
    """The files of ``places`` that are there (the CLAUDE.md files) and what they import."""
    files: list[tuple[str, int]] = []
    unread: list[str] = []
    seen: set[str] = set()

    def follow(path: str, stack: tuple[str, ...]) -> None:
        read = read_text(path, MAX_READ)
        if not read.ok:
            return
        for _line, target, in_code in imports_of(read.text):
            if in_code:
                continue
            child = _target(path, target)
            name = os.path.basename(path)
            size = _size(child)
            if size is None:
                unread.append(f"@{target} in {name}: no such file")
            elif child in stack or child == path:
                unread.append(f"@{target} in {name}: a cycle, not loaded again")
            elif len(stack) + 1 > MAX_HOPS:
                unread.append(f"@{target} in {name}: past {MAX_HOPS} hops, not followed")
            elif child in seen:
                continue
            elif len(files) >= MAX_FILES:
                unread.append(f"@{target} in {name} and what it imports: past the "
                              f"{MAX_FILES} files memtui follows")
                return
            else:
                seen.add(child)
                files.append((child, size))
                follow(child, (*stack, path))

    for place in places:
        size = _size(place)
        if size is None or place in seen:
            continue
        seen.add(place)
        files.append((place, size))
        follow(place, ())
    return Loads(files, unread)
