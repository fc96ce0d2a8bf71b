"""The header: how healthy this memory is, at a glance."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import Static

from memtui.core.audit import AuditResult
from memtui.core.safe_output import printable
from memtui.core.wording import plural
from memtui.tui.palette import Palette

BAR_WIDTH = 20


def bar(share: float, width: int = BAR_WIDTH) -> str:
    """A text gauge: ``share`` (0..1, clipped) of ``width`` cells filled, in eighths."""
    share = min(max(share, 0.0), 1.0)
    eighths = round(share * width * 8)
    full, part = divmod(eighths, 8)
    out = "█" * full + ("▏▎▍▌▋▊▉"[part - 1] if part else "")
    return out + "░" * (width - len(out))


#: A header unit: its full words, and shorter ones for a narrow screen (None: none).
Unit = tuple[Text, Text | None]


def shown_path(root: Path) -> str:
    """The workspace folder as the operator would type it (``~`` for the home folder)."""
    home = Path.home()
    try:
        shown = "~/" + root.relative_to(home).as_posix() if root != home else "~"
    except ValueError:
        shown = str(root)
    return printable(shown)  # a folder name is data: no terminal control characters


def fit_line(units: list[Unit], width: int | None, sep: Text) -> Text:
    """``units`` joined by ``sep`` in ``width`` cells: the last units give up their long
    words first, then whole units go (an ellipsis says so); a unit is never cut inside."""
    words = [full for full, _ in units]

    def joined() -> Text:
        return sep.join(words)

    if width is None:
        return joined()
    for i in reversed(range(len(units))):
        if joined().cell_len <= width:
            return joined()
        short = units[i][1]
        if short is not None:
            words[i] = short
    while len(words) > 1 and joined().cell_len + 2 > width:
        words.pop()
    line = joined()
    if len(words) < len(units):
        line.append(" …")
    line.truncate(width, overflow="ellipsis")
    return line


class HealthHeader(Static):
    """Counts that say whether the memory is in shape; colours say what needs a look.
    Always three lines (the workspace, the counts, the block's cost), each fitted to the
    width, so the views never move as counts change."""

    DEFAULT_CSS = """
    HealthHeader { height: 3; padding: 0 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: AuditResult | None = None
        self.palette = Palette()
        self.auditing = False
        self.where = ""
        self._progress: Text | None = None
        #: The window the block is measured against instead of the audit's, with its name
        #: (the chat's server fixes it with -c, and the header then agrees with the chat).
        self.window: tuple[int, str] | None = None

    @property
    def room(self) -> int | None:
        """Cells a line may take (None before the first layout)."""
        width = self.content_region.width
        return width if width > 0 else None

    def loading(self, where: str) -> None:
        self.auditing, self.where = True, where
        if self.result is None:
            self._progress = Text("auditing …")
            self._redraw()

    def progress(self, phase: str, done: int, total: int) -> None:
        """How far the first audit has come: a gauge and a count while files are read or
        tokenized (a big workspace takes seconds)."""
        if self.result is not None:
            return
        line = Text("auditing … ")
        if total:
            unit = "file" if total == 1 else "files"
            line.append(f"{bar(done / total)} {phase} {done:,} / {total:,} {unit}")
        else:
            line.append(phase)
        self._progress = line
        self._redraw()

    def show(self, result: AuditResult, palette: Palette) -> None:
        self.result, self.palette, self.auditing = result, palette, False
        self._redraw()

    def use_window(self, window: int, name: str) -> None:
        """Measure the block against ``window`` (called ``name``) from now on."""
        self.window = (window, name)
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if self.result is not None:
            self.update(self.render_text(self.result, self.palette, self.room, self.window))
            return
        title = Text.assemble(("memtui ", "bold"), (self.where, "bold"))
        title.truncate(self.room or title.cell_len, overflow="ellipsis")
        self.update(Text("\n").join([title, self._progress or Text()]))

    @staticmethod
    def render_text(result: AuditResult, p: Palette, width: int | None = None,
                    window: tuple[int, str] | None = None) -> Text:
        """The three lines, each fitted to ``width`` cells (None: as long as they are);
        ``window``: the window (and its name) to measure the block against instead of the
        audit's."""
        sep = Text(" · ", style=p.muted)
        return Text("\n", no_wrap=True).join(
            fit_line(units, width, sep) for units in _units(result, p, window))


def _units(result: AuditResult, p: Palette,
           window: tuple[int, str] | None = None) -> list[list[Unit]]:
    ws = result.workspace
    idx = result.index
    # An entry is a line of the index that links one memory (JSON ``index.entries``, the
    # text report's "entries"), loaded or not; packed lines are counted apart.
    entries = sum(1 for ln in idx.lines if ln.kind == "entry")
    packed = sum(1 for ln in idx.lines if ln.kind == "packed")
    unloaded = sum(1 for ln in idx.lines
                   if ln.kind == "entry" and ln.number > result.loaded_lines)
    lost = sum(1 for o in result.orphans if not o.reachable)
    dangling = sum(1 for w in result.wikirefs if w.state == "dangling")
    fuzzy = sum(1 for w in result.wikirefs if w.state == "fuzzy")

    title: list[Unit] = [
        (Text.assemble(("memtui ", "bold"), (shown_path(ws.root), "bold")), None),
        (Text(f"{ws.layout} layout", style=p.muted), None),
        (Text(f"{result.profile} profile", style=p.muted), None),
    ]

    def count(n: int, words: str, colour: str, one: str | None = None) -> Text:
        """``n words`` (``n one`` when n is 1: "1 broken link")."""
        word = one if n == 1 and one is not None else words
        return Text.assemble((f"{n:,}", f"bold {colour}" if n and colour else "bold"),
                             f" {word}")

    counts: list[Unit] = [(count(len(result.files), "memories", "", "memory"), None)]
    if idx.exists:
        hot = Text.assemble((f"index {entries:,}", "bold"),
                            " entry" if entries == 1 else " entries")
        more = [f"{packed:,} packed"] if packed else []
        if unloaded:
            more.append(f"{unloaded:,} past the load limit")
        counts.append((hot + Text(f" ({', '.join(more)})") if more else hot, hot))
    else:
        counts.append((Text("no index", style=f"bold {p.warning}"), None))
    orphans = count(len(result.orphans), "orphans", p.warning, "orphan")
    counts.append((orphans + Text.assemble(" (", (f"{lost:,} unreachable",
                                                  f"bold {p.error}" if lost else ""), ")"),
                   None))
    counts.append((count(len(result.broken_links), "broken links", p.error, "broken link"), None))
    wiki = count(dangling, "dangling [[ ]]", p.dangling)
    counts.append((wiki + Text(f" ({fuzzy:,} fuzzy)", style=p.fuzzy), wiki) if fuzzy
                  else (wiki, None))

    block = result.block
    tokens = block.tokens.get(block.tokenizer, 0)
    size, name = window or (block.window, block.window_name)
    share = tokens / size if size else 0.0
    colour = p.error if share > 0.5 else p.warning if share > 0.25 else p.resolved
    gauge = Text.assemble("block ", (bar(share), colour),
                          (f" {tokens:,} {block.tokenizer} tok", "bold"))
    cost: list[Unit] = [(gauge, None), (Text(f"{block.chars:,} chars"), None),
                        (Text(f"{share:.1%} of {size:,} ({name})"),
                         Text(f"{share:.1%} of {size:,}"))]
    if result.profile == "claude-code":
        opts = result.options
        lines = len(idx.lines)
        by_lines, by_bytes = lines / opts.max_lines, idx.size / opts.max_bytes
        near = max(by_lines, by_bytes)
        lc = p.error if near > 1 else p.warning if near > 0.8 else p.resolved
        figures = [f"{lines:,}/{opts.max_lines:,} lines", f"{idx.size:,}/{opts.max_bytes:,} B"]
        if by_bytes > by_lines:  # the limit that binds goes next to the bar, never cut
            figures.reverse()
        cost.append((Text.assemble("load limit ", (bar(min(near, 1.0), 10), lc),
                                   (f" {figures[0]}", lc)), None))
        cost.append((Text(figures[1], style=lc), None))
        beyond = [ln for ln in result.beyond_limit if ln.kind != "blank"]
        if beyond:
            cost.append((Text(f"{plural(len(beyond), 'line')} never loaded",
                              style=f"bold {p.error}"), None))
    elif block.rule:  # an agent's profile (issue 33): its rule, and each limit's share
        title.append((Text(printable(block.rule), style=p.muted), None))
        for load in block.loads:
            lc = p.error if load.share > 1 else p.warning if load.share >= 0.8 \
                else p.resolved
            cost.append((Text.assemble(f"{printable(load.what)} ",
                                       (bar(min(load.share, 1.0), 10), lc),
                                       (f" {load.used:,}/{load.limit:,}", lc)), None))
    return [title, counts, cost]
