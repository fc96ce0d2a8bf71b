"""Cache files in the user's cache folder: where the folder is, and reading and writing one
file in it. A cache is never worth an error: a missing or broken file reads as nothing, and
a write that fails is dropped.

The folder and its files are trusted only as far as they are the user's own: every read
and write opens the folder itself without following a link (``O_NOFOLLOW``), and uses it
only when it is a real folder owned by this user (its write bits for group and others are
taken away, as ``ssh`` wants of ``~/.ssh``); a file is read only when it is a regular file
owned by this user, no larger than its cap (`memtui.core.files.safe_open.read_in`: never a FIFO,
never blocking). A write goes to a new temporary file made in that folder
(``O_CREAT | O_EXCL | O_NOFOLLOW``, mode 0600) and is renamed over the file, both relative
to the folder opened: nothing is ever written through a link, a link swapped in for the
folder included (a cache file that is not a regular file is left as it is, unused).
"""

from __future__ import annotations

import marshal
import os
import stat
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any

from memtui.core.files.file_modes import STATE_MODE
from memtui.core.files.safe_open import Unsafe, open_regular, read_fd
from memtui.core.files.user_dirs import user_dir

#: The cap of a cache file read through `load_cache` (token counts, verdicts, vocabularies).
MAX_BYTES = 256 * 1024 * 1024
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
#: Whether files can be opened relative to a folder (POSIX); elsewhere paths are used.
_AT = os.open in os.supports_dir_fd and os.rename in os.supports_dir_fd and \
    os.scandir in os.supports_fd


def cache_dir() -> Path | None:
    """The user cache folder memtui may use, or None when caching is off."""
    if os.environ.get("MEMTUI_NO_CACHE"):
        return None
    env = os.environ.get("MEMTUI_CACHE_DIR")
    if env:
        return Path(env)
    return user_dir("cache")


def _uid() -> int | None:
    return os.geteuid() if hasattr(os, "geteuid") else None


def open_folder(folder: Path, create: bool = False) -> int | None:
    """A descriptor of the cache folder ``folder`` when it is a real folder (not a link)
    owned by this user, made (0700) when ``create``; None when it cannot be used."""
    try:
        if create:
            folder.parent.mkdir(parents=True, exist_ok=True)
            with suppress(FileExistsError):
                os.mkdir(folder, 0o700)
        fd = os.open(folder, _FOLDER_FLAGS)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        uid = _uid()
        if not stat.S_ISDIR(st.st_mode) or (uid is not None and st.st_uid != uid):
            os.close(fd)
            return None
        if st.st_mode & 0o022:  # ours: nobody else may add files to it
            os.fchmod(fd, stat.S_IMODE(st.st_mode) & ~0o022)
    except OSError:
        os.close(fd)
        return None
    return fd


def read_cache(path: Path | None, limit: int = MAX_BYTES) -> bytes | None:
    """The bytes of cache file ``path`` (see the module), or None: absent, refused,
    unreadable or larger than ``limit``."""
    if path is None or not _AT:
        return None
    fd = open_folder(path.parent)
    if fd is None:
        return None
    try:
        opened = open_regular(fd, path.name, path.name)
        if opened is None:
            return None
        ffd, st = opened
        try:
            uid = _uid()
            if uid is not None and st.st_uid != uid:
                return None
            return read_fd(ffd, st, limit, path.name)
        finally:
            os.close(ffd)
    except (OSError, Unsafe, MemoryError):
        return None
    finally:
        os.close(fd)


def load_cache(path: Path | None, kind: type) -> Any:
    """The object stored at ``path`` when it is a ``kind``, else None."""
    data = read_cache(path)
    if data is None:
        return None
    try:
        got = marshal.loads(data)
    except (ValueError, EOFError, TypeError, MemoryError, RecursionError):
        return None
    return got if isinstance(got, kind) else None


def save_cache(path: Path, data: Any) -> bool:
    """Replace ``path`` with ``data`` atomically; False when that is impossible."""
    return save_parts(path, [marshal.dumps(data)])


