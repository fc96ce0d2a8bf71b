"""The header: how healthy this memory is, at a glance."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.text import Text
from textual.widgets import Static

from memtui.core.audit import AuditResult
from memtui.core.profiles.base import Load
from memtui.core.profiles.claude_code import ClaudeCode
from memtui.core.profiles.registry import get as get_profile
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.core.results import InjectedBlock
from memtui.core.verdict import own_kept
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


def credentials(result: AuditResult) -> tuple[int, int]:
    """The credentials in memory as the fleet's Secrets column and the exit status count
    them, and how many of them the workspace's own inline comment or ``.memtui.toml``
    hides (newuser39 #23: the header said "1 credential" where the fleet said 3, two
    under an inline ``memtui: ignore secret``, a comment the same commit can add)."""
    shown = [f for f in result.findings if f.kind == "secret"]
    seen = {id(f) for f in shown}
    hidden = sum(1 for f in own_kept(result) if f.kind == "secret" and id(f) not in seen)
    return len(shown) + hidden, hidden


def credentials_unit(secrets: int, hidden: int, count: Callable[..., Text],
                     colour: str) -> Unit:
    """``3 credentials (2 hidden by the workspace)``; short of room ``(2 hidden)``."""
    said = count(secrets, "credentials", colour, "credential")
    if not hidden:
        return (said, None)
    return (said + Text(f" ({hidden:,} hidden by the workspace)"),
            said + Text(f" ({hidden:,} hidden)"))


def shown_path(root: Path) -> str:
    """The workspace folder as the operator would type it (``~`` for the home folder)."""
    home = Path.home()
    try:
        shown = "~/" + root.relative_to(home).as_posix() if root != home else "~"
    except ValueError:
        shown = str(root)
    return printable(shown)  # a folder name is data: no terminal control characters


#: A step of fitting a line: unit ``index`` takes the words given (None: it gives way).
Step = tuple[int, Text | None]


def fit_line(units: list[Unit], width: int | None, sep: Text,
             steps: Sequence[Step] | None = None, spare: Sequence[int] = ()) -> Text:
    """``units`` joined by ``sep`` in ``width`` cells: the units in ``spare`` (counts of
    nothing) go first, from the end; then ``steps`` are taken in order until the line fits
    (by default the last units give up their long words first); then whole units go from
    the end (an ellipsis says a unit went); a unit is never cut inside."""
    words: list[Text | None] = [full for full, _ in units]
    popped = 0

    def joined() -> Text:
        return sep.join(w for w in words if w is not None)

    if width is None:
        return joined()
    room = width

    def fits() -> bool:  # with room for the ellipsis once a unit went
        return joined().cell_len + (2 if popped else 0) <= room
    # (newuser26 #10: at 80 columns "0 orphans · 0 broken links" stayed and the one count
    # that was not nothing, "4 fuzzy [[ ]]", went)
    for i in sorted(spare, reverse=True):
        if fits():
            break
        words[i] = None
        popped += 1
    if steps is None:
        steps = [(i, units[i][1]) for i in reversed(range(len(units)))
                 if units[i][1] is not None and words[i] is not None]
    for i, alt in steps:
        if fits():
            break
        if words[i] is not None:
            words[i] = alt
    kept = [w for w in words if w is not None]
    if not fits():
        while len(kept) > 1 and sep.join(kept).cell_len + 2 > room:
            kept.pop()
            popped += 1
    line = sep.join(kept)
    if popped:
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
        #: The chat's own qwen count of the block (its budget bar's), used against the
        #: chat's window when the audit counted no qwen (newuser37 #6).
        self.chat_tokens: int | None = None

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

    def use_chat_count(self, tokens: int) -> None:
        """The block's qwen tokens as the chat's budget bar counts them."""
        self.chat_tokens = tokens
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if self.result is not None:
            # three lines, full width, always: no layout (issue 35, the counting freeze)
            self.update(self.render_text(self.result, self.palette, self.room, self.window,
                                         self.chat_tokens), layout=False)
            return
        title = Text.assemble(("memtui ", "bold"), (self.where, "bold"))
        title.truncate(self.room or title.cell_len, overflow="ellipsis")
        self.update(Text("\n").join([title, self._progress or Text()]), layout=False)

    @staticmethod
    def render_text(result: AuditResult, p: Palette, width: int | None = None,
                    window: tuple[int, str] | None = None,
                    chat_tokens: int | None = None) -> Text:
        """The three lines, each fitted to ``width`` cells (None: as long as they are);
        ``window``: the window (and its name) to measure the block against instead of the
        audit's."""
        sep = Text(" · ", style=p.muted)
        return Text("\n", no_wrap=True).join(
            fit_line(units, width, sep, steps, spare)
            for units, steps, spare in _units(result, p, window, chat_tokens))


