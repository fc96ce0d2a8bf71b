"""The readable audit report (``memtui audit PATH`` without ``--json``), printed with rich.

Summary first (what the workspace holds and what the injected index costs), then the
findings grouped by kind, each with ``file:line``. rich drops colour by itself when stdout
is not a terminal or ``NO_COLOR`` is set.

It runs a little past 500 lines: the summary's rows are one table whose rows each say what
they count beside how it is counted (split, each row's wording would sit apart from its
figures).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from memtui.commands.parser import columns_given, wide_console
from memtui.core.checks.findings import KIND_TITLES, KINDS, SEVERITY_RANK, WORKSPACE, Finding
from memtui.core.checks.noise import exclude_line, noise_folders
from memtui.core.derivation.link_target import leads_to, project_file
from memtui.core.profiles.base import ASSUMED_WINDOW
from memtui.core.profiles.registry import doubt
from memtui.core.profiles.registry import get as get_profile
from memtui.core.reporting.exclude_rows import folders_of, row_count, without_folders
from memtui.core.reporting.grouping import TEXT_PER_LINE_KINDS, Group, draw_items
from memtui.core.reporting.hidden import severity_changes
from memtui.core.reporting.index_memories import index_memories
from memtui.core.reporting.json_report import config_summary, hot_and_packed
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.suppress import counts as suppress_counts
from memtui.core.reporting.wording import no_num_ctx_note, no_num_ctx_tokens, percent, plural

if TYPE_CHECKING:
    from memtui.core.audit import AuditResult

SEVERITY_STYLE: dict[str, str] = {"error": "bold red", "warning": "yellow", "info": "cyan"}


#: Files listed under a workspace-level finding before "… and N more".
FILES_SHOWN = 6
#: One screen: a longer report ends with the one ``exclude`` that brings it within this
#: (issue 19 §4), when one folder does.
SCREEN_LINES = 50
#: The fewest lines an ``exclude`` of memories (not a folder the report calls noise) must
#: take out of the report to be proposed: a report a few lines past one screen is no reason
#: to stop auditing real memories (newuser23 #23).
MIN_GAIN = 10


def location(f: Finding) -> str:
    """``path:line`` (or just the path when the finding is about the whole file)."""
    if f.path == WORKSPACE:
        return "workspace"
    path = printable(f.path)
    return f"{path}:{f.line}" if f.line else path


def files_line(files: tuple[str, ...], width: int = 10**6) -> str:
    """The files a workspace-level finding gathers, the first few by name: as many as fit
    ``width`` columns with the count of the rest."""
    names = [printable(f) for f in files[:FILES_SHOWN]]
    while True:
        more = len(files) - len(names)
        line = ", ".join(names) + (f", … and {more:,} more" if more > 0 and names else
                                   f"{more:,} files" if more > 0 else "")
        if cell_len(line) <= width or len(names) <= 1:
            return line
        names.pop()


def severity_counts(rows: list[Finding]) -> str:
    """``2 warning, 4 info``: how many of a group's findings have each severity."""
    by_sev = Counter(f.severity for f in rows)
    return ", ".join(f"{by_sev[s]:,} {s}" for s in ("error", "warning", "info") if by_sev[s])


