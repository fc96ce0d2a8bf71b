"""Locate a memory workspace: its root, layout, index and memory files (SPEC §2)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Literal

from memtui.core.files.name_order import name_key
from memtui.core.files.safe_open import STATE_FOLDER
from memtui.core.record import FrozenRecord, Record, init_field
from memtui.core.reporting.safe_output import printable, short_path

Layout = Literal["item", "flat"]
INDEX_NAME = "MEMORY.md"
MEMORY_DIR = "memory"
STATE_DIR = STATE_FOLDER  # ".memtui": made self-ignoring (memtui.core.files.safe_open)
#: Files that document a memory folder rather than hold a memory (any folder, any case).
DOCUMENTATION_NAMES = ("README.MD", "CLAUDE.MD", "AGENTS.MD")


#: Folder names that say "archive" or "trash" (any case, in the common languages where the
#: word is cheap to list): not memory unless ``include-archives = true`` (issue 30 §4).
ARCHIVE_NAMES = frozenset({
    "archive", "archives", "archived", "_archive", "_archives", "_archived", ".archive",
    "old", "_old", "trash", "_trash", ".trash", "attic",
    "archiv",  # German, Czech
    "archivo", "archivos", "papelera",  # Spanish
    "corbeille",  # French (archive, archives: as English)
    "archivio", "cestino",  # Italian
    "arquivo", "arquivos", "lixeira",  # Portuguese
    "archief",  # Dutch
    "arkiv",  # Swedish, Norwegian, Danish
    "archiwum", "kosz",  # Polish
    "архив", "корзина", "старое", "старые",  # Russian
    "归档", "歸檔", "存档", "存檔", "回收站", "旧", "舊",  # Chinese (旧: "old", also Japanese)
    "アーカイブ", "ゴミ箱", "古い",  # Japanese
    "보관", "보관함", "아카이브", "휴지통",  # Korean
    "أرشيف", "الأرشيف", "قديم", "المهملات",  # Arabic (newuser37 #28: archive, old, trash)
    "بایگانی", "آرشیو", "قدیمی",  # Persian
    "ארכיון",  # Hebrew
    "arşiv", "eski",  # Turkish
})


def is_archive(name: str) -> bool:
    """Whether a folder's name says it is an archive (`ARCHIVE_NAMES`, NFC, any case)."""
    import unicodedata

    return unicodedata.normalize("NFC", name).casefold() in ARCHIVE_NAMES


def in_archive(rel: str) -> bool:
    """Whether a workspace-relative file path lies in an archive folder."""
    return any(is_archive(part) for part in rel.split("/")[:-1])


def is_documentation(rel: str) -> bool:
    """``README.md``, ``CLAUDE.md``, ``AGENTS.md``: documentation, not a memory."""
    return rel.rsplit("/", 1)[-1].upper() in DOCUMENTATION_NAMES


class WorkspaceError(Exception):
    """A path that cannot be opened as a workspace (missing, unreadable, not a folder)."""


class Workspace(FrozenRecord):
    """A folder holding an agent's memory."""

    root: Path
    layout: Layout
    #: The folder whose files ``root`` holds a copy of (trend's checkout of a commit in a
    #: temporary folder): the path the agent's own text names, as its ``[MISSING] Expected
    #: at:`` line (newuser32 #18: the block's count changed with the temporary path).
    copy_of: Path | None
    #: The folder as the user named it (absolute, symbolic links not resolved), when it
    #: differs from ``root``: a symlinked ``~/.gemini`` is Gemini's by its name only
    #: (newuser34 #23).
    given: Path | None

    def __init__(self, root: Path, layout: Layout, copy_of: Path | None = None,
                 given: Path | None = None) -> None:
        init_field(self, "root", root)
        init_field(self, "layout", layout)
        init_field(self, "copy_of", copy_of)
        init_field(self, "given", None if given == root else given)

    @property
    def named_root(self) -> Path:
        """The root as the agent names it: ``copy_of`` when a copy, else ``root``."""
        return self.copy_of if self.copy_of is not None else self.root

    @property
    def index_path(self) -> Path:
        return self.root / INDEX_NAME

    @property
    def memory_root(self) -> Path:
        """The folder memory files live under (``memory/`` for item, the root for flat)."""
        return self.root / MEMORY_DIR if self.layout == "item" else self.root

    @property
    def state_dir(self) -> Path:
        return self.root / STATE_DIR

    def rel(self, path: Path) -> str:
        """A path relative to the workspace root, POSIX separators."""
        return path.relative_to(self.root).as_posix()

    def abs(self, rel: str) -> Path:
        return self.root / rel

    def contains(self, path: Path) -> bool:
        """Whether ``path`` (after resolving links) lies inside the workspace."""
        try:
            path.resolve().relative_to(self.root)
        except (ValueError, OSError, RuntimeError):
            return False
        return True


