"""How old a memory is: a frontmatter date, else its last git commit, else its mtime."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memtui.core.git.find import find_repo, unfollowed, unfollowed_note

if TYPE_CHECKING:
    from memtui.core.git.repo import Repo

DAY = 86400.0
#: Commits a kept record's HEAD may lie behind today's (see `_since`).
MAX_SINCE = 1000
#: Commits that change no memory a history walk reads at most (the commit budget,
#: `memtui.core.git.repo.MAX_COMMITS`, counts only those that change one).
MAX_PASSED = 20_000
#: git_ages per (repository, workspace prefix, HEAD commit): re-audits skip the walk.
_CACHE: dict[tuple[str, str, str], tuple[dict[str, float | None], str | None]] = {}


def parse_date(value: Any) -> float | None:
    """A frontmatter date value as a POSIX timestamp, or None when it is not a date: ISO,
    or another form that names one day only (`memtui.core.git.written_date`)."""
    if isinstance(value, dt.datetime):
        d = value if value.tzinfo else value.replace(tzinfo=dt.UTC)
        return d.timestamp()
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC).timestamp()
    if isinstance(value, (int, float)) and value > 10**8:
        return float(value)
    if isinstance(value, str):
        s = value.strip().replace("Z", "+00:00")
        for candidate in (s, s[:10]):
            try:
                d = dt.datetime.fromisoformat(candidate)
            except ValueError:
                continue
            return (d if d.tzinfo else d.replace(tzinfo=dt.UTC)).timestamp()
        from memtui.core.git.written_date import written_date  # (ISO is the common case)

        return written_date(value)
    return None


def git_times(root: Path) -> dict[str, float | None]:
    """Last commit time of every file HEAD holds under ``root`` (paths relative to root);
    ``None`` for a time no date can hold (past year 9999). See :func:`git_ages`."""
    return git_ages(root)[0]


def git_ages(root: Path, keep: bool = False) -> tuple[dict[str, float | None], str | None]:
    """:func:`git_times`, and why the history was not read to its end (None: it was).

    Empty when ``root`` is not in a repository or its history cannot be read. Read with
    :mod:`memtui.core.git.repo`, which never runs git nor reads the repository's config.
    Like ``git log -1 --no-renames -- FILE`` for each file HEAD holds there: every
    non-merge commit reachable from HEAD, newest first, compared with its parent; a file
    HEAD does not hold (untracked, or deleted from history) has no git time, and the walk
    stops once each markdown file (each memory) HEAD holds there has one. The walk has a
    budget (``gitread.Budget``; its commits are those that change a memory, and at most
    `MAX_PASSED` others are read); when it is spent, or an object is over its size cap,
    the files dated so far keep their date (the walk goes newest first: theirs is right)
    and the others have none, and the
    note says where it stopped: their ages fall back to the file's mtime.

    ``keep``: use and keep the times in the user cache (`memtui.core.git.cache`): at the
    HEAD they were read at, no history is read; at a HEAD that descends from it through
    commits of one parent each, only those commits are.
    """
    found = find_repo(root)
    if found is None:
        dot = unfollowed(root)  # a worktree's .git file: said (newuser32 #32 addendum)
        return {}, None if dot is None else \
            f"{unfollowed_note(dot)}; every file is dated by its mtime"
    from memtui.core.git.repo import Repo  # (only in a repository: most are in none)

    top, gitdir = found
    prefix = Path(os.path.realpath(root)).relative_to(top).as_posix()
    prefix = "" if prefix == "." else prefix
    try:
        with Repo(gitdir) as repo:
            head = repo.head()
            if head is None:
                return {}, None
            key = (os.fspath(gitdir), prefix, head)  # one HEAD's history never changes
            if key not in _CACHE:
                if len(_CACHE) >= 8:
                    _CACHE.clear()
                _CACHE[key] = _kept_times(repo, os.fspath(gitdir), prefix, head) if keep \
                    else _times(repo, prefix, head)
            times, note = _CACHE[key]
            return dict(times), note
    except Exception as exc:  # hostile or broken history: no git ages, never a traceback
        from memtui.core.git.repo import GitReadError

        why = f": {exc}" if isinstance(exc, GitReadError) else ""  # (else no clear line)
        return {}, f"git history cannot be read{why}; every file is dated by its mtime"


def edited(root: Path, paths: dict[str, tuple[float, int]]) -> set[str]:
    """Which of ``paths`` (files HEAD holds, relative to ``root``, each with the mtime and
    size its scan saw) have working-tree bytes that differ from HEAD's blob: edited (or
    staged) and not committed, so their last commit does not date them (newuser26 #13).

    Bounded as git's own status is: a file whose size and mtime are those git's index
    recorded holds the index's blob, and only that blob's id is compared with HEAD's; a file
    is read and hashed only when its stat data differ from the index's (or the index cannot
    vouch for it: no entry, a merge stage, racily clean). Nothing when ``root`` is in no
    repository or the repository cannot be read (the ages are then as before)."""
    if not paths:
        return set()
    found = find_repo(root)
    if found is None:
        return set()
    from memtui.core.git.index import read_index
    from memtui.core.git.repo import Repo

    top, gitdir = found
    prefix = Path(os.path.realpath(root)).relative_to(top).as_posix()
    prefix = "" if prefix == "." else prefix
    out: set[str] = set()
    try:
        with Repo(gitdir) as repo:
            head = repo.head()
            if head is None:
                return set()
            tree = repo.subtree(repo.commit(head).tree, prefix)
            if tree is None:
                return set()
            index = read_index(gitdir, len(head) // 2, prefix)
            entries = index.entries if index is not None else {}
            stamp = index.mtime_ns if index is not None else 0
            blobs = {path: sha for _mode, sha, path in repo.files(tree)}
            base = os.fspath(root)
            for rel, (mtime, size) in paths.items():
                blob = blobs.get(rel)
                if blob is None:
                    continue
                kept = entries.get(rel)
                # (an mtime as a float holds ~0.25 µs at today's dates)
                if kept is not None and kept.stage == 0 and kept.size == size \
                        and abs(kept.mtime_ns - mtime * 1e9) < 1000 and kept.mtime_ns < stamp:
                    if kept.sha != blob:
                        out.add(rel)  # staged, not committed
                    continue
                if _blob_id(os.path.join(base, rel), len(blob)) != blob:
                    out.add(rel)
    except Exception:  # hostile or broken repository: dated as before, never a traceback
        return set()
    return out


def _blob_id(path: str, hex_len: int) -> str | None:
    """The git blob id of the file at ``path`` (SHA-1, or SHA-256 for 64-digit ids), read a
    block at a time (a memory of any size costs no more memory than a block); None for what
    is not a regular file (a FIFO swapped in is never waited on) or cannot be read whole."""
    import hashlib
    import stat

    digest = hashlib.sha256() if hex_len == 64 else hashlib.sha1()
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        digest.update(b"blob %d\0" % st.st_size)
        left = st.st_size
        while left > 0:
            block = os.read(fd, min(left, 1 << 20))
            if not block:
                return None  # shorter than its stat: changed while read
            digest.update(block)
            left -= len(block)
    except OSError:
        return None
    finally:
        os.close(fd)
    return digest.hexdigest()


def git_head(root: Path) -> tuple[str, str, str] | None:
    """What ``git_times(root)`` is a function of: (``.git`` directory, workspace prefix,
    HEAD's commit; "" when there is none or it cannot be read), or None outside a
    repository. Reads HEAD alone, not the history."""
    found = find_repo(root)
    if found is None:
        return None
    from memtui.core.git.repo import Repo

    top, gitdir = found
    prefix = Path(os.path.realpath(root)).relative_to(top).as_posix()
    try:
        with Repo(gitdir) as repo:
            head = repo.head() or ""
    except Exception:  # hostile or broken: git_times gives no ages, whatever HEAD says
        head = ""
    return os.fspath(gitdir), "" if prefix == "." else prefix, head


def _times(repo: Repo, prefix: str, head: str
           ) -> tuple[dict[str, float | None], str | None]:
    """The last commit time of each file HEAD holds under ``prefix`` (see `git_ages`).

    Nothing at the prefix in HEAD: nothing to date, no history read. Otherwise the walk
    stops as soon as every one of HEAD's files there has a time (the walk goes newest
    first: a time once found is final), and a commit whose tree at the prefix is its
    parent's costs its commit and the trees along the prefix, never a diff."""
    from memtui.core.git.repo import MAX_TIME, GitReadError, HistoryCut

    out: dict[str, float | None] = {}
    gone: set[str] = set()
    walked = passed = dated = 0
    repo.ahead = True  # each commit read with the line of commits below it (and their roots)
    try:
        top = repo.subtree(repo.commit(head).tree, prefix)
        if top is None:
            return {}, None
        total = _count(repo, top)  # the memories (markdown files) to date
        # The last parent's root tree and its tree at the prefix: in a line of commits the
        # next one walked is that parent, whose tree is then not looked up again (the same
        # lookup, nothing read between: it would only touch the same kept trees again).
        last, last_sub = None, None
        for info in repo.walk(head):
            walked += 1
            if len(info.parents) > 1:
                continue
            new = last_sub if info.tree == last else repo.subtree(info.tree, prefix)
            old = last = None
            if info.parents:
                last = repo.commit(info.parents[0]).tree
                old = last_sub = repo.subtree(last, prefix)
            if old is None and new is not None and last is not None:
                # the folder appeared here: moved whole from elsewhere (`git mv`, the
                # same tree at another path) the walk follows it there, and the move
                # dates no memory (newuser31 #26: every age was reset to the move)
                moved = _moved_from(repo, last, new)
                if moved is not None:
                    prefix, old = moved, new
                    last_sub = new
            touched = False
            if old != new:
                last = None  # the diff below reads trees: ask again
                when = float(info.time) if 0 <= info.time <= MAX_TIME else None
                for _mode, _sha, path in repo.changes(old, new):
                    memory = path[-3:].lower() == ".md"
                    touched = touched or memory
                    if path not in out and path not in gone:
                        if _held(repo, top, path):
                            out[path] = when
                            dated += memory
                        else:
                            gone.add(path)  # not in HEAD (deleted, or a folder now)
                if total is not None and dated >= total:
                    break
            if not touched:
                # A commit that changes no memory costs its commit and the trees down the
                # prefix: only MAX_PASSED of them are read, and they leave the commit budget
                # to the memories' own history (newuser27 #24: 12,000 commits on code left
                # memories untouched since "age unknown").
                passed += 1
                if passed > MAX_PASSED:
                    raise HistoryCut(f"the history is longer than memtui reads "
                                     f"({MAX_PASSED:,} commits that change no memory)")
                repo.budget.commits += 1
    except HistoryCut as cut:
        # Changes of the commit the cut fell in may be half recorded: a file dated there
        # has that commit's date, which is its last change (the walk is newest first).
        return out, (f"git history read only in part: {cut}; files not changed in the "
                     f"{walked:,} newest commits are dated by their mtime")
    except (GitReadError, ValueError, OSError) as exc:
        # A broken object (a damaged pack): what was dated before it stands, as at a cut,
        # and the report says so — never ages silently made the files' mtimes (newuser29
        # #9: the stale finding vanished with no word of it).
        return out, (f"git history cannot be read: {exc}; files not dated in the "
                     f"{walked:,} newest commits are dated by their mtime")
    return out, None


