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
``hidden_text`` — is reported at the file's path, under the same rule ids; memtui's own
files (a name starting ``.memtui``: its ``.memtui.toml``, a baseline kept there) are read
for credentials only (`own_file`), as is a baseline by any name (`own_output`).

Never read: the workspace's own repository (a flat workspace's ``.git`` holding ``HEAD``:
its history is read as history; a repository's folder deeper under the memory root, a
memory folder kept as its own repository, is read for credentials only: redteam34), the
workspace's memtui state folder and memtui's user cache (when it lies under
the memory root) — a folder merely *named* ``.git`` or ``.memtui`` elsewhere is read like
any other (newuser29 #8), and a symbolic link under the memory root that leads into one of
those folders is read as the file or folder its name holds (the agent opens it:
redteam33); FIFOs, sockets and devices (``lstat`` first: never opened); a symbolic link
that leads out of the workspace (memtui's chat tools refuse it; an agent's own
tools follow it, so the walk of the workspace reports it as an ``unchecked_text`` error,
newuser32 #20). A binary file (a NUL byte in its first block) is read for credentials only,
in the text it holds: its runs of printable characters, up to the same 8 MiB (newuser29 #5:
one NUL byte at the start of a text file hid every password in it); UTF-16 text (a NUL in
every other byte) is decoded as such first (newuser30 #3). At most `MAX_FILES` files and
`MAX_BYTES` bytes are read, in path order: the files past either bound are one
``unchecked_text`` error naming how many, never passed as clean. A file found clean (text or
binary) is remembered by its stat key (`memtui.core.caches.readable`): a warm audit reads it
no more.

Beside the memory root, a profile whose agent works in a wider workspace
(`memtui.core.profiles.base.Profile.workspace_files`: OpenClaw's ``API-KEYS.md``,
``TOOLS.md`` or ``.env`` beside ``memory/``) has the workspace's top-level files read too,
for credentials only (``secret``, ``unchecked_text``; the memory rules are for memories):
at most `MAX_TOP_FILES` of them, each with the bounds above; past that bound, one
``unchecked_text`` error (redteam34). memtui's own files at the top of every workspace
(``.memtui.toml``, a ``.memtui-baseline.json``) are read so, whatever the profile, as a
flat workspace's are by the walk (redteam36).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Container

import memtui.core.caches.scans as scan_cache
from memtui.core.caches.readable import ReadableCache, cache_path
from memtui.core.caches.store import cache_dir
from memtui.core.checks.findings import Finding, finding
from memtui.core.creds.detector import LineBudget, SecretHit
from memtui.core.files.input_file import inside, walked_stat
from memtui.core.files.output_file import own_output
from memtui.core.reporting.wording import plural
from memtui.core.scanner.continued_lines import scan_joined
from memtui.core.scanner.names import gone, name_findings, problem_findings
from memtui.core.scanner.scan import (
    TOO_MUCH,
    FileScan,
    followed_unread,
    scan_file,
    secret_finding,
    unchecked,
)
from memtui.core.scanner.share import Key, key_of
from memtui.core.scanner.state_files import (
    GIT_OPENED,
    MAX_STATE_ENTRIES,
    STATE_OPENED,
    state_files,
)
from memtui.core.scanner.state_json import StateReader
from memtui.core.scanner.tail_secrets import MAX_CHECKED_BYTES
from memtui.core.scanner.textfile import head, utf16
from memtui.core.scanner.wide_runs import MAX_WIDE_RUNS, wide_runs
from memtui.core.workspace import STATE_DIR, Workspace

#: Files besides the memories read at most, in path order…
MAX_FILES = 5_000
#: …and bytes (each file counted up to what the credential check reads of it, 8 MiB).
MAX_BYTES = 256 << 20
#: The first block of a file, where a NUL byte says it is binary (not read further).
SNIFF = 8192
#: What a file yields for the agent's reading: the rules reported for any readable file.
READ_KINDS = frozenset({"secret", "unchecked_text", "instruction_like", "hidden_text"})
#: What a file the agent can read but that holds no memory of its own (a repository's own
#: folder under the memory root, a top-level file of an agent's workspace) yields: its
#: credentials and what was not read for them.
CREDENTIAL_KINDS = frozenset({"secret", "unchecked_text"})
#: Top-level files of an agent's workspace read at most (`top_files`).
#: (a real OpenClaw workspace held 220, real34; the bytes stay within `MAX_BYTES`)
MAX_TOP_FILES = 2_000
#: Names of the folders that may be skipped: a repository's own (when it holds ``HEAD``)
#: and the workspace's memtui state (only the workspace's own: `skipped`).
SKIPPED = frozenset({".git", STATE_DIR})
#: In a binary file, what is not text: control characters (but tab), the replacement of
#: bytes that are not UTF-8, and runs shorter than `MIN_RUN` printable characters.
_NOT_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ufffd]+")
MIN_RUN = 4


def walk(ws: Workspace, audited: Container[str], repos: set[str] | None = None,
         names: list[tuple[str, bool]] | None = None,
         problems: list[tuple[str, OSError]] | None = None, whole: bool = False,
         links_out: list[str] | None = None) -> list[tuple[str, str, os.stat_result]]:
    """Every regular file under ``ws``'s memory root the agent can read and the audit did
    not (``audited``), as (relative path, full path, stat), sorted by path. ``repos``, when
    given, gets the relative path (with its ``/``) of each repository's own folder walked
    (a ``.git`` under the memory root that is not the workspace's: `skipped`); ``names``
    (relative path, is a folder) of every file and folder listed, memories too; ``problems``
    each folder or file that could not be looked into, with why (`memtui.core.scanner.names`:
    names are read for credentials, what could not be read is no clean text). ``whole``:
    from the workspace's root, whatever its layout (`walk_scope`); ``links_out`` then gets
    each name outside the memory root that is a symbolic link out of the workspace (those
    under it are said by the workspace's own walk: OpenClaw's ``skills/``, its top level)."""
    root = os.path.realpath(ws.root)
    own_git = os.path.join(root, ".git")
    start = str(ws.root if whole else ws.memory_root)
    if not os.path.isdir(start):
        return []
    prefix0 = "" if whole or ws.memory_root == ws.root else ws.rel(ws.memory_root) + "/"
    mem_real = os.path.realpath(start)
    state = os.path.realpath(ws.state_dir)
    # memtui's user cache, when it lies under the memory root (MEMTUI_CACHE_DIR there): its
    # own state, never the agent's text (a cold audit read the scans it had just saved)
    cache = cache_dir()
    own = os.path.realpath(cache) if cache is not None else None
    own_name = os.path.basename(own) if own is not None else None
    out: list[tuple[str, str, os.stat_result]] = []
    seen: set[tuple[int, int]] = set()
    stack = [(start, prefix0)]
    while stack:
        folder, prefix = stack.pop()
        try:
            st = os.stat(folder)
            if (st.st_dev, st.st_ino) in seen:
                continue  # a loop of links, or a folder reached twice
            seen.add((st.st_dev, st.st_ino))
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError as exc:
            if problems is not None and not gone(exc):
                problems.append((prefix.rstrip("/") or ".", exc))
            continue
        for entry in entries:
            name = entry.name
            rel = prefix + name
            if (name in SKIPPED and skipped(entry.path, state, own_git)) or \
                    (name == own_name and os.path.realpath(entry.path) == own):
                continue  # memtui's own state, the workspace's own repository
            if names is not None:
                try:
                    names.append((rel, entry.is_dir()))
                except OSError:
                    names.append((rel, False))
            if rel in audited:
                continue  # a memory, the index, a linked file: read by the audit already
            if name == ".git" and repos is not None and is_repository(entry.path):
                repos.add(rel + "/")
            try:  # (the listing's file types first: no system call for a plain folder)
                if not entry.is_symlink() and entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, rel + "/"))
                    continue
                lst = entry.stat(follow_symlinks=False)  # lstat before any open
            except OSError as exc:
                if problems is not None and not gone(exc):
                    problems.append((rel, exc))
                continue
            if stat.S_ISDIR(lst.st_mode):
                stack.append((entry.path, rel + "/"))
                continue
            if stat.S_ISLNK(lst.st_mode):
                target = os.path.realpath(entry.path)
                # Out of the workspace (a link out: `followed_unread`, said by the walk of
                # the workspace), into memtui's user cache, or to a file of the memory root
                # itself (read under its own name): not followed. A link into a folder the
                # walk skips by its own name (a repository's .git, the workspace's .memtui)
                # is read: the agent opens what the link's name holds, and the skip is for
                # the folder, never for a name under the memory root that leads into it
                # (redteam33: memory/notes.txt → ../.memtui/x.md hid its credential).
                where = inside(target, root)
                if where is None and links_out is not None and not (
                        prefix0 == "" and ws.memory_root != ws.root
                        and rel.startswith(ws.rel(ws.memory_root) + "/")):
                    links_out.append(rel)
                if where is None or (own is not None and inside(target, own) is not None):
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