def summary_table(result: AuditResult) -> Table:
    """The summary: layout, files, index shape, links, and the cost of the injected block."""
    idx = result.index
    block = result.block
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()

    def row(label: str, value: str | Text) -> None:
        grid.add_row(label, value)

    row("Workspace", Text(printable(str(result.workspace.root))))
    row("Layout / profile", f"{result.workspace.layout} / {result.profile}"
        + (f" ({printable(block.rule)})" if block.rule else "")
        # what the workspace's own file set that shapes the audit (newuser33 #11)
        + (f"; {printable(result.shaping)}: what it keeps out is counted as suppressed "
           "by the config" if result.shaping else ""))
    ws = result.workspace
    doubtful = doubt(ws.root, ws.layout, ws.given, result.options.profile)
    if doubtful is not None:  # weak or mixed evidence (newuser34 #29 #31): said, and how
        row("", doubtful)
    project = result.project
    shown = None
    if project is not None and project.path and project.source == "claude-code":
        # inferred from a folder name that may be read several ways (issue 32 item 31)
        shown = f"{project.path} (from the Claude Code folder name; --project DIR to change)"
    elif project is not None and project.path and project.source == "path":
        # the folder named, its agent's memory below it (newuser31 #2: no row, and the
        # JSON's source said "option" with no --project given)
        shown = (f"{project.path} (the folder named, holding the memory folder; "
                 "--project DIR to change)")
    elif project is not None and project.path and project.source == "repository":
        # the work tree the memory folder is kept in (newuser28 #27)
        shown = (f"{project.path} (the git work tree holding the memory folder; "
                 "--project DIR to change)")
    elif project is not None and project.path and project.source in ("option", "config"):
        # given: named, as the JSON's project does (newuser34 #18: under Hermes, --project
        # left no row, and the Config row that said "no project" went with it)
        shown = project.path + (" (--project)" if project.source == "option"
                                else " (project in the configuration)")
    elif project is not None and project.path and project.note:
        shown = project.path
    if shown is not None and project is not None and project.note:
        shown += f"; {project.note}"  # read only in part: where it stopped (newuser32 #24)
    if shown is not None:
        row("Project", Text(printable(shown)))
    if block.loads:
        # (what a total holds besides the files named: OpenClaw's [MISSING] markers,
        # newuser33 #31)
        row("Load limits", "; ".join(f"{printable(ld.what)} {ld.used:,} of {ld.limit:,} "
                                     f"{ld.unit} ({percent(ld.used, ld.limit)}"
                                     + (f": {printable(ld.holds)}" if ld.holds else "")
                                     # cut to what a total left (newuser34 #11 b)
                                     + (f"; the total left it {ld.room:,}" if ld.room
                                        is not None else "") + ")"
                                     + (f", {ld.entries_text()}" if ld.entries_text() else "")
                                     for ld in block.loads))
    # (a memory without a type is "no type": "unknown" read as its age, newuser32 #10)
    types = ", ".join(f"{'no type' if k == 'unknown' else k} {v:,}"
                      for k, v in result.types.items()) or "none"
    agent = get_profile(result.profile)
    # nothing saved yet in the file the agent loads in MEMORY.md's place, and no memory
    # file: no files to link or orphan (fix40a: a GEMINI.md of the user's own rules was
    # "Memory files 0 ... Linked from the index 0 of 0 files")
    unsaved = bool(agent.saved_section and block.files and not idx.exists
                   and not block.saved and not result.memory_file_count()
                   and not result.orphans)
    if agent.frontmatter:
        row("Memory files", Text(printable(f"{len(result.scans):,} ({types})")))  # types: data
    elif result.saved_only():  # memories saved as entries of one file, no memory files
        # (newuser36 #10: "Memory files 0 ... Linked from the index 0 of 0 files")
        row("Saved memories", Text(printable("; ".join(
            f"{rel} {plural(n, 'saved memory', 'saved memories')}"
            for rel, n in block.saved.items())) + f" (entries of {agent.agent}'s own "
            "saved-memories section; no memory files)"))
    elif unsaved:
        row("Saved memories", Text(printable(
            f"none yet ({block.files[0]} holds no '{agent.saved_section}' section, where "
            f"{agent.agent}'s save_memory tool writes them; no memory files)")))
    else:  # no types to count: "unknown 1" read as a store not seen (newuser30 #6)
        stores = result.memory_file_count()
        row("Memory files", Text(f"{stores:,} (no types: {agent.agent} memories have none)"))
    if result.documentation:
        docs = tuple(result.documentation)  # bounded as a finding's files (newuser25 #19:
        # 300 README.md filled 150 lines of the summary)
        shown = files_line(docs) if len(docs) > FILES_SHOWN else ", ".join(map(printable, docs))
        row("Documentation", Text((f"{len(docs):,} files: " if len(docs) > FILES_SHOWN else "")
                                  + shown + " (not memories)", style="dim"))
    kinds = Counter(ln.kind for ln in idx.lines) if idx.exists else Counter()
    # An index with no link entries (an agent's MEMORY.md of plain text, or none): the
    # rows counting entries and their cost do not apply (issue 32 item 15).
    entryless = not kinds["entry"] and not kinds["packed"]
    # An agent whose MEMORY.md is content it loads or greps, no index of links (Codex,
    # Gemini, Hermes, OpenClaw): a few link lines in it are no entries either (newuser29
    # #29: "1 entry (1 memory)" beside "Linked from the index 192 of 192 files").
    linked = sum(kinds[k] for k in ("entry", "packed"))
    if linked and not get_profile(result.profile).index_of_links:
        entryless = True
    if not idx.exists and idx.problems:  # there, but not read: no "none" (newuser24 #46)
        row("Index", Text(printable(f"{idx.path}: not read ({idx.problems[0]})"),
                          style="bold yellow"))
    elif not idx.exists and (instead := result.index_unloaded()):
        # what the agent loads in its place (newuser28 #29: "none" beside a block)
        # in its place only what stands in for it (newuser34 #18: OpenClaw's bootstrap
        # files and Hermes' USER.md are loaded all the same)
        stand = [rel for rel in instead if agent.stands_in(rel)]
        rest = [rel for rel in instead if rel not in stand]
        said = [f"{', '.join(stand)} in its place"] if stand else []
        if rest:
            said.append(f"{'and ' if stand else ''}{', '.join(rest)} all the same")
        row("Index", Text(printable(f"{idx.path}: none; the agent loads {', '.join(said)}")))
    elif not idx.exists:  # (a look-alike named: newuser38 #22, memory.md in lower case)
        from memtui.core.files.look_alike import look_alike

        alike = look_alike(str(result.workspace.root), idx.path)
        row("Index", Text(f"{idx.path}: none" + (
            f"; {alike} is here: the agent loads only {idx.path} on a case-sensitive disk "
            f"(rename the file to {idx.path})" if alike else ""),
            style="yellow" if alike else "dim"))
    elif entryless and (result.index_linked or agent.index_is_store
                        or not agent.index_of_links):
        # (a Hermes store without USER.md links nothing, and is a store all the same:
        # newuser32 #51; an OpenClaw MEMORY.md with no memory/ beside it is no index either,
        # not "0 entries (0 memories), 0 packed (0 memories), 90 without links": real42)
        pointers = len(result.pointers())  # Gemini's entries (newuser24 #14)
        # a store's entries, split on § (Hermes), are its entries: not "no link entries"
        # (newuser26 #42)
        store = next((ld.entries_text() for ld in block.loads
                      if ld.path == idx.path and ld.entries is not None), "")
        row("Index", f"{idx.path}: {idx.lines_said}, "
            + (f"{plural(pointers, 'pointer line')}, " if pointers else "")
            + (f"{store} separated by §" if store else
               f"{plural(linked, 'line')} with links, not an index of links" if linked
               else "no link entries"))
    else:
        project = result.project.path if result.project is not None else None
        root = str(result.workspace.root)
        hot_mem, packed_mem, twice, gone = index_memories(
            idx, lambda target: project_file(root, project, target),
            lambda target: not os.path.lexists(os.path.join(root, target)),
            lambda lk: leads_to(root, lk.source, lk.raw))
        # entries past the load limit named beside the count, as the header does
        # (newuser27 #21: the row was silent while the header said "4 past the load limit")
        unloaded = sum(1 for ln in idx.lines
                       if ln.kind == "entry" and result.never_loaded(ln.number))
        past = f", {unloaded:,} past the load limit" if unloaded else ""
        row("Index", f"{idx.path}: {idx.lines_said}, "
            f"{plural(kinds['entry'], 'entry', 'entries')} "
            f"({plural(hot_mem, 'memory', 'memories')}"
            + (f", {gone[0]:,} broken" if gone[0] else "")
            + f"{past}), {kinds['packed']:,} packed "
            f"({plural(packed_mem, 'memory', 'memories')}"
            + (f", {gone[1]:,} broken" if gone[1] else "")
            + f"), {kinds['prose']:,} without links"
            + (f"; {twice}" if twice else ""))
        if result.loaded_lines < len(idx.lines) and not any(
                f.kind == "beyond_load_limit" for f in result.findings):
            row("Loaded", Text(f"only the first {result.loaded_lines} of {len(idx.lines)} "
                               "lines (profile load limit)", style="yellow"))
    if not result.saved_only() and not unsaved:  # (no files to link, nor to orphan:
        # newuser36 #10)
        # a store the agent loads whole is reached, not linked, though it links nothing
        # (real40: a Hermes MEMORY.md alone was "Linked from the index 1 of 1 files")
        row("Reached by the agent" if entryless and (
            result.index_linked or agent.index_is_store or not agent.index_of_links) else
            "Linked from the index", f"{result.reached_count():,} of "
            f"{result.memory_file_count():,} files")
    unreachable = sum(1 for o in result.orphans if not o.reachable)
    past = sum(1 for o in result.orphans if o.past_limit is not None)
    orphans = Text(f"{len(result.orphans):,}")
    if result.orphans:
        orphans.append(f" ({len(result.orphans) - unreachable:,} reachable by links, ")
        orphans.append(f"{unreachable:,} unreachable", style="bold red" if unreachable else "")
        orphans.append(f"; {past:,} linked only past the load limit" if past else "")
        orphans.append(")")
    if not result.saved_only() and not unsaved:
        row("Orphans", orphans)
    links = Text(f"{len(result.broken_links):,} broken",
                 style="bold red" if result.broken_links else "")
    states = Counter(w.state for w in result.wikirefs)
    links.append(f"; {plural(len(result.wikirefs), 'wikilink')} "
                 f"({states['dangling']:,} dangling, {states['fuzzy']:,} fuzzy)")
    row("Links", links)
    counts = " / ".join(f"{n:,} {name}" for name, n in block.tokens.items())
    row("Injected block", f"{block.chars:,} chars, {block.bytes:,} bytes, {counts} tokens")
    assumed = "; give --num-ctx for the agent's model" \
        if block.window_name == ASSUMED_WINDOW else ""
    row("Share of the window", f"{block.share:,.1%} of {block.window:,} tokens "
        f"({block.window_name} window, {block.tokenizer} count{assumed})")
    if block.window_name != "--num-ctx" and not get_profile(result.profile).hosted_only:
        # (a window given: the agent sends it; a hosted agent's vendor cuts no prompt so)
        cut = no_num_ctx_note(*no_num_ctx_tokens(block.tokens, block.tokenizer))
        if cut:  # the block against the window a request without num_ctx gets (#27)
            row("Without num_ctx", Text(cut, style="yellow"))
    outside = result.not_in_block()
    if outside:  # the block is not the whole per-turn text (newuser35 #22)
        row("Not counted", "the agent also loads, whole, every turn: " + ", ".join(
            f"{printable(path)} ({size:,} bytes)" for path, size in outside)
            + "; the injected block and its share are MEMORY.md's only"
            + "".join(f"; {printable(note)}" for note in result.not_in_block_unread()))
    costs = hot_and_packed(result)
    hot, packed = costs["hot"], costs["packed"]
    # each tokenizer counted, named as the Injected block row names it (newuser25 #30: a
    # bare "27 tokens" was cl100k's beside "qwen count", or qwen's under --tokenizer both)
    pers = [k for k in hot if k.endswith("_tokens_per_memory")]

    def per_memory(cost: dict[str, float]) -> str:
        return " / ".join(f"{figure(cost.get(k, 0))} {k.removesuffix('_tokens_per_memory')}"
                          for k in pers) + " tokens"

    if not entryless:
        row("Cost per memory", f"hot {figure(hot['chars_per_memory'])} chars / "
            f"{per_memory(hot)}; packed {figure(packed['chars_per_memory'])} chars / "
            f"{per_memory(packed)}")
    costly = costliest_files(result)
    if costly:  # --file-tokens: what the counting bought, in the text too (newuser34 #10)
        row("Costliest files", costly)
    by_sev = Counter(f.severity for f in result.findings)
    found = Text()
    for i, sev in enumerate(("error", "warning", "info")):
        if i:
            found.append(", ")
        found.append(f"{by_sev[sev]:,} {sev}", style=SEVERITY_STYLE[sev] if by_sev[sev] else "")
    if result.suppressed:
        by_cause = suppress_counts(result.suppressed)
        found.append(f"; {len(result.suppressed):,} suppressed ("
                     + ", ".join(f"{c} {n:,}" for c, n in by_cause.items()) + ")",
                     style="dim")
    if result.lowered:
        named = ", ".join(f"{c['rule']} {c['from']}→{c['to']}"
                          for c in severity_changes(result.lowered))
        found.append(f"; {len(result.lowered):,} lowered by the config ({named})",
                     style="yellow")
    row("Findings", found)
    config = config_summary(result)
    if config:
        row("Config", Text(printable(config)))
    return grid


