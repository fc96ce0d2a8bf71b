"""Cache files in the user's cache folder: where the folder is, and reading and writing one
file in it. A cache is never worth an error: a missing or broken file reads as nothing, and
a write that fails is dropped."""

from __future__ import annotations

import marshal
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from memtui.core.user_dirs import user_dir


def cache_dir() -> Path | None:
    """The user cache folder memtui may use, or None when caching is off."""
    if os.environ.get("MEMTUI_NO_CACHE"):
        return None
    env = os.environ.get("MEMTUI_CACHE_DIR")
    if env:
        return Path(env)
    return user_dir("cache")


def load_cache(path: Path | None, kind: type) -> Any:
    """The object stored at ``path`` when it is a ``kind``, else None."""
    if path is None:
        return None
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return data if isinstance(data, kind) else None


def save_cache(path: Path, data: Any) -> bool:
    """Replace ``path`` with ``data`` atomically; False when that is impossible."""
    return save_parts(path, [marshal.dumps(data)])


def save_parts(path: Path, parts: Iterable[bytes]) -> bool:
    """Replace ``path`` with ``parts`` one after another, atomically; False when that is
    impossible."""
    import tempfile  # only when writing: most audits read the caches alone

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-")
        with os.fdopen(fd, "wb") as fh:
            for part in parts:
                fh.write(part)
        os.replace(tmp, path)
    except OSError:
        return False
    return True
