"""Watching a workspace for changes: filtered, debounced batches of relative paths."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from watchfiles import Change, DefaultFilter, watch

DEBOUNCE_MS = 600  # longest a burst is held back
QUIET_MS = 80  # a burst ends after this long without a change


class MemoryFilter(DefaultFilter):
    """Everything in the workspace except hidden folders (``.memtui/``, ``.git/``, …)
    and editor droppings (swap and backup files)."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = root

    def __call__(self, change: Change, path: str) -> bool:
        try:
            rel = Path(path).relative_to(self.root)
        except ValueError:
            return False
        if any(part.startswith(".") for part in rel.parts):
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


def watch_workspace(root: Path, on_changes: Callable[[set[str]], None],
                    stop: threading.Event) -> None:
    """Block, calling ``on_changes`` with each burst of changed paths, until ``stop`` is set.

    Raises whatever watchfiles raises when the folder itself disappears.
    """
    for changes in watch(root, watch_filter=MemoryFilter(root), debounce=DEBOUNCE_MS,
                         step=QUIET_MS, stop_event=stop, raise_interrupt=False,
                         rust_timeout=500, yield_on_timeout=False):
        rels = relative_paths(root, changes)
        if rels and not stop.is_set():
            on_changes(rels)