def findings_text(result: AuditResult, width: int = 100) -> list[Text]:
    """One heading per finding kind (in the order of KINDS), then its ``file:line`` rows,
    many of a kind drawn as one group (`memtui.core.reporting.grouping`) whose files line fits
    ``width`` columns. One blank line above the first heading only: the headings stand out
    by their indent, and a blank line per kind cost eight lines of a 50-line screen."""
    by_kind: dict[str, list[Finding]] = {}
    for f in result.findings:
        by_kind.setdefault(f.kind, []).append(f)
    folders = noise_folders(result.scans, result.reachable)
    out: list[Text] = []
    for kind in (*KINDS, *sorted(set(by_kind) - set(KINDS))):
        rows = by_kind.get(kind)
        if not rows:
            continue
        severity = max((f.severity for f in rows), key=SEVERITY_RANK.__getitem__)
        head = Text()
        head.append(f"{KIND_TITLES.get(kind, kind)} ", style="bold")
        head.append(f"({kind}: {severity_counts(rows)})", style=SEVERITY_STYLE[severity])
        if not out:
            out.append(Text())
        out.append(head)
        for item in draw_items(rows, folders, TEXT_PER_LINE_KINDS):
            line = Text("  ")
            if isinstance(item, Group):
                if item.severity != severity:
                    line.append(f"[{item.severity}] ", style=SEVERITY_STYLE[item.severity])
                line.append(item.head(width - len(line)))
                out.append(line)
                if item.lines() > 1:
                    out.append(Text("    " + item.wording()))
                for drawn in out[-item.lines():]:  # a group is drawn to fit one row each
                    drawn.truncate(width, overflow="ellipsis")
                continue
            f = item
            line.append(location(f), style="bold")
            line.append("  ")
            if f.severity != severity:
                line.append(f"[{f.severity}] ", style=SEVERITY_STYLE[f.severity])
            line.append(f.message)
            out.append(line)
            if f.files:
                out.append(Text("    " + files_line(f.files, width - 4), style="dim"))
                out[-1].truncate(width, overflow="ellipsis")
    return out  # a finding's own row may be wider: `wrapped` wraps it


