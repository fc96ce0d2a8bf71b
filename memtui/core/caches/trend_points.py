"""A trend's points kept in the user cache, by commit (issue 35, newuser34 #22).

A trend point is the audit of the workspace at one commit (`memtui.core.git.trend`), a pure
function of git's objects (content-addressed: a commit id names its tree, its history and
every blob), of where the trend's walk began (each file is dated by its last change in the
commits walked), of the settings (the audit's options, the configuration as it is now, the
agent's limits beside the workspace, the tokenizer) and of memtui's checks
(`memtui.core.caches.checks_version`), and of the clock through the memories' ages alone.
So each point is kept with the span of time [since, until) its ages hold (the audit
result's ``holds``), in one file per repository, workspace and settings (their digest in its
name and in its content), and a later trend of the same history takes every point whose span
still holds instead of auditing that commit again: a second run costs the walk of the
history and reading this file, not an audit per commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from memtui.core.caches.store import cache_dir, load_cache, prune, save_cache

PREFIX, SUFFIX = "trend-", ".marshal"
#: Trend caches kept in the cache folder (the least recently written ones go first).
MOST = 32
#: What a point holds (its keys), checked as each one is read back.
POINT_FIELDS = frozenset({"commit", "date", "subject", "memory_files", "orphans",
                          "unreachable", "broken_links", "dangling", "block_tokens",
                          "tokenizer", "findings", "suppressed", "load_share", "load_what"})


def _plain(value: object) -> object:
    """A JSON form of what `json` cannot write itself (sets sorted, the rest as text)."""
    if isinstance(value, (set, frozenset)):
        return sorted(map(str, value))
    return repr(value)


def settings_digest(parts: object) -> str:
    """The digest naming a trend cache: of everything a point reads besides its commit."""
    text = json.dumps(parts, sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(value: object) -> tuple[dict[str, Any], float, float] | None:
    """A stored (point, since, until), or None when it is not one."""
    if not isinstance(value, tuple) or len(value) != 3:
        return None
    point, since, until = value
    if not isinstance(point, dict) or point.keys() != POINT_FIELDS or \
            type(since) is not float or type(until) is not float:
        return None
    return point, since, until


def _copy(point: dict[str, Any]) -> dict[str, Any]:
    """A point of its own (its two dicts too): the caller may change what it is given."""
    return {**point, "findings": dict(point["findings"]),
            "suppressed": dict(point["suppressed"])}


class TrendPoints:
    """The points kept for one repository, workspace and settings (`open`)."""

    def __init__(self, path: Path, key: str, stored: dict[str, Any]) -> None:
        self.path, self.key = path, key
        self._stored = stored
        self._new: dict[str, tuple[dict[str, Any], float, float]] = {}

    @classmethod
    def open(cls, settings: object) -> TrendPoints | None:
        """The points kept for ``settings`` (plain data: everything a point reads besides
        its commit and the clock); None when caching is off."""
        folder = cache_dir()
        if folder is None:
            return None
        key = settings_digest(settings)
        path = folder / f"{PREFIX}{key[:32]}{SUFFIX}"
        data = load_cache(path, dict)
        stored = data.get("points") if isinstance(data, dict) and \
            data.get("key") == key else None
        return cls(path, key, stored if isinstance(stored, dict) else {})

    def get(self, commit: str, now: float) -> dict[str, Any] | None:
        """The point kept for ``commit`` when its ages still hold at ``now``, else None."""
        got = self._new.get(commit) or _entry(self._stored.get(commit))
        if got is None or not got[1] <= now < got[2]:
            return None
        return _copy(got[0])

    def put(self, commit: str, point: dict[str, Any], holds: tuple[float, float]) -> None:
        """Keep ``point``, made at ``commit``, for the span ``holds`` its ages hold."""
        self._new[commit] = (_copy(point), float(holds[0]), float(holds[1]))

    def save(self, commits: list[str]) -> bool:
        """Write the points of ``commits`` (the trend's, the others let go) when some are
        new; False when nothing was written."""
        if not self._new:
            return False
        points: dict[str, tuple[dict[str, Any], float, float]] = {}
        for commit in commits:
            got = self._new.get(commit) or _entry(self._stored.get(commit))
            if got is not None:
                points[commit] = got
        done = save_cache(self.path, {"key": self.key, "points": points})
        if done:
            prune(self.path.parent, self.path, MOST, PREFIX, SUFFIX)
        return done
