"""The project a memory folder is about, and what of it ``stale_reference`` reads.

Which project: ``--project DIR`` or ``project = "DIR"`` in ``.memtui.toml``; else an item
workspace is about itself; else a Claude Code folder ``~/.claude/projects/ENCODED/memory``
is about the folder ENCODED names. Claude Code names it after the project's absolute path
with every character that is not an ASCII letter or digit turned into ``-``
(``path.replace(/[^a-zA-Z0-9]/g, "-")``, cut at 200 characters and a hash appended past
that), so decoding is ambiguous (``-`` may have been ``/``, ``.``, ``_``, ``-``, a space, any
non-ASCII letter): `decode_claude_folder` walks down from ``/``, at each level keeping the
entries whose encoded name is the next part of ENCODED, and takes the one folder that
matches whole; none or several are said, and nothing is checked.

What is read: names (every file's path, bounded by ``MAX_FILES``) and the text of files up to
``MAX_BYTES`` in all (``FILE_BYTES`` each), never executed, never through a symbolic link;
when a memory names a flag or a name the text no longer holds, the text files' past
versions in the git history (`history_text`: ``HISTORY_BYTES`` in all, read as data) to tell
a name that was the project's and is gone from one that never was;
hidden folders, vendored and generated folders (``SKIPPED_DIRS``) and what the root
``.gitignore`` names (its plain patterns: a name, ``dir/``, ``*.ext``) are skipped.

Why this module is past 500 lines: finding the project, decoding Claude Code's folder name,
and the bounded reading of its text and git history are one concept (what the project is
and what of it is read); the memories' own files left out of it (newuser28 #1) made it ~525.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
from pathlib import Path

from memtui.core.checks.repository_kept import repository_kept
from memtui.core.record import Record
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.textfile import read_regular_head

MAX_FILES = 20_000
MAX_BYTES = 32 << 20
FILE_BYTES = 1 << 20
MAX_DEPTH = 24
#: Bytes of past file versions read from the git history, at most, and of one version.
HISTORY_BYTES = 32 << 20
HISTORY_FILE = 1 << 20
#: Candidates tried while decoding a Claude Code folder name, at most.
MAX_CANDIDATES = 64
#: Entries of one folder looked at while decoding.
MAX_ENTRIES = 5_000
SKIPPED_DIRS = frozenset({
    "node_modules", "vendor", "third_party", "third-party", "bower_components", "venv",
    "site-packages", "__pycache__", "dist", "build", "target", "out", "coverage",
    "Pods", "Carthage", "deps", "_build", "elm-stuff", "jspm_packages"})
TEXT_SUFFIXES = frozenset({
    ".py", ".pyi", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".go", ".rs", ".java", ".kt",
    ".kts", ".scala", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".rb", ".php", ".swift", ".m",
    ".sh", ".bash", ".zsh", ".fish", ".ps1", ".lua", ".dart", ".ex", ".exs", ".erl", ".hs",
    ".ml", ".r", ".R", ".jl", ".sql", ".vue", ".svelte", ".toml", ".yaml", ".yml", ".json",
    ".ini", ".cfg", ".conf", ".md", ".rst", ".txt", ".gradle", ".cmake", ".mk", ".proto",
    ".graphql", ".html", ".css", ".scss", ".env", ".example", ".tf", ".nix", ".zig"})
TEXT_NAMES = frozenset({"Makefile", "Dockerfile", "Justfile", "Rakefile", "Gemfile",
                        "Procfile", "CMakeLists.txt"})

#: (git folder, the project's path inside its repository, ``""`` at the top, a commit id).
HistoryAt = tuple[str, str, str]

_ENCODE = lazy_pattern(r"[^a-zA-Z0-9]")
_IDENT = lazy_pattern(r"[A-Za-z_][A-Za-z0-9_]*")
_FLAG = lazy_pattern(r"--?[A-Za-z][A-Za-z0-9_-]*")
#: A hyphenated name quoted in code: a flag defined without its dashes (Go's
#: ``flag.String("push-url", …)``, yargs' ``.option('dry-run')``).
_QUOTED_NAME = lazy_pattern(r"""["'`]([A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)["'`]""")
#: Libraries that make a flag of a field or parameter (``max_retries`` → ``--max-retries``).
DERIVING = frozenset({"clap", "structopt", "typer", "fire", "argh", "tyro", "simple_parsing"})
#: A flag Go's flag package defines, its name quoted without dashes.
_GO_FLAG = lazy_pattern(r"\bflag\.[A-Z]\w*\(\s*(?:&?\w+,\s*)?\"([A-Za-z][\w-]*)\"")
#: The names a project gives its own commands, in its manifests.
_MANIFEST_NAMES = {
    "pyproject.toml": lazy_pattern(r"(?m)^\s*([A-Za-z0-9][\w.-]*)\s*=\s*[\"'][\w.]+:[\w.]+"
                                 r"[\"']|^name\s*=\s*[\"']([\w.-]+)[\"']"),
    "setup.cfg": lazy_pattern(r"(?m)^\s*([A-Za-z0-9][\w.-]*)\s*=\s*[\w.]+:[\w.]+"),
    "package.json": lazy_pattern(r"\"name\"\s*:\s*\"(?:@[\w.-]+/)?([\w.-]+)\"|"
                               r"\"([\w.-]+)\"\s*:\s*\"[./\w-]+\.m?js\""),
    "Cargo.toml": lazy_pattern(r"(?m)^name\s*=\s*\"([\w-]+)\""),
    "go.mod": lazy_pattern(r"(?m)^module\s+\S*?([\w.-]+)\s*$"),
}

#: Said with every "no project" note (newuser31 #20): a link to a project file cannot be
#: told from a broken one without the project, so it is a ``broken_link`` (SPEC §2: its
#: destination does not exist where memtui can look); with the project, an ``outside_link``.
UNKNOWN_PROJECT_LINKS = ("; a link to a project's file (such as src/app.py) is a broken_link "
                         "here: give the project and it is an outside_link")


def encode_path(path: str) -> str:
    """Claude Code's folder name for a project at ``path``."""
    return _ENCODE.sub("-", path)


def claude_folder_name(root: Path) -> str | None:
    """ENCODED when ``root`` is ``…/projects/ENCODED/memory`` (a Claude Code memory
    folder), else None."""
    parts = root.parts
    if len(parts) >= 3 and parts[-1] == "memory" and parts[-3] == "projects" and \
            parts[-2].startswith("-"):
        return parts[-2]
    return None


def decode_claude_folder(encoded: str, fs_root: str = "/") -> list[str]:
    """The existing folders Claude Code would have named ``encoded`` (at most
    ``MAX_CANDIDATES``), found by walking down from ``fs_root``."""
    if len(encoded) > 200 or not encoded.startswith("-"):
        return []  # cut and hashed: not decodable
    found: list[str] = []
    todo: list[tuple[str, str]] = [(fs_root, encoded[1:])]
    steps = 0
    while todo and len(found) < MAX_CANDIDATES and steps < MAX_CANDIDATES * 8:
        steps += 1
        folder, rest = todo.pop()
        if not rest:
            found.append(folder)
            continue
        try:
            with os.scandir(folder) as it:
                entries = [e for _, e in zip(range(MAX_ENTRIES), it, strict=False)]
        except OSError:
            continue
        for e in entries:
            name = encode_path(e.name)
            if rest == name or rest.startswith(name + "-"):
                try:
                    if not e.is_dir(follow_symlinks=True):
                        continue
                except OSError:
                    continue
                todo.append((os.path.join(folder, e.name), rest[len(name) + 1:]))
    return sorted(set(found))



class ProjectInfo(Record):
    """Which project the memories are about, and how it was found (or why none)."""

    path: str | None
    source: str  # "option", "config", "path", "item", "claude-code", "repository", "none"
    note: str = ""

    def __init__(self, path: str | None, source: str, note: str = "") -> None:
        self.path = path
        self.source = source
        self.note = note

    def to_dict(self) -> dict[str, object]:
        return {"path": self.path, "source": self.source, "note": self.note}


def cut_note() -> str:
    """What the project's row and JSON ``project.note`` say when its walk stopped at
    `MAX_FILES` (newuser32 #24)."""
    return (f"read only its first {MAX_FILES:,} files: names in the rest are not looked "
            "for, so no name is called absent from it")


def find_project(root: Path, layout: str, given: str | None, from_config: bool,
                 profile: str = "claude-code", from_path: bool = False) -> ProjectInfo:
    """The project of the workspace at ``root`` (``given``: --project or the config's; with
    ``from_path``, the folder the command named, the memory one folder below it) under the
    agent ``profile``."""
    if given:
        where = Path(given).expanduser()
        if not where.is_absolute():
            where = root / where
        source = "config" if from_config else "path" if from_path else "option"
        if not where.is_dir():  # a relative one says where it looked (newuser23 #43)
            tried = "" if Path(given).expanduser().is_absolute() else f" ({where})"
            return ProjectInfo(None, source, f"{given}: no such folder{tried}; stale "
                                             "references not checked" + UNKNOWN_PROJECT_LINKS)
        return ProjectInfo(str(where.resolve()), source)
    if layout == "item":
        return ProjectInfo(str(root), "item")
    encoded = claude_folder_name(root)
    if encoded is None and profile == "claude-code" and \
            (kept := repository_kept(root)) is not None:
        return ProjectInfo(kept, "repository")
    if encoded is None:
        # a store of entries holds no links (Hermes'): nothing there can lead into a
        # project (newuser33 #20)
        links = "" if profile == "hermes" else UNKNOWN_PROJECT_LINKS
        return ProjectInfo(None, "none", "no project (give --project DIR or project = "
                                         "\"DIR\" in .memtui.toml); stale references not "
                                         "checked" + links)
    found = decode_claude_folder(encoded)
    if len(found) == 1:
        return ProjectInfo(found[0], "claude-code")
    if not found:
        return ProjectInfo(None, "claude-code", f"no existing folder is named by {encoded}; "
                                                "stale references not checked"
                                                + UNKNOWN_PROJECT_LINKS)
    return ProjectInfo(None, "claude-code", f"{len(found)} folders are named by {encoded} "
                       f"({', '.join(found[:3])}); give --project DIR; stale references "
                       "not checked" + UNKNOWN_PROJECT_LINKS)


def _ignored_patterns(root: str) -> list[str]:
    try:
        with open(os.path.join(root, ".gitignore"), encoding="utf-8", errors="replace") as f:
            lines = f.read(64 << 10).splitlines()
    except OSError:
        return []
    return [ln.strip().strip("/") for ln in lines
            if ln.strip() and not ln.startswith(("#", "!")) and ln.strip().strip("/")]


class ProjectIndex(Record):
    """What ``stale_reference`` checks against: the project's file paths (relative, POSIX),
    its folders, and (read when first asked) the words and flags of its text."""

    root: str
    files: set[str]
    dirs: set[str]
    #: The walk stopped at ``MAX_FILES``: a path not found may still exist.
    cut: bool = False
    #: Paths skipped as ignored or vendored (a reference into them is not checked).
    skipped: list[str]
    #: A digest of every file's path, size and mtime: changes when the project does.
    digest: str = ""
    _history: set[str] | None = None
    _history_read = False
    _words: set[str] | None = None
    _flags: set[str] | None = None
    _quoted: set[str] | None = None
    _past: tuple[set[str], set[str]] | None = None
    _programs: set[str] | None = None
    text_cut: bool = False
    #: The history to read instead of the repository's at ``root`` (a trend's point: its
    #: workspace is rebuilt outside the repository).
    history_at: HistoryAt | None = None
    #: The memories' own text inside the project (relative to it): a folder with its ``/``
    #: (its markdown files; ``/`` alone: the root's) or a file (the index). It is no
    #: witness that the project holds a name: a memory naming a symbol would always find
    #: it in itself (newuser28 #1).
    memory_text: tuple[str, ...] = ()
    #: The project is an agent's home (an OpenClaw workspace, about itself), not a codebase:
    #: its memories name the agent's own tools and config keys, which its text never holds,
    #: so a code-shaped name it lacks is stale only when its history held it (real29 #3).
    home: bool = False

    def __init__(self, root: str, files: set[str] | None = None, dirs: set[str] | None = None,
                       cut: bool = False, skipped: list[str] | None = None, digest: str = "",
                       _history: set[str] | None = None, _words: set[str] | None = None,
                       _flags: set[str] | None = None, _quoted: set[str] | None = None,
                       _past: tuple[set[str], set[str]] | None = None,
                       _programs: set[str] | None = None, text_cut: bool = False,
                       history_at: HistoryAt | None = None,
                       memory_text: tuple[str, ...] = (), home: bool = False) -> None:
        self.root = root
        self.files = set() if files is None else files
        self.dirs = set() if dirs is None else dirs
        self.cut = cut
        self.skipped = [] if skipped is None else skipped
        self.digest = digest
        self._history = _history
        self._words = _words
        self._flags = _flags
        self._quoted = _quoted
        self._past = _past
        self._programs = _programs
        self.text_cut = text_cut
        self.history_at = history_at
        self.memory_text = memory_text
        self.home = home

    @classmethod
    def walk(cls, root: str, memories: str | None = None,
             memory_text: tuple[str, ...] = ()) -> ProjectIndex:
        """The project at ``root``; ``memories``: the memory folder's path relative to it
        when inside (its markdown files stay out of the digest: the audit keys them);
        ``memory_text``: as the field, the memories' text left out of the project's."""
        out = cls(root, memory_text=memory_text)
        mine = None if memories is None else ("" if memories == "." else memories + "/")
        h = hashlib.sha256()
        patterns = _ignored_patterns(root)
        stack: list[tuple[str, str, int]] = [(root, "", 0)]
        while stack:
            folder, rel, depth = stack.pop()
            try:
                with os.scandir(folder) as it:
                    entries = list(it)
            except OSError:
                continue
            for e in entries:
                name = e.name
                sub = f"{rel}/{name}" if rel else name
                if name.startswith(".") and name not in (".env.example",):
                    continue
                if any(fnmatch.fnmatchcase(name, p) or fnmatch.fnmatchcase(sub, p)
                       for p in patterns):
                    out.skipped.append(sub)
                    continue
                try:
                    if e.is_symlink():
                        continue
                    is_dir = e.is_dir(follow_symlinks=False)
                except OSError:
                    continue
                if is_dir:
                    if name in SKIPPED_DIRS:
                        out.skipped.append(sub)
                        continue
                    out.dirs.add(sub)
                    if depth < MAX_DEPTH:
                        stack.append((e.path, sub, depth + 1))
                    continue
                if len(out.files) >= MAX_FILES:
                    out.cut = True
                    break
                out.files.add(sub)
                if mine is not None and sub.startswith(mine) and name.endswith(".md"):
                    continue
                try:
                    st = e.stat(follow_symlinks=False)
                    h.update(f"{sub}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
                except OSError:
                    h.update(f"{sub}\n".encode())
            if out.cut:
                break
        out.digest = h.hexdigest()[:32]
        return out

    @property
    def history(self) -> set[str] | None:
        """Every path (relative to the project) the project's git history ever held, read
        as data (`memtui.core.git.repo`, bounded); None: no repository. A path there and not
        in the folder existed once: it was deleted or moved."""
        if not self._history_read:
            self._history_read = True
            self._history = once_held(self.root, self.history_at)
        return self._history

    def in_skipped(self, rel: str) -> bool:
        return any(rel == s or rel.startswith(s + "/") for s in self.skipped)

    def is_memory(self, rel: str) -> bool:
        """Whether the project's file ``rel`` is a memory or the index (`memory_text`)."""
        return is_memory_text(rel, self.memory_text)

    def _read_text(self) -> None:
        words: set[str] = set()
        flags: set[str] = set()
        quoted: set[str] = set()
        budget = MAX_BYTES
        for rel in sorted(self.files):
            base = rel.rsplit("/", 1)[-1]
            if os.path.splitext(base)[1] not in TEXT_SUFFIXES and base not in TEXT_NAMES:
                continue
            if self.memory_text and self.is_memory(rel):
                continue
            if budget <= 0:
                self.text_cut = True
                break
            data = read_regular_head(os.path.join(self.root, rel), min(FILE_BYTES, budget))
            if data is None:
                continue
            budget -= len(data)
            text = data.decode("utf-8", errors="replace")
            words.update(_IDENT.findall(text))
            if "-" in text:
                flags.update(_FLAG.findall(text))
            quoted.update(_QUOTED_NAME.findall(text))
        self._words, self._flags, self._quoted = words, flags, quoted

    @property
    def words(self) -> set[str]:
        if self._words is None:
            self._read_text()
        return self._words  # type: ignore[return-value]

    @property
    def flags(self) -> set[str]:
        if self._flags is None:
            self._read_text()
        return self._flags  # type: ignore[return-value]

    def flag_live(self, flag: str) -> bool:
        """Whether the project's text still holds ``flag`` (``--name``, ``-name``, or the
        name quoted as a flag is defined in code, or, in a project using a library that
        makes flags of fields (clap, structopt, typer, fire), a multi-word name as an
        identifier)."""
        if self._flags is None:
            self._read_text()
        name = flag.lstrip("-")
        return flag in self.flags or f"-{name}" in self.flags or f"--{name}" in self.flags \
            or name in (self._quoted or ()) or \
            ("-" in name and name.replace("-", "_") in self.words and
             not DERIVING.isdisjoint(self.words))

    @property
    def past(self) -> tuple[set[str], set[str]]:
        """(identifiers, flags) the text files' past versions in the git history held
        (`history_text`); empty without a repository."""
        if self._past is None:
            self._past = history_text(self.root, self.history_at, self.memory_text)
        return self._past

    @property
    def programs(self) -> set[str]:
        """The names the project gives its own commands: its folder's, and those its
        manifests declare (pyproject scripts and name, setup.cfg entry points, package.json
        name and bin, Cargo's package, go.mod's module)."""
        if self._programs is None:
            names = {os.path.basename(self.root.rstrip("/"))}
            for manifest, pattern in _MANIFEST_NAMES.items():
                if manifest not in self.files:
                    continue
                try:
                    with open(os.path.join(self.root, manifest), "rb") as f:
                        text = f.read(256 << 10).decode("utf-8", errors="replace")
                except OSError:
                    continue
                for m in pattern.finditer(text):
                    names.update(g for g in m.groups() if g)
            self._programs = {n for n in names if n}
        return self._programs

    def lines_of(self, rel: str) -> int | None:
        """How many lines the file has (None: unreadable or past ``FILE_BYTES``)."""
        try:
            with open(os.path.join(self.root, rel), "rb") as f:
                data = f.read(FILE_BYTES + 1)
        except OSError:
            return None
        if len(data) > FILE_BYTES:
            return None
        return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)


def _repository(root: str, at: HistoryAt | None) -> tuple[Path, str, str | None] | None:
    """(git folder, the project's path in the repository with a ``/`` or ``""``, the commit
    its history starts from: None for HEAD) of the project at ``root``; None: no
    repository."""
    if at is not None:
        gitdir, prefix, commit = at
        return Path(gitdir), (prefix + "/" if prefix else ""), commit
    from memtui.core.git.repo import find_repo

    found = find_repo(Path(root))
    if found is None:
        return None
    top, gitdir = found
    prefix = os.path.relpath(os.path.realpath(root), top).replace(os.sep, "/")
    return gitdir, ("" if prefix == "." else prefix + "/"), None


def once_held(root: str, at: HistoryAt | None = None) -> set[str] | None:
    """The paths under ``root`` any commit of its repository touched (None: no repository,
    or none readable); ``at``: the history of that commit of that repository (a trend's
    point). A walk cut by its budget gives what it read."""
    from memtui.core.git.repo import GitReadError, Repo

    found = _repository(root, at)
    if found is None:
        return None
    gitdir, prefix, start = found
    out: set[str] = set()
    try:
        with Repo(gitdir) as repo:
            head = start or repo.head()
            if head is None:
                return None
            try:
                for info in repo.walk(head):
                    parent = repo.commit(info.parents[0]).tree if info.parents else None
                    for _, _, path in repo.changes(parent, info.tree):
                        if path.startswith(prefix):
                            out.add(path[len(prefix):])
            except GitReadError:
                pass  # cut: what was read holds
    except (GitReadError, OSError, ValueError):
        return out or None
    return out


def walked(rel: str) -> bool:
    """Whether `ProjectIndex.walk` reads the project's path ``rel`` (no hidden name, no
    vendored or generated folder): a past version is read only where a present one would
    be. A memory folder kept in the repository (``.claude/memory/``) is not the project's
    text: its own past wording is no witness that the project held a name (newuser27 #23)."""
    parts = rel.split("/")
    return not any(p.startswith(".") and p != ".env.example" for p in parts) and \
        not any(p in SKIPPED_DIRS for p in parts[:-1])


def is_memory_text(rel: str, memory_text: tuple[str, ...]) -> bool:
    """Whether the project's path ``rel`` is one of ``memory_text`` (`ProjectIndex`): a
    markdown file under one of its folders (``/``: the project's root), or one of its
    files."""
    return any(rel == m or (m.endswith("/") and rel.startswith(m.lstrip("/")) and
                            rel.lower().endswith(".md")) for m in memory_text)


def history_text(root: str, at: HistoryAt | None = None,
                 memory_text: tuple[str, ...] = ()) -> tuple[set[str], set[str]]:
    """(identifiers, flags) in every past version of the project's text files that its git
    history holds, read as data: the versions the current tree no longer holds, newest
    commits first, at most ``HISTORY_BYTES`` (``HISTORY_FILE`` a version); ``at``: as
    `once_held`; the memories' own past wording (``memory_text``) is left out. Empty sets
    without a repository; a walk cut by its budget gives what it read."""
    from memtui.core.git.repo import GitReadError, Repo

    words: set[str] = set()
    flags: set[str] = set()
    found = _repository(root, at)
    if found is None:
        return words, flags
    gitdir, prefix, start = found
    budget = HISTORY_BYTES
    try:
        with Repo(gitdir) as repo:
            head = start or repo.head()
            if head is None:
                return words, flags
            current = {sha for _, sha, _ in repo.files(repo.commit(head).tree)}
            seen: set[str] = set(current)
            try:
                for info in repo.walk(head):
                    parent = repo.commit(info.parents[0]).tree if info.parents else None
                    for sides in ((parent, info.tree), (info.tree, parent)):
                        for mode, sha, path in repo.changes(*sides):
                            base = path.rsplit("/", 1)[-1]
                            if mode == "0" or sha in seen or not path.startswith(prefix) or \
                                    (os.path.splitext(base)[1] not in TEXT_SUFFIXES and
                                     base not in TEXT_NAMES) or \
                                    not walked(path[len(prefix):]) or \
                                    is_memory_text(path[len(prefix):], memory_text):
                                continue
                            seen.add(sha)
                            data = repo.blob(sha, min(HISTORY_FILE, budget))
                            if data is None:
                                continue
                            budget -= len(data)
                            text = data.decode("utf-8", errors="replace")
                            words.update(_IDENT.findall(text))
                            if "-" in text:
                                flags.update(_FLAG.findall(text))
                                flags.update("--" + q for q in _QUOTED_NAME.findall(text)
                                             if "-" in q)
                            flags.update("--" + q for q in _GO_FLAG.findall(text))
                            if budget <= 0:
                                return words, flags
            except GitReadError:
                pass  # cut: what was read holds
    except (GitReadError, OSError, ValueError):
        pass
    return words, flags
