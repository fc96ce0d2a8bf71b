"""Watching a workspace for changes: filtered, debounced batches of relative paths.

Only the folders the audit reads are watched, one by one (never recursively by the
backend): real folders below the root, hidden ones and symbolic links left out, so a link
such as ``memory/escape → /usr`` costs no watch and outside changes are never seen. A caller
may let some hidden names in (the fleet: the agents' homes such as ``.claude``, where
``--discover`` finds workspaces); ``.memtui/`` and every other hidden folder stay out. When a
folder cannot be read, or the system's watches run out, the caller is told (one line) and
watching goes on by polling.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from watchfiles import Change, DefaultFilter, watch

DEBOUNCE_MS = 600  # longest a burst is held back
QUIET_MS = 80  # a burst ends after this long without a change
POLL_MS = 1000  # how often a polling watcher looks
#: The most folders watched (a watch each); past it the rest go unwatched, and that is said.
MAX_WATCHED_FOLDERS = 4000


class MemoryFilter(DefaultFilter):
    """Everything in the workspace except hidden folders (``.memtui/``, ``.git/``, …)
    and editor droppings (swap and backup files)."""

    def __init__(self, root: Path, allow_hidden: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.root = root
        self.allow_hidden = allow_hidden

    def __call__(self, change: Change, path: str) -> bool:
        try:
            rel = Path(path).relative_to(self.root)
        except ValueError:
            return False
        if any(part.startswith(".") and part not in self.allow_hidden for part in rel.parts):
            return False
        return super().__call__(change, path)


def relative_paths(root: Path, changes: set[tuple[Change, str]]) -> set[str]:
    out: set[str] = set()
    for _, path in changes:
        try:
            out.add(Path(path).relative_to(root).as_posix())
        except ValueError:
            continue
    return out


def watched_folders(root: Path, allow_hidden: frozenset[str] = frozenset()
                    ) -> tuple[list[Path], list[str]]:
    """The folders to watch (the root and every real, non-hidden folder below it, links not
    followed; a hidden one only when ``allow_hidden`` names it) and one line per folder that
    could not be read."""
    folders: list[Path] = []
    problems: list[str] = []
    todo = [root]
    while todo and len(folders) <= MAX_WATCHED_FOLDERS:
        here = todo.pop()
        try:
            with os.scandir(here) as it:
                subs = [Path(e.path) for e in it
                        if (not e.name.startswith(".") or e.name in allow_hidden)
                        and e.is_dir(follow_symlinks=False)]
        except OSError as exc:
            shown = here.relative_to(root).as_posix() if here != root else "."
            problems.append(f"{shown} (cannot be read: {exc.strerror or exc})")
            continue
        folders.append(here)
        todo.extend(sorted(subs, reverse=True))
    return folders, problems


def watch_workspace(root: Path, on_changes: Callable[[set[str]], None],
                    stop: threading.Event,
                    on_problem: Callable[[str], None] | None = None,
                    allow_hidden: frozenset[str] = frozenset()) -> None:
    """Block, calling ``on_changes`` with each burst of changed paths, until ``stop`` is set.

    ``on_problem`` hears, in one line, when live updates are partly or wholly lost (a folder
    that cannot be read) or fall back to polling (no watches left), and when the folder
    itself is gone and back (then ``on_changes`` hears ``{"."}``: all of it).
    ``allow_hidden``: hidden folder names watched all the same (see the module's docstring).
    """
    tell = on_problem or (lambda _line: None)
    polling = False
    told: set[str] = set()
    while not stop.is_set():
        folders, problems = watched_folders(root, allow_hidden)
        if not folders:  # the folder is gone (a git checkout of a branch without it)
            if not _back(root, stop, tell):
                return
            on_changes({"."})  # all of it may differ: audited again
            told.clear()
            continue
        fresh = [p for p in problems if p not in told]
        if fresh:
            told.update(fresh)
            tell(f"not watching {'; '.join(fresh[:3])}" + (" …" if len(fresh) > 3 else ""))
        if len(folders) > MAX_WATCHED_FOLDERS and "many" not in told:
            told.add("many")
            tell(f"more than {MAX_WATCHED_FOLDERS:,} folders: only {MAX_WATCHED_FOLDERS:,} "
                 "are watched")
            del folders[MAX_WATCHED_FOLDERS:]
        try:
            relist = _watch(root, folders, polling, on_changes, stop, allow_hidden)
        except (OSError, RuntimeError) as exc:
            if stop.is_set():
                raise
            if not root.is_dir():  # gone meanwhile: waited for above
                continue
            if polling:
                raise
            polling = True
            tell(f"live updates stopped ({exc}); polling for changes every "
                 f"{POLL_MS / 1000:g} s instead")
            continue
        if not relist:
            return


#: Said when the workspace folder itself is gone, and when it is back (newuser24 #47: it
#: went unwatched for good, silently).
GONE = "not watching: the folder is gone; watching again once it is back"
BACK = "watching for changes again (the folder is back)"


def _back(root: Path, stop: threading.Event, tell: Callable[[str], None]) -> bool:
    """Wait until ``root`` can be read again (True), polling, or until ``stop`` (False)."""
    tell(GONE)
    while not stop.wait(POLL_MS / 1000):
        try:
            with os.scandir(root):
                pass
        except OSError:
            continue
        tell(BACK)
        return True
    return False


def _watch(root: Path, folders: list[Path], polling: bool,
           on_changes: Callable[[set[str]], None], stop: threading.Event,
           allow_hidden: frozenset[str] = frozenset()) -> bool:
    """Watch ``folders`` (each alone) until ``stop`` (False) or a folder appears or goes
    (True: list the folders again)."""
    watched = {os.fspath(f) for f in folders}
    try:
        return _batches(root, watched, folders, polling, on_changes, stop, allow_hidden)
    except RuntimeError as exc:
        # One file whose name is not UTF-8 ends watchfiles' watch (newuser23 #15: it fell
        # back to polling for good, 4.5× the idle CPU): its folder is said changed (the
        # audit walks it again, the file seen as the audit sees it) and watching starts
        # again, live.
        said = str(exc)
        if not said.startswith(UNDECODABLE) or stop.is_set():
            raise
        folder = said[len(UNDECODABLE):].rpartition('"')[0].rpartition("/")[0]
        rel = Path(folder).relative_to(root).as_posix() if folder in watched else "."
        on_changes({rel})
        return True


#: How watchfiles says an event's path is not UTF-8 (the path follows, quoted).
UNDECODABLE = 'Unable to decode path "'


def _batches(root: Path, watched: set[str], folders: list[Path], polling: bool,
             on_changes: Callable[[set[str]], None], stop: threading.Event,
             allow_hidden: frozenset[str]) -> bool:
    """`_watch`'s loop: each burst of changes to ``on_changes``; True when a folder
    appears or goes."""
    for changes in watch(*folders, watch_filter=MemoryFilter(root, allow_hidden),
                         debounce=DEBOUNCE_MS, step=QUIET_MS, stop_event=stop,
                         raise_interrupt=False,
                         rust_timeout=500, yield_on_timeout=False, recursive=False,
                         force_polling=polling, poll_delay_ms=POLL_MS):
        rels = relative_paths(root, changes)
        if rels and not stop.is_set():
            on_changes(rels)
        if any((kind == Change.added and os.path.isdir(path) and not os.path.islink(path))
               or (kind == Change.deleted and path in watched) for kind, path in changes):
            return True
    return False
