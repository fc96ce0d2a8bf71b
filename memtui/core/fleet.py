"""A fleet: every memory workspace under one root, audited one by one into a health row.

``find_workspaces`` walks the root for folders holding a ``MEMORY.md`` (Claude Code's
``~/.claude/projects/*/memory/`` among them); ``audit_fleet`` audits them in worker processes
and yields one small ``dict`` per workspace as each finishes, so memory stays bounded by the
largest single workspace, not by the fleet.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import suppress
from multiprocessing import get_context, spawn
from multiprocessing.context import ForkServerContext, ForkServerProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memtui.core.audit import AuditOptions
from memtui.core.fleet_row import (  # (a row's audit, apart)
    audit_one,
    row_options,
    save_worker_caches,
)
from memtui.core.record import as_dict
from memtui.core.workspace import INDEX_NAME, MEMORY_DIR, STATE_DIR

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

__all__ = ["audit_one", "row_options", "save_worker_caches"]

FLEET_SCHEMA = 1
#: Folders never walked into while looking for workspaces.
SKIP_DIRS = frozenset({".git", STATE_DIR, "node_modules", "__pycache__", ".venv", "venv",
                       ".cache", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox",
                       ".npm", ".hg", ".svn"})
#: Hidden folders that may hold memory: the agents' homes (Claude Code's ``~/.claude``;
#: issue 33: ``~/.gemini``, ``~/.openclaw``, ``~/.hermes``, ``~/.codex``).
HIDDEN_ALLOWED = frozenset({".claude", ".gemini", ".openclaw", ".hermes", ".codex"})
MAX_DEPTH = 12
#: The profiles a fleet row names beside its path (item and claude-code rows stay as they
#: were but in a mixed fleet: `tagged`).
AGENT_PROFILES = frozenset({"gemini", "openclaw", "hermes", "codex", "serena"})


def tagged(profile: object, mixed: bool) -> bool:
    """Whether a row names its profile beside its path: an agent's always; Claude Code's
    (every folder's default) in a fleet that holds another agent's row, where it was the
    one row untagged (newuser36 #28)."""
    return profile in AGENT_PROFILES or (mixed and profile == "claude-code")


def mixed_fleet(rows: Iterable[dict[str, Any]]) -> bool:
    """Whether ``rows`` hold another agent's row than Claude Code's (`tagged`)."""
    return any(r.get("profile") in AGENT_PROFILES for r in rows)

def no_workspace(root: str) -> str:
    """Why a fleet under ``root`` is empty: the CLI's error and the fleet screen's line
    (newuser26 #43: the screen showed an empty table and no word, a typo in ROOT looking
    like a healthy, empty fleet)."""
    return (f"no workspace under {root}: no folder holding MEMORY.md, nor an agent's "
            f"memory folder, within {MAX_DEPTH} levels")


def shown_path(root: Path, path: str) -> str:
    """A workspace's path as a fleet table shows it: relative to the root when under it
    (``.`` for the root itself), control characters escaped."""
    from memtui.core.reporting.safe_output import printable

    try:
        rel = Path(path).relative_to(root).as_posix()
    except ValueError:
        rel = path
    return printable(rel)


def find_workspaces(root: Path, max_depth: int = MAX_DEPTH) -> list[Path]:
    """Every folder under ``root`` (itself included) that holds a ``MEMORY.md``, or is
    another agent's memory folder (`_agent_folder`), sorted.

    Symlinked folders are not walked (no loops, no escapes), but a link to a folder holding
    a ``MEMORY.md`` is a workspace (the memory a Claude Code project keeps in its
    repository), listed once whichever way it is reached; a workspace's own memory
    folder is not searched again; hidden folders other than the agents' homes
    (`HIDDEN_ALLOWED`) are not walked, but one that is itself a memory folder
    (``proj/.claude-memory/``) is found; ``.git``, ``node_modules``, caches and memtui's own
    state are never looked into (`SKIP_DIRS`). A
    ``MEMORY.md`` that is a symbolic link counts: its audit follows it only when it stays
    inside the workspace (as ``open_workspace`` does), else its row says why not.
    """
    found: list[Path] = []
    # (folder, depth, walked): a hidden folder other than the agents' homes is only looked
    # at, never walked into (newuser25 #6: ``proj/.claude-memory/`` is a memory folder)
    stack: list[tuple[str, int, bool]] = [(os.fspath(root), 0, True)]
    while stack:
        folder, depth, walked = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        names = {e.name for e in entries}
        is_workspace = (INDEX_NAME in names and _index(os.path.join(folder, INDEX_NAME))) \
            or _agent_folder(folder, names)
        if is_workspace:
            found.append(Path(folder))
        if depth >= max_depth or not walked:
            continue
        for entry in entries:
            name = entry.name
            if name in SKIP_DIRS:
                continue
            if is_workspace and name == MEMORY_DIR:
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, depth + 1,
                                  not name.startswith(".") or name in HIDDEN_ALLOWED))
                elif entry.is_symlink() and _index(os.path.join(entry.path, INDEX_NAME)):
                    # a link to a memory folder (a Claude Code project's ``memory`` kept in
                    # its repository, newuser29 #39): looked at as a workspace, never walked
                    stack.append((entry.path, depth + 1, False))
            except OSError:
                continue
    return _once_each(sorted(found))


