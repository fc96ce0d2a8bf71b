"""The readable audit report (``memtui audit PATH`` without ``--json``), printed with rich.

Summary first (what the workspace holds and what the injected index costs), then the
findings grouped by kind, each with ``file:line``. rich drops colour by itself when stdout
is not a terminal or ``NO_COLOR`` is set.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from memtui.core.findings import KIND_TITLES, KINDS, SEVERITY_RANK, WORKSPACE, Finding
from memtui.core.report import hot_and_packed
from memtui.core.safe_output import printable
from memtui.core.suppress import counts as suppress_counts

if TYPE_CHECKING:
    from memtui.core.audit import AuditResult

SEVERITY_STYLE: dict[str, str] = {"error": "bold red", "warning": "yellow", "info": "cyan"}


#: Files listed under a workspace-level finding before "… and N more".
FILES_SHOWN = 6


def location(f: Finding) -> str:
    """``path:line`` (or just the path when the finding is about the whole file)."""
    if f.path == WORKSPACE:
        return "workspace"
    path = printable(f.path)
    return f"{path}:{f.line}" if f.line else path


def files_line(files: tuple[str, ...]) -> str:
    """The files a workspace-level finding gathers, the first few by name."""
    shown = printable(", ".join(files[:FILES_SHOWN]))
    more = len(files) - FILES_SHOWN
    return shown + (f", … and {more:,} more" if more > 0 else "")


def severity_counts(rows: list[Finding]) -> str:
    """``2 warning, 4 info``: how many of a group's findings have each severity."""
    by_sev = Counter(f.severity for f in rows)
    return ", ".join(f"{by_sev[s]} {s}" for s in ("error", "warning", "info") if by_sev[s])


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
    row("Layout / profile", f"{result.workspace.layout} / {result.profile}")
    types = ", ".join(f"{k} {v}" for k, v in result.types.items()) or "none"
    row("Memory files", Text(printable(f"{len(result.scans)} ({types})")))  # types: data
    if result.documentation:
        row("Documentation", Text(printable(", ".join(result.documentation)) + " (not memories)",
                                  style="dim"))
    if not idx.exists:
        row("Index", Text(f"{idx.path}: none", style="dim"))
    else:
        kinds = Counter(ln.kind for ln in idx.lines)
        hot_mem = sum(len(ln.links) + len(ln.wikilinks) for ln in idx.lines
                      if ln.kind == "entry")
        packed_mem = sum(len(ln.links) + len(ln.wikilinks) for ln in idx.lines
                         if ln.kind == "packed")
        row("Index", f"{idx.path}: {len(idx.lines)} lines, {kinds['entry']} entries "
            f"({hot_mem} memories), {kinds['packed']} packed ({packed_mem} memories), "
            f"{kinds['prose']} without links")
        if result.loaded_lines < len(idx.lines):
            row("Loaded", Text(f"only the first {result.loaded_lines} of {len(idx.lines)} "
                               "lines (profile load limit)", style="yellow"))
    row("Linked from the index", f"{len(result.index_linked)} of {len(result.scans)} files")
    unreachable = sum(1 for o in result.orphans if not o.reachable)
    past = sum(1 for o in result.orphans if o.past_limit is not None)
    orphans = Text(f"{len(result.orphans)}")
    if result.orphans:
        orphans.append(f" ({len(result.orphans) - unreachable} reachable by links, ")
        orphans.append(f"{unreachable} unreachable", style="bold red" if unreachable else "")
        orphans.append(f"; {past} linked only past the load limit" if past else "")
        orphans.append(")")
    row("Orphans", orphans)
    broken = Text(str(len(result.broken_links)),
                  style="bold red" if result.broken_links else "")
    row("Broken links", broken)
    states = Counter(w.state for w in result.wikirefs)
    row("Wikilinks", f"{len(result.wikirefs)} ({states['dangling']} dangling, "
        f"{states['fuzzy']} fuzzy)")
    counts = " / ".join(f"{n:,} {name}" for name, n in block.tokens.items())
    row("Injected block", f"{block.chars:,} chars, {block.bytes:,} bytes, {counts} tokens")
    row("Share of the window", f"{block.share:.1%} of {block.window:,} tokens "
        f"({block.window_name} window, {block.tokenizer} count)")
    costs = hot_and_packed(result)
    hot, packed = costs["hot"], costs["packed"]
    per = next((k for k in hot if k.endswith("_tokens_per_memory")), "")
    row("Cost per memory", f"hot {hot['chars_per_memory']:g} chars / "
        f"{hot.get(per, 0):g} tokens; packed {packed['chars_per_memory']:g} "
        f"chars / {packed.get(per, 0):g} tokens")
    by_sev = Counter(f.severity for f in result.findings)
    found = Text()
    for i, sev in enumerate(("error", "warning", "info")):
        if i:
            found.append(", ")
        found.append(f"{by_sev[sev]} {sev}", style=SEVERITY_STYLE[sev] if by_sev[sev] else "")
    if result.suppressed:
        by_cause = suppress_counts(result.suppressed)
        found.append(f"; {len(result.suppressed):,} suppressed ("
                     + ", ".join(f"{c} {n:,}" for c, n in by_cause.items()) + ")",
                     style="dim")
    row("Findings", found)
    if result.config_path:
        row("Config", Text(printable(result.config_path)))
    return grid


def findings_text(result: AuditResult) -> list[Text]:
    """One heading per finding kind (in the order of KINDS), then its ``file:line`` rows."""
    by_kind: dict[str, list[Finding]] = {}
    for f in result.findings:
        by_kind.setdefault(f.kind, []).append(f)
    out: list[Text] = []
    for kind in (*KINDS, *sorted(set(by_kind) - set(KINDS))):
        rows = by_kind.get(kind)
        if not rows:
            continue
        severity = max((f.severity for f in rows), key=SEVERITY_RANK.__getitem__)
        head = Text()
        head.append(f"{KIND_TITLES.get(kind, kind)} ", style="bold")
        head.append(f"({kind}: {severity_counts(rows)})", style=SEVERITY_STYLE[severity])
        out.append(Text())
        out.append(head)
        for f in rows:
            line = Text("  ")
            line.append(location(f), style="bold")
            line.append("  ")
            if f.severity != severity:
                line.append(f"[{f.severity}] ", style=SEVERITY_STYLE[f.severity])
            line.append(f.message)
            out.append(line)
            if f.files:
                out.append(Text("    " + files_line(f.files), style="dim"))
    return out


def print_report(result: AuditResult, console: Console | None = None) -> None:
    """Print the readable report to ``console`` (default: stdout)."""
    console = console or Console(highlight=False)
    console.print(Text("memtui audit", style="bold underline"))
    console.print(summary_table(result))
    rows = findings_text(result)
    if not rows:
        console.print(Text("\nNo findings.", style="green"))
    else:  # one print: rich's cost is per call, and a big workspace has thousands of rows
        console.print(Text("\n").join(rows), soft_wrap=True)