def save_parts(path: Path, parts: Iterable[bytes]) -> bool:
    """Replace ``path`` with ``parts`` one after another, atomically (see the module);
    False when that is impossible."""
    new = Replacement.open(path)
    return new is not None and new.finish(parts)


class Replacement:
    """A new temporary file in a cache file's folder, written a part at a time (as its
    writer makes them: `memtui.core.caches.scans.ScanStore` writes its entries as the files
    are scanned) and renamed over the file when finished (see the module)."""

    def __init__(self, fd: int, out: int, tmp: str, name: str) -> None:
        self._fd, self._tmp, self._name = fd, tmp, name
        self._fh = os.fdopen(out, "wb")

    @classmethod
    def open(cls, path: Path) -> Replacement | None:
        """The new file for ``path``; None when it cannot be made (a link or worse in the
        file's place, the folder not the user's own, no POSIX ``*at`` calls)."""
        if not _AT:
            return None
        fd = open_folder(path.parent, create=True)
        if fd is None:
            return None
        tmp = f".{path.stem}-{os.urandom(6).hex()}"  # secrets.token_hex, unimported
        try:
            try:
                st = os.lstat(path.name, dir_fd=fd)
            except FileNotFoundError:
                pass
            else:
                if not stat.S_ISREG(st.st_mode):
                    os.close(fd)
                    return None  # a link (or worse) put in its place: left as it is
            out = os.open(tmp, _NEW_FLAGS, STATE_MODE, dir_fd=fd)
        except OSError:
            os.close(fd)
            return None
        try:
            os.fchmod(out, STATE_MODE)  # exactly, whatever the umask
            return cls(fd, out, tmp, path.name)
        except BaseException:
            os.close(out)
            with suppress(OSError):
                os.unlink(tmp, dir_fd=fd)
            os.close(fd)
            raise

    def write(self, *parts: bytes) -> bool:
        """Add ``parts``; False (the file dropped) when they cannot be written."""
        try:
            for part in parts:
                self._fh.write(part)
            self._fh.flush()  # (in the file, not in a buffer of this process)
        except OSError:
            self.drop()
            return False
        except BaseException:
            self.drop()
            raise
        return True

    def finish(self, parts: Iterable[bytes] = ()) -> bool:
        """Add ``parts``, then put the file in the cache file's place; False (the file
        dropped) when that is impossible."""
        if self._fd < 0 or not self.write(*parts):
            return False
        try:
            self._fh.close()
            os.replace(self._tmp, self._name, src_dir_fd=self._fd, dst_dir_fd=self._fd)
        except OSError:
            self.drop()
            return False
        except BaseException:
            self.drop()
            raise
        os.close(self._fd)
        self._fd = -1
        return True

    def drop(self) -> None:
        """Delete the new file, leaving the cache file as it was."""
        if self._fd < 0:
            return
        with suppress(OSError):
            self._fh.close()
        with suppress(OSError):
            os.unlink(self._tmp, dir_fd=self._fd)
        os.close(self._fd)
        self._fd = -1


def prune(folder: Path, keep: Path, most: int, prefix: str, suffix: str) -> None:
    """Delete the least recently written of the cache files of ``folder`` named ``prefix``
    ... ``suffix`` beyond ``most``: only regular files, never ``keep``."""
    fd = open_folder(folder) if _AT else None
    if fd is None:
        return
    try:
        found = []
        with os.scandir(fd) as entries:
            for entry in entries:
                if entry.name.startswith(prefix) and entry.name.endswith(suffix) and \
                        entry.is_file(follow_symlinks=False) and entry.name != keep.name:
                    found.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name))
        found.sort()
        for _mtime, name in found[:max(0, len(found) - (most - 1))]:
            os.unlink(name, dir_fd=fd)
    except OSError:
        pass  # a cache is never worth an error
    finally:
        os.close(fd)