def wrapped(rows: list[Text], console: Console) -> list[Text]:
    """``rows`` as printed on ``console``: a row wider than it wrapped at word boundaries,
    its continuation lines indented four columns under the row (issue 32 item 17: on a
    terminal a finding's explanation was cut with "…" and could not be read)."""
    width = console.width
    out: list[Text] = []
    for row in rows:
        if cell_len(row.plain) <= width:
            out.append(row)
            continue
        first, *rest = row.wrap(console, width)
        # the row's own text after its first line, wrapped again four columns narrower:
        # the wrapped lines joined with a space put one into a word the wrap had cut at the
        # width (a long link target printed ``…-s`` / ``ku.m d``: real34)
        tail = row[len(first.plain):] if row.plain.startswith(first.plain) else \
            Text(" ").join(list(rest))
        tail = tail[len(tail.plain) - len(tail.plain.lstrip()):]
        first.rstrip()
        out.append(first)
        for line in tail.wrap(console, width - 4):
            line.rstrip()
            out.append(Text("    ") + line)
    return out


def report_length(result: AuditResult, console: Console) -> int:
    """The lines :func:`print_report` prints for ``result`` on ``console`` (before any
    suggestion): the title, the summary as wrapped at the console's width, one line per
    finding row as :func:`wrapped` wraps it, or the two of "No findings."."""
    rows = wrapped(findings_text(result, console.width), console)
    return 1 + len(console.render_lines(summary_table(result), pad=False)) + \
        (len(rows) if rows else 2)


