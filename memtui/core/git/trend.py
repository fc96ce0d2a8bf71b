"""Drift over time: a workspace's health at each git commit that touched it.

Computed from git's objects, never from a checkout of the working tree: the workspace is
rebuilt in a private temporary folder, commit by commit, writing only the files each commit
changed (read by :mod:`memtui.core.git.repo`, which never runs git), and one incremental
``Auditor`` re-reads only those files. Per-file token counts come from the usual token
cache, keyed by text digest, so a blob seen at any earlier commit (or in an earlier run) is
never counted again. Each point is kept in the user cache by commit
(`memtui.core.caches.trend_points`, with the span its ages hold): a later trend of the same
history with the same settings takes it instead of auditing that commit again, and writes no
commit after the last one it has no point of (newuser34 #22).

Git's content is untrusted: symlinks and submodules in history are skipped, paths with
``..`` or absolute paths are refused, and only ``.md`` files and the files under the
memory root (``memory/`` of an item workspace, every file of a flat one) are written with
their bytes: the audit reads each of those for credentials (`memtui.core.scanner.readable`),
so the newest point equals the audit of HEAD (newuser29 #7). Other files (a project's code
beside an item workspace's ``memory/``) become empty placeholders: for the audit only their
existence matters.

A trend is bounded: one :class:`memtui.core.git.repo.Budget` for the whole trend (commits
walked, tree entries parsed and diffed, bytes inflated), an object over its size cap, and at
most ``MAX_POINTS`` points (each is an audit). When a bound cuts, the trend keeps the newest
points it could make and says where it stopped (``stopped``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from memtui.core.audit import AuditOptions, Auditor, AuditResult
from memtui.core.caches import checks_version
from memtui.core.caches.derived import options_key
from memtui.core.caches.trend_points import TrendPoints
from memtui.core.checks.findings import SEVERITY_RANK
from memtui.core.config import Config
from memtui.core.files.file_modes import write_bytes
from memtui.core.git.find import unfollowed, unfollowed_note
from memtui.core.git.repo import MAX_TIME, Budget, GitReadError, HistoryCut, Repo, find_repo
from memtui.core.profiles import get as get_profile
from memtui.core.profiles import recognise
from memtui.core.record import as_dict, replace
from memtui.core.reporting.health import load_share, result_loads
from memtui.core.reporting.suppress import CAUSES, apply_to
from memtui.core.workspace import Workspace, detect_layout, open_workspace

#: What each trend point holds, besides the commit.
POINT_KEYS = ("memory_files", "orphans", "unreachable", "broken_links", "dangling",
              "block_tokens")
#: Blobs larger than this are written as empty placeholders (the audit's cap is lower).
MAX_BLOB = 8 * 1024 * 1024
#: At most this many points (the newest): each is an audit of the workspace at a commit.
MAX_POINTS = 1_000
#: ... and at most this many files audited over all points (a point audits every file).
MAX_POINT_FILES = 500_000
#: At most this many files in the workspace at any commit (a trend writes each one).
MAX_FILES = 50_000


class TrendError(Exception):
    """The workspace is not in a git repository, or git failed (one-line reason)."""


@dataclass(frozen=True)
class Commit:
    sha: str
    time: int
    subject: str


def locate(ws: Workspace) -> tuple[Path, str]:
    """The repository's top folder and the workspace's path inside it (``""`` at the top).

    The repository is the one :func:`memtui.core.git.repo.find_repo` names: a ``.git``
    folder at or above the workspace, never a ``.git`` file nor a bare repository."""
    found = find_repo(ws.root)
    if found is None:
        dot = unfollowed(ws.root)
        raise TrendError(f"{ws.root}: not inside a git repository" if dot is None else
                         f"{unfollowed_note(dot)}; no history read")
    top = found[0]
    prefix = Path(os.path.realpath(ws.root)).relative_to(top).as_posix()
    return top, "" if prefix == "." else prefix


def _open(repo: Path) -> Repo:
    try:
        return Repo(repo / ".git")
    except GitReadError as exc:
        raise TrendError(str(exc)) from None


def head(repo: Path) -> str | None:
    """The commit at the repository's HEAD, or None."""
    try:
        with _open(repo) as reader:
            return reader.head()
    except (TrendError, GitReadError, OSError, ValueError):
        return None