def own_file(rel: str) -> bool:
    """Whether the file at ``rel`` is one of memtui's own by its name (``.memtui*``: the
    ``.memtui.toml``, a ``.memtui-baseline.json`` kept in the workspace, as the README's
    example writes it): read for credentials only, never as text the agent takes in —
    memtui's chat agent is refused them (docs/chat.md), and a baseline quotes the messages
    of the findings it accepts (newuser35 #9: it reported its own quote of an
    instruction_like finding, one more each time it was written again). A credential
    pasted into one still counts: the agent's own file tools open any file."""
    return os.path.basename(rel).lower().startswith(STATE_DIR)



def skipped(folder: str, state: str, own_git: str) -> bool:
    """Whether the folder ``folder`` (named ``.git`` or ``.memtui``) is one the walk skips:
    the workspace's own state folder (``state``, real path), or the workspace's own
    repository (``own_git``, the real path of its root's ``.git``: a flat workspace that is
    a repository), whose history memtui reads as history and whose files are git's and a
    checkout's (actions/checkout keeps its token in ``.git/config``). A repository's folder
    inside the memory folder (``memory/.git``: a memory folder kept as its own repository)
    is read, for credentials only (`readable_findings`): the agent's file tools open it
    (redteam34; it was skipped by its name before)."""
    if os.path.basename(folder) == STATE_DIR:
        return os.path.realpath(folder) == state
    return os.path.realpath(folder) == own_git and is_repository(folder)


