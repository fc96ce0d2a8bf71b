"""Noise: a messy directory's findings still fit one screen (issue 19 §4).

Long-lived memory directories hold more than memories: daily briefs, reports, plans, agent
definitions. Three steps, run on the assembled findings:

1. A folder none of whose files the index reaches and none of whose files is memory-shaped
   (no memory frontmatter) is one ``orphan`` finding about the folder, naming the file count
   and the ``exclude`` line to add to ``.memtui.toml``; its files' orphan and frontmatter
   findings are dropped (they are not memories).
2. A file whose frontmatter has another schema (``title``/``phase``/``date``, an agent's
   ``tools``/``model``) and none of name, description or type is not checked as a memory:
   its "frontmatter has no …" findings become one grouped info note for all such files.
3. Any other per-file finding that fires on more than ``GROUP_MIN_FILES`` files becomes one
   workspace-level finding of its kind listing them, as age and format already are.
   ``secret``, ``broken_link``, ``instruction_like`` and ``duplicate_name`` stay one per
   line: each needs its own look (``fix redact``, ``fix repoint``, ``fix rename`` take them
   one by one).
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Container, Mapping, Sequence
from typing import Protocol

from memtui.core.findings import KIND_TITLES, WORKSPACE, Finding, Severity, finding
from memtui.core.memory_file import MemoryFile
from memtui.core.wording import plural

#: A per-file finding on more than this many files becomes one workspace-level finding.
GROUP_MIN_FILES = 5
#: A folder is proposed for ``exclude`` when it holds at least this many files.
FOLDER_MIN_FILES = 2
#: Kinds never gathered: each occurrence needs its own look and its own fix.
PER_LINE_KINDS = frozenset({"secret", "broken_link", "instruction_like",
                            "duplicate_name"})
#: Keys that make frontmatter without a type another file's: an agent definition.
FOREIGN_KEYS = ("tools", "model")
#: The frontmatter findings a file with another schema does not get.
_MISSING_FIELD = "frontmatter has no '"
_DIGITS = re.compile(r"\d+")


class _Scan(Protocol):
    memory: MemoryFile


def other_schema(mf: MemoryFile) -> bool:
    """Frontmatter that parsed, with keys, meant for something else: no type, and none of
    name and description, or an agent definition's keys (``tools``, ``model``)."""
    if not (mf.has_frontmatter and mf.meta) or mf.type:
        return False
    return not (mf.name or mf.description) or any(k in mf.meta for k in FOREIGN_KEYS)


def memory_shaped(mf: MemoryFile) -> bool:
    """Frontmatter with a name, a description or a type: a file meant to be a memory."""
    return mf.has_frontmatter and bool(mf.name or mf.description or mf.type) and \
        not other_schema(mf)


def exclude_line(*folders: str) -> str:
    """The ``.memtui.toml`` line that leaves ``folders`` out (TOML basic strings)."""
    globs = ", ".join(json.dumps(folder + "/**", ensure_ascii=False) for folder in folders)
    return f"exclude = [{globs}]"


def noise_folders(scans: Mapping[str, _Scan], reachable: Container[str]
                  ) -> dict[str, list[str]]:
    """The shallowest folders whose files the index never reaches and none of which is
    memory-shaped, each with its files (at least ``FOLDER_MIN_FILES``)."""
    under: dict[str, list[str]] = defaultdict(list)
    spoiled: set[str] = set()
    for rel, scan in scans.items():
        parts = rel.split("/")[:-1]
        bad = rel in reachable or memory_shaped(scan.memory)
        for depth in range(1, len(parts) + 1):
            folder = "/".join(parts[:depth])
            under[folder].append(rel)
            if bad:
                spoiled.add(folder)
    out: dict[str, list[str]] = {}
    for folder in sorted(under, key=lambda f: (f.count("/"), f)):
        if folder in spoiled or len(under[folder]) < FOLDER_MIN_FILES:
            continue
        parts = folder.split("/")
        if any("/".join(parts[:depth]) in out for depth in range(1, len(parts))):
            continue
        out[folder] = sorted(under[folder])
    return out


