"""What an operation plans from: the workspace's bytes as memtui read them, parsed.

Every planned change carries the bytes it was computed from, so the write can refuse when
the file on disk no longer has them (see :mod:`memtui.edit.changeset`).
"""

from __future__ import annotations

import difflib
import os
import posixpath
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from memtui.core.derivation.graph import Graph, Resolver
from memtui.core.files.safe_open import lexists
from memtui.core.scanner.index import Index, parse_index
from memtui.core.scanner.links import Link, fold, markdown_links, wikilinks
from memtui.core.scanner.memory_file import KNOWN_TYPES, MemoryFile, parse_memory
from memtui.core.scanner.textfile import decode, read_text
from memtui.core.workspace import INDEX_NAME, NOT_REGULAR, Workspace, discover
from memtui.edit.errors import Refused, UsageError
from memtui.edit.safe_write import MAX_EDIT_BYTES, HeldFolder, read_bytes


@dataclass
class Snapshot:
    """The index and every memory file of a workspace, read once.

    Files are read as the write path would open them (no links, regular files only, up to
    the size cap): a file it would refuse is never read, and is listed in ``problems``.
    """

    ws: Workspace
    raw: dict[str, bytes | None] = field(default_factory=dict)
    memories: dict[str, MemoryFile] = field(default_factory=dict)
    index: Index = field(default_factory=Index)
    resolver: Resolver = field(default_factory=lambda: Resolver(()))
    #: path → why it was not read (a link, not a regular file, too large, unreadable).
    problems: dict[str, str] = field(default_factory=dict)
    #: memories past the edit cap: their head alone read, for their name and description
    #: (an index entry can be added for one; it is never edited: newuser25 #31).
    large: set[str] = field(default_factory=set)
    #: The index's text ``index`` was parsed from (`index_of` takes it again for free).
    index_text: str = ""
    _links: dict[str, tuple[list[Link], list[Link]]] = field(default_factory=dict, repr=False)
    _folded: dict[str, str] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, ws: Workspace) -> Snapshot:
        snap = cls(ws)
        data = snap.load(INDEX_NAME)
        if data is not None:
            snap.index_text = decode(data).text
            snap.index = parse_index(snap.index_text)
        found = discover(ws)
        with HeldFolder(ws.root) as held:  # each folder opened once, not once a file
            for rel in found.files:
                snap.load(rel, held)
        for rel, why in found.skipped:  # a FIFO: refused unopened, and said not looked at
            if why == NOT_REGULAR:
                snap.load(rel)
        snap.resolver = Resolver((p, m.name, m.stem) for p, m in snap.memories.items())
        return snap

    def load(self, rel: str, held: HeldFolder | None = None) -> bytes | None:
        """Bytes of ``rel`` as first read (read now when not read yet); None when it does
        not exist or was not read (then ``problems`` says why). ``held``: the folder kept
        open from the file read before (`memtui.edit.safe_write.HeldFolder`)."""
        if rel in self.raw:
            return self.raw[rel]
        try:
            data = read_bytes(self.ws.root, rel, held=held)
        except Refused as exc:
            data = None
            self.problems[rel] = str(exc)
            if rel != INDEX_NAME and rel.lower().endswith(".md"):
                self._head(rel)
        except OSError as exc:
            data = None
            self.problems[rel] = f"{rel} cannot be read ({exc.strerror or exc})"
        self.raw[rel] = data
        if data is not None and rel != INDEX_NAME and rel.lower().endswith(".md"):
            read = decode(data)
            self.memories[rel] = parse_memory(rel, read.text, len(data))
        return data

    def _head(self, rel: str) -> None:
        """A regular memory file past the edit cap: parsed from its head, as the audit
        reads it (its name and description are at the top)."""
        path = self.ws.root / rel
        try:
            st = os.lstat(path)
        except (OSError, ValueError):
            return
        if stat.S_ISREG(st.st_mode) and st.st_size > MAX_EDIT_BYTES:
            read = read_text(path, MAX_EDIT_BYTES, st)
            if read.ok:
                self.memories[rel] = parse_memory(rel, read.text, st.st_size)
                self.large.add(rel)

    def index_of(self, text: str) -> Index:
        """``parse_index(text)``: the snapshot's own index when ``text`` is the text it was
        parsed from (an operation asks where entries go in the index it read: at 10,000
        entries a second parse was ~0.3 s, issue 35)."""
        if self.index_text and text == self.index_text:
            return self.index
        return parse_index(text)

    def unread(self) -> list[str]:
        """A note per file that was not read (so an operation could not look at it)."""
        return [f"not looked at: {why}" for why in self.problems.values()]

    def editable(self, rel: str) -> bytes | None:
        """Bytes of ``rel`` for an edit; Refused when it could not be read safely."""
        data = self.load(rel)
        if rel in self.problems:
            raise Refused(f"{self.problems[rel]}; nothing was written")
        return data

    def text(self, rel: str) -> str:
        data = self.load(rel)
        return decode(data).text if data is not None else ""

    def memory(self, arg: str) -> MemoryFile:
        """A memory named by workspace-relative path, path under the memory folder, or name.

        An argument with a folder part is a path: it must name that exact file inside the
        workspace (never one elsewhere with the same file name).
        """
        arg = arg.strip()
        if "/" in arg or "\\" in arg:
            rel = self.path_arg(arg)
            candidates = [rel, rel + ".md"]
            if self.ws.layout == "item":
                candidates += [f"memory/{rel}", f"memory/{rel}.md"]
        elif arg in self.memories:  # its exact workspace-relative path: no other file's
            # same name makes it ambiguous (newuser39 #13: `c.md` refused for `_archive/c.md`)
            return self.memories[arg]
        else:
            self._refuse_ambiguous(arg)
            candidates = [arg, arg + ".md"]
            if self.ws.layout == "item":
                candidates += [f"memory/{arg}", f"memory/{arg}.md"]
        for c in candidates:
            if c in self.memories:
                return self.memories[c]
            if c in self.problems:
                raise Refused(f"{self.problems[c]}; nothing was written")
        if "/" in arg or "\\" in arg:
            raise UsageError(f"no memory at {candidates[0]}{self.did_you_mean(candidates[0])}")
        res = self.resolver.resolve(arg)
        if res.path is not None and res.state in ("exact", "stem"):
            return self.memories[res.path]
        if res.path is not None:
            raise UsageError(f"no memory named '{arg}' (did you mean "
                             f"'{self.memories[res.path].key}'?)")
        raise UsageError(f"no memory named '{arg}'{self.did_you_mean(arg)}")

    def _refuse_ambiguous(self, arg: str) -> None:
        """UsageError when the bare name ``arg`` is the ``name`` or the file name of more
        than one memory: an operation never picks one of them."""
        stem = arg[:-3] if arg.endswith(".md") else arg
        same = sorted(path for path, (name, file_stem) in self.resolver.keys.items()
                      if path in self.memories and (name == arg or file_stem == stem))
        if len(same) > 1:
            raise UsageError(f"'{arg}' names {len(same)} memories: {', '.join(same)}; name "
                             "the one you mean by its path; nothing was written")

    def did_you_mean(self, arg: str) -> str:
        """`` (did you mean 'a' or 'b'?)`` with the closest names, else `` in ROOT``."""
        close = self.closest(arg)
        if not close:
            return f" in {self.ws.root}"
        return f" (did you mean {' or '.join(repr(c) for c in close)}?)"

    def path_arg(self, arg: str) -> str:
        """A path given on the command line as a workspace-relative POSIX path; UsageError
        when it does not lie inside the workspace. Absolute paths must lie under its root."""
        p = arg.replace("\\", "/")
        if p.startswith("/"):
            try:
                p = Path(p).relative_to(self.ws.root).as_posix()
            except ValueError:
                try:
                    p = Path(p).resolve().relative_to(self.ws.root).as_posix()
                except (ValueError, OSError, RuntimeError):
                    raise UsageError(f"'{arg}' is not a path inside the workspace "
                                     f"{self.ws.root}") from None
        norm = posixpath.normpath(p)
        if norm in (".", "..") or norm.startswith("../") or "\x00" in norm:
            raise UsageError(f"'{arg}' is not a path inside the workspace {self.ws.root}")
        return norm

    def closest(self, arg: str, count: int = 3) -> list[str]:
        """The memories' names (their keys) closest in spelling to ``arg``: compared with
        each memory's name and file stem, ignoring case, ``-``/``_`` and ``.md``."""
        by_spelling: dict[str, str] = {}
        by_core: dict[str, list[str]] = {}
        for mf in self.memories.values():
            for spelling in (mf.name, mf.stem):
                if spelling:
                    by_spelling.setdefault(fold(spelling), mf.key)
                    by_core.setdefault(untyped(fold(spelling)), []).append(mf.key)
        want = fold(arg.rsplit("/", 1)[-1].removesuffix(".md"))
        found = difflib.get_close_matches(want, by_spelling, n=count * 2, cutoff=0.6)
        # the same name under another type prefix first (newuser35 #24: user_ekka_0002.md
        # was not offered for project_ekka_0002.md, three look-alikes were)
        same = by_core.get(untyped(want), [])
        return list(dict.fromkeys([*same, *(by_spelling[f] for f in found)]))[:count]

    def links_from(self, rel: str) -> tuple[list[Link], list[Link]]:
        """(markdown links, wikilinks) in a memory body or the index."""
        if rel in self._links:
            return self._links[rel]
        if rel == INDEX_NAME:
            found = (self.index.links, [w for ln in self.index.lines for w in ln.wikilinks])
        else:
            mf = self.memories[rel]
            found = (markdown_links(rel, mf.body, mf.body_start),
                     wikilinks(rel, mf.body, mf.body_start))
        self._links[rel] = found
        return found

    def may_mention(self, source: str, target: str) -> bool:
        """A cheap pre-check: can ``source`` hold a link to memory ``target`` at all?

        Any markdown link to it holds its file name (perhaps percent-encoded) and any
        wikilink that resolves to it holds its name or stem, up to case and ``-``/``_``.
        """
        hay = self._folded.get(source)
        if hay is None:
            hay = self._folded[source] = fold(unquote(self.text(source)))
        mf = self.memories.get(target)
        stem = target.rsplit("/", 1)[-1]
        stem = stem[:-3] if stem.lower().endswith(".md") else stem
        needles = [fold(stem)] + ([fold(mf.name)] if mf is not None and mf.name else [])
        return any(n in hay for n in needles)

    def links_to(self, target: str) -> list[Link]:
        """Every link (index included) that leads to memory ``target``."""
        out: list[Link] = []
        for source in [INDEX_NAME, *self.memories]:
            if not self.may_mention(source, target):
                continue
            md, wl = self.links_from(source)
            out += [lk for lk in md if lk.target == target]
            out += [lk for lk in wl if self.resolver.resolve(lk.target or "").path == target]
        return out

    def links_to_each(self, targets: Iterable[str]) -> dict[str, list[Link]]:
        """`links_to` of each of ``targets`` at once (each list in the same order): every
        source's links are read once, where asking `links_to` for each target compared
        every source with every target (newuser35 #4: 1,200 archived of 1,950, 29 s)."""
        out: dict[str, list[Link]] = {t: [] for t in targets}
        if not out:
            return out
        for source in [INDEX_NAME, *self.memories]:
            md, wl = self.links_from(source)
            for lk in md:
                if lk.target in out:
                    out[lk.target].append(lk)
            for lk in wl:
                path = self.resolver.resolve(lk.target or "").path
                if path is not None and path in out:
                    out[path].append(lk)
        return out

    def graph(self) -> Graph:
        graph = Graph(nodes=list(self.memories))
        for source in self.memories:
            md, wl = self.links_from(source)
            for lk in md:
                if lk.target in self.memories:
                    graph.add_edge(source, lk.target)
            for lk in wl:
                path = self.resolver.resolve(lk.target or "").path
                if path is not None:
                    graph.add_edge(source, path)
        return graph

    def indexed(self) -> set[str]:
        """Memories the index links (markdown links and resolved wikilinks)."""
        out = {lk.target for lk in self.index.links if lk.target in self.memories}
        for ln in self.index.lines:
            for w in ln.wikilinks:
                path = self.resolver.resolve(w.target or "").path
                if path is not None:
                    out.add(path)
        return {p for p in out if p is not None}

    def unreachable(self) -> list[str]:
        """Memories neither the index links nor any linked memory leads to."""
        reach = self.graph().reachable_from(self.indexed())
        return [p for p in self.memories if p not in reach]

    def exists(self, rel: str) -> bool:
        """Whether anything is at ``rel`` (a link or a FIFO too), looked up without links."""
        return rel in self.memories or lexists(self.ws.root, rel)


def untyped(folded: str) -> str:
    """A folded name (`memtui.core.scanner.links.fold`) without its memory-type prefix
    (``user-``, ``project-`` …), as Claude Code's file names carry one."""
    for type_ in KNOWN_TYPES:
        if folded.startswith(f"{type_}-") and len(folded) > len(type_) + 1:
            return folded[len(type_) + 1:]
    return folded