def is_repository(folder: str) -> bool:
    """Whether ``folder`` (a ``.git``) is a repository's own folder: it holds ``HEAD``."""
    return os.path.isfile(os.path.join(folder, "HEAD"))


def sniff(full: str, root: str | None = None) -> bool | None:
    """Whether the first block of the regular file ``full`` holds a NUL byte (a binary
    file: read for the text it holds, `binary_findings`); None when it cannot be read."""
    block = head(full, SNIFF, root)
    return None if block is None else b"\0" in block


#: How a memory's credential finding ends, and what a file that is no memory says instead:
#: `memtui fix redact` edits memories only, so the value is removed by hand.
REPLAYED = ": memories are replayed into every later turn"
OPENED = (": no memory, but the agent opens it with its file tools; remove the value by hand "
          "(fix redact edits memories only) and rotate it")


def _not_a_memory(f: Finding) -> Finding:
    """``f`` as said of a file that is no memory (a credential's message says so)."""
    if f.kind != "secret" or not f.message.endswith(REPLAYED):
        return f
    said = STATE_OPENED if f.path.startswith(STATE_DIR + "/") else \
        GIT_OPENED if ".git" in f.path.lower().split("/")[:-1] else OPENED
    return finding(f.kind, f.path, f.line, f.message[:-len(REPLAYED)] + said, f.severity)


def top_files(ws: Workspace, audited: Container[str], every: bool = True
              ) -> tuple[list[tuple[str, str, os.stat_result]], list[str]]:
    """The regular files at the top of ``ws`` (beside its memory folder) the audit did not
    read, as `walk` gives them; and the names of those that are symbolic links out of the
    workspace (the agent follows them, memtui never). Without ``every``, memtui's own
    files alone (``.memtui.toml``, a ``.memtui-baseline.json``: every profile's, read for
    credentials as a flat workspace's are; redteam36: an OpenClaw or item workspace's
    top-level ``.memtui.toml`` was never read)."""
    if ws.memory_root == ws.root:
        return [], []  # the memory root is the workspace: walked whole
    root = os.path.realpath(ws.root)
    mem_real = os.path.realpath(ws.memory_root)
    out: list[tuple[str, str, os.stat_result]] = []
    links_out: list[str] = []
    try:
        with os.scandir(ws.root) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return [], []
    for entry in entries:
        name = entry.name
        if name in audited or not (every or own_file(name)):
            continue
        try:
            lst, leads_out = walked_stat(entry, root, mem_real)
        except OSError:
            continue
        if leads_out:
            links_out.append(name)
        if lst is not None and stat.S_ISREG(lst.st_mode):
            out.append((name, entry.path, lst))
    return out, links_out


