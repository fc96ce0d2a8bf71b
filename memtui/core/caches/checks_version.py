"""The version of memtui's checks: one digest of the code and data that decide what a scan
or a derivation finds (every file of ``memtui.core``: ``code_files``; detect-secrets'
version, memtui's and Python's). Every cache that keeps a verdict — the scan cache, the
derived result, the clean-text digests — is keyed by it, so a change to any check makes
every old verdict unreadable instead of trusted (nothing to list or bump by hand).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path

from memtui import __version__

#: The code and data that decide what a scan or a derivation holds: every file of the
#: ``memtui.core`` package (its modules, the credential lexicon, the vendored rule set). One
#: rule and no list: a list of modules to hash was kept by hand and drifted (a new module of
#: the credential detector and the project reader were missing, so a cache made by the old
#: code was still trusted after they changed).
CODE_ROOT = Path(__file__).resolve().parents[1]
CODE_SUFFIXES = (".py", ".json", ".toml", ".txt")


def code_files(root: Path | None = None) -> list[Path]:
    """Every file under ``root`` (``CODE_ROOT``) whose content decides a verdict, sorted."""
    top = root or CODE_ROOT
    return [top.joinpath(*parts) for parts in _code_parts(os.fspath(top))]


def _code_parts(top: str) -> list[tuple[str, ...]]:
    """``code_files`` under the folder ``top``, each as its path's parts below it, sorted as
    paths are (part by part): what ``Path.rglob("*")`` and ``is_file`` found, walked with
    ``os.scandir`` (the same ~230 entries as Path objects were ~5 % of a cold audit of 261
    memories, issue 35). A folder is followed unless it is a link or a ``__pycache__``; a
    file may be a link to one."""
    out: list[tuple[str, ...]] = []
    todo: list[tuple[str, ...]] = [()]
    while todo:
        below = todo.pop()
        try:
            with os.scandir(os.path.join(top, *below)) as it:
                entries = list(it)
        except PermissionError:
            continue
        for entry in entries:
            name = entry.name
            if name == "__pycache__":
                continue
            try:
                folder = entry.is_dir() and not entry.is_symlink()
                wanted = not folder and os.path.splitext(name)[1] in CODE_SUFFIXES and \
                    entry.is_file()
            except OSError:
                continue
            if folder:
                todo.append((*below, name))
            elif wanted:
                out.append((*below, name))
    out.sort()
    return out


def code_digest(root: Path | None = None) -> bytes:
    """One digest of ``code_files``: each one's path under the root and its bytes."""
    top = os.fspath(root or CODE_ROOT)
    h = hashlib.sha256()
    for parts in _code_parts(top):
        h.update("/".join(parts).encode() + b"\0")
        try:
            with open(os.path.join(top, *parts), "rb") as f:
                h.update(hashlib.sha256(f.read()).digest())
        except OSError:
            h.update(b"unreadable")
    return h.digest()


def _detect_secrets_version() -> bytes:
    """detect-secrets' ``__version__.py``, found without importing the package (its import
    alone costs a fifth of a second)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("detect_secrets")
        places = list(spec.submodule_search_locations or []) if spec is not None else []
        return b"".join(hashlib.sha256((Path(p) / "__version__.py").read_bytes()).digest()
                        for p in places[:1]) or b"no detect-secrets"
    except (ImportError, OSError, ValueError):
        return b"no detect-secrets"


_VERSION: str | None = None


def version() -> str:
    """The checks' version: a digest of what makes the scans and the derivation."""
    global _VERSION
    if _VERSION is None:
        h = hashlib.sha256(f"{__version__}\0{sys.version}\0{marshal.version}".encode())
        h.update(code_digest())
        h.update(_detect_secrets_version())
        _VERSION = h.hexdigest()[:32]
    return _VERSION