def commits(repo: Path, prefix: str, reader: Repo | None = None) -> list[Commit]:
    """The commits that touched ``prefix``, oldest first (first-parent history); none in a
    repository without commits. Only the newest ones when a bound cut the walk."""
    if reader is None:
        with _open(repo) as opened:
            return commits(repo, prefix, opened)
    return _history(prefix, reader)[0]


def _history(prefix: str, reader: Repo
             ) -> tuple[list[Commit], str | None, Commit | str | None]:
    """``commits``, and why the walk stopped before the first commit and where (None: it
    did not); the walk is charged to ``reader.budget``."""
    found: list[Commit] = []
    cut: str | None = None
    stop_at: Commit | str | None = None
    sha: str | None = None
    try:
        sha = reader.head()  # one it refuses to follow is an error (newuser32 #32)
        while sha is not None:
            reader.budget.charge("commits", 1)
            info = reader.commit(sha)
            parent = info.parents[0] if info.parents else None
            tree = reader.subtree(info.tree, prefix)
            before = reader.subtree(reader.commit(parent).tree, prefix) if parent else None
            empty_root = parent is None and next(reader.files(tree), None) is None
            if tree != before and not empty_root:
                found.append(Commit(sha, info.time, info.subject))
            sha = parent
    except HistoryCut as exc:
        cut, stop_at = f"{exc}; this commit and older ones are not shown", sha
    except (GitReadError, ValueError, OSError) as exc:
        raise TrendError(f"cannot read the history: {exc}") from None
    found.reverse()
    return found, cut, stop_at