def readable_findings(ws: Workspace, audited: Container[str], tops: bool = False,
                      whole: bool = False) -> list[Finding]:
    """`_readable_findings`, a credential in a memory of a workspace of its own below this
    one (Gemini CLI's ``~/.gemini/tmp/<project>/memory``) said as such, with the command that
    redacts it there (newuser36 #18: "no memory … fix redact edits memories only" was said
    of a project's memory, which ``fix redact`` on that folder does edit)."""
    from memtui.core.scanner.nested_memory import redactable, said_there

    found = _readable_findings(ws, audited, tops, whole)
    own: dict[str, bool] = {}
    return [redactable(said_there(f, ws.root, OPENED, own), ws.root, OPENED)
            if f.kind == "secret" and f.message.endswith(OPENED) else f for f in found]


def _readable_findings(ws: Workspace, audited: Container[str], tops: bool = False,
                       whole: bool = False) -> list[Finding]:
    """What every file under ``ws``'s memory root that the audit did not read (not
    ``audited``) yields for the agent's reading (`READ_KINDS`), at the file's path; past the
    bounds, one ``unchecked_text`` error naming how many files were not read. ``tops``: the
    workspace's top-level files too (`top_files`), for credentials only, as the files of a
    repository's own folder under the memory root are; memtui's own files there are read
    so whatever ``tops`` says. ``whole``: the whole workspace is walked
    (`memtui.core.scanner.walk_scope.scope`), and with ``tops`` what lies outside its memory
    folder is read for credentials only."""
    repos: set[str] = set()
    names: list[tuple[str, bool]] = []
    problems: list[tuple[str, OSError]] = []
    started_ns = time.time_ns()
    beside = whole and tops and ws.memory_root != ws.root  # (OpenClaw's skills/, docs/, .env)
    walked_out: list[str] | None = [] if beside else None
    files = walk(ws, audited, repos, names, problems, whole, walked_out)
    only_credentials: set[str] = set()
    out: list[Finding] = [followed_unread(rel) for rel in walked_out or ()]
    if beside:
        inner = ws.rel(ws.memory_root) + "/"
        only_credentials.update(rel for rel, _full, _st in files if not rel.startswith(inner))
    top, links_out = ([], []) if whole else top_files(ws, audited, tops)
    if top or links_out:
        out.extend(followed_unread(rel) for rel in links_out)
        if len(top) > MAX_TOP_FILES:
            past = len(top) - MAX_TOP_FILES
            more = "it" if past == 1 else f"it and {plural(past - 1, 'more file')}"
            out.append(unchecked(top[MAX_TOP_FILES][0], None, (
                f"{more} at the top of the workspace {'was' if past == 1 else 'were'} past "
                f"the audit's bound on the top-level files it reads ({MAX_TOP_FILES:,}); the "
                "agent can "
                "open them")))
            del top[MAX_TOP_FILES:]
        only_credentials.update(rel for rel, _full, _st in top)
        names.extend((rel, False) for rel, _full, _st in top)
        files = top + files
    state = state_files(ws, audited)  # every profile's .memtui/: credentials only
    out.extend(followed_unread(rel) for rel in state.links_out)
    if state.past:
        out.append(unchecked(state.past, None, "past the audit's bound on the names it lists "
                             f"in memtui's state folder ({MAX_STATE_ENTRIES:,})"))
    only_credentials.update(rel for rel, _full, _st in state.files)
    names.extend((rel, False) for rel, _full, _st in state.files)
    files = state.files + files
    # (what the agent sees of them besides their text: their names, redteam35)
    out.extend(name_findings(names, cache := ReadableCache(cache_path(ws.root))))
    if repos:
        only_credentials.update(rel for rel, _full, _st in files
                                if any(rel.startswith(r) for r in repos))
    if not files:
        cache.save()  # (the names found clean)
        return [*out, *problem_findings(problems)]
    made_ns = time.time_ns()
    state_rels, state_reader = {r for r, _f, _s in state.files}, StateReader(ws, cache)
    marks: list[tuple[str, str, Key]] = []  # (found clean: remembered once the reads are over)
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
        is_binary = sniff(full, str(ws.root))
        if is_binary is None:  # unreadable: never remembered, looked at again next time
            try:
                os.lstat(full)
                problems.append((rel, PermissionError(errno.EACCES, "cannot be opened")))
            except OSError as exc:
                if not gone(exc):
                    problems.append((rel, exc))
            continue
        if is_binary or rel in state_rels:  # (memtui's JSON state: read as its strings)
            found = binary_findings(rel, full, st, str(ws.root)) if is_binary else \
                state_reader.findings(rel, full)
            if found is None and is_binary:
                continue  # unreadable now
            if found is None:
                pass  # no JSON: read as text below
            elif found:  # (credentials only: every kind it yields)
                out.extend(found)
                cache.forget(rel)
            else:
                marks.append((rel, full, key))
            if found is not None:
                continue
        try:
            scan: FileScan = scan_file(full, rel, st.st_mtime, st, to_sketch=[])
        except (OSError, ValueError, RecursionError, MemoryError):
            out.append(unchecked(rel, None, "the file could not be read"))
            cache.forget(rel)
            continue
        kinds = CREDENTIAL_KINDS if rel in only_credentials or own_file(rel) \
            or own_output(rel, full) else READ_KINDS
        found = [_not_a_memory(f) for f in scan.own_findings if f.kind in kinds]
        if found:
            out.extend(found)
            cache.forget(rel)
        else:
            marks.append((rel, full, key))
    out.extend(problem_findings(problems))
    if unread:
        more = f"it and {plural(unread - 1, 'more file')}" if unread > 1 else "it"
        out.append(unchecked(first_unread, None, (
            f"{more} under the memory folder {'was' if unread == 1 else 'were'} past the "
            f"audit's bound on the files it reads besides the memories ({MAX_FILES:,} files, "
            f"{MAX_BYTES >> 20} MiB); the agent can open them")))
    settled = scan_cache.Settled(started_ns, str(ws.root))
    for rel, full, key in marks:
        if settled.path(full):
            cache.mark(rel, key, made_ns)
    cache.keep_only({rel for rel, _full, _st in files})
    cache.save()
    return out


