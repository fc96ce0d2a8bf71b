"""Which files the chat agent may write, and which files other tools run or load (SPEC §5).

**The rule.** The agent's file tools create, change or delete only memories and the index:
``MEMORY.md`` at the workspace root, or a file whose name ends in ``.md`` under the memory
folder (``memory/`` in the item layout, the root in the flat layout, never under a new
``memory/`` there: that folder would turn it into the item layout), that is not a
documentation or instruction file other agents load (``README.md``, ``CLAUDE.md``,
``AGENTS.md``, ``GEMINI.md``), and every part of whose path is a portable name: no leading
dot (``.github/``, ``.vscode/``, ``.envrc``, memtui's ``.memtui*`` files), no trailing dot or
space, none of ``< > : " | ? * \\`` or a control character, not a name Windows reserves for
a device (``CON``, ``PRN``, ``AUX``, ``NUL``, ``COM1``–``COM9``, ``LPT1``–``LPT9``, with any
extension). Nothing another tool executes or loads (a CI workflow, a shell's ``.envrc``, a
pre-commit or editor task file, memtui's own config and baseline) is a ``.md`` file under
the memory folder, so none can be written.

No tool reads, lists or writes memtui's own files: any name starting with ``.memtui``
(``.memtui/``, ``.memtui.toml``, ``.memtui-baseline.json``), at any depth.

**The audit** lists files that already sit in the workspace and that other tools run or load
(:data:`RUN_OR_LOADED`) as the ``tool_file`` finding, and memory-folder names Windows
cannot hold as ``unportable_name``: the agent cannot have written them, so someone else did.
"""

from __future__ import annotations

import os
import re
import stat

from memtui.core.checks.findings import Finding, finding
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.workspace import INDEX_NAME, MEMORY_DIR, Workspace

#: A name memtui keeps for its own files (compared case-insensitively).
OWN_PREFIX = ".memtui"
#: Markdown files other agents load as instructions, or that document a folder: never a
#: memory, never written by the agent (compared case-insensitively).
INSTRUCTION_NAMES = ("readme.md", "claude.md", "agents.md", "gemini.md")
#: Device names Windows reserves, with any extension (``CON.md`` is the console there).
_DEVICE = lazy_pattern(r"^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])"
                     r"(\..*)?$", re.IGNORECASE)
_BAD_CHARS = lazy_pattern(r'[<>:"|?*\\\x00-\x1f\x7f]')

#: Files other tools execute or load, relative to the workspace root: a folder name ending
#: in ``/`` means every file directly in it. What the audit looks for (a few ``lstat`` and
#: one folder listing each, never a read).
RUN_OR_LOADED = (
    ".envrc", ".env", ".pre-commit-config.yaml", ".pre-commit-hooks.yaml", ".gitlab-ci.yml",
    ".github/workflows/", ".github/actions/", ".vscode/tasks.json", ".vscode/settings.json",
    ".vscode/launch.json", ".devcontainer/devcontainer.json", ".claude/settings.json",
    ".claude/settings.local.json", ".mcp.json", ".cursor/mcp.json",
)
#: Entries of one listed folder reported at most; the rest are counted, up to MAX_COUNTED.
MAX_LISTED = 20
MAX_COUNTED = 10_000


def is_own(name: str) -> bool:
    """Whether ``name`` (one path part) is one of memtui's own files or folders."""
    return name.lower().startswith(OWN_PREFIX)


def unportable(name: str) -> str | None:
    """Why ``name`` (one path part) is not a portable file name, or None."""
    if name.startswith("."):
        return "starts with a dot (hidden files and folders are other tools' settings)"
    if name.endswith((".", " ")):
        return "ends with a dot or a space (Windows drops it: another file's name)"
    bad = _BAD_CHARS.search(name)
    if bad:
        char = bad.group(0)
        shown = repr(char) if char.isprintable() else f"U+{ord(char):04X}"
        return f"holds {shown} (':' opens an alternate data stream on Windows)" \
            if char == ":" else f"holds {shown}, which Windows does not allow in a name"
    if _DEVICE.match(name):
        return "is a device name Windows reserves (CON, PRN, AUX, NUL, COM1, LPT1 …)"
    return None


#: A reserved device name as a whole path part, with or without an extension: found
#: wherever `_DEVICE` matches a part (and maybe elsewhere; the parts are then looked at).
_DEVICE_PART = lazy_pattern(r"(?:^|/)(?:con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|"
                            r"lpt[0-9¹²³])(?:\.|/|$)", re.IGNORECASE)


def _portable_path(rel: str) -> bool:
    """True when no part of ``rel`` is `unportable` (looked at whole, with no split): the
    common case, checked first for each of tens of thousands of files."""
    return not rel.startswith(".") and "/." not in rel and "./" not in rel and \
        " /" not in rel and not rel.endswith((".", " ")) and \
        _BAD_CHARS.search(rel) is None and _DEVICE_PART.search(rel) is None