def _most_points(repo: Repo, prefix: str) -> int:
    """How many points a trend makes at most: ``MAX_POINTS``, fewer when the workspace at
    HEAD has many files (each point audits them: ``MAX_POINT_FILES`` in all)."""
    files = 0
    with contextlib.suppress(GitReadError, ValueError):
        head = repo.head()
        if head is not None:
            tree = repo.subtree(repo.commit(head).tree, prefix)
            for _ in repo.files(tree):
                files += 1
                if files > MAX_POINT_FILES // 10:  # ten points at least
                    break
    return max(10, min(MAX_POINTS, MAX_POINT_FILES // max(1, files)))


def stopped(at: Commit | str | None, reason: str) -> dict[str, Any]:
    """What a trend says when a bound cut it: the commit where it stopped (its id and
    date; None when it cannot be told) and why."""
    if isinstance(at, Commit):
        return {"commit": at.sha, "date": _date(at.time), "reason": reason}
    return {"commit": at, "date": None, "reason": reason}


def _safe_rel(path: str, prefix: str) -> str | None:
    """``path`` (repository-relative) relative to the workspace, or None when it is outside
    the workspace or not a plain relative path."""
    if prefix:
        if not path.startswith(prefix + "/"):
            return None
        path = path[len(prefix) + 1:]
    parts = PurePosixPath(path).parts
    if not parts or path.startswith("/") or any(p in ("", ".", "..", ".git") for p in parts):
        return None
    return path


def _changes(repo: Repo, before: str | None, after: str, prefix: str
             ) -> Iterator[tuple[str, str, str]]:
    """(mode, blob id, repository path) of each file ``after`` changed since ``before``;
    a deleted file comes with mode ``"0"``."""
    new = repo.subtree(repo.commit(after).tree, prefix)
    old = repo.subtree(repo.commit(before).tree, prefix) if before is not None else None
    base = prefix
    for mode, sha, path in repo.changes(old, new):
        yield mode, sha, f"{base}/{path}" if base else path


def _apply(root: Path, blobs: Repo, changes: Iterator[tuple[str, str, str]], prefix: str,
           stamp: int, present: set[str], dates: dict[str, float | None],
           when: float | None, read_under: str = "") -> tuple[set[str], bool]:
    """Write each change under ``root``; return the workspace-relative paths touched, and
    whether a path was made or taken away (not only a file's content changed).
    ``read_under``: the memory root's relative folder (``memory/``; "" for a flat
    workspace), whose every file is written with its bytes, as a ``.md`` file is.
    ``present``: the files written so far, at most ``MAX_FILES`` (a ``HistoryCut`` past).
    ``dates``: each file's git date (its last change: ``when``, this commit's time), as the
    audit of a checkout reads it from git.

    Each written file gets the commit's time as its mtime, plus a nanosecond count that
    never repeats: the auditor tells changed files by (mtime, size), and the kernel's clock
    is too coarse to separate two quick rewrites of the same size."""
    # The whole change is known, and bounded, before anything is written.
    todo: list[tuple[str, str, str]] = []
    after = len(present)
    for mode, sha, path in changes:
        rel = _safe_rel(path, prefix)
        if rel is None:
            continue
        kept = mode != "0" and mode.startswith("100")  # not deleted, a link or a submodule
        after += (rel not in present) if kept else -(rel in present)
        if after > MAX_FILES and len(todo) > MAX_FILES:
            raise HistoryCut(f"the workspace holds more than {MAX_FILES:,} files")
        todo.append((mode, sha, rel))
    if after > MAX_FILES:
        raise HistoryCut(f"the workspace holds more than {MAX_FILES:,} files")
    touched: set[str] = set()
    moved = False
    for mode, sha, rel in todo:
        target = root / rel
        if mode == "0" or not mode.startswith("100"):  # deleted, symlink (120000), submodule
            with contextlib.suppress(FileNotFoundError, IsADirectoryError, NotADirectoryError):
                target.unlink()
            moved = True
            present.discard(rel)
            dates.pop(rel, None)
            touched.add(rel)
            continue
        read = rel.lower().endswith(".md") or rel.startswith(read_under)
        data = blobs.blob(sha, MAX_BLOB) if read else b""
        if data is None:  # not a blob, or over the cap (told before it is read)
            data = b""
        moved = moved or rel not in present
        try:
            if target.is_dir() and not target.is_symlink():  # a folder became a file
                shutil.rmtree(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            write_bytes(target, data)
            stamp += 1
            os.utime(target, ns=(stamp, stamp))
        except OSError:
            moved = True  # (whatever it left there)
            continue
        present.add(rel)
        dates[rel] = when
        touched.add(rel)
    return touched, moved


def trend(path: str | os.PathLike[str], options: AuditOptions | None = None,
          progress: Callable[[int, int], None] | None = None,
          last: int | None = None, config: Config | None = None) -> list[dict[str, Any]]:
    """The health at each commit that touched the workspace at ``path``, oldest first
    (only the ``last`` N such commits when given). ``config``: the workspace's
    configuration as it is now, applied at every commit as the audit applies it (its
    ``exclude`` must be in ``options`` already, as ``options_from`` puts it; its ignores,
    severities and the history's inline ignores decide each point's ``findings``)."""
    return trend_cut(path, options, progress, last, config)[0]


def trend_cut(path: str | os.PathLike[str], options: AuditOptions | None = None,
              progress: Callable[[int, int], None] | None = None,
              last: int | None = None, config: Config | None = None
              ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """``trend``, and where a bound stopped it (None: the whole history is there): the
    oldest commit shown (``commit``, ``date``; None when there is no point) and the
    ``reason``."""
    ws = open_workspace(path)
    repo, prefix = locate(ws)
    with _open(repo) as blobs:
        blobs.budget = Budget()
        return _trend(ws, prefix, blobs, options, progress, last, config or Config(),
                      repo / ".git")


def _trend(ws: Workspace, prefix: str, blobs: Repo, options: AuditOptions | None,
           progress: Callable[[int, int], None] | None, last: int | None, config: Config,
           gitdir: Path) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    history, cut, stop_at = _history(prefix, blobs)
    if last is not None:
        if 0 < last < len(history):
            cut = None  # the points asked for are all there
        history = history[-last:] if last > 0 else []
    most = _most_points(blobs, prefix)
    if len(history) > most:
        stop_at = history[-most - 1]
        history = history[-most:]
        cut = f"a trend of this workspace shows at most {most:,} points; this commit and " \
              "older ones are not shown"
    blobs.budget = Budget()  # the points' own budget: as much again as the walk's
    present: set[str] = set()
    dates: dict[str, float | None] = {}  # git's date of each file, as a checkout has it
    options = replace(options or AuditOptions(), suggestions=False)  # a point counts them
    asked = options.tokenizers[0] if len(options.tokenizers) == 1 else None
    if options.profile is None:
        # The profile the workspace has now, so points stay comparable across commits.
        options = replace(options, profile=recognise(ws.root, ws.layout, ws.given))
    points: list[dict[str, Any]] = []
    # The memory root as the workspace has it now (as its profile: comparable points).
    read_under = "" if ws.memory_root == ws.root else ws.rel(ws.memory_root) + "/"
    # Points kept by an earlier trend of the same history and settings (their ages still
    # holding) are taken as they are: the commits after the last one not kept are not even
    # written, and one kept in between is written, not audited (the next audit looks at
    # the files it changed too).
    kept = _kept_points(ws, gitdir, prefix, history, options, config, read_under, asked)
    now = options.now or time.time()
    known = [kept.get(c.sha, now) if kept is not None else None for c in history]
    needed = max((n for n, got in enumerate(known) if got is None), default=-1)
    try:
        with tempfile.TemporaryDirectory(prefix="memtui-trend-") as tmp:
            root = Path(tmp)
            auditor: Auditor | None = None
            before: str | None = None
            last_stamp = 0
            pending: set[str] = set()  # changed since the last audit (points kept between)
            pending_moved = False
            for n, commit in enumerate(history):
                point = known[n]
                if n > needed:  # this point and every later one kept
                    points.append(point)  # type: ignore[arg-type]
                    if progress is not None:
                        progress(n + 1, len(history))
                    continue
                # Commit times are in seconds: 10**9 + n ns per commit never collide.
                seconds = commit.time if 0 <= commit.time <= MAX_TIME else 0
                stamp = max(seconds * 10**9, last_stamp + 10**6)
                try:
                    touched, moved = _apply(
                        root, blobs, _changes(blobs, before, commit.sha, prefix), prefix,
                        stamp, present, dates,
                        float(commit.time) if seconds == commit.time else None, read_under)
                except HistoryCut as exc:  # the points so far are good; the rest unknown
                    cut = f"{exc}; this commit and newer ones are not shown"
                    stop_at = commit
                    break
                last_stamp = stamp
                before = commit.sha
                pending.update(touched)
                pending_moved = pending_moved or moved
                if point is None:
                    point, holds, auditor = _point(ws, root, commit, auditor, options, dates,
                                                   gitdir, prefix, pending, pending_moved,
                                                   config, asked)
                    pending, pending_moved = set(), False
                    if kept is not None:
                        kept.put(commit.sha, point, holds)
                points.append(point)
                if progress is not None:
                    progress(n + 1, len(history))
            if auditor is not None:
                auditor.save_cache()
            if kept is not None and cut is None:
                kept.save([c.sha for c in history])
    except (GitReadError, ValueError, OSError, RecursionError) as exc:
        raise TrendError(f"cannot read the history: {exc}") from None
    return points, (stopped(stop_at, cut) if cut is not None else None)


def _kept_points(ws: Workspace, gitdir: Path, prefix: str, history: list[Commit],
                 options: AuditOptions, config: Config, read_under: str, asked: str | None
                 ) -> TrendPoints | None:
    """The points an earlier trend kept of this history with these settings
    (`memtui.core.caches.trend_points`); None when caching is off or there is no history."""
    if not history:
        return None
    limits, said = get_profile(options.profile or "item").limits(ws, dict(options.limits))
    return TrendPoints.open({
        "checks": checks_version.version(), "git": os.path.realpath(gitdir),
        "prefix": prefix, "root": str(ws.root), "layout": ws.layout,
        # each file is dated by its last change in the commits walked, from this one on
        "first": history[0].sha, "options": options_key(options), "config": as_dict(config),
        "read_under": read_under, "asked": asked,
        "limits": [limits, [[f.kind, f.path, f.message] for f in said]]})


def _point(ws: Workspace, root: Path, commit: Commit, auditor: Auditor | None,
           options: AuditOptions, dates: dict[str, float | None], gitdir: Path, prefix: str,
           touched: set[str], moved: bool, config: Config, asked: str | None
           ) -> tuple[dict[str, Any], tuple[float, float], Auditor]:
    """The point of ``commit``, whose files are written under ``root`` (``touched``: those
    changed since ``auditor``'s last run; ``moved``: whether a path was made or taken away
    since), the span its ages hold and the auditor that made it (``auditor`` or a new one)."""
    # The project (an item workspace is its own) is this commit's, as a checkout's audit
    # of it has it: its files, text and git history up to this commit (newuser26 #36: the
    # first commit's listing, and no history).
    at = (str(gitdir), prefix, commit.sha)
    if auditor is None or detect_layout(root) != auditor.ws.layout:
        # (its files as the workspace's: the agent's text names its path)
        copy = open_workspace(root)
        auditor = Auditor(Workspace(copy.root, copy.layout, copy_of=ws.root), options,
                          scan_cache=False)
        auditor.git_times = dict(dates)
        auditor.project_history = at
        result = auditor.run()
    else:
        auditor.git_times = dict(dates)  # a new dict: the audit memoises on it
        auditor.project_history = at
        auditor.refresh_project(moved)
        result = auditor.run(changed=touched)
    apply_to(result, config)
    row = point_row(result)
    # --tokenizer names the count (newuser24 #34: it was taken and ignored)
    counts = result.block.tokens
    if asked in counts:
        row["block_tokens"], row["tokenizer"] = counts[asked], asked
    return {
        "commit": commit.sha,
        "date": _date(commit.time),
        "subject": commit.subject,
        **{k: row[k] for k in POINT_KEYS},
        "tokenizer": row["tokenizer"],
        # the worst share of the agent's load limits (null where it has none) and what it
        # measures: the commit that crossed 100 % (newuser42 #17), as the fleet's Limit
        "load_share": row["load_share"], "load_what": row["load_what"],
        "findings": row["findings"],  # by severity, after the config
        # what the configuration (today's, at every commit) kept out of them, so a
        # committed ignore cannot draw a clean past (newuser31 #17)
        "suppressed": {
            "total": len(result.suppressed),
            "secret": sum(s.finding.kind == "secret" for s in result.suppressed),
            "lowered": len(result.lowered),
            # by what (newuser39 #11: inline comments were blamed on the configuration)
            "by": {cause: n for cause in CAUSES
                   if (n := sum(s.cause == cause for s in result.suppressed))}},
    }, result.holds, auditor


def point_row(result: AuditResult) -> dict[str, Any]:
    """What a point shows of ``result`` (after `apply_to`): the values `health_row` reads
    from its JSON report, read from the result itself (a report of every file and finding
    at every commit was a fifth of a trend's time, issue 35)."""
    block = result.block
    tokens, tokenizer = block.tokens, block.tokenizer
    severities = {s: 0 for s in SEVERITY_RANK}
    for f in result.findings:
        severities[f.severity] = severities.get(f.severity, 0) + 1
    return {"memory_files": result.memory_file_count(),
            "orphans": len(result.orphans),
            "unreachable": sum(1 for o in result.orphans if not o.reachable),
            "broken_links": len(result.broken_links),
            "dangling": sum(1 for w in result.wikirefs if w.state == "dangling"),
            "block_tokens": tokens.get(tokenizer, next(iter(tokens.values()), 0)),
            "tokenizer": tokenizer, "findings": severities,
            "load_share": None, "load_what": None, **load_share(result_loads(result))}


def _date(seconds: int) -> str:
    """A commit time as an ISO date, or ``"unknown"`` past year 9999 or before 1970."""
    if not 0 <= seconds <= MAX_TIME:
        return "unknown"
    return datetime.fromtimestamp(seconds, UTC).isoformat()
