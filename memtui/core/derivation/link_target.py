"""Where a link's target lies, looked at without opening it: inside the workspace, outside
it (something is there, never followed), or nowhere (issue 30 §4, issue 31 §4).

A target that lies outside the workspace (``../notes.md``, ``/home/me/x.md``) is looked at
with one ``os.lstat`` of its path: never opened, never read, a symbolic link at its end
never followed, so a FIFO, a device or a 1 GiB file out there costs what a missing file
costs. A target inside is there when it exists and, once the links on its way are resolved
(``os.path.realpath``: ``lstat`` and ``readlink`` only), stays inside; one that leads out
through a link is *outside*, like a path that says so. Any ``OSError`` (a name too long, a
folder without permission, a loop) means nowhere: the link is broken, and the audit goes on.
"""

from __future__ import annotations

import os
import posixpath
import stat
from urllib.parse import unquote

from memtui.core.scanner.links import names_a_route

#: The answers: ``INSIDE`` (True), ``OUTSIDE`` (None), ``MISSING`` (False). JSON holds all
#: three, and each is a singleton, so a stored answer compares by identity
#: (`memtui.core.caches.derived`).
INSIDE, OUTSIDE, MISSING = True, None, False
State = bool | None


def outside_path(source: str, href: str) -> str | None:
    """The path an outside link (``resolve_href`` answered ``(None, True)``) names: an absolute
    path as written, or one relative to the workspace root that starts with ``../``; None
    when it names nothing that could be looked up (a NUL byte)."""
    path = unquote(href.strip().split("#", 1)[0].split("?", 1)[0])
    if not path or "\x00" in path:
        return None
    if path.startswith("/"):
        return posixpath.normpath(path)
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), path))


def leads_to(root: str, source: str, href: str) -> State:
    """Where an outside link of ``source`` (``href`` as written) leads, for the workspace at
    ``root``: `INSIDE`, `OUTSIDE` (a file out there: an ``outside_link``) or `MISSING` (a
    ``broken_link``, unless it names a web route such as ``/pricing/``, which is neither:
    then `OUTSIDE`)."""
    path = outside_path(source, href)
    where = MISSING if path is None else target_state(root, path)
    return OUTSIDE if where is MISSING and names_a_route(href) else where


def lexically_outside(rel: str) -> bool:
    """Whether a normalised workspace-relative path says by itself that it leaves."""
    return rel.startswith("/") or rel == ".." or rel.startswith("../")


def folder_key(rel: str) -> str:
    """The question "is ``rel`` a folder inside?" as `target_state` takes it (answered
    `INSIDE` or `MISSING`; a link to a folder reads no memory: newuser24 #7)."""
    return rel.rstrip("/") + "/"


def target_state(root: str, rel: str) -> State:
    """Where ``rel`` (workspace-relative, normalised; or absolute, or ``../``-led as
    `outside_path` gives it) lies, for the workspace at ``root`` (resolved, no trailing
    separator): `INSIDE`, `OUTSIDE` or `MISSING`. ``rel`` ending in ``/`` (`folder_key`):
    `INSIDE` when a folder is there, inside the workspace, else `MISSING`."""
    folder = rel.endswith("/") and rel != "/"
    full = os.path.normpath(os.path.join(root, rel))
    try:
        st = os.lstat(full)  # the one look at an outside target
    except (OSError, ValueError):  # missing, a name too long, no permission, a NUL byte
        return MISSING
    inside = root.rstrip(os.sep) + os.sep
    if lexically_outside(rel) and full != root and not full.startswith(inside):
        return OUTSIDE  # (a path that says it leaves but comes back in is looked at below)
    try:
        real = os.path.realpath(full)
    except (OSError, ValueError, RuntimeError):
        return MISSING
    if real != root and not real.startswith(inside):
        return OUTSIDE  # a link on the way leads out: not followed further
    if real != full:
        try:
            st = os.lstat(real)  # a link whose target (inside) is gone is nothing
        except (OSError, ValueError):
            return MISSING
    if folder:
        return INSIDE if stat.S_ISDIR(st.st_mode) else MISSING
    # still a link once resolved: a loop, which leads nowhere
    return MISSING if stat.S_ISLNK(st.st_mode) else INSIDE


def project_file(root: str, project: str | None, rel: str) -> bool:
    """Whether ``rel`` (workspace-relative, normalised), which names nothing in the workspace
    at ``root``, names a file or folder of the ``project`` (resolved): Claude Code opens an
    index's link from the project, its working folder, so ``src/main.py`` in a memory folder
    kept apart is the project's file, neither a memory nor a broken link (newuser28 #2)."""
    if project is None or project == root or not rel or rel.endswith("/") \
            or lexically_outside(rel) or target_state(root, rel) is not MISSING:
        return False
    return target_state(project, rel.rstrip("/")) is INSIDE