#: Folders whose ``exclude`` is tried by a real audit, the most promising first.
FOLDERS_TRIED = 3


def fitting_exclude(result: AuditResult, length: int, console: Console,
                    reaudit: Callable[[tuple[str, ...]], AuditResult],
                    budget: int = SCREEN_LINES) -> tuple[tuple[str, ...], int] | None:
    """The one ``exclude`` line (its folders) that brings a ``length``-line report within
    ``budget`` lines, with the lines its report then has; None when the report fits or
    no such line is found. Candidates: each folder alone, and the folders the report
    already proposes (``briefs/: … not memories?``) together; only those whose own rows
    would be enough are tried, the ones leaving out the fewest files first (``memory/
    briefs``, not all of ``memory``), at most ``FOLDERS_TRIED``, each by ``reaudit`` (an
    audit with them excluded), and the first that fits is the answer. So the figure is the
    report's, not a guess (excluding files changes more than their own rows: ages, groups,
    the summary's counts), and a report that fits costs no second audit at all.

    A folder holding every memory is never proposed (that exclude is the ``exclude_all``
    error, not advice), nor a folder holding an error (a secret, a broken link): that
    finding wants a fix, not a way to stop seeing it; nor, unless the report already calls it
    noise (``briefs/: … not memories?``), one taking fewer than ``MIN_GAIN`` lines out
    (51 → 49 lines by excluding a real memory is no advice)."""
    if length <= budget:
        return None
    noise = noise_folders(result.scans, result.reachable)
    base = row_count(result.findings, noise)
    drawn = draw_items(result.findings, noise, TEXT_PER_LINE_KINDS)
    named = tuple(item.folder for item in drawn
                  if isinstance(item, Group) and item.folder is not None)

    def least(folders: tuple[str, ...]) -> int:  # a folder the report calls noise: any gain
        return 1 if set(folders) <= set(named) else MIN_GAIN

    candidates = [(folder,) for folder in folders_of(result.findings)]
    if len(named) > 1:
        candidates.append(named)
    trials: list[tuple[int, int, tuple[str, ...]]] = []
    for folders in candidates:
        left = without_folders(result.findings, folders)
        inside = tuple(folder + "/" for folder in folders)
        gain = base - row_count(left, {d: fs for d, fs in noise.items()
                                       if not (d + "/").startswith(inside)})
        if gain < least(folders) or length - gain > budget:
            continue
        kept = set(map(id, left))
        if any(f.severity == "error" and id(f) not in kept for f in result.findings):
            continue
        holds = sum(1 for rel in result.scans if rel.startswith(inside))
        if holds == len(result.scans):  # every memory left out: the exclude_all error
            continue  # (real32: `exclude = ["memory/**"]` told to an OpenClaw workspace)
        trials.append((holds, -gain, folders))
    trials.sort()
    for _, _, folders in trials[:FOLDERS_TRIED]:
        lines = report_length(reaudit(folders), console)
        if lines <= budget and length - lines >= least(folders):
            return folders, lines
    return None