def _once_each(folders: list[Path]) -> list[Path]:
    """``folders`` less those that are another's folder reached through a link (the first
    of each real folder kept)."""
    seen: set[str] = set()
    out: list[Path] = []
    for folder in folders:
        real = os.path.realpath(folder)
        if real not in seen:
            seen.add(real)
            out.append(folder)
    return out


def _agent_folder(folder: str, names: set[str]) -> bool:
    """Whether a folder without a MEMORY.md is still an agent's memory (issue 33): Codex's
    (``memory_summary.md``), Hermes' (``memories/`` holding USER.md), Gemini CLI's
    (`_gemini_folder`), or an OpenClaw
    workspace (a ``memory/`` folder, and SOUL.md or its daily notes: the profile's
    recognition)."""
    if "memory_summary.md" in names:
        return _index(os.path.join(folder, "memory_summary.md"))
    if "USER.md" in names and os.path.basename(folder) == "memories":
        return _index(os.path.join(folder, "USER.md"))
    if _gemini_folder(folder, names):
        return True
    if MEMORY_DIR not in names or not os.path.isdir(os.path.join(folder, MEMORY_DIR)):
        return False
    # as the audit recognises OpenClaw: SOUL.md, or AGENTS.md with another of its bootstrap
    # files, or a daily note (newuser24 #9: one with only daily notes was left out) — not
    # one in a memory/ folder holding its own MEMORY.md, Claude Code's (newuser34 #31)
    from memtui.core.profiles.openclaw import OpenClaw

    return OpenClaw().evidence(Path(folder)) is not None


def _gemini_folder(folder: str, names: set[str]) -> bool:
    """Whether a folder without a MEMORY.md is Gemini CLI's memory as the audit recognises
    it (newuser30 #7 addendum: the fleet saw none whose MEMORY.md was not written yet): a
    project's ``~/.gemini/tmp/<project>/memory/`` holding its legacy GEMINI.md or a topic
    file, ``~/.gemini`` with its GEMINI.md, or a GEMINI.md its save_memory tool wrote to."""
    from memtui.core.profiles.gemini import Gemini

    path = Path(folder)
    if Gemini.in_memory_folder(path):
        return any(name.endswith(".md") and _index(os.path.join(folder, name))
                   for name in names)
    return "GEMINI.md" in names and _index(os.path.join(folder, "GEMINI.md")) \
        and Gemini().recognise(path)


