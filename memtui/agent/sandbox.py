"""Confine the agent's file tools to the workspace (SPEC §5).

A path is refused when it is absolute, climbs with ``..``, holds a NUL byte or a lone
surrogate, names memtui's own files (any name starting with ``.memtui``: its state folder,
``.memtui.toml``, ``.memtui-baseline.json``) or ``.git``, is deeper than :data:`MAX_DEPTH`
folders, or leads outside the workspace through a symlink. The refusal is a sentence the
model can read and act on.

Checking a path and then using it by name leaves a window: another process can swap a
folder or the file for a symlink in between. So nothing here is used by name from the
root. Every step opens one component relative to the folder opened before it (a
directory file descriptor), with ``O_NOFOLLOW``; a component that turns out to be a
symlink is read (``readlink``) and its target walked the same way, from the folder it sits
in, so a link is followed only as far as it stays inside the workspace. What a tool then
does is done relative to the last folder's descriptor, on one name, without following a
link (:mod:`memtui.core.files.safe_open`), or by the real path the walk found, through
:mod:`memtui.edit.safe_write`, which walks it again without following any link: a swap
after the walk can only make the tool fail, never lead it outside.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from memtui.core.agent_paths import is_own
from memtui.core.files.safe_open import DIR_FLAGS, open_folder

T = TypeVar("T")

#: Folders the agent may never touch, at any depth (compared case-insensitively).
FORBIDDEN = (".memtui", ".git")
#: Names git takes for a repository's control files and folders: the agent may never create
#: one, at any depth, so no workspace it writes becomes a git repository (a bare one at the
#: root needs only ``HEAD``, ``objects/`` and ``refs/``). Compared case-insensitively.
GIT_CONTROL_FILES = ("head", "config", "packed-refs", "commondir", "gitdir", ".git")
GIT_CONTROL_DIRS = ("objects", "refs", ".git")
#: Folders in a path the agent gives (and that a symlink may add): deeper is refused.
MAX_DEPTH = 64
#: Symlinks followed while resolving one path (the kernel's own limit is 40).
MAX_LINKS = 40
_DRIVE = re.compile(r"^[A-Za-z]:")
_LINK_ERRNOS = (errno.ELOOP, errno.EMLINK, errno.ENOTDIR)


class Refused(Exception):
    """A path the agent may not use; the message is addressed to the model."""


class _IsLink(Exception):
    """The last component is a symlink (raised by a tool's operation to have it followed)."""


class _Missing(Exception):
    """A folder on the way does not exist: ``real`` is the path the file would have (every
    component from there on is lexical: nothing below a missing folder is a link)."""

    def __init__(self, real: str) -> None:
        super().__init__(real)
        self.real = real


#: The example path a refusal gives, in an item layout (memories under ``memory/``).
EXAMPLE = "memory/user-role.md"


def lexical_parts(path: object, allow_root: bool = False, example: str = EXAMPLE
                  ) -> list[str]:
    """The components of a path the agent gave, or Refused (no file system access).
    ``example`` is the path a refusal shows: the workspace's own layout's (a flat folder's
    memories sit at its root: newuser41 #5, a small model copies the example literally)."""
    if not isinstance(path, str):
        raise Refused("the path must be a string, relative to the workspace root")
    if "\x00" in path:
        raise Refused("the path contains a NUL byte")
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("the path holds a lone surrogate (not valid Unicode text); send the "
                      "path as plain text") from None
    text = path.strip()
    shown = text if len(text) <= 120 else text[:120] + "…"
    if text.startswith(("/", "\\", "~")) or _DRIVE.match(text):
        raise Refused(f"'{shown}' is absolute; use a path relative to the workspace root, "
                      f"e.g. {example}")
    parts = [p for p in re.split(r"[\\/]+", text) if p not in ("", ".")]
    if ".." in parts:
        raise Refused(f"'{shown}' uses '..'; stay inside the workspace and use paths "
                      "relative to its root")
    if len(parts) > MAX_DEPTH:
        raise Refused(f"the path is {len(parts)} folders deep; at most {MAX_DEPTH} are "
                      "allowed")
    for part in parts:
        if part.lower() in FORBIDDEN:
            raise Refused(f"'{shown}' is inside {part}/, which is off limits")
        if is_own(part):
            raise Refused(f"'{shown}' is memtui's own file ({part}: its state, config or "
                          "baseline), which is off limits")
    if not parts and not allow_root:
        raise Refused(f"a file path is required, e.g. {example}")
    return parts


def refuse_git_control(parts: list[str], shown: str) -> None:
    """Refused when ``parts`` names a git control file (``HEAD``, ``config``,
    ``packed-refs`` …) or lies in a folder named ``objects/`` or ``refs/``."""
    names = [p.lower() for p in parts]
    if names and (names[-1] in GIT_CONTROL_FILES or names[-1] in GIT_CONTROL_DIRS
                  or any(n in GIT_CONTROL_DIRS for n in names[:-1])):
        raise Refused(f"'{shown}' would be a git repository's control file (HEAD, config, "
                      "packed-refs, objects/, refs/); the tools never create one. Keep "
                      "memories in .md files, e.g. memory/notes.md")


def _close(fd: int) -> None:
    with suppress(OSError):
        os.close(fd)


class Sandbox:
    """The workspace root, and every way the tools may reach into it."""

    def __init__(self, root: Path, example: str = EXAMPLE) -> None:
        self.root = root.resolve()
        self.example = example  # the path refusals give as an example (`lexical_parts`)

    # -- walking ---------------------------------------------------------------------------

    def _open_root(self) -> int:
        return open_folder(self.root, [])

    def _open_dir(self, fd: int, name: str) -> int:
        """Open the folder ``name`` in ``fd`` without following a link (OSError if not)."""
        return os.open(name, DIR_FLAGS, dir_fd=fd)

    def _reopen(self, names: list[str]) -> int:
        """The folder reached by ``names`` from the root, none of them followed as a link."""
        fd = self._open_root()
        for name in names:
            try:
                nfd = self._open_dir(fd, name)
            finally:
                _close(fd)
            fd = nfd
        return fd

    def _link_parts(self, fd: int, name: str, shown: str) -> tuple[bool, list[str]]:
        """Where the symlink ``name`` in ``fd`` points: (from the root?, components)."""
        try:
            target = os.readlink(name, dir_fd=fd)
        except OSError:  # swapped back meanwhile: not a link any more
            raise Refused(f"'{shown}' changed while it was being used; try again") from None
        if target.startswith("/"):
            try:
                inner = Path(os.path.normpath(target)).relative_to(self.root)
            except ValueError:
                raise Refused(f"'{shown}' leads outside the workspace through a symlink") \
                    from None
            return True, list(inner.parts)
        return False, [p for p in target.split("/") if p not in ("", ".")]

    def _walk(self, parts: list[str], shown: str,
              absent: bool = False) -> tuple[int, list[str], str | None]:
        """Walk ``parts`` from the root: ``(fd of the last folder, the real names walked to
        it, the last component)``; the last component is None when the path is the root.

        Symlinks among the folders are followed inside the workspace only; the last
        component is not looked at. With ``absent``, a missing folder on the way raises
        _Missing with the path the file would have; nothing is created (the write that
        follows makes the folders, and its journal record names them for undo to remove:
        newuser26 #11), else FileNotFoundError.
        """
        pending = list(parts)
        names: list[str] = []
        fd = self._open_root()
        links = 0
        try:
            while pending:
                name = pending.pop(0)
                if name in ("", "."):
                    continue
                if name == "..":
                    if not names:
                        raise Refused(f"'{shown}' leads outside the workspace through a "
                                      "symlink")
                    names.pop()
                    _close(fd)
                    fd = -1
                    fd = self._reopen(names)
                    continue
                if name.lower() in FORBIDDEN or is_own(name):
                    where = f"{name}/" if name.lower() in FORBIDDEN else f"{name} (memtui's own)"
                    raise Refused(f"'{shown}' leads into {where} through a symlink, which is "
                                  "off limits")
                if all(p in ("", ".") for p in pending):
                    return fd, names, name
                try:
                    nfd = self._open_dir(fd, name)
                except FileNotFoundError:
                    if not absent:
                        raise
                    rest = [p for p in pending if p not in ("", ".")]
                    if ".." in rest or any(p.lower() in FORBIDDEN or is_own(p) for p in rest):
                        raise Refused(f"'{shown}' leads through a folder that does not "
                                      "exist") from None
                    raise _Missing("/".join([*names, name, *rest])) from None
                except OSError as exc:
                    if exc.errno not in _LINK_ERRNOS or not self._is_link(fd, name):
                        raise
                    links += 1
                    if links > MAX_LINKS:
                        raise Refused(f"'{shown}' goes through too many symlinks") from None
                    absolute, target = self._link_parts(fd, name, shown)
                    if absolute:
                        names = []
                        _close(fd)
                        fd = -1
                        fd = self._open_root()
                    pending = target + pending
                    if len(names) + len(pending) > MAX_DEPTH + MAX_LINKS:
                        raise Refused(f"'{shown}' leads too deep through symlinks") from None
                    continue
                _close(fd)
                fd = nfd
                names.append(name)
            if not names:
                return fd, [], None
            last = names.pop()
            _close(fd)
            fd = -1
            fd = self._reopen(names)
            return fd, names, last
        except BaseException:
            if fd >= 0:
                _close(fd)
            raise

    @staticmethod
    def _is_link(fd: int, name: str) -> bool:
        try:
            return stat.S_ISLNK(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode)
        except OSError:
            return False

    # -- what the tools use ----------------------------------------------------------------

    def parts(self, path: object, allow_root: bool = False) -> tuple[str, list[str]]:
        """``(relative POSIX path, components)`` for a path the agent gave, or Refused."""
        parts = lexical_parts(path, allow_root, self.example)
        return ("/".join(parts) or "."), parts

    def at(self, parts: list[str], use: Callable[[int, str], T], follow: bool = True,
           absent: Callable[[], T] | None = None) -> tuple[T, str]:
        """Call ``use(folder_fd, name)`` on the path's last component; returns its result and
        the real relative path used. With ``absent``, a folder on the way that does not
        exist gives ``absent()`` and the path the file would have (no folder is created).

        ``use`` must act on ``name`` relative to ``folder_fd`` without following a link:
        opening with ``O_NOFOLLOW`` does (a link then fails with ``ELOOP``), or raising
        :class:`_IsLink` via :func:`no_link`. With ``follow``, such a link is read and its
        target walked (inside the workspace only) and ``use`` called again there.
        """
        shown = "/".join(parts)
        links = 0
        while True:
            if len(parts) > MAX_DEPTH + MAX_LINKS:
                raise Refused(f"'{shown}' leads too deep through symlinks")
            try:
                fd, names, name = self._walk(parts, shown, absent is not None)
            except _Missing as missing:
                assert absent is not None
                return absent(), missing.real
            try:
                if name is None:
                    raise IsADirectoryError(errno.EISDIR, "it is the workspace root")
                try:
                    return use(fd, name), "/".join([*names, name])
                except (_IsLink, OSError) as exc:
                    if not follow or (isinstance(exc, OSError)
                                      and (exc.errno != errno.ELOOP
                                           or not self._is_link(fd, name))):
                        raise
                    links += 1
                    if links > MAX_LINKS:
                        raise Refused(f"'{shown}' goes through too many symlinks") from None
                    absolute, target = self._link_parts(fd, name, shown)
                    parts = target if absolute else [*names, *target]
            finally:
                _close(fd)

    @contextmanager
    def folder(self, parts: list[str]) -> Iterator[tuple[int, str]]:
        """A descriptor of the folder at ``parts`` (links inside the workspace followed)."""
        if not parts:
            fd, rel = self._open_root(), "."
        else:
            fd, rel = self.at(parts, self._open_dir)
        try:
            yield fd, rel
        finally:
            _close(fd)


def no_link(fd: int, name: str) -> os.stat_result:
    """``lstat`` of ``name`` in ``fd``; raises _IsLink when it is a symlink (so
    :meth:`Sandbox.at` follows it)."""
    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
    if stat.S_ISLNK(st.st_mode):
        raise _IsLink(name)
    return st
