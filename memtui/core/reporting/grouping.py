"""How a report draws many findings of one kind: one line saying the count (issue 30 §3).

A finding is always one file's (and, for a link, one target's): the result, the JSON, SARIF,
the baseline, inline ignores and ``memtui trend`` count them one by one, so a finding's
fingerprint never depends on how many others exist. Grouping is how the text report and the
app *draw* them, so that a messy directory still fits one screen (issue 19 §4):

1. The orphans of a noise folder (`memtui.core.checks.noise.noise_folders`: none of its files the
   index reaches, none memory-shaped) are one line about the folder, naming the count and the
   ``exclude`` line to add to ``.memtui.toml``.
2. The notes of files with another frontmatter schema (`memtui.core.checks.noise.schema_finding`),
   when there are at least two, are one group, as they were one note before issue 30.
3. Any other kind's per-file findings of one severity on more than ``GROUP_MIN_FILES`` files,
   or on more than ``GROUP_MIN_LINES`` lines, are one line saying the count and the first
   files (or lines, when they are one file's), and one line with their wording (the same for
   each, or an example). ``secret``, ``broken_link``, ``instruction_like``,
   ``duplicate_name`` and ``stale_reference`` are always drawn one per line: each needs its
   own look and fix. The app draws a pair's findings (``near_duplicate``,
   ``contradiction``) one per line too, where ``O`` opens the other side; the text report
   groups them as any other kind (`TEXT_PER_LINE_KINDS`; newuser33 #2: 206 contradictions
   drew a 454-line report).
4. Broken links on one line of one file, more than ``GROUP_MIN_LINES`` of them, are one
   group all the same: ``MEMORY.md:5  120,000 broken links: memory/x0.md, …`` (newuser27
   #12: one packed line of 120,000 links to missing files filled 120,000 rows).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from memtui.core.checks.findings import WORKSPACE, Finding
from memtui.core.checks.noise import SCHEMA_NOTE, exclude_line
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.core.scanner.index import display_width

#: A kind's findings on more than this many files are drawn as one group.
GROUP_MIN_FILES = 5
#: ... or on more lines than this of one file (45 index lines with no link are one group).
GROUP_MIN_LINES = 8
#: A noise folder's orphans, or the other-schema notes, are drawn as one group when at
#: least this many are reported.
FOLDER_MIN_FINDINGS = 2
#: Kinds always drawn one per line: each occurrence needs its own look and its own fix.
PER_LINE_KINDS = frozenset({"secret", "broken_link", "instruction_like", "duplicate_name",
                            "near_duplicate", "contradiction", "stale_reference"})
#: The text report's (`memtui.commands.report_text`): a pair's findings are grouped there.
TEXT_PER_LINE_KINDS = PER_LINE_KINDS - {"near_duplicate", "contradiction"}
#: The kinds reported on both files of a pair (each file's finding names the other).
PAIR_KINDS = frozenset({"near_duplicate", "contradiction"})
#: Kinds whose findings are about a link target, named in the message as ``[[target]]``.
LINK_KINDS = frozenset({"dangling_wikilink", "fuzzy_wikilink"})
#: The count's noun per kind (singular, plural); other kinds count "findings".
NOUNS: dict[str, tuple[str, str]] = {
    "orphan": ("orphan", "orphans"),
    "dangling_wikilink": ("dangling wikilink", "dangling wikilinks"),
    "fuzzy_wikilink": ("fuzzy wikilink", "fuzzy wikilinks"),
    "unlinked_mention": ("unlinked mention", "unlinked mentions"),
    "frontmatter": ("frontmatter finding", "frontmatter findings"),
    "read_problem": ("read problem", "read problems"),
    "unchecked_text": ("unchecked text", "unchecked texts"),
    "content_in_index": ("line with no link", "lines with no link"),
    "broken_link": ("broken link", "broken links"),
    "contradiction": ("contradiction", "contradictions"),
    "near_duplicate": ("near duplicate", "near duplicates"),
}
#: Kinds drawn one per line, yet as one group when many are on one line of one file.
ONE_LINE_KINDS = frozenset({"broken_link"})
#: A broken link's message: what it names first (``link to X: no such file``).
_NAMED = re.compile(r"^(?:link|reference) to (.+?): ")
_TARGET = re.compile(r"\[\[(.*?)\]\]")


@dataclass(frozen=True, slots=True)
class Group:
    """Many findings of one kind and severity, drawn together. ``folder``: the noise folder
    whose orphans they are (None: a group by count)."""

    kind: str
    severity: str
    findings: tuple[Finding, ...]
    folder: str | None = None
    #: The one line of one file every finding is on (a group of `ONE_LINE_KINDS`).
    line: int | None = None

    @property
    def files(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.path for f in self.findings))

    def count_words(self) -> str:
        """``22 orphans``, ``7 dangling wikilinks to 7 targets in 5 files``."""
        one, many = NOUNS.get(self.kind, ("finding", "findings"))
        if self.kind == "content_in_index":  # a hook past its width is on a linked line
            hooks = sum("-character hook" in f.message for f in self.findings)
            if hooks:  # (newuser37 #26: "300 lines with no link", each a linked entry)
                one, many = (("index entry with a long hook", "index entries with a long hook")
                             if hooks == len(self.findings) else
                             ("long index line", "long index lines"))
        if all(f.message.startswith(SCHEMA_NOTE) for f in self.findings):
            one, many = (f"file with {SCHEMA_NOTE}", f"files with {SCHEMA_NOTE}")
        words = plural(len(self.findings), one, many)
        if self.kind in LINK_KINDS:
            targets = {m.group(1) if (m := _TARGET.match(f.message)) else f.message
                       for f in self.findings}
            words += f" to {plural(len(targets), 'target')}"
        files = len(self.files)
        if files != len(self.findings):
            words += f" in {plural(files, 'file')}"
        if self.kind in PAIR_KINDS:
            words += " (one on each file of a pair)"
        return words

    def head(self, width: int) -> str:
        """The first line (without its indent): the count, then the files that fit in
        ``width`` columns; for a folder, the folder and its ``exclude`` line."""
        if self.folder is not None:
            long = (f"{printable(self.folder)}/: {self.count_words()} the index never "
                    "reaches, none memory-shaped (no memory frontmatter): not memories? "
                    f"Add {exclude_line(self.folder)} to .memtui.toml")
            if display_width(long) <= width:
                return long
            return (f"{printable(self.folder)}/: {self.count_words()}, not memories? "
                    f"Add {exclude_line(self.folder)} to .memtui.toml")
        if self.line is not None:
            where = f"{printable(self.findings[0].path)}:{self.line}  "
            count = plural(len(self.findings), *NOUNS[self.kind])
            targets = list(dict.fromkeys(m.group(1) if (m := _NAMED.match(f.message))
                                         else f.message for f in self.findings))
            return f"{where}{count}: {names_fitting(targets, width - len(where + count) - 2)}"
        count = self.count_words()
        files = self.files
        if len(files) == 1 and all(f.line for f in self.findings):
            # each line once: three mentions on line 3 are "lines 3, 4, …", not "3, 3, 3"
            lines = spans(list(dict.fromkeys(f.line for f in self.findings if f.line)))
            count = count.removesuffix(" in 1 file") + f" in {printable(files[0])}, lines"
            return f"{count} {names_fitting(lines, width - len(count) - 1)}"
        folder = common_folder(files)
        if folder:
            count += f" in {printable(folder)}/"
            files = tuple(p[len(folder) + 1:] for p in files)
        return f"{count}: {names_fitting(files, width - len(count) - 2)}"

    def wording(self) -> str:
        """The second line: what each says, or an example when they differ."""
        messages = {f.message for f in self.findings}
        if len(messages) == 1:
            return f"each: {self.findings[0].message}"
        first = self.findings[0]
        if self.kind in PAIR_KINDS:  # the strongest pair, not the first by name (newuser42
            # #23: a 90 % pair shown beside the 95 % copy the group holds)
            first = max(self.findings, key=alike)
        where = printable(first.path) + (f":{first.line}" if first.line else "")
        return f"e.g. {where}  {first.message}"

    def lines(self) -> int:
        """How many lines the group is drawn on."""
        return 1 if self.folder is not None else 2


#: A pair finding's share alike as its message writes it (`near_duplicate.pair_message`):
#: "(95% alike)", "(only 40% of the wording alike)".
_ALIKE = re.compile(r"\((?:only )?(\d{1,3})% ")


def alike(f: Finding) -> int:
    """How alike a pair finding says its two files are, in percent (0: it does not say)."""
    m = _ALIKE.search(f.message)
    return int(m.group(1)) if m else 0


def common_folder(files: Sequence[str]) -> str:
    """The deepest folder holding every one of ``files`` ("" when none does)."""
    parts = files[0].split("/")[:-1] if files else []
    for path in files[1:]:
        other = path.split("/")[:-1]
        n = 0
        while n < min(len(parts), len(other)) and parts[n] == other[n]:
            n += 1
        parts = parts[:n]
        if not parts:
            break
    return "/".join(parts)


def spans(numbers: Sequence[int]) -> list[str]:
    """Line numbers as runs: ``3–302`` for 3, 4, …, 302; ``7`` alone; ``9, 10`` for two
    (newuser37 #26: 300 long hooks on lines 3 to 302 were listed one by one)."""
    out: list[str] = []
    ordered = sorted(numbers)
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{ordered[i]}–{ordered[j]}")
        else:
            out.extend(str(n) for n in ordered[i:j + 1])
        i = j + 1
    return out


def names_fitting(files: Sequence[str], width: int) -> str:
    """``a.md, b.md, …`` in at most ``width`` columns: as many names as fit, ``…`` when
    some are left out (the count is said before them); the first name, cut with ``…``,
    when even it does not fit."""
    names = [printable(p) for p in files]
    used = 0
    for shown, name in enumerate(names):
        tail = 0 if shown + 1 == len(names) else 3  # ", …"
        if used + (2 if shown else 0) + len(name) + tail > width:
            if not shown:
                return name[:max(1, width - 4)] + "…, …"[:1 if len(names) == 1 else 4]
            return ", ".join(names[:shown]) + ", …"
        used += (2 if shown else 0) + len(name)
    return ", ".join(names)


Item = Finding | Group


def draw_items(findings: Sequence[Finding], folders: Mapping[str, Sequence[str]],
               per_line: frozenset[str] = PER_LINE_KINDS) -> list[Item]:
    """``findings`` (one kind's, or all, in report order) as drawn: each group at the place
    of its first finding, the others one by one. ``folders``: the noise folders and their
    files; ``per_line``: the kinds drawn one per line whatever their number."""
    in_folder = {rel: folder for folder, files in folders.items() for rel in files}
    by_folder: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        if f.kind == "orphan" and f.path in in_folder:
            by_folder[in_folder[f.path]].append(f)
    folder_of = {id(f): folder for folder, fs in by_folder.items()
                 if len(fs) >= FOLDER_MIN_FINDINGS for f in fs}
    by_key: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    schema = [f for f in findings if id(f) not in folder_of and f.kind == "frontmatter"
              and f.path != WORKSPACE and f.message.startswith(SCHEMA_NOTE)]
    if len(schema) >= FOLDER_MIN_FINDINGS:
        by_key[("frontmatter", SCHEMA_NOTE)] = schema
    grouped = {id(f) for f in schema} if len(schema) >= FOLDER_MIN_FINDINGS else set()
    on_line: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    for f in findings:
        if f.kind in ONE_LINE_KINDS and f.line:
            on_line[(f.kind, f"{f.severity}\x00{f.path}\x00{f.line}")].append(f)
    for key, fs in on_line.items():
        if len(fs) > GROUP_MIN_LINES:
            by_key[key] = fs
            grouped.update(id(f) for f in fs)
    for f in findings:
        if id(f) not in folder_of and id(f) not in grouped and f.path != WORKSPACE and \
                f.kind not in per_line:
            by_key[(f.kind, f.severity)].append(f)
    key_of = {id(f): key for key, fs in by_key.items()
              if key[1] == SCHEMA_NOTE or key[0] in ONE_LINE_KINDS
              or len({f.path for f in fs}) > GROUP_MIN_FILES
              or len(fs) > GROUP_MIN_LINES
              for f in fs}
    out: list[Item] = []
    done: set[object] = set()
    for f in findings:
        if id(f) in folder_of:
            folder = folder_of[id(f)]
            if folder not in done:
                done.add(folder)
                out.append(Group(f.kind, f.severity, tuple(by_folder[folder]), folder))
        elif id(f) in key_of:
            key = key_of[id(f)]
            if key not in done:
                done.add(key)
                fs = tuple(by_key[key])
                out.append(Group(key[0], fs[0].severity, fs, line=fs[0].line
                                 if key[0] in ONE_LINE_KINDS else None))
        else:
            out.append(f)
    return out