def stat_or_none(p: str | os.PathLike[str]) -> os.stat_result | None:
    """``p``'s stat (links followed), None for the errors that mean "not there"; any other
    (a name too long, no permission) raises, as ``Path.exists`` and ``is_file`` do on Python
    3.11 to 3.13. Python 3.14's answer False for every error, which would hide the reason."""
    try:
        return os.stat(p)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            return None
        raise


def is_file(p: str | os.PathLike[str]) -> bool:
    """``Path.is_file`` that raises for an error other than "not there" (`stat_or_none`)."""
    st = stat_or_none(p)
    return st is not None and stat.S_ISREG(st.st_mode)


def _exists(p: Path) -> bool:
    return stat_or_none(p) is not None


def _why_not_there(p: Path) -> str:
    """Why ``p``, which `stat_or_none` did not find, is not there: a loop of symbolic links
    exists as links, so "no such file" would send the user looking for the wrong thing."""
    try:
        os.stat(p)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a loop of symbolic links"
    return "no such file or folder"


#: The files other agents load every session, besides MEMORY.md (docs/formats.md): given as
#: PATH, their folder is the workspace, as for a MEMORY.md (newuser32 #44): Gemini CLI's
#: GEMINI.md, Codex's memory_summary.md, Hermes' USER.md store.
AGENT_INDEXES = ("GEMINI.md", "memory_summary.md", "USER.md")
#: OpenClaw's other bootstrap files, injected every session too (newuser34 #18: USER.md was
#: taken, SOUL.md refused as "not … a file an agent loads every session").
BOOTSTRAP_FILES = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "HEARTBEAT.md",
                   "BOOTSTRAP.md", "memory.md")


def open_workspace(path: str | os.PathLike[str]) -> Workspace:
    """Open PATH (a folder, or a MEMORY.md or `AGENT_INDEXES` file inside one) as a workspace.

    Raises WorkspaceError with a one-line reason when it does not exist or cannot be read
    (a name too long, a loop of links, no permission: whatever the system says).
    """
    shown = short_path(printable(os.fspath(path)))
    try:
        p = Path(path).expanduser()
        if not _exists(p):
            raise WorkspaceError(f"{shown}: {_why_not_there(p)}")
        if p.is_file():
            if p.name not in (INDEX_NAME, *AGENT_INDEXES, *BOOTSTRAP_FILES):
                raise WorkspaceError(f"{shown}: not a folder, a {INDEX_NAME} or a file an "
                                     f"agent loads every session ({', '.join(AGENT_INDEXES)}, "
                                     f"or an OpenClaw bootstrap file: "
                                     f"{', '.join(BOOTSTRAP_FILES)})")
            p = p.parent
        if not p.is_dir():
            raise WorkspaceError(f"{shown}: not a folder")
        os.listdir(p)
        root = p.resolve()
        given = Path(os.path.abspath(p))
    except (OSError, RuntimeError, ValueError) as exc:  # too long, a loop, a NUL byte, …
        reason = getattr(exc, "strerror", None) or str(exc)
        raise WorkspaceError(f"{shown}: cannot be read ({printable(reason)})") from None
    check_folders(root)
    return Workspace(root=root, layout=detect_layout(root), given=given)


#: The folders memtui reads memory from or keeps its state in: a symbolic link among them
#: leading out of the workspace would make memtui read, lock and journal outside it.
GUARDED_FOLDERS = (MEMORY_DIR, STATE_DIR, f"{STATE_DIR}/journal")


