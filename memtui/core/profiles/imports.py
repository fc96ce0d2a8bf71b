"""``@path`` imports in CLAUDE.md, GEMINI.md and AGENTS.md: a file's line ``@docs/x.md``
pulls that file in, recursively, at most 5 hops deep (Claude Code's memory docs; Gemini
CLI's ``docs/reference/memport.md``, which also detects cycles); an ``@`` inside a code
span or a fenced block is text, not an import.

Checked: a target that does not exist (``broken_import``), one written inside code
(``import_in_code``: the writer meant an import the agent never makes), one past 5 hops
(``import_too_deep``) and a cycle (``import_cycle``); the files imported past the first
`MAX_FILES` are not read, and one ``unchecked_text`` error names them (redteam33: a
credential imported as the 201st file passed unseen). Only a target that names a path (a
``/`` or a file extension) counts, so ``@alice`` in prose is no import. A target inside
the workspace is read (bounded) and followed; one outside is looked at with one ``lstat``,
never read."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable

from memtui.core.checks.findings import Finding, finding
from memtui.core.scanner.code_blocks import CODE_SPAN, unfenced_rows
from memtui.core.workspace import Workspace

#: (as `memtui.core.profiles.base.Reader`, which imports this module)
Reader = Callable[[str], "str | None"]

ROOTS = ("CLAUDE.md", "GEMINI.md", "AGENTS.md")
MAX_HOPS = 5
#: The most files followed from one workspace's roots.
MAX_FILES = 200
IMPORT = re.compile(r"(?<![\w@])@((?:~|\.{1,2})?/?[\w.~+-][\w./~+-]*)")


def _is_path(target: str) -> bool:
    name = target.rstrip("/").rsplit("/", 1)[-1]
    return "/" in target or bool(re.search(r"\.[A-Za-z0-9]{1,8}$", name))


def imports_of(text: str) -> list[tuple[int, str, bool]]:
    """Each ``@path`` of ``text``: (line, target, inside code)."""
    out: list[tuple[int, str, bool]] = []
    for n, line, fenced in unfenced_rows(text):
        spans = [(s.start(), s.end()) for s in CODE_SPAN.finditer(line)]
        for im in IMPORT.finditer(line):
            target = im[1].rstrip(".,;:)")
            if not _is_path(target):
                continue
            in_code = fenced or any(a <= im.start() < b for a, b in spans)
            out.append((n, target, in_code))
    return out


def without_code_imports(text: str) -> str:
    """``text`` without the ``@path`` imports written inside code (the agent imports none:
    they name no file it reads)."""
    rows = text.splitlines()
    for n, target, in_code in imports_of(text):
        if in_code:
            rows[n - 1] = rows[n - 1].replace("@" + target, "")
    return "\n".join(rows)


def import_findings(ws: Workspace, read: Reader, roots: tuple[str, ...] = ROOTS
                    ) -> list[Finding]:
    """The import problems of the workspace's CLAUDE.md, GEMINI.md and AGENTS.md (those of
    ``roots``: the files the agent loads)."""
    return import_walk(ws, read, roots)[0]


def imported_files(ws: Workspace, read: Reader, roots: tuple[str, ...]) -> list[str]:
    """The workspace's files the agent imports from ``roots``, every hop (at most
    `MAX_HOPS`), none written inside code, in the order it reaches them (newuser32 #13: a
    file imported at the second hop was an orphan "never seen", and the block left every
    imported file out though Gemini CLI expands them)."""
    return import_walk(ws, read, roots)[1]


def import_walk(ws: Workspace, read: Reader, roots: tuple[str, ...] = ROOTS
                ) -> tuple[list[Finding], list[str]]:
    """The import problems of ``roots`` and the files imported (`imported_files`)."""
    out: list[Finding] = []
    imported: list[str] = []
    visited = 0
    root = str(ws.root)

    def walk(rel: str, text: str, stack: tuple[str, ...]) -> None:
        nonlocal visited
        hops = len(stack)
        for line, target, in_code in imports_of(text):
            if in_code:
                out.append(finding("import_in_code", rel, line,
                                   f"@{target} is inside a code span or block: the agent "
                                   "does not import it"))
                continue
            if target.startswith("~"):
                continue  # the user's home: not this workspace's to check
            if target.startswith("/"):
                absolute = posixpath.normpath(target)
            else:
                absolute = posixpath.normpath(posixpath.join(root, posixpath.dirname(rel),
                                                             target))
            inside = absolute.startswith(root + "/")
            try:
                os.lstat(absolute)
            except (OSError, ValueError):
                out.append(finding("broken_import", rel, line,
                                   f"@{target}: no such file (imported from here)"))
                continue
            if not inside:
                continue  # there, and outside: looked at, never read
            child = absolute[len(root) + 1:]
            if child in stack or child == rel:
                out.append(finding("import_cycle", rel, line,
                                   f"@{target} imports a file that imports this one: "
                                   f"{' → '.join([*stack, rel, child])}"))
                continue
            if hops + 1 > MAX_HOPS:
                out.append(finding("import_too_deep", rel, line,
                                   f"@{target} is import hop {hops + 1}: past "
                                   f"{MAX_HOPS} hops the agent stops following"))
                continue
            visited += 1
            if visited > MAX_FILES:
                past.append(child)  # loaded by the agent, never read here: said below
                continue
            body = read(child)
            if body is not None:
                if child not in imported and child not in roots:
                    imported.append(child)
                walk(child, body, (*stack, rel))

    past: list[str] = []
    for name in roots:
        text = read(name)
        if text is not None:
            walk(name, text, ())
    if past:  # the bound on files followed: what lies past it is text nobody checked
        from memtui.core.scanner.scan import unchecked

        more = f"it and {len(past) - 1:,} more" if len(past) > 1 else "it"
        out.append(unchecked(past[0], None, (
            f"the agent imports {more} past the {MAX_FILES} files memtui follows from "
            f"{', '.join(roots)}")))
    return out, imported
