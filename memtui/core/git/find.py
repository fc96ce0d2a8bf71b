"""Which repository holds a folder: the nearest folder at or above it holding a ``.git``
directory (see `memtui.core.git.repo`). Apart from the reader so that a workspace in no
repository (most cold audits) never imports it: `memtui.core.git.age` asks here first."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def is_dir(path: Path) -> bool:
    """A directory itself, not a link to one."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def find_repo(start: Path) -> tuple[Path, Path] | None:
    """(work tree top, ``.git`` directory) of the repository holding ``start``, or None."""
    here = Path(os.path.realpath(start))
    while True:
        dot = here / ".git"
        if is_dir(dot):
            return here, dot
        if os.path.lexists(dot):
            return None  # a .git file or link: never followed
        if here.parent == here:
            return None
        here = here.parent


def unfollowed(start: Path) -> Path | None:
    """The ``.git`` file or link that ended `find_repo`'s search above ``start`` (a
    worktree's or submodule's ``gitdir:`` file, never followed), or None: git itself
    treats that folder as a repository, so its absence of history is said, not passed as
    "not inside a git repository" (newuser32 #32 addendum)."""
    here = Path(os.path.realpath(start))
    while True:
        dot = here / ".git"
        if is_dir(dot):
            return None
        if os.path.lexists(dot):
            return dot
        if here.parent == here:
            return None
        here = here.parent


def unfollowed_note(dot: Path) -> str:
    """What is said of a ``.git`` file or link memtui does not follow."""
    return f"{dot} is a file or link (a worktree or submodule): memtui does not follow it"


def shallow_commits(gitdir: Path) -> int:
    """How many boundary commits ``gitdir``'s ``shallow`` file lists (0: a whole clone):
    a shallow clone, whose history before them was never fetched (actions/checkout's
    default depth of 1). Read as a regular file only, at most 1 MiB."""
    path = gitdir / "shallow"
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return 0
        with open(path, "rb") as handle:
            data = handle.read(1 << 20)
    except OSError:
        return 0
    return len(data.split())


def shallow_line(root: Path) -> str | None:
    """What a shallow clone (newuser31 #23: actions/checkout fetches one commit by
    default) takes from the audit of the workspace at ``root``, or None when it is in no
    repository or a whole one: ages by git stop at its oldest commit, and a name only the
    cut history held is not found stale. Said by ``memtui audit`` and, once per
    repository, by ``--discover`` (newuser40 #22)."""
    found = find_repo(root)
    if found is None or not shallow_commits(found[1]):
        return None
    return ("the git repository is a shallow clone: its history before the fetched commits "
            "is missing, so ages by git are at most the clone's age and a name only the "
            "missing history held is not found stale (fetch the whole history: git fetch "
            "--unshallow, or actions/checkout with fetch-depth: 0)")