def check_folders(root: Path) -> None:
    """Refuse a workspace whose ``memory/``, ``.memtui/`` or ``.memtui/journal/`` is a
    symbolic link leading outside it (WorkspaceError, one line). Every entry point opens
    its workspace through :func:`open_workspace`, so they all refuse alike."""
    for rel in GUARDED_FOLDERS:
        p = root / rel
        try:
            if not p.is_symlink():
                continue
            p.resolve().relative_to(root)  # a dangling link too: it may be made to exist
        except (OSError, RuntimeError, ValueError):
            raise WorkspaceError(f"{root}: {rel}/ is a symbolic link leading outside the "
                                 "workspace (or in a loop); memtui refuses to read or write "
                                 "through it") from None


def detect_layout(root: Path) -> Layout:
    """``item`` when a ``memory/`` folder sits at the root, ``flat`` otherwise, but for a
    ``memory/`` that is a copy of the folder kept inside it (`nested_copy`)."""
    if not (root / MEMORY_DIR).is_dir():
        return "flat"
    return "flat" if nested_copy(root) else "item"


def nested_copy(root: Path) -> bool:
    """Whether ``memory/`` holds a MEMORY.md of its own while the root's MEMORY.md links
    memories beside it (files with a memory's frontmatter) and nothing under ``memory/``:
    an older copy of the folder kept inside it, the root's files being the memories its
    index links (real39: a Claude Code folder with such a copy was taken for the item
    layout, and its 39 linked memories were each an ``unaudited_link`` "the audit does not
    read as a memory"). An item workspace's index links into ``memory/``; an empty
    ``memory/`` (no MEMORY.md) still makes one, and so does an OpenClaw workspace whose
    MEMORY.md links a bootstrap file (no frontmatter) beside its ``memory/MEMORY.md``."""
    if not (root / MEMORY_DIR / INDEX_NAME).is_file():
        return False
    from memtui.core.profiles.evidence import MD_LINK, has_frontmatter, head_of

    beside = False
    for m in MD_LINK.finditer(head_of(root / INDEX_NAME)):
        target = m.group(1)
        while target.startswith("./"):
            target = target[2:]
        if "://" in target or target.startswith(("/", "../")):
            continue
        if target.split("/", 1)[0].casefold() == MEMORY_DIR:
            return False
        beside = beside or ("/" not in target and (root / target).is_file()
                            and has_frontmatter(root / target))
    return beside


class Discovery(Record):
    """The memory files found, and what was skipped on the way (path, message)."""

    files: list[str]
    skipped: list[tuple[str, str]]
    notes: list[tuple[str, str]]
    #: The archive folders not walked (``archives=False``), relative, sorted.
    archives: list[str]
    #: The files found through a symbolic link to another file of the workspace: (the
    #: link's path, its target's), both relative (`aliases`).
    links: list[tuple[str, str]]

    def __init__(self, files: list[str] | None = None, skipped: list[tuple[str, str]] | None = None,
                       notes: list[tuple[str, str]] | None = None,
                       archives: list[str] | None = None,
                       links: list[tuple[str, str]] | None = None) -> None:
        self.files = [] if files is None else files
        self.skipped = [] if skipped is None else skipped
        self.notes = [] if notes is None else notes
        self.archives = [] if archives is None else archives
        self.links = [] if links is None else links


