"""Noise: what in a messy directory is not a memory (issue 19 §4).

Long-lived memory directories hold more than memories: daily briefs, reports, plans, agent
definitions. Two steps, run on the assembled findings; every finding stays one file's
(issue 30 §3: how many files share a finding is how a report *draws* them,
`memtui.core.reporting.grouping`, never what a finding is):

1. A folder none of whose files the index reaches and none of whose files is memory-shaped
   (no memory frontmatter) is a noise folder: its files keep their own ``orphan`` finding
   (the reports draw them as one line about the folder, with the ``exclude`` line to add to
   ``.memtui.toml``); their frontmatter findings are dropped (they are not memories).
2. A file whose frontmatter has another schema (``title``/``phase``/``date``, an agent's
   ``tools``/``model``) and none of name, description or type is not checked as a memory:
   its "frontmatter has no …" findings become one info note of its own.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import Protocol

from memtui.core.checks.findings import Finding, finding
from memtui.core.reporting.safe_output import printable
from memtui.core.scanner.memory_file import MemoryFile, wrong_kind

#: A folder is proposed for ``exclude`` when it holds at least this many files.
FOLDER_MIN_FILES = 2
#: Keys that make frontmatter without a type another file's: an agent definition.
FOREIGN_KEYS = ("tools", "model")
#: How the note of a file with another frontmatter schema begins.
SCHEMA_NOTE = "another frontmatter schema"
#: The frontmatter findings a file with another schema does not get.
_MISSING_FIELD = "frontmatter has no '"


class _Scan(Protocol):
    memory: MemoryFile


def other_schema(mf: MemoryFile) -> bool:
    """Frontmatter that parsed, with keys, meant for something else: no type, and none of
    name and description, or an agent definition's keys (``tools``, ``model``)."""
    if not (mf.has_frontmatter and mf.meta) or mf.type:
        return False
    return not _named(mf) or any(k in mf.meta for k in FOREIGN_KEYS)


def _named(mf: MemoryFile) -> bool:
    """A name or a description, or either given with a wrong type (``name: [a, b]``): meant
    as memtui's own schema, so its findings say what is wrong (newuser24 #64)."""
    return bool(mf.name or mf.description) or \
        any(wrong_kind(mf.meta.get(k)) for k in ("name", "description"))


def memory_shaped(mf: MemoryFile) -> bool:
    """Frontmatter with a name, a description or a type: a file meant to be a memory."""
    return mf.has_frontmatter and bool(_named(mf) or mf.type) and not other_schema(mf)


def exclude_line(*folders: str) -> str:
    """The ``.memtui.toml`` line that leaves ``folders`` out (TOML basic strings)."""
    globs = ", ".join(json.dumps(folder + "/**", ensure_ascii=False) for folder in folders)
    return f"exclude = [{globs}]"


def folders_of(paths: Iterable[str]) -> dict[str, list[str]]:
    """Every folder holding a file of ``paths`` (at any depth), with those files (grouped
    by the folder each is in)."""
    by_dir: dict[str, list[str]] = defaultdict(list)
    for rel in paths:
        by_dir[rel.rpartition("/")[0]].append(rel)
    under: dict[str, list[str]] = defaultdict(list)
    for folder, files in by_dir.items():
        if not folder:
            continue
        parts = folder.split("/")
        for depth in range(1, len(parts) + 1):
            under["/".join(parts[:depth])].extend(files)
    return dict(under)


def noise_folders(scans: Mapping[str, _Scan], reachable: Container[str],
                  under: Mapping[str, list[str]] | None = None,
                  shaped: Callable[[str], bool] | None = None) -> dict[str, list[str]]:
    """The shallowest folders whose files the index never reaches and none of which is
    memory-shaped, each with its files (at least ``FOLDER_MIN_FILES``). ``under``:
    `folders_of` the paths, and ``shaped``: whether a path's file is memory-shaped, when
    known already."""
    if under is None:
        under = folders_of(scans)
    if shaped is None:
        def shaped(rel: str) -> bool:
            return memory_shaped(scans[rel].memory)
    out: dict[str, list[str]] = {}
    for folder in sorted(under, key=lambda f: (f.count("/"), f)):
        files = under[folder]
        if len(files) < FOLDER_MIN_FILES:
            continue
        parts = folder.split("/")
        if any("/".join(parts[:depth]) in out for depth in range(1, len(parts))):
            continue
        # One reached or memory-shaped file spoils the folder: usually the first looked at.
        if any(rel in reachable or shaped(rel) for rel in files):
            continue
        out[folder] = sorted(files)
    return out


def schema_finding(rel: str, meta: Mapping[str, object]) -> Finding:
    """The one note of a file with another frontmatter schema, naming its first keys."""
    keys = ", ".join(printable(str(k)) for k in list(meta)[:4])
    return finding("frontmatter", rel, None,
                   f"{SCHEMA_NOTE} ({keys}): not a memory, so not checked as one", "info")


def noise_files(scans: Mapping[str, _Scan], reachable: Container[str],
                under: Mapping[str, list[str]] | None = None,
                shapes: Mapping[str, tuple[bool, bool]] | None = None,
                others: list[str] | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """The files steps 1 and 2 take: the noise folders (`noise_folders`) and the files
    with another schema outside them. A function of the paths, what is reachable and each
    file's shape alone (`memory_shaped`, `other_schema`), so the derivation keeps it while
    those stay the same; ``under`` (`folders_of`), ``shapes`` (each file's two) and
    ``others`` (the files of another schema, in order) when known already."""
    if shapes is None:
        folders = noise_folders(scans, reachable, under)
        schema = [rel for rel, s in scans.items() if other_schema(s.memory)]
    else:
        folders = noise_folders(scans, reachable, under, lambda rel: shapes[rel][0])
        schema = others if others is not None else \
            [rel for rel, shape in shapes.items() if shape[1]]
    in_folder = {rel for files in folders.values() for rel in files}
    return folders, sorted(rel for rel in schema if rel not in in_folder)


def quiet_noise(findings: Sequence[Finding], scans: Mapping[str, _Scan],
                reachable: Container[str],
                files: tuple[dict[str, list[str]], list[str]] | None = None
                ) -> list[Finding] | None:
    """The findings with the two steps above applied, or None when none applies (the
    list is then kept as it is, in its order). ``files``: `noise_files` of ``scans`` and
    ``reachable``, when it is known already."""
    folders, schema = files if files is not None else noise_files(scans, reachable)
    if not folders and not schema:
        return None
    in_folder = {rel for files in folders.values() for rel in files}
    schema_set = set(schema)
    kept: list[Finding] = []
    for f in findings:
        if f.path in in_folder and f.kind == "frontmatter":
            continue
        if f.path in schema_set and f.kind == "frontmatter" and \
                f.message.startswith(_MISSING_FIELD):
            continue
        kept.append(f)
    kept.extend(schema_finding(rel, scans[rel].memory.meta) for rel in schema)
    return kept