def _folder_finding(folder: str, files: list[str]) -> Finding:
    return finding("orphan", WORKSPACE, None,
                   f"{folder}/: {plural(len(files), 'file')} the index never reaches, none "
                   "memory-shaped (no memory frontmatter): not memories? Add "
                   f"{exclude_line(folder)} to .memtui.toml", files=tuple(files))


def _schema_finding(files: list[str], keys: Counter[str]) -> Finding:
    common = ", ".join(k for k, _ in keys.most_common(4))
    return finding("frontmatter", WORKSPACE, None,
                   f"{plural(len(files), 'file')} with another frontmatter schema ({common}): "
                   "not memories, so not checked as memories", "info", files=tuple(files))


def noise_files(scans: Mapping[str, _Scan], reachable: Container[str]
                ) -> tuple[dict[str, list[str]], list[str]]:
    """The files steps 1 and 2 take: the noise folders (`noise_folders`) and the files
    with another schema outside them. A function of the paths, what is reachable and each
    file's shape alone (`memory_shaped`, `other_schema`), so the derivation keeps it while
    those stay the same."""
    folders = noise_folders(scans, reachable)
    in_folder = {rel for files in folders.values() for rel in files}
    return folders, sorted(rel for rel, s in scans.items()
                           if rel not in in_folder and other_schema(s.memory))


def quiet_noise(findings: Sequence[Finding], scans: Mapping[str, _Scan],
                reachable: Container[str],
                files: tuple[dict[str, list[str]], list[str]] | None = None
                ) -> list[Finding] | None:
    """The findings with the three steps above applied, or None when none applies (the
    list is then kept as it is, in its order). ``files``: `noise_files` of ``scans`` and
    ``reachable``, when it is known already."""
    folders, schema = files if files is not None else noise_files(scans, reachable)
    in_folder = {rel for files in folders.values() for rel in files}
    schema_set = set(schema)
    kept: list[Finding] = []
    for f in findings:
        if f.path in in_folder and f.kind in ("orphan", "frontmatter"):
            continue
        if f.path in schema_set and f.kind == "frontmatter" and \
                f.message.startswith(_MISSING_FIELD):
            continue
        kept.append(f)
    groups: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    for f in kept:
        if f.path != WORKSPACE and f.kind not in PER_LINE_KINDS:
            groups[(f.kind, f.severity)].append(f)
    big = {key: fs for key, fs in groups.items()
           if len({f.path for f in fs}) > GROUP_MIN_FILES}
    if not folders and not schema and not big:
        return None
    head = [_folder_finding(folder, files) for folder, files in folders.items()]
    if schema:
        keys = Counter(k for rel in schema for k in scans[rel].memory.meta)
        head.append(_schema_finding(schema, keys))
    head.extend(_gathered(kind, severity, fs)  # type: ignore[arg-type]
                for (kind, severity), fs in big.items())
    rest = [f for f in kept if (f.kind, f.severity) not in big or f.path == WORKSPACE
            or f.kind in PER_LINE_KINDS]
    return [*head, *rest]


def _gathered(kind: str, severity: Severity, fs: list[Finding]) -> Finding:
    """One workspace-level finding for one kind's per-file findings."""
    files = tuple(sorted({f.path for f in fs}))
    wordings = Counter(_DIGITS.sub("…", f.message) for f in fs)
    top = wordings.most_common(1)[0][0]
    if len(wordings) == 1:
        words = f"{plural(len(files), 'file')}: {top}"
    else:
        words = (f"{KIND_TITLES[kind].lower()} in {plural(len(files), 'file')} "
                 f"({plural(len(fs), 'finding')}), e.g. {fs[0].path}: {fs[0].message}")
    return finding(kind, WORKSPACE, None, words, severity, files=files)
