"""The seal on journal records: which records memtui itself wrote for this workspace.

A journal record tells undo which bytes to put where, and anything that can write the
workspace can write one (the agent, a script, a ``git pull`` bringing someone's
``.memtui/``). So every record memtui writes carries a seal, ``"seal": "hmac-sha256:<hex>"``:
an HMAC-SHA256, under a key of the user's kept outside every workspace, of the workspace's
root path and the record's canonical bytes (every field but the seal, sorted keys, no
spaces, ASCII). A record whose seal is missing or wrong was not written by memtui here, and
is never acted on (:mod:`memtui.edit.journal` treats it as a record undo stops at).

The key: 32 random bytes in ``<user config folder>/keys/journal.key`` (``MEMTUI_CONFIG_DIR``
overrides the folder; tests point it at a temporary one), the file mode 0o600 in a folder
of mode 0o700, both the user's own. It is made on the first write of a record, never on a
read; two processes making it at once end with one key (each writes a private file and
links it to the name, which only one link can take). A key file that is a symbolic link,
not the user's, readable by others, or not 32 bytes long counts as no key: never followed,
never trusted, never replaced (a record cannot be sealed: the write is refused).

memtui's chat history (``.memtui/chat/history.json``) is sealed the same way, under the same
key but its own context (:data:`CHAT_CONTEXT`: a sealed journal record is never a sealed
history): it is sent to the model as the operator's own words (newuser32 #30).

What it does not protect against: a process running as the same user can read the key
(SECURITY.md says so), and a workspace moved to another path has records sealed for the
old one.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import stat
from pathlib import Path
from typing import Any

from memtui.core.files.user_dirs import user_config_dir
from memtui.edit.errors import Refused

SEAL_FIELD = "seal"
#: The workspace path a journal record was sealed for (part of what the seal covers).
SEALED_AT = "sealed_at"
_PREFIX = "hmac-sha256:"
KEY_FOLDER = "keys"
KEY_NAME = "journal.key"
KEY_BYTES = 32
_CONTEXT = b"memtui journal record v1\0"
#: What a chat history's seal covers besides the workspace and its bytes.
CHAT_CONTEXT = b"memtui chat history v1\0"


class NoKey(Exception):
    """The user's journal key cannot be used (its message says why, one line)."""


def key_path() -> Path | None:
    """Where the key lives (None: the user has no home folder)."""
    folder = user_config_dir()
    return folder / KEY_FOLDER / KEY_NAME if folder is not None else None


def _open_folder(path: Path, create: bool) -> int:
    """The key folder opened without following a link; NoKey when it is not a private
    folder of the user's."""
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            os.mkdir(path, 0o700)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise NoKey(f"{path} is not a folder memtui can use ({exc.strerror or exc})") from None
    st = os.fstat(fd)
    if st.st_uid != os.getuid() or st.st_mode & 0o077:
        os.close(fd)
        raise NoKey(f"{path} is not a private folder of this user's (mode "
                    f"{stat.S_IMODE(st.st_mode):o}, it must be 700)")
    return fd


def _read_key(dir_fd: int, where: Path) -> bytes:
    """The key in ``dir_fd``; FileNotFoundError when there is none, NoKey when the file is
    not one memtui can trust."""
    try:
        fd = os.open(KEY_NAME, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                     dir_fd=dir_fd)
    except FileNotFoundError:
        raise
    except OSError as exc:  # ELOOP: a symbolic link, never followed
        raise NoKey(f"{where} cannot be used ({exc.strerror or exc}; memtui never follows "
                    "a link there)") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() \
                or stat.S_IMODE(st.st_mode) != 0o600 or st.st_size != KEY_BYTES:
            raise NoKey(f"{where} is not a key memtui made (it must be a regular file of "
                        f"this user's, mode 600, {KEY_BYTES} bytes)")
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) != KEY_BYTES:
        raise NoKey(f"{where} is not {KEY_BYTES} bytes long")
    return data


def _make_key(dir_fd: int, where: Path) -> bytes:
    """Create the key; when another process made it first, its key is the one."""
    import secrets  # only here: it imports random, ~10 ms, for a key made once

    tmp = f".{KEY_NAME}-{secrets.token_hex(8)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                 0o600, dir_fd=dir_fd)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, secrets.token_bytes(KEY_BYTES))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, KEY_NAME, src_dir_fd=dir_fd, dst_dir_fd=dir_fd, follow_symlinks=False)
    except FileExistsError:
        pass  # another process won: read its key
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
    return _read_key(dir_fd, where)


