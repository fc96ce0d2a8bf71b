"""Gemini CLI: ``~/.gemini/tmp/<project>/memory/`` holds MEMORY.md, loaded whole, and
sibling topic files (no frontmatter, a ``# topic`` heading), read on demand only when
MEMORY.md names them: by basename or by absolute path, as in its pointer lines
``- See /abs/path/<topic>.md for <topic> notes.``. ``.inbox/`` and ``skills/`` are not
memories; a legacy GEMINI.md in the folder is read when there is no MEMORY.md. Sources:
google-gemini/gemini-cli ``packages/core/src/config/storage.ts`` (getProjectMemoryDir)
and ``commands/memory.ts`` (augmentWithAutoPointers) (docs/formats.md has the versions)."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from memtui.core.profiles.base import Injection, Profile, Reader, References
from memtui.core.profiles.imports import imported_files, without_code_imports
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.textfile import read_text

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.workspace import Workspace

POINTER = lazy_pattern(r"^\s*[-*]\s+See\s+(\S+\.md)\b", re.IGNORECASE)
#: A pointer line naming its topic file by absolute path, as Gemini CLI writes them.
ABSOLUTE_POINTER = lazy_pattern(r"^\s*[-*]\s+See\s+(?:/|~/|[A-Za-z]:[\\/])\S+\.md\b",
                                re.IGNORECASE)


def pointer_index(text: str, root: Path) -> bool:
    """Whether an index reads as Gemini CLI's: a pointer line by absolute path to a topic
    file that sits in ``root`` (by its name: a copied folder's lines still name the
    original), and no more markdown links than pointer lines."""
    from memtui.core.profiles.evidence import MD_LINK

    pointers = links = 0
    beside = False
    for line in text.splitlines():
        m = POINTER.match(line)
        if m is not None:
            pointers += 1
            if not beside and ABSOLUTE_POINTER.match(line) is not None:
                name = m.group(1).replace("\\", "/").rsplit("/", 1)[-1]
                beside = (root / name).is_file()
        elif MD_LINK.search(line) is not None:
            links += 1
    return beside and pointers >= links


#: chezmoi's attributes a source directory's name may start with, before ``dot_``
#: (chezmoi.io, reference/source-state-attributes): ``private_dot_gemini`` is ``~/.gemini``.
CHEZMOI_ATTRIBUTES = ("exact_", "external_", "private_", "readonly_", "remove_")


def home_name(name: str) -> str:
    """The name a folder has in the home directory: itself, or, for a dotfile manager's
    source folder (chezmoi's ``dot_gemini``, ``private_dot_gemini``), the dot folder it
    writes (real40: a dotfiles repository's ``dot_gemini`` read as a Claude Code folder
    whose GEMINI.md was "never seen", its 22 missing imports unsaid)."""
    rest = name
    while rest.startswith(CHEZMOI_ATTRIBUTES):
        rest = rest.split("_", 1)[1]
    return "." + rest[len("dot_"):] if rest.startswith("dot_") else name


#: The heading Gemini CLI's save_memory tool appends its memories under.
SAVED = "## Gemini Added Memories"
#: Gemini's memory file before MEMORY.md, and its global one (``~/.gemini/GEMINI.md``).
LEGACY = "GEMINI.md"


#: The window Gemini CLI gives its Gemini models (``DEFAULT_TOKEN_LIMIT``, 1,048,576 tokens,
#: ``packages/core/src/core/tokenLimits.ts``; newuser32 #53: measured against an assumed
#: Qwen window of 40,960). No Gemini tokenizer is offline: the count stays Qwen's.
GEMINI_WINDOW = 1_048_576


class Gemini(Profile):
    name = "gemini"
    agent = "Gemini CLI"
    hosted_only = True
    window = (GEMINI_WINDOW, "Gemini", "qwen")
    frontmatter = False
    index_of_links = False
    saved_section = SAVED
    agent_files = True

    def recognise(self, root: Path) -> bool:
        if self.in_memory_folder(root):
            return True
        # Gemini's own memory file outside that folder (newuser30 #7: read as a Claude Code
        # folder whose GEMINI.md was "never seen", though Gemini loads it every session):
        # ~/.gemini/GEMINI.md, or a GEMINI.md its save_memory tool has written to
        return not (root / "MEMORY.md").exists() and (root / "GEMINI.md").is_file() and (
            home_name(root.name) == ".gemini"
            or SAVED in read_text(root / "GEMINI.md", 1 << 16).text)

    def evidence(self, root: Path, given: Path | None = None) -> tuple[int, str] | None:
        """``~/.gemini/tmp/<project>/memory`` and ``~/.gemini`` are Gemini's places, on
        the path as given as well as resolved (newuser34 #23: a symlinked ``~/.gemini``);
        MEMORY.md made of its pointer lines, or a GEMINI.md holding its saved memories,
        its shape (newuser34 #20: a copied memory folder)."""
        from memtui.core.profiles.evidence import PLACE, SHAPE, head_of, paths_of

        paths = paths_of(root, given)
        if any(self.in_memory_folder(p) for p in paths):
            return PLACE, "the folder is Gemini CLI's ~/.gemini/tmp/<project>/memory"
        index = root / "MEMORY.md"
        if not index.exists():
            if not (root / LEGACY).is_file():
                return None
            if any(home_name(p.name) == ".gemini" for p in paths):
                return PLACE, "the folder is Gemini CLI's ~/.gemini, holding GEMINI.md"
            if SAVED in read_text(root / LEGACY, 1 << 16).text:
                return SHAPE, f"GEMINI.md holds Gemini's '{SAVED}'"
            return None
        if pointer_index(head_of(index), root):
            return SHAPE, "MEMORY.md holds Gemini CLI's pointer lines (- See /…/topic.md)"
        return None

    def rule(self, limits: dict[str, int]) -> str:
        return "Gemini CLI: MEMORY.md whole"

    @staticmethod
    def in_memory_folder(root: Path) -> bool:
        """Whether ``root`` is a project's memory folder, ``~/.gemini/tmp/<project>/memory``."""
        parts = root.parts
        return len(parts) >= 4 and parts[-1] == "memory" and parts[-3] == "tmp" \
            and home_name(parts[-4]) == ".gemini"

    def at_home(self, ws: Workspace) -> bool:
        """Whether ``ws`` is a project's memory folder, on its path as given or resolved."""
        return self.in_memory_folder(ws.root) or (
            ws.given is not None and self.in_memory_folder(ws.given))

    def memory(self, rel: str) -> bool:  # GEMINI.md is the legacy index, not a topic file
        # tmp/ is Gemini's per-project state under ~/.gemini: each project's memory folder
        # there is a workspace of its own, not topic files of the global GEMINI.md
        return not rel.startswith(("skills/", "tmp/")) and rel != "GEMINI.md"

    def memories_in(self, ws: Workspace) -> Callable[[str], bool]:
        """Outside its memory folder (a repository's GEMINI.md holding its saved memories,
        ``~/.gemini``) Gemini CLI loads GEMINI.md and the files it imports, and reads no
        other file there: a repository's CONTRIBUTING.md is no memory, never an orphan to
        index (newuser32 #3)."""
        if self.at_home(ws) or (ws.root / "MEMORY.md").exists():
            return self.memory
        from memtui.core.profiles.files import reader

        imported = frozenset(imported_files(ws, reader(ws), (LEGACY,)))
        return lambda rel: rel in imported and self.memory(rel)

    def import_roots(self, read: Reader) -> tuple[str, ...]:
        # GEMINI.md loads only when there is no MEMORY.md (newuser24 #49: its imports
        # were errors while the same report said Gemini never loads it)
        return ("GEMINI.md",) if read("MEMORY.md") is None else ()

    def inject(self, ws: Workspace, limits: dict[str, int], read: Reader) -> Injection:
        for name in ("MEMORY.md", "GEMINI.md"):
            text = read(name)
            if text is not None:  # the legacy file named as what loads (newuser28 #29)
                legacy = "legacy, as there is no MEMORY.md" if self.at_home(ws) \
                    else "the memory file Gemini CLI loads every session"
                files = [name] if text.strip() else []
                if name == "GEMINI.md":  # its imports are expanded into what loads (memport:
                    # newuser32 #13, the block left every imported file out)
                    for rel in imported_files(ws, read, self.import_roots(read)):
                        body = read(rel)
                        if body is not None and body.strip():
                            text += "\n\n" + body
                            files.append(rel)
                # its saved memories counted as what they are (newuser36 #10: "Memory
                # files 0 ... No findings" for a GEMINI.md holding 8 of them)
                count = saved_memories(read(name) or "") if name == LEGACY else None
                return Injection(text, files,
                                 rule="" if name == "MEMORY.md" else
                                 f"Gemini CLI: {name} whole, {legacy}",
                                 saved={name: count} if count is not None else None)
        return Injection("", [])

    def references(self, ws: Workspace, index: Index, paths: tuple[str, ...],
                   limits: dict[str, int], read: Reader) -> References:
        out = References()
        text = read("MEMORY.md")
        if text is None:
            text = read("GEMINI.md") or ""
            source = "GEMINI.md"
        else:
            source = "MEMORY.md"
        root = str(ws.root)
        named = text
        if source == "GEMINI.md":
            # what it imports, every hop, is loaded with it; an @path written inside code
            # is text, no import and no mention (newuser32 #13)
            out.found.update(imported_files(ws, read, self.import_roots(read)))
            named = without_code_imports(text)
        # the folder the pointer lines name: trend's copy of a commit in a temporary folder
        # maps them into that copy, so each point is judged on its own commit's files
        # (newuser34 #21: they were checked against today's working tree)
        shown = str(ws.named_root)
        for rel in paths:  # named by basename or by absolute path: found
            if f"{shown}/{rel}" in named or names(named, os.path.basename(rel)):
                out.found.add(rel)
        for n, written, rel in self.pointers(text, shown):
            if rel is not None and os.path.isabs(written):
                target = os.path.join(root, rel)
            elif os.path.isabs(written):
                continue  # another folder's file: never judged by what this machine holds
            else:
                target = os.path.join(root, written)
            try:
                os.lstat(target)
            except (OSError, ValueError):  # one in the folder as its path there (newuser24
                out.broken.append((source, n, rel or written))  # #15: "outside", no suggestions)
        return out

    def pointers(self, text: str, root: str) -> list[tuple[int, str, str | None]]:
        # the pointer lines, which the app's Index view and header show as the entries
        # they are (newuser24 #14: "prose", no targets, "index 0 entries")
        out: list[tuple[int, str, str | None]] = []
        found: list[tuple[int, str]] = []
        for n, line in enumerate(text.splitlines()[:100_000], 1):
            m = POINTER.match(line)
            if m is not None:
                found.append((n, m[1]))
        # the folder the pointers were written for, where it is not this one: the folder of
        # an absolute pointer whose file sits here by its name (a copy's original)
        origins = {posixpath.dirname(w) for _n, w in found if os.path.isabs(w)
                   and not w.startswith(root + "/")
                   and os.path.isfile(os.path.join(root, posixpath.basename(w)))}
        for n, written in found:
            target = written if os.path.isabs(written) else os.path.join(root, written)
            inside = target.startswith(root + "/")
            out.append((n, written, posixpath.normpath(target[len(root) + 1:]) if inside
                        else aligned(written, root, origins)))
        return out


def aligned(written: str, root: str, origins: set[str] = frozenset()  # type: ignore[assignment]
            ) -> str | None:
    """The path inside ``root`` an absolute pointer elsewhere names when it was written for
    a folder of the same name (newuser38 #16: a copy — a dotfiles repository, a CI
    checkout, a backup — keeps the original's absolute paths; they were looked up on the
    auditing machine's disk, so the copy was judged by the original folder's files, or in
    CI every pointer was a broken link): what follows one of ``origins`` (the folders
    the index's pointers were written for, `Gemini.pointers`), or else the last component
    named as ``root``, is, relative to ``root``. None: the path names no such folder
    (another folder's file, never looked up)."""
    for origin in origins:
        if written.startswith(origin + "/"):
            return posixpath.normpath(written[len(origin) + 1:])
    parts = posixpath.normpath(written.replace("\\", "/")).split("/")
    name = posixpath.basename(root.rstrip("/"))
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == name:
            rel = "/".join(parts[i + 1:])
            return rel if rel and not rel.startswith("..") else None
    return None


#: A bullet of a list: one saved memory under `SAVED`.
BULLET = lazy_pattern(r"^\s{0,3}[-*+]\s+\S")


def saved_memories(text: str) -> int | None:
    """How many memories Gemini CLI's save_memory tool left in ``text``: the bullets of its
    ``## Gemini Added Memories`` section, up to the next heading of that level or higher
    (None: no such section)."""
    lines = text.splitlines()
    try:
        start = next(n for n, line in enumerate(lines) if line.strip() == SAVED)
    except StopIteration:
        return None
    count = 0
    for line in lines[start + 1:]:
        if line.startswith("#") and len(line) - len(line.lstrip("#")) <= 2 \
                and line.lstrip("#")[:1] in (" ", ""):
            break
        if BULLET.match(line) is not None:
            count += 1
    return count


def names(text: str, name: str) -> bool:
    """Whether ``text`` names the file ``name`` as a whole name: not as the tail of a longer
    one (``log.md`` inside ``changelog.md`` names changelog.md only: newuser34 #25, the file
    counted reached though no line names it)."""
    at = text.find(name)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + len(name)] if at + len(name) < len(text) else " "
        if not (before.isalnum() or before in "_-.") and not (after.isalnum() or after in "_-"):
            return True
        at = text.find(name, at + 1)
    return False