#: `_portable_path` for many paths at once, each on a line of its own (none holding a
#: newline): what would make it False for one line, found anywhere in the text — a
#: character `_BAD_CHARS` names (a class alone, searched at C speed: one pattern with
#: the pieces below as alternatives was tried at every position, 43 ms for 50,000 paths
#: against 5 + 7 ms), a part starting or ending with a dot or ending with a space (plain
#: substrings of the text, at its ends), a device name as a part.
_ANY_BAD_CHAR = lazy_pattern(r'[<>:"|?*\\\x00-\x09\x0b-\x1f\x7f]')
_UNPORTABLE_PIECES = ("\n.", ".\n", " \n", "/.", "./", " /")
_ANY_DEVICE_PART = lazy_pattern(_DEVICE_PART.pattern, re.IGNORECASE | re.MULTILINE)
#: `_ANY_DEVICE_PART` for an ASCII text lowered, with a newline before it: no alternative
#: to try at the start of each line, only after a ``/`` or a newline (26 ms → 11 ms).
_ANY_DEVICE_LOWERED = lazy_pattern(r"[/\n](?:con|prn|aux|nul|conin\$|conout\$|com[0-9]|"
                                   r"lpt[0-9])(?:[./\n]|$)")


def _all_portable(paths: list[str]) -> bool:
    """True when `_portable_path` holds for every one of ``paths`` (False: maybe not), a
    few searches of one text rather than two of each of tens of thousands of paths."""
    text = "\n".join(paths)
    if text.count("\n") != max(len(paths) - 1, 0) or text.startswith(".") or \
            text.endswith((".", " ")) or any(piece in text for piece in _UNPORTABLE_PIECES) or \
            _ANY_BAD_CHAR.search(text) is not None:
        return False
    if text.isascii():  # (lowered, its letters match as IGNORECASE would: ASCII has no others)
        return _ANY_DEVICE_LOWERED.search("\n" + text.lower()) is None
    return _ANY_DEVICE_PART.search(text) is None


def write_problem(parts: list[str], flat: bool, settled: bool = True,
                  stores: tuple[str, ...] = ()) -> str | None:
    """Why the agent may not create, change or delete the file at ``parts`` (path parts
    from the workspace root), or None when it may (see the module's rule). ``settled``: a
    flat folder that already keeps memories beside its index (a new one, holding MEMORY.md
    alone, may still start the item layout's ``memory/``). ``stores``: the only files the
    folder's agent loads, when they are stores of entries (Hermes' MEMORY.md and USER.md):
    a refusal then names them, never a loose file the agent would not load."""
    for part in parts:
        why = unportable(part)
        if why:
            return f"'{part}' {why}"
    if parts == [INDEX_NAME]:
        return None
    name = parts[-1] if parts else ""
    if flat and settled and len(parts) > 1 and parts[0].lower() == MEMORY_DIR.lower():
        # a memory/ folder would turn this folder into the item layout (a Hermes store
        # read as an index; newuser32 #40): the agent writes in the folder's own layout
        if stores:  # (newuser33 #24: "write deploy-day.md", a file Hermes never loads)
            return (f"a {MEMORY_DIR}/ folder would make this workspace another layout, and "
                    f"its agent loads only the entries of {' and '.join(stores)}")
        return (f"this workspace keeps its memories flat in this folder, and a {MEMORY_DIR}/ "
                "folder would make it another layout; write "
                f"{'/'.join(parts[1:])}, not {'/'.join(parts)}")
    under = flat or (len(parts) > 1 and parts[0] == MEMORY_DIR)
    if not under or not name.lower().endswith(".md"):
        where = "a .md file in the workspace" if flat else f"a .md file under {MEMORY_DIR}/"
        return f"the tools write only memories ({where}) and {INDEX_NAME}"
    if name.lower() in INSTRUCTION_NAMES:
        return f"{name} is a file other agents load as instructions, not a memory"
    return None


def workspace_findings(ws: Workspace, files: list[str]) -> list[Finding]:
    """``tool_file`` for each file of :data:`RUN_OR_LOADED` in the workspace, and
    ``unportable_name`` for each memory file (of ``files``) whose path holds a name the
    agent's tools refuse: what they cannot have written (a few ``lstat``; nothing read)."""
    out = [finding("tool_file", rel, None, f"{what}: the agent's tools never write it, so "
                   "someone else did — check what it runs")
           for rel, what in run_or_loaded(ws)]
    for rel in () if _all_portable(files) else files:
        if _portable_path(rel):
            continue
        for part in rel.split("/"):
            why = unportable(part)
            if why:
                out.append(finding("unportable_name", rel, None,
                                   f"'{part}' {why}; rename it"))
                break
    return out


def run_or_loaded(ws: Workspace) -> list[tuple[str, str]]:
    """Files of :data:`RUN_OR_LOADED` that exist in the workspace: ``(path, what)``.
    Symlinks count (as what they are, never followed); nothing is read."""
    out: list[tuple[str, str]] = []
    for rel in RUN_OR_LOADED:
        path = os.path.join(ws.root, rel)
        if not rel.endswith("/"):
            if _present(path):
                out.append((rel, "a file other tools run or load"))
            continue
        names: list[str] = []
        more = 0
        try:
            with os.scandir(path) as entries:
                for entry in entries:
                    if _present(entry.path, files_only=True):
                        if len(names) < MAX_LISTED:
                            names.append(entry.name)
                        else:
                            more += 1
                            if more >= MAX_COUNTED:
                                break
        except OSError:
            continue
        out.extend((rel + name, "a file other tools run or load") for name in sorted(names))
        if more:
            out.append((rel.rstrip("/"), f"{'at least ' if more >= MAX_COUNTED else ''}"
                        f"{more:,} more files other tools run or load"))
    return out


def _present(path: str, files_only: bool = False) -> bool:
    try:
        st = os.lstat(path)
    except (OSError, ValueError):
        return False
    return not (files_only and stat.S_ISDIR(st.st_mode))