def never_loaded(result: AuditResult, style: str) -> Unit:
    """The index lines the agent never loads, and the memories they alone link when that
    count differs (newuser31 #24: after a fold, "73 never loaded" was 73 lines and 80
    memories); its compact form counts the memories, what the operator acts on."""
    lines = [ln for ln in result.beyond_limit if ln.kind != "blank"]
    far = {ln.number for ln in lines}
    loaded = {t for ln in result.index.lines if ln.number not in far for t in ln.targets}
    memories = len({t for ln in lines for t in ln.targets
                    if t in result.scans and t not in loaded})
    said = plural(len(lines), "line")
    if memories == len(lines):
        return (Text(f"{said} never loaded", style=style),
                Text(f"{len(lines):,} never loaded", style=style))
    many = plural(memories, "memory", "memories")
    return (Text(f"{said} ({many}) never loaded", style=style),
            Text(f"{many} never loaded", style=style))


def limit_bar(load: Load, colour: str, cells: int) -> Text:
    """``USER.md ████ 1,190/1,375``: one load limit's share, its bar ``cells`` wide."""
    return Text.assemble(f"{printable(load.what)} ", (bar(min(load.share, 1.0), cells), colour),
                         (f" {load.used:,}/{load.limit:,}", colour))


def own_terms(result: AuditResult) -> tuple[str, str] | None:
    """What an agent with no index of links loads, in its terms, long and short: OpenClaw's
    MEMORY.md, loaded every turn ("MEMORY.md 4 lines, loaded every turn"); Codex's summary
    against its limit ("summary 3,470/2,500 tokens"); None for a store of entries
    (Hermes': its own unit) or an index of links."""
    block = result.block
    if any(load.entries is not None for load in block.loads):
        return None
    idx = result.index
    if idx.exists and idx.path in block.files:
        return (f"{idx.path} {plural(idx.line_count, 'line')}, loaded every turn",
                f"{idx.path} {idx.line_count:,} lines")
    load = next((ld for ld in block.loads if ld.path in block.files), None)
    if load is not None:
        what = "summary" if "summary" in load.what else load.what
        unit = load.unit.split(" ")[0]
        return (f"{what} {load.used:,}/{load.limit:,} {unit}",
                f"{what} {load.used:,}/{load.limit:,}")
    return None


