"""Which commits still hold a text: a credential redacted in a file git tracks is still in
the commits that recorded it (newuser33 #5: "replaced … not kept in the journal" and the
key still printed by ``git show HEAD:file``). Read as `memtui.core.git.repo` reads a
repository (as data, never by running git), from HEAD's history only, within its budget."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from memtui.core.git.find import find_repo

#: A version of the file larger than this is not read (a memory is a few KiB).
MAX_BLOB = 4 * 1024 * 1024
#: Commits looked at, at most (each costs its commit and the trees down to the file).
MAX_WALK = 5_000


class Held(NamedTuple):
    """The commits reachable from HEAD whose version of the file holds one of the texts."""

    newest: str  # its id, abbreviated as git shows it (7 hex digits)
    subject: str
    count: int
    cut: bool  # the history was not read to its end (a bound, or an unreadable object)


def held_in_history(root: Path, rel: str, texts: list[str]) -> Held | None:
    """The commits of the repository holding ``root`` whose ``rel`` (a path under root)
    holds any of ``texts``; None when there is no repository, no such commit, or the
    history cannot be read at all."""
    needles = [t.encode("utf-8", "surrogateescape") for t in texts if t]
    found = find_repo(root) if needles else None
    if found is None:
        return None
    from memtui.core.git.repo import GitReadError, Repo

    top, gitdir = found
    try:
        path = Path(os.path.realpath(root / rel)).relative_to(top).as_posix()
    except ValueError:
        return None
    newest: tuple[str, str] | None = None
    count, cut, walked = 0, False, 0
    verdicts: dict[str, bool] = {}  # blob id → whether it holds a text
    try:
        with Repo(gitdir) as repo:
            head = repo.head()
            if head is None:
                return None
            for info in repo.walk(head):
                walked += 1
                if walked > MAX_WALK:
                    cut = True
                    break
                entry = repo.entry(info.tree, path)
                if entry is None:
                    continue
                blob = entry[1]
                if blob not in verdicts:
                    data = repo.blob(blob, MAX_BLOB)
                    verdicts[blob] = data is not None and any(n in data for n in needles)
                if verdicts[blob]:
                    count += 1
                    if newest is None:
                        newest = (info.sha[:7], info.subject)
    except GitReadError:
        cut = True
    except Exception:  # a hostile or broken repository: what was read stands
        cut = True
    if newest is None:
        return None
    return Held(newest[0], newest[1], count, cut)
