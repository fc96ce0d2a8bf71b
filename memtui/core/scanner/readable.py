"""Every text the agent can read under the memory roots, read for what the agent reads
(issue 32, "a workspace must not fool the verdict", session 28).

What counts as a memory (the walk of `memtui.core.workspace.discover`, the configuration's
``exclude``, archive folders left out, a profile's files that are not memories, hidden
files, names not ending ``.md``) decides orphans and counts. It never decides what is read
for credentials: the agent opens any of those files with its file tools. So one walk, which
knows nothing of those settings, goes through every regular file under the workspace's
memory root (``memory/`` of an item workspace, the folder itself otherwise), hidden ones
too, and reads each one the audit did not already read (a memory, the index, a file the
index links) with the bounds of a memory (`memtui.core.scanner.scan.scan_file`: a 1 MiB
head, the credential check on to 8 MiB, past that an ``unchecked_text`` error). What it
yields for the agent's reading — ``secret``, ``unchecked_text``, ``instruction_like``,
``hidden_text`` — is reported at the file's path, under the same rule ids.

Never read: ``.git`` and memtui's state folder; FIFOs, sockets and devices (``lstat``
first: never opened); a symbolic link that leads out of the workspace (the agent's tools
refuse it too); a binary file, told by a NUL byte in its first block (only that block
read). At most `MAX_FILES` files and `MAX_BYTES` bytes are read, in path order: the files
past either bound are one ``unchecked_text`` error naming how many, never passed as clean.
A file found clean (or binary) is remembered by its stat key
(`memtui.core.caches.readable`): a warm audit reads it no more.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Container

from memtui.core.caches.readable import ReadableCache, cache_path
from memtui.core.checks.findings import Finding, finding
from memtui.core.files.input_file import inside
from memtui.core.reporting.wording import plural
from memtui.core.scanner.scan import FileScan, scan_file, unchecked
from memtui.core.scanner.share import key_of
from memtui.core.scanner.tail_secrets import MAX_CHECKED_BYTES
from memtui.core.workspace import STATE_DIR, Workspace

#: Files besides the memories read at most, in path order…
MAX_FILES = 5_000
#: …and bytes (each file counted up to what the credential check reads of it, 8 MiB).
MAX_BYTES = 256 << 20
#: The first block of a file, where a NUL byte says it is binary (not read further).
SNIFF = 8192
#: What a file yields for the agent's reading: the rules reported for any readable file.
READ_KINDS = frozenset({"secret", "unchecked_text", "instruction_like", "hidden_text"})
#: Folders never walked: git's (the agent's tools refuse it) and memtui's own state.
SKIPPED = frozenset({".git", STATE_DIR})
_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)


def walk(ws: Workspace, audited: Container[str]) -> list[tuple[str, str, os.stat_result]]:
    """Every regular file under ``ws``'s memory root the agent can read and the audit did
    not (``audited``), as (relative path, full path, stat), sorted by path."""
    root = os.path.realpath(ws.root)
    start = str(ws.memory_root)
    if not os.path.isdir(start):
        return []
    prefix0 = "" if ws.memory_root == ws.root else ws.rel(ws.memory_root) + "/"
    mem_real = os.path.realpath(start)
    out: list[tuple[str, str, os.stat_result]] = []
    seen: set[tuple[int, int]] = set()
    stack = [(start, prefix0)]
    while stack:
        folder, prefix = stack.pop()
        try:
            st = os.stat(folder)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) in seen:
            continue  # a loop of links, or a folder reached twice
        seen.add((st.st_dev, st.st_ino))
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            rel = prefix + name
            if rel in audited or name in SKIPPED:
                continue  # a memory, the index, a linked file: read by the audit already
            try:  # (the listing's file types first: no system call for a plain folder)
                if not entry.is_symlink() and entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, rel + "/"))
                    continue
                lst = entry.stat(follow_symlinks=False)  # lstat before any open
            except OSError:
                continue
            if stat.S_ISDIR(lst.st_mode):
                stack.append((entry.path, rel + "/"))
                continue
            if stat.S_ISLNK(lst.st_mode):
                target = os.path.realpath(entry.path)
                # Out of the workspace, into .git or memtui's state, or to a file of the
                # memory root itself (read under its own name): not followed.
                where = inside(target, root)
                if where is None or any(p in SKIPPED for p in where.split("/")):
                    continue
                try:
                    lst = os.stat(target)
                except OSError:
                    continue
                if stat.S_ISDIR(lst.st_mode):
                    stack.append((entry.path, rel + "/"))
                    continue
                if inside(target, mem_real) is not None:
                    continue
            if not stat.S_ISREG(lst.st_mode):
                continue  # a FIFO, socket or device is never opened
            out.append((rel, entry.path, lst))
    out.sort(key=lambda t: t[0])
    return out


def sniff(full: str) -> bool | None:
    """Whether the first block of the regular file ``full`` holds a NUL byte (a binary
    file: not read further); None when it cannot be opened and read (nor can the agent
    read it). Opened without blocking, as every file the audit reads."""
    try:
        fd = os.open(full, _FLAGS)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # swapped for a FIFO or a device since its lstat
        return b"\0" in os.read(fd, SNIFF)
    except OSError:
        return None
    finally:
        os.close(fd)


#: How a memory's credential finding ends, and what a file that is no memory says instead:
#: `memtui fix redact` edits memories only, so the value is removed by hand.
REPLAYED = ": memories are replayed into every later turn"
OPENED = (": no memory, but the agent opens it with its file tools; remove the value by hand "
          "(fix redact edits memories only) and rotate it")


def _not_a_memory(f: Finding) -> Finding:
    """``f`` as said of a file that is no memory (a credential's message says so)."""
    if f.kind != "secret" or not f.message.endswith(REPLAYED):
        return f
    return finding(f.kind, f.path, f.line, f.message[:-len(REPLAYED)] + OPENED, f.severity)


def readable_findings(ws: Workspace, audited: Container[str]) -> list[Finding]:
    """What every file under ``ws``'s memory root that the audit did not read (not
    ``audited``) yields for the agent's reading (`READ_KINDS`), at the file's path; past the
    bounds, one ``unchecked_text`` error naming how many files were not read."""
    files = walk(ws, audited)
    if not files:
        return []
    cache = ReadableCache(cache_path(ws.root))
    made_ns = time.time_ns()
    out: list[Finding] = []
    budget, unread, first_unread = MAX_BYTES, 0, ""
    for n, (rel, full, st) in enumerate(files):
        budget -= min(st.st_size, MAX_CHECKED_BYTES)
        if n >= MAX_FILES or budget < 0:
            unread += 1
            first_unread = first_unread or rel
            cache.forget(rel)
            continue
        key = key_of(st)
        if cache.clean(rel, key):
            continue
        is_binary = sniff(full)
        if is_binary is None:
            continue  # unreadable: never remembered, looked at again next time
        if is_binary:
            cache.mark(rel, key, made_ns)
            continue
        try:
            scan: FileScan = scan_file(full, rel, st.st_mtime, st, to_sketch=[])
        except (OSError, ValueError, RecursionError, MemoryError):
            out.append(unchecked(rel, None, "the file could not be read"))
            cache.forget(rel)
            continue
        found = [_not_a_memory(f) for f in scan.own_findings if f.kind in READ_KINDS]
        if found:
            out.extend(found)
            cache.forget(rel)
        else:
            cache.mark(rel, key, made_ns)
    if unread:
        more = f"it and {plural(unread - 1, 'more file')}" if unread > 1 else "it"
        out.append(unchecked(first_unread, None, (
            f"{more} under the memory folder {'was' if unread == 1 else 'were'} past the "
            f"audit's bound on the files it reads besides the memories ({MAX_FILES:,} files, "
            f"{MAX_BYTES >> 20} MiB); the agent can open them")))
    cache.keep_only({rel for rel, _full, _st in files})
    cache.save()
    return out