def print_trimmed(console: Console, table: Table) -> None:
    """Print ``table`` without the spaces rich pads each row with up to its widest one: a
    pipe or a file (width 1000) got ~300 trailing spaces a line (issue 32 item 16)."""
    lines = []
    for segments in console.render_lines(table, pad=False):
        line = Text()
        for seg in segments:
            if not seg.control:
                line.append(seg.text, seg.style)
        line.rstrip()
        lines.append(line)
    console.print(Text("\n").join(lines), soft_wrap=True)


def print_report(result: AuditResult, console: Console | None = None,
                 reaudit: Callable[[tuple[str, ...]], AuditResult] | None = None) -> None:
    """Print the readable report to ``console`` (default: stdout). Given ``reaudit`` (an
    audit of the same workspace with more folders excluded), a report past
    ``SCREEN_LINES`` lines ends with the one ``exclude`` that makes it fit, if one does."""
    if console is None:  # a pipe or a file (a CI log) gets whole rows, not 80 columns
        console = Console(highlight=False) if columns_given() else wide_console()
    console.print(Text("memtui audit", style="bold underline"))
    print_trimmed(console, summary_table(result))
    rows = findings_text(result, console.width)
    if not rows:
        kept = sum(s.cause == "config" for s in result.suppressed) if result.shaping else 0
        console.print(Text(f"\nNo findings reported; {plural(kept, 'finding')} suppressed "
                           "by the workspace's own configuration (see the Layout / profile "
                           "and Findings rows)",
                           style="yellow") if kept else Text("\nNo findings.", style="green"))
        return
    # one print: rich's cost is per call, and a big workspace has thousands of rows
    console.print(Text("\n").join(wrapped(rows, console)), soft_wrap=True)
    if reaudit is None:
        return
    length = report_length(result, console)
    fit = fitting_exclude(result, length, console, reaudit)
    if fit is not None:
        folders, left = fit
        # wrapped at the width like every row (real32: 96 columns at COLUMNS=80)
        console.print(Text(f"{length} lines; add {exclude_line(*folders)} to .memtui.toml "
                           f"and this report fits one screen ({left} lines)",
                           style="bold"))


def costliest_files(result: AuditResult, shown: int = 3) -> str:
    """With ``--file-tokens``: the memory files with the most tokens, ``memory/a.md 812,
    memory/b.md 640 (qwen tokens; every file's count: --json, files[].tokens)``; "" when the
    files' tokens were not counted."""
    if not result.options.file_tokens:
        return ""
    counted = [(f.path, f.tokens) for f in result.files if f.tokens]
    if not counted:
        return ""
    name = next(iter(counted[0][1]))
    top = sorted(counted, key=lambda pt: (-pt[1].get(name, 0), pt[0]))[:shown]
    return (", ".join(f"{p} {t.get(name, 0):,}" for p, t in top)
            + f" ({name} tokens; every file's count: --json, files[].tokens)")


def figure(value: float) -> str:
    """A per-memory figure (rounded to a tenth) as every other figure of the report is
    written: thousands separated, no trailing ``.0`` (newuser30 #25: ``hot 50021 chars``;
    ``:g`` wrote 1,234,567 as ``1.23457e+06``)."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"
