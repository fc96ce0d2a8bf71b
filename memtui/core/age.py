"""How old a memory is: a frontmatter date, else its last git commit, else its mtime."""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path
from typing import Any

DAY = 86400.0


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


def git_times(root: Path) -> dict[str, float]:
    """Last commit time of every file under ``root`` that git tracks (paths relative to root).

    Empty when ``root`` is not in a git work tree or git is not installed. One ``git log``
    call: ``--relative`` makes it keep to ``root`` and name paths from there.
    """
    try:
        log = subprocess.run(
            ["git", "-C", str(root), "log", "--relative", "--format=@%ct", "--name-only",
             "--no-renames", "-z", "--", "."], capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return {}
    if log.returncode != 0:
        return {}
    out: dict[str, float] = {}
    when = 0.0
    for chunk in log.stdout.decode("utf-8", "replace").replace("\n", "\0").split("\0"):
        if not chunk:
            continue
        if chunk.startswith("@") and chunk[1:].isdigit():
            when = float(chunk[1:])
        else:
            out.setdefault(chunk, when)
    return out