def user_key(create: bool = False) -> bytes:
    """The user's journal key (made first when ``create`` and there is none); NoKey when
    there is none or it cannot be trusted."""
    where = key_path()
    if where is None:
        raise NoKey("the user has no home folder to keep memtui's journal key in")
    try:
        dir_fd = _open_folder(where.parent, create)
    except FileNotFoundError:
        raise NoKey(f"there is no journal key ({where})") from None
    except OSError as exc:
        raise NoKey(f"cannot make {where.parent} ({exc.strerror or exc})") from None
    try:
        try:
            return _read_key(dir_fd, where)
        except FileNotFoundError:
            if not create:
                raise NoKey(f"there is no journal key ({where})") from None
            try:
                return _make_key(dir_fd, where)
            except OSError as exc:
                raise NoKey(f"cannot make {where} ({exc.strerror or exc})") from None
    finally:
        os.close(dir_fd)


def canonical(rec: dict[str, Any]) -> bytes:
    """The bytes a record's seal covers: every field but the seal and memtui's in-memory
    ones (``_name``), sorted keys, no spaces, ASCII."""
    body = {k: v for k, v in rec.items() if k != SEAL_FIELD and not k.startswith("_")}
    return json.dumps(body, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True).encode("ascii")


def _mac(key: bytes, root: Path, rec: dict[str, Any], context: bytes = _CONTEXT) -> str:
    mac = hmac.new(key, context + os.fsencode(str(root)) + b"\0", hashlib.sha256)
    mac.update(canonical(rec))
    return _PREFIX + mac.hexdigest()


def sealing_key() -> bytes:
    """The user's key to seal a record with, made on first use; Refused (one line: nothing
    is written) when it cannot be had or trusted."""
    try:
        return user_key(create=True)
    except NoKey as exc:
        raise Refused(f"cannot seal the journal record: {exc}; nothing was written "
                      "(move that file away and memtui makes a new key; the records "
                      "sealed with the old one can then no longer be undone)") from None


def seal(rec: dict[str, Any], root: Path, key: bytes | None = None,
         context: bytes = _CONTEXT) -> dict[str, Any]:
    """``rec`` with its seal for the workspace at ``root`` set (in place, and returned);
    ``key`` defaults to :func:`sealing_key`; ``context``: :data:`CHAT_CONTEXT` for a chat
    history."""
    if context == _CONTEXT:  # the path it is sealed for, said when it no longer matches
        rec[SEALED_AT] = str(root)  # (newuser39 #25: a moved
        # workspace's records read as tampered with)
    rec[SEAL_FIELD] = _mac(key if key is not None else sealing_key(), root, rec, context)
    return rec


def sealed(rec: dict[str, Any], root: Path | str, context: bytes = _CONTEXT
           ) -> dict[str, Any]:
    """A copy of ``rec`` sealed for the workspace at ``root`` (resolved), as memtui seals
    the records it writes: for tests and tools that write journal records by hand."""
    return seal(dict(rec), Path(root).resolve(), context=context)


def unsealed_why(rec: dict[str, Any], root: Path, key: bytes | None,
                 context: bytes = _CONTEXT, what: str = "journal records") -> str | None:
    """Why ``rec`` is not a record memtui wrote for the workspace at ``root`` (None: its
    seal is good). ``key`` is the user's (None: there is none usable); ``what``: the kind
    of file, as the reason names it."""
    mark = rec.get(SEAL_FIELD)
    if mark is None:
        return ("it carries no seal (written by hand, by another program, or by a memtui "
                f"from before {what} were sealed)")
    if key is None:
        where = key_path()
        return ("this user has no usable journal key to check its seal"
                + (f" (none at {where})" if where is not None else "")
                + ": it was written under another user, HOME or MEMTUI_CONFIG_DIR (sudo, a "
                "second config folder) or on another machine, or the key was removed")
    if not isinstance(mark, str) or not hmac.compare_digest(mark, _mac(key, root, rec,
                                                                        context)):
        was = rec.get(SEALED_AT)
        if isinstance(was, str) and was != str(root) and hmac.compare_digest(
                mark, _mac(key, Path(was), rec, context)):
            if os.path.lexists(was):
                return (f"its seal does not match: it was sealed for the workspace at {was} "
                        "(copied from there: a record is undone only where it was written)")
            return (f"its seal does not match this path: it was sealed for this workspace "
                    f"at {was}, and the folder has moved since (a record is sealed for the "
                    "path it was written at: move the folder back to undo it)")
        # the likely cause first, with the key's path (newuser41 #15: a shell with another
        # MEMTUI_CONFIG_DIR than the app's called every record "altered")
        where = key_path()
        return ("its seal does not match this user's journal key"
                + (f" ({where})" if where is not None else "")
                + ": it was sealed with another key (another user, HOME or MEMTUI_CONFIG_DIR "
                "— sudo, a second config folder — or another machine), or the record was "
                "altered or copied from another workspace")
    return None
