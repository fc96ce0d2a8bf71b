"""Drift over time: a workspace's health at each git commit that touched it.

Computed from git's objects, never from a checkout of the working tree: the workspace is
rebuilt in a private temporary folder, commit by commit, writing only the files each commit
changed (read with one ``git cat-file --batch``), and one incremental ``Auditor`` re-reads
only those files. Per-file token counts come from the usual token cache, keyed by text
digest, so a blob seen at any earlier commit (or in an earlier run) is never counted again.

Git's content is untrusted: symlinks and submodules in history are skipped, paths with
``..`` or absolute paths are refused, and only ``.md`` files are written with their bytes
(other files become empty placeholders: for the audit only their existence matters).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import IO, Any

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.health import health_row
from memtui.core.report import to_json
from memtui.core.workspace import Workspace, detect_layout, open_workspace

#: What each trend point holds, besides the commit.
POINT_KEYS = ("memory_files", "orphans", "unreachable", "broken_links", "dangling",
              "block_tokens")
#: Blobs larger than this are written as empty placeholders (the audit's cap is lower).
MAX_BLOB = 8 * 1024 * 1024


class TrendError(Exception):
    """The workspace is not in a git repository, or git failed (one-line reason)."""


@dataclass(frozen=True)
class Commit:
    sha: str
    time: int
    subject: str


def _git(repo: Path, *args: str) -> bytes:
    try:
        # literal: a workspace folder named ``w*`` or ``[x]`` is that folder, not a pattern
        proc = subprocess.run(["git", "--literal-pathspecs", "-C", os.fspath(repo), *args],
                              capture_output=True,
                              check=False, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise TrendError("git is not installed") from None
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise TrendError(message[-1] if message else f"git {args[0]} failed")
    return proc.stdout


def locate(ws: Workspace) -> tuple[Path, str]:
    """The repository's top folder and the workspace's path inside it (``""`` at the top)."""
    try:
        out = _git(ws.root, "rev-parse", "--show-toplevel")
    except TrendError:
        raise TrendError(f"{ws.root}: not inside a git repository") from None
    top = os.fsdecode(out[:-1] if out.endswith(b"\n") else out)  # any bytes, even a newline
    prefix = ws.root.relative_to(Path(top).resolve()).as_posix()
    return Path(top), "" if prefix == "." else prefix


def commits(repo: Path, prefix: str) -> list[Commit]:
    """The commits that touched ``prefix``, oldest first (first-parent history); none in a
    repository without commits."""
    if not _has_head(repo):
        return []
    out = _git(repo, "log", "--first-parent", "--reverse", "--format=%H%x00%ct%x00%s%x00",
               "--", prefix or ".")
    fields = out.decode("utf-8", "replace").split("\0")
    found = []
    for i in range(0, len(fields) - 2, 3):
        sha = fields[i].strip()
        if sha:
            found.append(Commit(sha, int(fields[i + 1]), fields[i + 2]))
    return found


def _has_head(repo: Path) -> bool:
    try:
        _git(repo, "rev-parse", "--verify", "--quiet", "HEAD")
    except TrendError:
        return False
    return True


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


class _Blobs:
    """One ``git cat-file --batch`` process, answering blob reads by id."""

    def __init__(self, repo: Path) -> None:
        self.proc = subprocess.Popen(["git", "-C", os.fspath(repo), "cat-file", "--batch"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)

    def read(self, sha: str) -> bytes | None:
        stdin: IO[bytes] = self.proc.stdin  # type: ignore[assignment]
        stdout: IO[bytes] = self.proc.stdout  # type: ignore[assignment]
        stdin.write(sha.encode() + b"\n")
        stdin.flush()
        header = stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            return None
        size = int(header[2])
        data = stdout.read(size)
        stdout.read(1)  # the newline after the content
        return data

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def _changes(repo: Path, before: str | None, after: str, prefix: str
             ) -> Iterator[tuple[str, str, str]]:
    """(mode, blob id, repository path) of each file ``after`` changed since ``before``;
    a deleted file comes with mode ``"0"``."""
    spec = ["--", prefix] if prefix else []
    if before is None:
        out = _git(repo, "ls-tree", "-r", "-z", "--full-tree", after, *spec)
        for rec in out.split(b"\0"):
            if rec:
                meta, path = rec.split(b"\t", 1)
                mode, _kind, sha = meta.split()
                yield mode.decode(), sha.decode(), os.fsdecode(path)
        return
    out = _git(repo, "diff-tree", "-r", "-z", "--no-renames", before, after, *spec)
    recs = out.split(b"\0")
    for i in range(0, len(recs) - 1, 2):
        meta = recs[i].lstrip(b":").split()
        if len(meta) < 5:
            continue
        mode, sha = meta[1].decode(), meta[3].decode()
        path = os.fsdecode(recs[i + 1])
        yield ("0" if meta[4].startswith(b"D") else mode), sha, path


def _apply(root: Path, blobs: _Blobs, changes: Iterator[tuple[str, str, str]], prefix: str,
           stamp: int) -> set[str]:
    """Write each change under ``root``; return the workspace-relative paths touched.

    Each written file gets the commit's time as its mtime, plus a nanosecond count that
    never repeats: the auditor tells changed files by (mtime, size), and the kernel's clock
    is too coarse to separate two quick rewrites of the same size."""
    touched: set[str] = set()
    for mode, sha, path in changes:
        rel = _safe_rel(path, prefix)
        if rel is None:
            continue
        target = root / rel
        if mode == "0" or not mode.startswith("100"):  # deleted, symlink (120000), submodule
            with contextlib.suppress(FileNotFoundError, IsADirectoryError, NotADirectoryError):
                target.unlink()
            touched.add(rel)
            continue
        data = blobs.read(sha) if rel.lower().endswith(".md") else b""
        if data is None or len(data) > MAX_BLOB:
            data = b""
        try:
            if target.is_dir() and not target.is_symlink():  # a folder became a file
                shutil.rmtree(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            stamp += 1
            os.utime(target, ns=(stamp, stamp))
        except OSError:
            continue
        touched.add(rel)
    return touched


def trend(path: str | os.PathLike[str], options: AuditOptions | None = None,
          progress: Callable[[int, int], None] | None = None,
          last: int | None = None) -> list[dict[str, Any]]:
    """The health at each commit that touched the workspace at ``path``, oldest first
    (only the ``last`` N such commits when given)."""
    ws = open_workspace(path)
    repo, prefix = locate(ws)
    history = commits(repo, prefix)
    if last is not None:
        history = history[-last:] if last > 0 else []
    options = replace(options or AuditOptions(), suggestions=False)  # a point counts them
    if options.profile is None:
        # The profile the workspace has now, so points stay comparable across commits.
        options = replace(options, profile="item" if ws.layout == "item" else "claude-code")
    points: list[dict[str, Any]] = []
    blobs = _Blobs(repo)
    try:
        with tempfile.TemporaryDirectory(prefix="memtui-trend-") as tmp:
            root = Path(tmp)
            auditor: Auditor | None = None
            before: str | None = None
            last_stamp = 0
            for n, commit in enumerate(history):
                # Commit times are in seconds: 10**9 + n ns per commit never collide.
                touched = _apply(root, blobs, _changes(repo, before, commit.sha, prefix),
                                 prefix, max(commit.time * 10**9, last_stamp + 10**6))
                last_stamp = max(commit.time * 10**9, last_stamp + 10**6)
                before = commit.sha
                if auditor is None or detect_layout(root) != auditor.ws.layout:
                    auditor = Auditor(open_workspace(root), options)
                    result = auditor.run()
                else:
                    result = auditor.run(changed=touched)
                row = health_row(to_json(result))
                points.append({
                    "commit": commit.sha,
                    "date": datetime.fromtimestamp(commit.time, UTC).isoformat(),
                    "subject": commit.subject,
                    **{k: row[k] for k in POINT_KEYS},
                })
                if progress is not None:
                    progress(n + 1, len(history))
            if auditor is not None:
                auditor.save_cache()
    finally:
        blobs.close()
    return points