def _index(path: str) -> bool:
    """Whether ``path`` makes its folder a workspace: a regular file, or a symbolic link
    (never followed here: the audit follows one that stays inside the workspace, and the
    row of one that does not says so)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    return stat.S_ISREG(mode) or stat.S_ISLNK(mode)


def nested_rows(path: str, fleet: list[str]) -> tuple[str, ...]:
    """The other workspaces of ``fleet`` (sorted) under ``path``, relative to it."""
    from bisect import bisect_left

    prefix = path.rstrip("/") + "/"
    out = []
    for other in fleet[bisect_left(fleet, prefix):]:
        if not other.startswith(prefix):
            break
        out.append(other[len(prefix):])
    return tuple(out)


def start_workers() -> None:
    """Start multiprocessing's helper processes now, while stderr is still the terminal's.

    Under Textual, ``sys.stderr`` is replaced by an object whose ``fileno()`` is -1, and the
    resource tracker, started lazily by the first pool, passes that to its child and fails
    ("bad value(s) in fds_to_keep"). An app calls this before it runs."""
    from multiprocessing import forkserver, resource_tracker

    resource_tracker.ensure_running()
    _start_forkserver()
    forkserver.ensure_running()


#: The name of every audit worker process (see ``_without_main``).
WORKER_NAME = "memtui-audit-worker"


class _AuditWorker(ForkServerProcess):
    """A forkserver worker process named as memtui's (its start data then leaves out the
    caller's main module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.name = WORKER_NAME + self.name.removeprefix(type(self).__name__)


class _AuditContext(ForkServerContext):
    Process = _AuditWorker  # type: ignore[assignment]


def _without_main(get: Callable[[str], dict[str, Any]]) -> Callable[[str], dict[str, Any]]:
    """``spawn.get_preparation_data`` leaving out, for memtui's audit workers only, the
    caller's main module, which a new process otherwise imports (runs) again first. The
    workers need nothing from it, and a script that starts memtui without an ``if __name__
    == "__main__":`` guard would start memtui again in every worker, breaking the pool."""

    def get_preparation_data(name: str) -> dict[str, Any]:
        data = get(name)
        if isinstance(name, str) and name.startswith(WORKER_NAME):
            data.pop("init_main_from_path", None)
            data.pop("init_main_from_name", None)
        return data

    get_preparation_data.memtui = True  # type: ignore[attr-defined]
    return get_preparation_data


def _start_forkserver() -> Any:
    """The forkserver context for the audit workers, its server preloading the audit
    (workers fork ready to run) and not ``__main__`` (the default, which would run a
    caller's script again, as each worker would without ``_without_main``)."""
    if not getattr(spawn.get_preparation_data, "memtui", False):
        spawn.get_preparation_data = _without_main(spawn.get_preparation_data)
    ctx = _AuditContext()
    ctx.set_forkserver_preload(["memtui.core.fleet", "memtui.core.audit",
                                "memtui.core.reporting.json_report"])
    return ctx


def audit_fleet(paths: list[Path], options: AuditOptions | None = None,
                fail_on: str = "error", jobs: int | None = None, processes: bool = False,
                fleet: list[Path] | None = None, fail_on_flag: bool = False,
                config_file: str | None = None,
                row_extra: Callable[[str], dict[str, Any]] | None = None
                ) -> Iterator[dict[str, Any]]:
    """Audit every workspace in ``paths`` in ``jobs`` worker processes (default: one per
    core), yielding each row as it is done (not in ``paths`` order). At most two tasks per
    worker are in flight, so a fleet of thousands never queues its reports in memory.
    One workspace, or one job, is audited in this process unless ``processes`` (the app
    asks for it: an audit in its own interpreter would freeze the screen). ``fleet``: every
    workspace of the fleet (default: ``paths``), whose rows under a row's folder it leaves
    out of that row (`nested_rows`). ``config_file``: ``--config FILE``, for every row.
    ``row_extra``: a workspace's path → what its row also does (`audit_one`'s ``extra``)."""
    opts = as_dict(options or AuditOptions())
    every = sorted(os.fspath(p) for p in (paths if fleet is None else fleet))
    jobs = max(1, jobs or os.cpu_count() or 1)
    if not paths:
        return
    if not processes and (jobs == 1 or len(paths) <= 1):
        for p in paths:
            yield audit_one(os.fspath(p), opts, fail_on, nested_rows(os.fspath(p), every),
                            fail_on_flag, config_file,
                            row_extra(os.fspath(p)) if row_extra else None)
        save_worker_caches()
        return
    jobs = min(jobs, len(paths))
    # fork when this process has no other thread (the command line): workers start at once
    # and are this process's children, so their CPU time counts as its own; forkserver
    # otherwise (the app's threads make fork unsafe).
    ctx = get_context("fork") if threading.active_count() == 1 else _start_forkserver()
    # a pipe whose writing end only this process holds: every worker watches it and ends
    # when it closes, so none outlives a parent killed mid-fleet (newuser34 #27: SIGTERM
    # left both workers behind for good, re-parented to init)
    watched, held = ctx.Pipe(duplex=False)
    try:
        yield from _pooled(paths, opts, fail_on, jobs, ctx, (watched, held), every,
                           fail_on_flag, config_file, row_extra)
    finally:
        held.close()
        watched.close()