def _units(result: AuditResult, p: Palette, window: tuple[int, str] | None = None,
           chat_tokens: int | None = None
           ) -> list[tuple[list[Unit], Sequence[Step] | None, Sequence[int]]]:
    """The three lines' units, each with the steps that fit it (None: the usual) and the
    units that count nothing (they give way first)."""
    ws = result.workspace
    idx = result.index
    # An entry is a line of the index that links one memory (JSON ``index.entries``, the
    # text report's "entries", the change notice's), loaded or not; packed lines apart.
    entries, packed = len(idx.entries), len(idx.packed)
    unloaded = sum(1 for ln in idx.lines
                   if ln.kind == "entry" and result.never_loaded(ln.number))
    lost = sum(1 for o in result.orphans if not o.reachable)
    dangling = sum(1 for w in result.wikirefs if w.state == "dangling")
    fuzzy = sum(1 for w in result.wikirefs if w.state == "fuzzy")

    title: list[Unit] = [
        # short of room, the folder's own name and its parent's stay: the start of a long
        # path is the part every workspace shares (a test's folder under pytest-xdist)
        (Text.assemble(("memtui ", "bold"), (shown_path(ws.root), "bold")),
         Text.assemble(("memtui ", "bold"), (printable(
             "\u2026/" + "/".join(ws.root.parts[-2:])), "bold"))),
        (Text(f"{ws.layout} layout", style=p.muted), None),
        (Text(f"{result.profile} profile", style=p.muted), None),
    ]
    if result.baseline_path is not None:  # beside the path: what is new (newuser41 #27)
        new = len(result.findings)
        title.insert(1, (Text.assemble((f"{new:,} new", f"bold {p.warning}" if new
                                        else "bold"), " since the baseline"),
                         Text(f"{new:,} new")))

    def count(n: int, words: str, colour: str, one: str | None = None) -> Text:
        """``n words`` (``n one`` when n is 1: "1 broken link")."""
        word = one if n == 1 and one is not None else words
        return Text.assemble((f"{n:,}", f"bold {colour}" if n and colour else "bold"),
                             f" {word}")

    counts: list[Unit] = [(count(len(result.files), "memories", "", "memory"), None)]
    # a credential is the gravest finding: named at a glance, as the fleet's Secrets
    # column names it (newuser27 #35: the header read healthy beside an exit-1 token)
    secrets, hidden = credentials(result)
    if secrets:
        counts.append(credentials_unit(secrets, hidden, count, p.error))
    agent = get_profile(result.profile)
    own = None if agent.index_of_links or entries or packed or result.pointers() \
        else own_terms(result)
    at = len(counts)
    if own is not None:  # an agent with no index of links (newuser36 #35: "index 0
        # entries" for OpenClaw and Codex): what it loads, in its terms
        counts.append((Text(printable(own[0])), Text(printable(own[1]))))
    elif idx.exists:
        pointers = 0 if entries or packed else len(result.pointers())
        if pointers:  # Gemini's index is pointer lines, not links (newuser24 #14)
            hot = Text.assemble((f"index {pointers:,}", "bold"),
                                " pointer" if pointers == 1 else " pointers")
        else:
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
    # Two counts of different wikilinks: "1 dangling · 1 fuzzy [[ ]]" (a fuzzy one is
    # no dangling one, as "1 dangling [[ ]] (1 fuzzy)" read).
    if fuzzy:
        both = Text.assemble(count(dangling, "dangling", p.dangling), (" · ", p.muted),
                             count(fuzzy, "fuzzy", p.fuzzy), " [[ ]]")
        # short of room the fuzzy count goes, and "…" says one is left out (newuser23
        # #44: "1 dangling [[ ]]" alone read as no fuzzy one)
        counts.append((both, count(dangling, "dangling [[ ]]", p.dangling) + Text(" …")))
    else:
        counts.append((count(dangling, "dangling [[ ]]", p.dangling), None))

    # the counts of nothing: orphans, broken links, wikilinks (by their place above)
    nothing = [i for i, n in ((len(counts) - 3, len(result.orphans)),
                              (len(counts) - 2, len(result.broken_links)),
                              (len(counts) - 1, dangling + fuzzy)) if n == 0]
    # Short of room, the index's size gives way before a count of something after it (the
    # line is cut from its end): newuser30 #13, at 80 columns "2 broken links" and "1
    # dangling" went while "index 27 entries" stayed.
    # (newuser39 #8: at 120 columns "2 fuzzy" went while "index 220 entries" stayed: the
    # entry count's steps came after every other unit's shorter words)
    count_steps: list[Step] | None = None
    if idx.exists or own is not None:
        count_steps = [*([(at, counts[at][1])] if counts[at][1] is not None else []),
                       (at, None),
                       *((i, counts[i][1]) for i in reversed(range(len(counts)))
                         if i != at and counts[i][1] is not None)]

    block = result.block
    stores = [load for load in block.loads if load.entries is not None]
    if stores:  # the stores are the memory (Hermes): their entries as the agent reads
        # them; an index's entries, orphans, links and [[ ]] do not apply (newuser26 #42)
        counts = [(Text.assemble((f"{printable(load.what)} ", "bold"), load.entries_text()),
                   None) for load in stores]
        if secrets:  # the credentials all the same (newuser34 #12: one written into a
            # store, injected every session, went uncounted)
            counts.append(credentials_unit(secrets, hidden, count, p.error))
        nothing = []
        count_steps = None
    # Against the chat's window the count is the chat's, qwen (the budget bar's): a cl100k
    # count over a Qwen window read 15.5 % for 17.3 % (newuser35 #14)
    tokenizer, tokens = block_count(block, window, chat_tokens)
    size, name = window or (block.window, block.window_name)
    share = tokens / size if size else 0.0
    colour = p.error if share > 0.5 else p.warning if share > 0.25 else p.resolved

    def gauge(cells: int) -> Text:
        """``block ▍░░… 3,179 cl100k tok`` with a bar ``cells`` wide (0: none)."""
        return Text.assemble("block ", *(((bar(share, cells), colour), " ") if cells else ()),
                             (f"{tokens:,} {tokenizer} tok", "bold"))

    # what the agent also loads every turn that the block does not count (Claude Code's
    # CLAUDE.md files): the share is said to be the block's only (newuser35 #22)
    outside = result.not_in_block()
    besides = ""
    if outside:
        names = ", ".join(dict.fromkeys(os.path.basename(path) for path, _ in outside))
        besides = f", {printable(names)} not counted"
    cost: list[Unit] = [(gauge(BAR_WIDTH), None), (Text(f"{block.chars:,} chars"), None),
                        (Text(f"{share:,.1%} of {size:,} ({name}){besides}"),
                         Text(f"{share:,.1%} of {size:,}{besides}"))]
    narrow: list[Step] = []  # each limit's bar made short, before any goes (newuser36
    # #35: at 80 columns Hermes' USER.md bar, near its limit, went behind "…")
    if result.profile != "claude-code":
        if block.rule:  # an agent's profile (issue 33): its rule, and each limit's share
            title.append((Text(printable(block.rule), style=p.muted), None))
            # the worst first: in load order, a MEMORY.md at 325 % of its limit was past
            # the edge even at 200 columns (newuser24 #33); ties keep the load order
            for load in sorted(block.loads, key=lambda load: -load.share):
                lc = p.error if load.share > 1 else p.warning if load.share >= 0.8 \
                    else p.resolved
                cost.append((limit_bar(load, lc, 10), None))
                narrow.append((len(cost) - 1, limit_bar(load, lc, 3)))
                if block.dropped and len(cost) == 4:  # beside the worst (newuser27 #27)
                    cost.append(never_loaded(result, f"bold {p.error}"))
        # The agent's own load limits stay before the share of an assumed window (newuser30
        # #15: at 80 columns Hermes' stores past their limit were cut, "2.5% of 40,960"
        # kept): the chars, the window's name, the bar and the share give way first.
        agent_steps: list[Step] | None = None
        if len(cost) > 3:
            agent_steps = [(1, None), (2, cost[2][1]), (0, gauge(10)), (0, gauge(5)),
                           (2, None), (0, gauge(0)), *narrow]
        return [(title, None, ()), (counts, count_steps, nothing), (cost, agent_steps, ())]
    opts = result.options
    lines = ClaudeCode.agent_lines(idx)  # as Claude Code splits them (newuser30 #19)
    by_lines, by_bytes = lines / opts.max_lines, idx.size / opts.max_bytes
    near = max(by_lines, by_bytes)
    lc = p.error if near > 1 else p.warning if near > 0.8 else p.resolved
    figures = [f"{lines:,}/{opts.max_lines:,} lines", f"{idx.size:,}/{opts.max_bytes:,} B"]
    if by_bytes > by_lines:  # the limit that binds goes next to the bar, never cut
        figures.reverse()

    def limit(cells: int) -> Text:
        return Text.assemble("load limit ",
                             *(((bar(min(near, 1.0), cells), lc), " ") if cells else ()),
                             (figures[0], lc))

    cost.append((limit(10), None))
    cost.append((Text(figures[1], style=lc), None))
    beyond = sum(1 for ln in result.beyond_limit if ln.kind != "blank")
    never = len(cost)
    if beyond:
        cost.append(never_loaded(result, f"bold {p.error}"))
    # At 80 and 120 columns the load limit keeps both its figures (issue 32 §15): the
    # chars (the Block view says them), the window's name, the bars' length and the
    # share give way first, in this order.
    block_i, chars_i, share_i, limit_i = 0, 1, 2, 3
    steps: list[Step] = [(chars_i, None), (share_i, cost[share_i][1])]
    if beyond:
        steps.append((never, cost[never][1]))
    steps += [(block_i, gauge(10)), (limit_i, limit(5)), (block_i, gauge(5)),
              (share_i, None), (block_i, gauge(0))]
    if beyond:
        steps.append((never, None))
    steps.append((limit_i, limit(0)))
    return [(title, None, ()), (counts, count_steps, nothing), (cost, steps, ())]


def block_count(block: InjectedBlock, window: tuple[int, str] | None,
                chat_tokens: int | None) -> tuple[str, int]:
    """The block's count the header shows: (tokenizer, tokens). Against the chat's window
    it is qwen, the chat's: the audit's when it counted one, else the chat's own count
    (the audit counted cl100k only, as for Claude Code: newuser37 #6); without a chat
    window, the audit's own tokenizer. The Block view says the same figure (newuser41 #4:
    it said 2,971 cl100k tokens beside the header's 2,640 qwen)."""
    tokenizer = "qwen" if window is not None and "qwen" in block.tokens else block.tokenizer
    tokens = block.tokens.get(tokenizer, 0)
    if window is not None and tokenizer != "qwen" and chat_tokens is not None:
        tokenizer, tokens = "qwen", chat_tokens
    return tokenizer, tokens
