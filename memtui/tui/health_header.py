"""The header: how healthy this memory is, at a glance."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from memtui.core.audit import AuditResult
from memtui.tui.palette import Palette

BAR_WIDTH = 20


def bar(share: float, width: int = BAR_WIDTH) -> str:
    """A text gauge: ``share`` (0..1, clipped) of ``width`` cells filled, in eighths."""
    share = min(max(share, 0.0), 1.0)
    eighths = round(share * width * 8)
    full, part = divmod(eighths, 8)
    out = "█" * full + ("▏▎▍▌▋▊▉"[part - 1] if part else "")
    return out + "░" * (width - len(out))


class HealthHeader(Static):
    """Counts that say whether the memory is in shape; colours say what needs a look."""

    DEFAULT_CSS = """
    HealthHeader { height: auto; padding: 0 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: AuditResult | None = None
        self.auditing = False
        self.where = ""

    def loading(self, where: str) -> None:
        self.auditing, self.where = True, where
        if self.result is None:
            self.update(Text.assemble(("memtui", "bold"), f"  auditing {where} …"))

    def progress(self, phase: str, done: int, total: int) -> None:
        """How far the first audit has come: a gauge and a count while files are read or
        tokenized (a big workspace takes seconds)."""
        if self.result is not None:
            return
        line = Text.assemble(("memtui", "bold"), f"  auditing {self.where} … ")
        if total:
            unit = "file" if total == 1 else "files"
            line.append(f"{bar(done / total)} {phase} {done:,} / {total:,} {unit}")
        else:
            line.append(phase)
        self.update(line)

    def show(self, result: AuditResult, palette: Palette) -> None:
        self.result, self.auditing = result, False
        self.update(self.render_text(result, palette))

    @staticmethod
    def render_text(result: AuditResult, p: Palette) -> Text:
        ws = result.workspace
        idx = result.index
        entries = [ln for ln in idx.lines if ln.kind in ("entry", "packed")]
        packed = sum(1 for ln in entries if ln.kind == "packed")
        lost = sum(1 for o in result.orphans if not o.reachable)
        dangling = sum(1 for w in result.wikirefs if w.state == "dangling")
        fuzzy = sum(1 for w in result.wikirefs if w.state == "fuzzy")
        t = Text(no_wrap=False)
        t.append("memtui ", style="bold")
        t.append(f"{ws.root.name or ws.root}", style="bold")
        t.append(f"  {ws.layout} layout · {result.profile} profile", style=p.muted)
        t.append("\n")

        def sep() -> None:
            t.append(" · ", style=p.muted)

        t.append(f"{len(result.files):,}", style="bold")
        t.append(" memories")
        sep()
        if idx.exists:
            t.append(f"index {len(entries):,}", style="bold")
            t.append(f" entries ({len(entries) - packed:,} hot, {packed:,} packed)")
        else:
            t.append("no index", style=f"bold {p.warning}")
        sep()
        t.append(f"{len(result.orphans):,}", style=f"bold {p.warning}" if result.orphans
                 else "bold")
        t.append(" orphans")
        if result.orphans:
            t.append(" (")
            t.append(f"{lost:,} unreachable", style=f"bold {p.error}" if lost else "")
            t.append(")")
        sep()
        nb = len(result.broken_links)
        t.append(f"{nb:,}", style=f"bold {p.error}" if nb else "bold")
        t.append(" broken links")
        sep()
        t.append(f"{dangling:,}", style=f"bold {p.dangling}" if dangling else "bold")
        t.append(" dangling [[ ]]")
        if fuzzy:
            t.append(f" ({fuzzy:,} fuzzy)", style=p.fuzzy)
        t.append("\n")

        block = result.block
        share = block.share
        colour = p.error if share > 0.5 else p.warning if share > 0.25 else p.resolved
        t.append("block ")
        t.append(bar(share), style=colour)
        t.append(f" {block.tokens.get(block.tokenizer, 0):,} {block.tokenizer} tok", style="bold")
        t.append(f" · {block.chars:,} chars · {share:.1%} of {block.window:,} "
                 f"({block.window_name})")
        if result.profile == "claude-code":
            opts = result.options
            lines = len(idx.lines)
            near = max(lines / opts.max_lines, idx.size / opts.max_bytes)
            lc = p.error if near > 1 else p.warning if near > 0.8 else p.resolved
            t.append("\nload limit ")
            t.append(bar(min(near, 1.0), 10), style=lc)
            t.append(f" {lines:,}/{opts.max_lines:,} lines · {idx.size:,}/{opts.max_bytes:,} B",
                     style=lc)
            beyond = [ln for ln in result.beyond_limit if ln.kind != "blank"]
            if beyond:
                t.append(f" · {len(beyond)} lines never loaded", style=f"bold {p.error}")
        return t