def _kept_times(repo: Repo, gitdir: str, prefix: str, head: str
                ) -> tuple[dict[str, float | None], str | None]:
    """`_times`, from the user cache's record when it holds HEAD or an ancestor of it (see
    `git_ages`); a walk read to its end is kept there."""
    from memtui.core.git import cache as git_cache
    from memtui.core.git.repo import GitReadError

    try:
        if repo.subtree(repo.commit(head).tree, prefix) is None:
            return {}, None  # nothing to date, nothing worth keeping
    except GitReadError:
        return _times(repo, prefix, head)  # which says where it stopped, if it can
    kept = git_cache.load(gitdir, prefix)
    if kept is not None and kept[0] == head:
        return kept[1], None
    try:
        times = _since(repo, prefix, head, *kept) if kept is not None else None
    except GitReadError:  # an object refused or missing: the walk says so, or gives none
        times = None
    note = None
    if times is None:
        times, note = _times(repo, prefix, head)
    if note is None:
        git_cache.save(gitdir, prefix, head, times)
    return times, note


def _since(repo: Repo, prefix: str, head: str, before: str,
           times: dict[str, float | None]) -> dict[str, float | None] | None:
    """The times at ``head`` from ``times``, read at its ancestor ``before``, and the
    commits between; None when ``before`` is not reached through at most `MAX_SINCE`
    commits of one parent each. Exact: from ``head`` down such a chain the walk holds one
    commit at a time, so it is the chain, newest first, then the walk from ``before``."""
    from memtui.core.git.repo import MAX_TIME

    chain = []
    sha = head
    while sha != before:
        info = repo.commit(sha)
        if len(info.parents) != 1 or len(chain) >= MAX_SINCE:
            return None
        chain.append(info)
        sha = info.parents[0]
    top = repo.subtree(repo.commit(head).tree, prefix)
    if top is None:
        return {}
    out: dict[str, float | None] = {}
    for info in chain:
        new = repo.subtree(info.tree, prefix)
        old = repo.subtree(repo.commit(info.parents[0]).tree, prefix)
        if old == new:
            continue
        when = float(info.time) if 0 <= info.time <= MAX_TIME else None
        for _mode, _sha, path in repo.changes(old, new):
            if path not in out:
                out[path] = when
    out = {path: when for path, when in out.items() if _held(repo, top, path)}
    for path, when in times.items():
        if path not in out and _held(repo, top, path):
            out[path] = when
    return out