def discover(ws: Workspace, archives: bool = True) -> Discovery:
    """Every memory file of the workspace, relative POSIX paths, sorted.

    Hidden folders and memtui's state folder are never memory. Symlinks are followed only
    when they stay inside the workspace; loops and escapes are reported, never followed.
    ``archives=False``: folders whose names say they are archives (`is_archive`) are not
    walked, and listed in ``archives``.
    """
    out = Discovery()
    root = ws.root
    if ws.layout == "flat" and (root / MEMORY_DIR).exists() and not (root / MEMORY_DIR).is_dir():
        out.notes.append((MEMORY_DIR, f"'{MEMORY_DIR}' is a file, not a folder"))
    start = ws.memory_root
    start_rel = "" if start == root else ws.rel(start) + "/"
    # each folder walked, with the path it was walked by (newuser29 #36: a second path to
    # it that is no loop is said to be a link to it, not a "symlink loop")
    seen_dirs: dict[tuple[int, int], str] = {}
    # Plain strings, not Path objects: this loop runs once per file of a large workspace.
    stack: list[tuple[str, str]] = [(str(start), start_rel)]
    flat = ws.layout == "flat"
    # MEMORY.md as a link to a file of the workspace: that file is the index, not also a
    # memory (newuser24 #36: memory/INDEX.md was an orphan with 32 broken links).
    the_index = index_target(ws)
    while stack:
        folder, prefix = stack.pop()
        try:
            st = os.stat(folder)
        except OSError:
            continue
        key = (st.st_dev, st.st_ino)
        first = seen_dirs.get(key)
        if first is not None:
            loop = prefix.startswith(first)  # it leads back to a folder above it
            out.skipped.append((prefix.rstrip("/"), "symlink loop, not followed" if loop else
                                f"a link to the folder {first.rstrip('/') or '.'} (audited "
                                "there), not followed"))
            continue
        seen_dirs[key] = prefix
        links: list[tuple[str, str]] = []  # walked after the real folders (popped last)
        base = len(stack)
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError as exc:
            out.skipped.append((prefix.rstrip("/") or ".",
                                f"folder cannot be read ({exc.strerror})"))
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            rel = prefix + name
            link = entry.is_symlink()
            if link and flat and rel == INDEX_NAME:
                continue  # the index: its own read says why a link is not followed, once
                # (newuser34 #18: "symlink leads outside the workspace" said twice)
            if link:
                problem = symlink_problem(ws, Path(entry.path))
                if problem:
                    out.skipped.append((rel, f"{problem}, not followed"))
                    continue
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                if not archives and is_archive(name):
                    out.archives.append(rel)
                    continue
                (links if link else stack).append((entry.path, rel + "/"))
            elif name.lower().endswith(".md") and not (flat and rel == INDEX_NAME) \
                    and rel != the_index:
                if not _regular(entry):
                    # A FIFO, socket or device is never opened: not a memory, nor counted
                    # or listed as an orphan (newuser26 #15), only said to be skipped.
                    out.skipped.append((rel, NOT_REGULAR))
                    continue
                out.files.append(rel)
                if link:
                    out.links.append((rel, _target_of(ws, entry.path)))
        stack[base:base] = links  # below this folder's real folders: walked after them
    out.files.sort(key=name_key)  # natural order (newuser28 #32)
    out.archives.sort()
    return out


#: What discovery says of a ``*.md`` that is a FIFO, socket or device (not a memory).
NOT_REGULAR = "not a regular file; not read"


def _regular(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` (links followed) is a regular file; the type the folder listing
    gave is used, so a plain file costs no further look."""
    try:
        return entry.is_file()
    except OSError:
        return False


def _target_of(ws: Workspace, link: str) -> str:
    """The workspace file a followed symbolic link ``link`` leads to, relative."""
    try:
        return Path(os.path.realpath(link)).relative_to(os.path.realpath(ws.root)).as_posix()
    except ValueError:
        return ""


def aliases(found: Discovery) -> dict[str, str]:
    """The files of ``found`` that are symbolic links to another of its files (link →
    target): one memory under two names, audited once as its target (newuser25 #22: a
    link was a second memory, an orphan and its own near-duplicate)."""
    if not found.links:  # (most workspaces: no set of every path built for nothing)
        return {}
    files = set(found.files)
    return {rel: target for rel, target in found.links if target != rel and target in files}


def index_target(ws: Workspace) -> str | None:
    """The workspace file ``MEMORY.md`` is a symbolic link to, relative (None when it is
    no link, or one that is not followed)."""
    path = ws.index_path
    if not path.is_symlink() or index_link_problem(ws) is not None:
        return None
    return _target_of(ws, str(path)) or None


def index_link_problem(ws: Workspace) -> str | None:
    """Why ``MEMORY.md``, when it is a symbolic link, must not be followed (it is broken,
    a loop, or leads outside the workspace); None for a link that stays inside, or a file."""
    path = ws.index_path
    return symlink_problem(ws, path) if path.is_symlink() else None


#: Why a symbolic link out of the workspace is not followed (the start of its note).
LINKS_OUT = "symlink leads outside the workspace"


def symlink_problem(ws: Workspace, link: Path) -> str | None:
    """Why the symlink ``link`` must not be followed, or None when it is safe to."""
    try:
        target = link.resolve(strict=True)
    except FileNotFoundError:
        return "broken symlink"
    except (OSError, RuntimeError):
        return "symlink loop"
    try:
        target.relative_to(ws.root)
    except ValueError:
        return LINKS_OUT
    return None
