"""One bounded reader for every input that is not a memory: ``.memtui.toml`` (or
``--config``), the baseline (``--baseline``), the user's config files, and the files of the
user cache (`memtui.core.caches.store` reads and writes those through `read_cache` and
`write_cache`).

Every such read, whatever the file:

- opens a **regular file only**: a FIFO, socket or device is refused from its ``stat``
  before it is opened, and opened without blocking (``O_NONBLOCK``) in case it was swapped
  in since, then checked again with ``fstat`` (`memtui.core.files.safe_open`);
- reads at most its **size cap** (``limit``), refusing a larger file from its size before
  reading it (a 1 GiB sparse config is refused without a byte read);
- for a file that lies inside the workspace (``root``: ``.memtui.toml``, and a
  ``--config`` or ``--baseline`` path inside it), follows **no link out of the
  workspace**: the path is resolved, refused when that leads outside, and what it leads
  to is opened folder by folder without following any further link, so a link swapped in
  meanwhile is refused too. A file outside the workspace (one the operator named, the
  user's own config) is read where its links lead: the operator chose it.

Parsing (`parse_toml`, `parse_json`) turns every error, ``RecursionError`` (100,000 ``[``)
and ``MemoryError`` included, into an `InputError`: one line naming the file, which the
commands print (escaped, `memtui.commands.parser.fail`) before exiting with status 2. No
message quotes the file's content.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from memtui.core.files.safe_open import FILE_FLAGS, TooLarge, Unsafe, read_fd, read_file

#: The size caps: a configuration file (workspace or user), a baseline.
CONFIG_LIMIT = 1024 * 1024
BASELINE_LIMIT = 64 * 1024 * 1024

_FOLLOW_FLAGS = FILE_FLAGS & ~getattr(os, "O_NOFOLLOW", 0)


class InputError(Exception):
    """An input memtui will not read or cannot parse, in one line naming the file:
    ``"{shown}: {reason}"``."""

    def __init__(self, shown: str, reason: str) -> None:
        super().__init__(f"{shown}: {reason}")
        self.shown, self.reason = shown, reason


class InputTooLarge(InputError):
    """The input is larger than its size cap (the reason says the cap)."""


def inside(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> str | None:
    """``path``'s POSIX path relative to ``root`` when it lies inside it (as spelled, its
    links not followed); None otherwise."""
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
    if rel == os.curdir or rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return None
    return Path(rel).as_posix()


def lies_within(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> bool:
    """Whether ``path``, its links resolved, lies inside the folder ``root`` (resolved too)."""
    return inside(os.path.realpath(path), os.path.realpath(root)) is not None


def work_tree_top(root: str | os.PathLike[str]) -> str:
    """The top of the git work tree holding the folder ``root`` (the nearest folder at or
    above it holding a ``.git`` directory, file or link), else ``root``; links resolved."""
    start = here = os.path.realpath(root)
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return start
        here = parent


def changes_with(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> bool:
    """Whether a change to the workspace at ``root`` can rewrite ``path`` too: it lies inside
    the workspace, or inside the git work tree holding it — one checkout, one pull request
    (newuser38 #13: a baseline in the repository's ``.ci/``, one folder above the audited
    workspace, accepted the credential the same change added, key and all)."""
    return lies_within(path, root) or lies_within(path, work_tree_top(root))


def _in_workspace(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a file inside the workspace at ``root``: as spelled, or once
    the folders on its way are resolved (``/home/me/ws`` a link to the workspace)."""
    full = os.path.abspath(path)
    parent = os.path.realpath(os.path.dirname(full))
    return inside(full, root) is not None or \
        inside(os.path.join(parent, os.path.basename(full)), os.path.realpath(root)) is not None


def walked_stat(entry: os.DirEntry[str], root: str, mem_real: str
                ) -> tuple[os.stat_result | None, bool]:
    """What a walk of a folder of the workspace ``root`` reads for ``entry`` (``root`` and
    the memory folder ``mem_real`` as real paths): the entry's own stat when it is no
    symbolic link; for a link, the stat of what it leads to when that lies inside the
    workspace and outside the memory folder (whose files are read under their own names),
    else None. The flag: a link leading to an existing path out of the workspace (the agent
    follows it, memtui never). Raises `OSError` as ``stat`` does."""
    st = entry.stat(follow_symlinks=False)
    if not stat.S_ISLNK(st.st_mode):
        return st, False
    target = os.path.realpath(entry.path)
    if inside(target, root) is None:
        return None, os.path.exists(target)
    if inside(target, mem_real) is not None:
        return None, False
    return os.stat(target), False