#: How deep under the repository's top a moved memory folder's old place is looked for.
MOVED_DEPTH = 4


def _moved_from(repo: Repo, root: str, tree: str) -> str | None:
    """The path under ``root`` (a commit's root tree) of a folder whose tree is ``tree``,
    looked for `MOVED_DEPTH` folders down, breadth first; None when there is none."""
    level = [("", root)]
    for _ in range(MOVED_DEPTH):
        below = []
        for base, sha in level:
            for name, (mode, sub) in repo._entries(sha).items():
                if mode != 0o040000:
                    continue
                path = f"{base}{name}"
                if sub == tree:
                    return path
                below.append((f"{path}/", sub))
        level = below
    return None


def _held(repo: Repo, top: str, path: str) -> bool:
    """Whether ``path`` is a file (no folder) of HEAD's tree ``top``."""
    found = repo.entry(top, path)
    return found is not None and found[0] != 0o040000


def _count(repo: Repo, top: str) -> int | None:
    """How many markdown files (the memories an audit dates) HEAD holds under ``top``,
    counted on a budget of its own (None when they cannot be counted: the walk then reads
    the whole history, as it did before)."""
    from memtui.core.git.repo import Budget, GitReadError

    budget, repo.budget = repo.budget, Budget()
    try:
        return sum(path[-3:].lower() == ".md" for _mode, _sha, path in repo.files(top))
    except GitReadError:
        return None
    finally:
        repo.budget = budget
