"""How old a memory is: a frontmatter date, else its last git commit, else its mtime."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

from memtui.core.gitread import MAX_TIME, HistoryCut, Repo, find_repo

DAY = 86400.0
#: git_ages per (repository, workspace prefix, HEAD commit): re-audits skip the walk.
_CACHE: dict[tuple[str, str, str], tuple[dict[str, float | None], str | None]] = {}


def parse_date(value: Any) -> float | None:
    """A frontmatter date value as a POSIX timestamp, or None when it is not a date."""
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
    return None


def git_times(root: Path) -> dict[str, float | None]:
    """Last commit time of every file under ``root`` in the repository's history (paths
    relative to root); ``None`` for a time no date can hold (past year 9999). See
    :func:`git_ages`."""
    return git_ages(root)[0]


def git_ages(root: Path) -> tuple[dict[str, float | None], str | None]:
    """:func:`git_times`, and why the history was not read to its end (None: it was).

    Empty when ``root`` is not in a repository or its history cannot be read. Read with
    :mod:`memtui.core.gitread`, which never runs git nor reads the repository's config.
    Like ``git log --no-renames``: every non-merge commit reachable from HEAD, newest
    first, compared with its parent. The walk has a budget (``gitread.Budget``); when it
    is spent, or an object is over its size cap, the files dated so far keep their date
    (the walk goes newest first: theirs is right) and the others have none, and the
    note says where it stopped: their ages fall back to the file's mtime.
    """
    found = find_repo(root)
    if found is None:
        return {}, None
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
                _CACHE[key] = _times(repo, prefix, head)
            times, note = _CACHE[key]
            return dict(times), note
    except Exception:  # hostile or broken history: no git ages at all, never a traceback
        return {}, None


def git_head(root: Path) -> tuple[str, str, str] | None:
    """What ``git_times(root)`` is a function of: (``.git`` directory, workspace prefix,
    HEAD's commit; "" when there is none or it cannot be read), or None outside a
    repository. Reads HEAD alone, not the history."""
    found = find_repo(root)
    if found is None:
        return None
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
    out: dict[str, float | None] = {}
    walked = 0
    try:
        for info in repo.walk(head):
            walked += 1
            if len(info.parents) > 1:
                continue
            new = repo.subtree(info.tree, prefix)
            old = None
            if info.parents:
                old = repo.subtree(repo.commit(info.parents[0]).tree, prefix)
            when = float(info.time) if 0 <= info.time <= MAX_TIME else None
            for _mode, _sha, path in repo.changes(old, new):
                out.setdefault(path, when)
    except HistoryCut as cut:
        # Changes of the commit the cut fell in may be half recorded: a file dated there
        # has that commit's date, which is its last change (the walk is newest first).
        return out, (f"git history read only in part: {cut} (after {walked:,} commits); "
                     "files not changed since are dated by their mtime")
    return out, None