def _pooled(paths: list[Path], opts: dict[str, Any], fail_on: str, jobs: int, ctx: Any,
            lifeline: tuple[Connection, Connection], every: list[str],
            fail_on_flag: bool = False, config_file: str | None = None,
            row_extra: Callable[[str], dict[str, Any]] | None = None
            ) -> Iterator[dict[str, Any]]:
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_watch_parent,
                             initargs=lifeline) as pool:
        try:
            yield from _in_pool(pool, paths, opts, fail_on, jobs, every, fail_on_flag,
                                config_file, row_extra)
        except BaseException:
            # Ctrl+C (or the caller gone): the workers end now, not after the audits they
            # are in (newuser38 #20: 9 s to return); closing the lifeline ends each one
            lifeline[1].close()
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _in_pool(pool: ProcessPoolExecutor, paths: list[Path], opts: dict[str, Any],
             fail_on: str, jobs: int, every: list[str], fail_on_flag: bool,
             config_file: str | None = None,
             row_extra: Callable[[str], dict[str, Any]] | None = None
             ) -> Iterator[dict[str, Any]]:
    """`_pooled`'s rows: at most two tasks a worker in flight, each row as it is done."""
    pending: set[Future[dict[str, Any]]] = set()
    queue = iter(paths)
    for p in queue:
        pending.add(pool.submit(audit_one, os.fspath(p), opts, fail_on,
                                nested_rows(os.fspath(p), every), fail_on_flag,
                                config_file, row_extra(os.fspath(p)) if row_extra else None))
        if len(pending) >= 2 * jobs:
            break
    while pending:
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for fut in done:
            yield fut.result()
        for p in queue:
            pending.add(pool.submit(audit_one, os.fspath(p), opts, fail_on,
                                nested_rows(os.fspath(p), every), fail_on_flag,
                                config_file, row_extra(os.fspath(p)) if row_extra else None))
            if len(pending) >= 2 * jobs:
                break


def _watch_parent(watched: Connection, held: Connection) -> None:
    """A worker's start: close its copy of the pipe's writing end (a forked worker inherits
    it), then wait in a daemon thread for the end the parent holds to close, by its exit or
    its death, and end this process then, whatever it is auditing."""
    held.close()

    def watch() -> None:
        with suppress(EOFError, OSError):
            watched.recv_bytes()
        os._exit(1)

    threading.Thread(target=watch, name="memtui-parent-watch", daemon=True).start()


def fleet_exit(rows: list[dict[str, Any]]) -> int:
    """The worst exit status of the fleet (0 when it is empty)."""
    return max((r["exit"] for r in rows), default=0)


def to_fleet_json(root: Path, rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"schema": FLEET_SCHEMA, "root": os.fspath(root),
            "workspaces": sorted(rows, key=lambda r: r["path"]), "exit": fleet_exit(rows)}