def read_input(path: str | os.PathLike[str], limit: int,
               root: str | os.PathLike[str] | None = None) -> bytes | None:
    """The bytes of the input file ``path`` (see the module); None when it does not exist.
    ``root``: the workspace's (resolved) root, whose files follow no link out of it.
    Raises InputError (one line) for anything refused or unreadable."""
    shown = os.fspath(path)
    try:
        if root is not None and _in_workspace(path, root):
            return _read_in_workspace(Path(path), Path(root), limit, shown)
        return _read_outside(os.fspath(path), limit, shown)
    except TooLarge:
        raise InputTooLarge(shown, f"larger than {_size(limit)}; memtui does not read "
                            "it") from None
    except Unsafe as exc:
        raise InputError(shown, f"{_reason(exc)}") from None
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise InputError(shown, f"cannot be read ({why})") from None
    except (ValueError, RecursionError) as exc:  # a NUL byte, a name too long for Python
        raise InputError(shown, f"cannot be read ({exc})") from None


def _reason(exc: Unsafe) -> str:
    text = str(exc)
    if "symbolic link" in text:
        return "is a symbolic link on the way; memtui does not follow it"
    if "not a regular file" in text:
        return "not a regular file (a FIFO, socket or device); memtui does not read it"
    if "folder" in text:
        return "is a folder, not a file"
    return "cannot be opened safely"


def _read_in_workspace(path: Path, root: Path, limit: int, shown: str) -> bytes | None:
    real_root = os.path.realpath(root)
    real = os.path.realpath(path)
    rel = inside(real, real_root)
    if rel is None:
        if not os.path.lexists(path):
            return None
        raise InputError(shown, "a symbolic link leading out of the workspace; memtui "
                         "does not read it")
    return read_file(real_root, rel, limit)


def _read_outside(path: str, limit: int, shown: str) -> bytes | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else \
            "not a regular file (a FIFO, socket or device)"
        raise InputError(shown, f"{kind}; memtui does not read it")
    if st.st_size > limit:
        raise TooLarge(shown)
    fd = os.open(path, _FOLLOW_FLAGS)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(shown, "not a regular file; memtui does not read it")
        return read_fd(fd, st, limit, shown)
    finally:
        os.close(fd)


def text_of(data: bytes, shown: str) -> str:
    """``data`` as UTF-8 text (InputError when it is not)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(shown, "not UTF-8 text") from None


class WrittenFloat(float):
    """A TOML float that keeps how it was written, so that an error quotes what the user
    typed (newuser39 #12: ``num-ctx = 1e3`` was refused as "not '1000.0'")."""

    written: str

    def __new__(cls, text: str) -> WrittenFloat:
        out = super().__new__(cls, text.replace("_", ""))
        out.written = text
        return out


def written(value: object) -> str:
    """``value`` as the user wrote it, when memtui read it from TOML; else as Python says."""
    return value.written if isinstance(value, WrittenFloat) else str(value)


def parse_toml(data: bytes, path: str | os.PathLike[str]) -> dict[str, Any]:
    """The TOML document ``data`` read from ``path``; InputError (one line) for whatever
    does not parse, nesting too deep or too large included."""
    import tomllib  # here: most runs read no TOML (its import: ~9 ms CPU)

    shown = os.fspath(path)
    text = text_of(data, shown)
    try:
        return tomllib.loads(text, parse_float=WrittenFloat)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(shown, f"not valid TOML ({exc})") from None
    except RecursionError:
        raise InputError(shown, "not valid TOML (nested too deeply)") from None
    except MemoryError:
        raise InputError(shown, "not valid TOML (too large to parse)") from None


def parse_json(data: bytes, path: str | os.PathLike[str]) -> Any:
    """The JSON document ``data`` read from ``path``; InputError (one line) for whatever
    does not parse, nesting too deep or too large included."""
    shown = os.fspath(path)
    text = text_of(data, shown)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(shown, f"not valid JSON ({exc.msg} at line "
                         f"{exc.lineno})") from None
    except RecursionError:
        raise InputError(shown, "not valid JSON (nested too deeply)") from None
    except (MemoryError, ValueError):  # ValueError: an integer with too many digits
        raise InputError(shown, "not valid JSON (too large to parse)") from None


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n % (1024 * 1024) == 0 else f"{n:,} bytes"