def binary_findings(rel: str, full: str, st: os.stat_result,
                    root: str | None = None) -> list[Finding] | None:
    """The credentials in the text a binary file holds (its runs of at least `MIN_RUN`
    printable characters, read up to `MAX_CHECKED_BYTES`), at the line of the file they
    are on; past that bound, an ``unchecked_text`` error. None when it cannot be read."""
    data = head(full, MAX_CHECKED_BYTES, root)
    if data is None:
        return None
    pieces: list[str] = []
    where: list[int] = []
    n = 1
    wide_cut: int | None = None
    wide = utf16(data)  # UTF-16 text has a NUL in every other byte: read as what it is
    text = data.decode("utf-8", "replace") if wide is None else wide.replace("\r\n", "\n")
    for n, line in enumerate(text.split("\n"), 1):
        for run in _NOT_TEXT.split(line):
            if len(run.strip()) >= MIN_RUN:
                pieces.append(run)
                where.append(n)
    if wide is None:  # and the UTF-16 strings among its bytes (`strings -el`: redteam35)
        line, seen_to = 1, 0
        runs = wide_runs(data)
        for at, run in runs:  # (in order: the lines counted once, linear)
            line += data.count(b"\n", seen_to, at)
            seen_to = at
            pieces.append(run)
            where.append(line)
        if len(runs) >= MAX_WIDE_RUNS:
            wide_cut = line
    out: list[Finding] = []
    if pieces:
        # (the file's CPU budget, read in blocks, as a memory's: redteam42, 8 MiB of
        # label lines in a binary file cost ~20 s a MiB)
        hits, cut = scan_joined("\n".join(pieces), budget=LineBudget())
        out = [_not_a_memory(secret_finding(rel, SecretHit(where[h.line - 1], h.kind, h.value)))
               for h in hits]
        if cut is not None:
            out.append(unchecked(rel, where[cut - 1], TOO_MUCH))
    if wide_cut is not None:
        out.append(unchecked(rel, wide_cut, f"more than {MAX_WIDE_RUNS:,} UTF-16 strings in a "
                                            "binary file"))
    if st.st_size > MAX_CHECKED_BYTES:
        out.append(unchecked(rel, n, (
            f"a binary file past the {MAX_CHECKED_BYTES >> 20} MiB the credential check "
            "reads of a file")))
    return out
