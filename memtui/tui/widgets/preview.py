"""The preview of one memory: frontmatter as a small table, the body as markdown with
wikilinks coloured by state, its findings, and the age note the agent gets on reading it.

It runs past 500 lines because it is one widget whose requests, rendering, search and kept
bodies share one state (what is on show, what is coming); its pure helpers are at the end."""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import islice
from time import monotonic
from typing import Any, ClassVar, NamedTuple

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.timer import Timer
from textual.widget import AwaitMount
from textual.widgets import Input, Static

from memtui.agent.age_note import age_note
from memtui.core.audit import AuditResult
from memtui.core.checks.findings import KIND_TITLES, WORKSPACE
from memtui.core.checks.noise import noise_folders
from memtui.core.creds.detector import SecretHit, mask_secrets, scan_text
from memtui.core.profiles import get as get_profile
from memtui.core.reporting.grouping import Group, draw_items
from memtui.core.reporting.safe_output import printable, short_value
from memtui.core.reporting.wording import plural
from memtui.core.scanner.scan import audited_text, secrets_with_values
from memtui.core.workspace import INDEX_NAME
from memtui.tui.messages import MemorySelected, grouped_of
from memtui.tui.palette import Palette
from memtui.tui.widgets.blank import PreviewPart, virtual_size_laid_once
from memtui.tui.widgets.gutter_bar import GutterBar
from memtui.tui.widgets.markdown_body import MarkdownBody
from memtui.tui.widgets.preview_text import shown_text, window
from memtui.tui.widgets.wiki_markdown import mark_broken, rewrite_wikilinks

SETTLE = 0.25  # seconds the cursor must rest before the preview re-renders
FLASH = 2.0
NOTHING = "Nothing selected in this view."
#: Shown instead of a memory whose file no longer holds the text its audit read: only an
#: audited text is shown (its credentials masked); the change's own audit shows the new one.
CHANGED = ("*This file changed on disk since its audit; the next audit of it shows it "
           "here.*")
#: Rendered bodies kept (hidden) to show again: a view switch back to a file shown a moment
#: ago (MEMORY.md in the Index and Block views) is not parsed and drawn again (issue 32 #17).
BODIES_KEPT = 8


class MemoryPreview(VerticalScroll):
    """Focus it (click, Tab) to scroll with j/k/g/G and search it with /."""

    #: Its parts' heights change with each file: one layout places them, no second one.
    virtual_size = virtual_size_laid_once()

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search preview"),
        Binding("escape", "close_search", "Close search"),
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
        Binding("g", "scroll_home", "Top", show=False),
        Binding("G", "scroll_end", "Bottom", show=False),
    ]

    DEFAULT_CSS = """
    /* The scrollbar's columns always kept: a long file after a short one (or a commit)
       would otherwise narrow the body as its scrollbar comes, and every block re-wraps in
       two more full-screen layouts (issue 32 item 17). */
    /* Shown even with nothing to scroll (drawn then as the bare gutter: `GutterBar`): one
       that comes and goes is a second layout of a view switch. */
    MemoryPreview { padding: 0 1; scrollbar-gutter: stable; overflow-y: scroll; }
    MemoryPreview > #preview-search {
        dock: top; height: 1; border: none; padding: 0 1; display: none;
        background: $boost;
    }
    MemoryPreview.-searching > #preview-search { display: block; }
    MemoryPreview > #preview-matches { dock: top; height: 1; color: $text-muted;
                                       display: none; padding: 0 1; }
    MemoryPreview.-searching > #preview-matches { display: block; }
    MemoryPreview > #preview-title { text-style: bold; height: auto; }
    MemoryPreview > #preview-meta { height: auto; margin: 0 0 1 0; }
    MemoryPreview > MarkdownBody { padding: 0; margin: 0; }
    MemoryPreview > #preview-findings { height: auto; margin: 1 0 0 0; }
    MemoryPreview > #preview-age {
        height: auto; margin: 1 0 0 0; padding: 0 1;
        border-left: outer $primary; color: $text-muted;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: AuditResult | None = None
        self.palette = Palette()
        self.path: str | None = None  # the file rendered
        self._titled: str | None = None  # the file the title names (rendered or coming)
        self.line: int | None = None
        self._shown: tuple[Any, ...] | None = None
        self._timer: Timer | None = None
        self._want: tuple[str | None, int | None] | None = None
        self._asked = 0.0  # when the last request came (`monotonic`)
        self._hit = 0  # which match of the preview search is shown
        self._commit: dict[str, Any] | None = None  # a Trend commit waiting to be shown
        self._commit_shown: dict[str, Any] | None = None  # the last commit shown
        #: What is on show: (path, line, the result it came from); None: a commit.
        self._rendered: tuple[str | None, int | None, AuditResult | None] | None = None
        self._index_secrets: tuple[str, list[SecretHit]] | None = None  # MEMORY.md's scan
        self._hold_scroll = False  # inside `catch_up`
        self._held_scroll: int | None = None  # the body line to jump to once laid out
        self._preset: tuple[int, int] | None = None  # the block and scroll set before it
        #: The body a `show` left to be drawn after the parts' paint (see `_fill`).
        self._filling: _Fill | None = None
        self._body = MarkdownBody(id="preview-body")  # the one on show
        #: Every body mounted (at most BODIES_KEPT) by its ``_shown`` key, oldest use first.
        self._kept: dict[tuple[Any, ...] | None, MarkdownBody] = {None: self._body}

    @property
    def body(self) -> MarkdownBody:
        """The body on show (the others kept are hidden)."""
        return self._body

    @property
    def busy(self) -> bool:
        """A file or a commit asked for is not drawn yet (on its way, or its body still to
        be drawn after the paint, `_fill`)."""
        return self.display and (self._want is not None or self._filling is not None
                                 or self._commit is not None)

    def _show_body(self, key: tuple[Any, ...], source: str) -> AwaitMount | None:
        """Show the body rendered from ``key`` (``source``): a kept one as it is, else one
        rendered now in a new body (fewer than BODIES_KEPT) or the one least recently shown.
        Returns a new body's mount, for a caller that can wait for it (a view switch's
        frame); a cursor move draws its file within its own turn, and the layout places
        the body once mounted."""
        self._shown = key
        body = self._kept.pop(key, None)
        if body is None and not source and self._kept.get(None) is self._body:
            # The body mounted with the preview, empty since: it shows an empty source as
            # it is, without mounting another (at the first audit, "nothing selected" came
            # first: a body mounted, a full layout of the screen awaited, issue 35).
            body = self._kept.pop(None)
        fresh = body is None
        mounting = None
        if body is None:
            if len(self._kept) < BODIES_KEPT:
                body = MarkdownBody()
                mounting = self.mount(body, after=self._body)
            else:
                # the oldest, but MEMORY.md's last (two views show it; it costs the most)
                spare = [k for k, b in self._kept.items() if b is not self._body]
                oldest = next((k for k in spare if not (k and k[0] == "index")), spare[0])
                body = self._kept.pop(oldest)
        self._kept[key] = body  # the most recent last
        if body is not self._body:
            self._body.display = False
            self._body = body
        body.display = True
        if fresh:
            body.show(source, self.palette)
        return mounting

    def on_mount(self) -> None:
        self.vertical_scrollbar.renderer = GutterBar.for_widget(self)

    def compose(self) -> ComposeResult:
        yield Input(placeholder="search this preview (Enter: next, Esc: close)",
                    id="preview-search")
        yield Static("", id="preview-matches", markup=False)
        yield PreviewPart(NOTHING, id="preview-title")
        yield PreviewPart(id="preview-meta")
        yield self._body
        yield PreviewPart(id="preview-findings")
        yield PreviewPart(id="preview-age")

    # -- search ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_search":
            return self.has_class("-searching")
        return True

    def action_search(self) -> None:
        self.add_class("-searching")
        self.query_one("#preview-search", Input).focus()

    def action_close_search(self) -> None:
        self.remove_class("-searching")
        self._hit = 0
        self._body.set_target(None)
        self.focus()

    @on(Input.Changed, "#preview-search")
    def _search_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._hit = 0
        self.find(event.value)

    @on(Input.Submitted, "#preview-search")
    def _search_next(self, event: Input.Submitted) -> None:
        event.stop()
        self._hit += 1
        self.find(event.value)

    def find(self, query: str) -> int:
        """Scroll to and mark the block holding the ``_hit``-th match of ``query`` (words
        in any case); returns how many blocks match and says so above the preview."""
        words = query.casefold().split()
        body = self._body
        hits = body.matches(words) if words else []
        body.set_target(None)
        note = self.query_one("#preview-matches", Static)
        if not hits:
            note.update("no match" if words else "")
            return 0
        block = hits[self._hit % len(hits)]
        body.set_target(block)
        self._scroll_to_block(block)
        note.update(f"match {self._hit % len(hits) + 1} of {len(hits)}")
        return len(hits)

    # -- requests --------------------------------------------------------------------------

    def request(self, path: str | None, line: int | None = None, *, now: bool = False,
                drawn_now: bool = False) -> None:
        """Show ``path`` (at ``line``) once the cursor settles; ``now`` skips the wait.
        None: nothing is selected, and the preview says so. ``drawn_now``: the caller has
        it drawn in this frame (`catch_up`), so no placeholder comes first."""
        if self._want is None and self._filling is None \
                and self._rendered == (path, line, self.result):
            return  # on show already (a view just shown announces its row again)
        moment = monotonic()
        resting = moment - self._asked >= SETTLE
        self._asked = moment
        self._want = (path, line)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.display:
            return  # drawn when shown again (`shown_again`): no title, no layout meanwhile
        if now:
            if not drawn_now and (path != self._titled or self._shown == ("commit",)):
                self._placeholder(path)
            self.call_later(self._render_wanted)
        elif resting and self._filling is None:
            # The first move after a rest: its file drawn at once, in one layout (a
            # placeholder, then the file after SETTLE, then its body after a paint were
            # three layouts and six paints a move: newuser23 #20).
            self._want = None
            self._draw_in_one_layout(path, line)
        else:
            # The keys repeat: the title follows them (no layout while it fits one
            # line), the file is drawn once they stop.
            if path != self._titled or self._shown == ("commit",):
                self._placeholder(path)
            self._timer = self.set_timer(SETTLE, self._settled)

    def _settled(self) -> None:
        """The cursor has rested SETTLE seconds: its file, in one layout."""
        self._timer = None
        want, self._want = self._want, None
        if want is not None:
            self._draw_in_one_layout(*want)

    def _draw_in_one_layout(self, path: str | None, line: int | None) -> None:
        """Show ``path`` (at ``line``) in this turn, and give the preview its new height
        and scrollbar and the jump to ``line`` before the layout (`_lay_out_ahead`): the
        layout finds them in place, no repaint of the scrollbar after it."""
        self._preset = None
        self._hold_scroll = True
        try:
            self.show_now(path, line)
        finally:
            self._hold_scroll = False
        self._lay_out_ahead(self._held_scroll)
        self.scroll_after_refresh()

    def _placeholder(self, path: str | None) -> None:
        """Within this frame, before the (slower) render: the title names what is coming
        and the rest of the old file is hidden, so the preview never shows one file under
        another's row."""
        self._titled = path
        title = self.query_one("#preview-title", Static)
        text = Text(printable(path)) if path is not None else Text(NOTHING)
        # One line before and after: no new layout (the cheap path while a key is held).
        width = title.content_region.width
        one_line = title.size.height == 1 and 0 < text.cell_len <= width
        title.update(text, layout=not one_line)
        body = self._body
        if self._filling is not None:  # its body is not drawn now: the new file's comes
            self._filling, self._rendered = None, None
        elif not body.display:
            return  # the old file is hidden already (the cursor is still moving)
        self.query_one("#preview-meta", Static).update("")
        for part in ("#preview-findings", "#preview-age"):
            self.query_one(part, Static).display = False
        body.display = False

    def set_result(self, result: AuditResult, palette: Palette) -> None:
        self.result, self.palette = result, palette
        if self._want is None and self._shown != ("commit",):
            self._want = (self.path, None)
            self.call_later(self._render_wanted)

    def request_commit(self, point: dict[str, Any]) -> None:
        """Show one commit of the Trend view (hash, date, subject, figures) at once."""
        if self._rendered is None and self._want is None and point == self._commit_shown:
            self._commit = None  # on show already (a view just shown announces its row
            return               # again); one asked for meanwhile is out of date
        self._want = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._commit = point
        self.call_later(self._render_commit)

    async def _render_commit(self) -> None:
        point, self._commit = self._commit, None
        if point is None or self._want is not None:
            return  # a newer request came first
        self._commit_shown = point
        p = self.palette
        self.path, self.line, self._titled = None, None, None
        self._rendered = None
        self.query_one("#preview-title", Static).update(Text.assemble(
            ("commit ", "bold"), (printable(str(point["commit"])), "bold")))
        self.query_one("#preview-meta", Static).update(Text.assemble(
            (printable(str(point["date"])), p.muted), "\n",
            (printable(str(point["subject"])), "bold")))
        self.query_one("#preview-findings", Static).update(Text(
            f"{plural(point['orphans'], 'orphan')} ({point['unreachable']:,} unreachable)\n"
            f"{plural(point['block_tokens'], 'block token')}"))
        self.query_one("#preview-findings", Static).display = True
        self.query_one("#preview-age", Static).display = False
        self._body.display = True
        if self._shown != ("commit",):
            await _mounted(self._show_body(("commit",), ""))

    async def catch_up(self) -> None:
        """Render now what was asked with ``now`` (a view switch draws the new view and
        its row's file in one frame), rather than on the next turn of the loop. A jump to
        a line waits for `scroll_after_refresh`: the switch lays the frame out later."""
        self._preset = None
        rendered = self._commit is not None
        if self._commit is not None:
            await self._render_commit()
        if self._want is not None and self._timer is None:
            self._hold_scroll = True
            try:
                await self._render_wanted()
            finally:
                self._hold_scroll = False
            rendered = True
        if rendered:
            self._lay_out_ahead(self._held_scroll)

    def _lay_out_ahead(self, body_line: int | None) -> None:
        """Before the switch's layout, give the preview the height its parts will have at
        this width (title and meta measured, the body's drawn lines, the parts below), its
        scrollbar too, and jump to the block holding ``body_line`` (marked): the switch's
        one layout finds them in place. Left to the layout, the new height refreshed the
        scrollbar after the layout had painted (a paint more), and the jump was a scroll
        layout and full repaint more (issue 32 item 17). `scroll_after_refresh` checks
        the jump against the layout."""
        heights = self._heights()
        if heights is None:
            return  # the layout finds them (and the jump comes after it)
        top, height = heights
        # (a container is at least as tall as its view.) Textual clamps a scroll to the old
        # file's height until the layout; the layout, finding this height, leaves the
        # scrollbar as set here.
        height = max(height, self.scrollable_content_region.height)
        self.virtual_size = Size(self.virtual_size.width, height)
        bar = self.vertical_scrollbar
        bar.window_virtual_size = height
        bar.window_size = self.container_size.height - self.scrollbar_size_horizontal
        # (no clamp of the scroll here: foreseen wrong, at a width the layout changes, it
        # would move a scrolled file; the layout clamps it to the height it finds)
        target = None if body_line is None else self._block_at(body_line)
        if target is None:
            return
        self.scroll_to(y=top + self._body.block_lines(target)[0], animate=False,
                       immediate=True)
        self._body.set_target(target)
        self._preset = (target, round(self.scroll_y))

    def _heights(self) -> tuple[int, int] | None:
        """The line the body will start at in the preview once laid out and the height of
        all its parts, or None when unsure (searching, or a part that is not a plain one)."""
        width = self.scrollable_content_region.width
        if width <= 0:
            return None
        top: int | None = None
        y, margin = 0, 0
        for child in self.children:
            if not child.display:
                continue
            if child is self._body:
                height = len(self._body.drawn(width).lines)
            elif isinstance(child, PreviewPart):
                gutter = child.styles.gutter
                height = gutter.height + child.get_content_height(
                    self.scrollable_content_region.size, self.app.size, width - gutter.width)
            else:
                return None
            spacing = child.styles.margin
            y += max(margin, spacing.top)
            if child is self._body:
                top = y
            y += height
            margin = spacing.bottom
        return None if top is None else (top, y + margin)

    def scroll_after_refresh(self) -> None:
        """The jump to a line `catch_up` held, once the screen is laid out and drawn."""
        if self._held_scroll is not None:
            self.call_after_refresh(self._jump_laid_out, self._held_scroll, self._preset)
            self._held_scroll = None
            self._preset = None

    def _jump_laid_out(self, body_line: int, preset: tuple[int, int] | None) -> None:
        """Keep a jump made before the layout when the layout placed it right (the block's
        first line at the top, or as near as the file's end lets), else make it now."""
        body = self._body
        if preset is not None and body.target == preset[0]:
            y = body.virtual_region.y + body.block_lines(preset[0])[0]
            if round(self.scroll_y) == min(y, self.max_scroll_y) == preset[1]:
                self._flash(preset[0])
                return
        self._scroll_to_line(body_line)

    async def _render_wanted(self) -> None:
        if not self.display:
            return  # rendered when shown again (see shown_again)
        want, self._want = self._want, None
        if self._timer is not None:  # what it would draw is drawn now
            self._timer.stop()
            self._timer = None
        if want is not None:
            # (a view switch's `catch_up` draws it all in its one frame)
            await self.show(*want, later=not self._hold_scroll)

    def shown_again(self) -> None:
        """The pane was hidden and is back: catch up with the last selection (named at
        once: the old file is not shown under the new row meanwhile)."""
        if self._want is not None:
            if self._want[0] != self._titled or self._shown == ("commit",):
                self._placeholder(self._want[0])
            self.call_later(self._render_wanted)

    # -- rendering -------------------------------------------------------------------------

    async def show(self, path: str | None, line: int | None = None, *,
                   later: bool = False) -> None:
        """Show ``path`` (at ``line``) now; ``later``: a body to parse and draw is drawn
        after the title and the frontmatter have been painted (see `_fill`)."""
        await _mounted(self.show_now(path, line, later=later))

    def show_now(self, path: str | None, line: int | None = None, *,
                 later: bool = False) -> AwaitMount | None:
        """`show`, within the caller's turn; returns a new body's mount (`_show_body`)."""
        result = self.result
        if result is None:
            return None
        self._filling = None  # this show's body replaces a body still to come
        self.path, self.line = path, line
        self._titled = path
        title = self.query_one("#preview-title", Static)
        meta = self.query_one("#preview-meta", Static)
        body = self._body
        findings = self.query_one("#preview-findings", Static)
        age = self.query_one("#preview-age", Static)
        if path is None:
            return self._show_nothing()
        scan = result.scans.get(path)
        p = self.palette
        if scan is not None:
            mf = scan.memory
            report = result.file(path)
            key, source, first_line = self._body_source(result, path, line)
            t = Text(printable(path))
            if path in result.index_linked:  # or found the agent's own way (newuser26 #6)
                t.append(f"  {result.reach(path)}", style=p.resolved)
            elif path in result.reachable:
                t.append("  orphan, reachable by links", style=p.warning)
            else:
                t.append("  orphan, unreachable", style=p.error)
            title.update(t)
            # (a scan from the cache holds no credential's value: read again to mask)
            secrets = secrets_with_values(result.workspace.root, scan) \
                if scan.secrets and mf.meta else scan.secrets
            # (an agent whose memories carry none, a Hermes store: nothing to remark,
            # newuser32 #43)
            meta.update(_meta_table(mf.meta, scan.tokens, p, secrets)
                        if mf.has_frontmatter else Text(
                            "no frontmatter" if get_profile(result.profile).frontmatter
                            else "", style=p.muted))
            days = report.age_days if report else 0
            dated = report.age_source if report else "mtime"
            # An unknown age is not one "by unknown": the agent is told the file's
            # modification time, which looks like a copy's (newuser25 #10).
            how = (f"told {plural(days, 'day')}, by the file's modification time, which is "
                   "a copy's: its real age is unknown") if dated == "unknown" \
                else f"{days} days old, by {dated}"
            age.update(Text.assemble(
                (f"What the agent reads after this file ({how}):\n", "italic"),
                age_note(days)))
            age.display = True
        elif path == INDEX_NAME:
            idx = result.index
            key, source, first_line = self._body_source(result, path, line)
            block = result.block  # cut or whole, as the Block view says (newuser24 #6)
            how = ("injected whole every turn" if not block.cut else
                   "injected every turn, cut by the agent's limit" if block.rule else
                   f"injected every turn up to line {result.loaded_lines:,} (the "
                   f"{result.profile} load limit)")
            instead = result.index_unloaded()
            if instead:  # the agent loads another file (Codex: memory_summary.md)
                how = f"not loaded by the agent: it loads {printable(', '.join(instead))}"
            title.update(Text(f"{INDEX_NAME}  the index, {how}"))
            shape = f"{idx.lines_said} · {plural(idx.size, 'byte')}"
            meta.update(Text(shape, style=p.muted)
                        if idx.exists else Text("MEMORY.md does not exist", style=p.warning))
            age.display = False
        elif (grouped := grouped_of(path)) is not None:
            key = ("grouped", 1)
            group = _group(result, *grouped)
            files = group.files if group is not None else ()
            title.update(Text.assemble(
                (KIND_TITLES.get(grouped[0], grouped[0]), p.severity(grouped[1])),
                f"  {plural(len(files), 'file')}, one row in Findings"))
            listed = Text("Not one file: the row gathers these (the Orphans and Files views "
                          "list each one):\n" if files else "No such findings now.",
                          style=p.muted)
            for rel in files[:GROUP_FILES]:
                listed.append(f"\n{printable(rel)}")
            if len(files) > GROUP_FILES:
                listed.append(f"\n… and {len(files) - GROUP_FILES:,} more", style=p.muted)
            meta.update(listed)
            source, first_line = "", 1
            age.display = False
        elif path == WORKSPACE:
            key = ("workspace", 1)  # (a body's key ends with its first line)
            title.update(Text("(workspace)  findings about the whole workspace"))
            meta.update(Text("Not one file: each finding below gathers the files listed "
                             "under it (the Files view has their age and format)."
                             if result.findings_for(WORKSPACE) else
                             "No finding about the whole workspace now.", style=p.muted))
            source, first_line = "", 1
            age.display = False
        else:
            there = os.path.lexists(result.workspace.root / path)
            key = ("missing", path, there, 1)
            title.update(Text(printable(path), style=p.muted if there else p.error))
            # A file the audit read that is no memory (an agent's bootstrap file, a file
            # beside the memories) is there: never "missing" (newuser30 #21).
            # one the agent loads every turn (OpenClaw's TOOLS.md) is said so, and what
            # memtui does to it: x redacts its credential (newuser34 #18: "the agent can
            # read it; memtui edits only memories", beside a finding saying every turn)
            loaded = path in getattr(result.block, "files", ())
            meta.update(Text("not a memory file: the agent loads it into every turn; memtui "
                             "edits it only to redact a credential (x)" if there and loaded
                             else "not a memory file: it is there, and the agent can read "
                             "it; memtui edits only memories" if there else
                             "not a memory file here (missing or deleted)", style=p.muted))
            source, first_line = "", 1
            age.display = False
        fs = result.findings_for(path)
        out = Text()
        for f in fs[:30]:
            out.append(f"{f.severity:<8}", style=p.severity(f.severity))
            out.append(f"{'L' + str(f.line) if f.line else '':<6}{f.message}\n")
            out.append(_gathered(f.files), style=p.muted)
        if len(fs) > 30:
            out.append(f"… and {len(fs) - 30} more\n", style=p.muted)
        out.rstrip()
        findings.update(out if fs else "")
        if later and source and key != self._shown and key not in self._kept:
            # A body to parse, measure and draw: after the title and the frontmatter are
            # painted, in a frame of its own, with the parts under it (issue 35: with the
            # parts, in one layout and paint, it was the worst freeze of the first audit).
            fill = self._filling = _Fill(key, source, line, first_line, bool(fs),
                                         age.display)
            body.display = findings.display = age.display = False
            self._held_scroll = None
            self._rendered = (path, line, result)
            # Two turns: the screen may run what comes "after the refresh" at once, before
            # the title's and frontmatter's own refresh requests have reached it.
            self.call_after_refresh(self.call_after_refresh, self._fill, fill)
            return None
        findings.display = bool(fs)
        body.display = True
        mounting = None
        if key != self._shown:
            mounting = self._show_body(key, source)
            self.scroll_home(animate=False, immediate=True)
        self._held_scroll = None
        if line is not None and self._hold_scroll:
            self._held_scroll = line - first_line
        elif line is not None:
            self.call_after_refresh(self._scroll_to_line, line - first_line)
        self._rendered = (path, line, result)
        return mounting

    def _body_source(self, result: AuditResult, path: str,
                     line: int | None) -> tuple[tuple[Any, ...], str, int]:
        """The body of ``path`` (a memory of ``result``, or MEMORY.md) shown at ``line``: the
        key it is kept by, its markdown source and the file's line its first line is."""
        if path == INDEX_NAME and path not in result.scans:
            idx = result.index
            states = {w.target: w.state for w in result.wikirefs if w.source == INDEX_NAME}
            source, first_line = window(shown_text(idx.text, self._secrets_of(result)),
                                        1, line)
            source = rewrite_wikilinks(mark_broken(source, INDEX_NAME,
                                                   _broken(result, INDEX_NAME)), states)
            return ("index", idx.text, self.app.theme, first_line), source, first_line
        scan = result.scans[path]
        mf = scan.memory
        # The app keeps no memory's text: read again, shown only when it is the one
        # audited (bounded, never blocking: `audited_text`).
        text = audited_text(result.workspace.root, scan)
        key: tuple[Any, ...] = ("memory" if text is not None else "changed", path,
                                scan.mtime, id(scan), self.app.theme)
        if text is None:
            source, first_line = CHANGED, mf.body_start
        else:
            states = {w.target: w.state for w in result.wikirefs if w.source == path}
            source, first_line = window(
                shown_text(text[mf.body_offset:] if mf.body_offset else text,
                           secrets_with_values(result.workspace.root, scan, text)),
                mf.body_start, line)
            source = rewrite_wikilinks(mark_broken(source, path, _broken(result, path)),
                                       states)
        return (*key, first_line), source, first_line

    def prepare(self, path: str | None, line: int | None = None) -> None:
        """Parse and draw, hidden, the body ``show`` would show for ``path`` (at ``line``)
        and keep it, when a body may still be kept without putting another out: a view
        built ahead (``build_ahead``) has its first file's body ready for its first switch
        (10–20 ms of it at 261 files: parsed, mounted and drawn then; issue 32 item 17)."""
        result = self.result
        if (result is None or path is None or len(self._kept) >= BODIES_KEPT
                or not (path in result.scans or path == INDEX_NAME)):
            return
        key, source, _ = self._body_source(result, path, line)
        if not source or key == self._shown or key in self._kept:
            return
        body = MarkdownBody()
        body.display = False
        self.mount(body, after=self._body)  # (not awaited: a key would wait for it)
        # the least recently shown: the first put out when a body must be
        self._kept = {key: body, **self._kept}
        body.show(source, self.palette)
        body.drawn(self.scrollable_content_region.width - body.styles.gutter.width)

    async def _fill(self, fill: _Fill) -> None:
        """The body `show` left for after the paint of its title and frontmatter, drawn
        now with the parts under it (unless a newer request came meanwhile)."""
        if self._filling is not fill:
            return
        self._filling = None
        self.query_one("#preview-findings", Static).display = fill.findings
        self.query_one("#preview-age", Static).display = fill.age
        self._body.display = True
        await _mounted(self._show_body(fill.key, fill.source))
        self.scroll_home(animate=False, immediate=True)
        if fill.line is not None:
            self.call_after_refresh(self._scroll_to_line, fill.line - fill.first_line)

    def _secrets_of(self, result: AuditResult) -> list[SecretHit]:
        """The credentials in ``result``'s MEMORY.md (scanned once per text: 10–40 ms at
        each view switch that showed the index; issue 32 item 17). None when the audit
        found none there: its own scan of this text (`index_findings`: the same detector
        within the same bounds) is what `scan_text` would give, not made again on the
        screen's thread (a 730 KB index: a second; issue 35, newuser27 #6)."""
        index_text = result.index.text
        kept = self._index_secrets
        if kept is None or kept[0] != index_text:
            hits = scan_text(index_text) if index_credentials(result) else []
            kept = self._index_secrets = (index_text, hits)
        return kept[1]

    def _show_nothing(self) -> AwaitMount | None:
        self._body.display = True
        self.query_one("#preview-title", Static).update(NOTHING)
        for part in ("#preview-meta", "#preview-findings"):
            self.query_one(part, Static).update("")
        for part in ("#preview-findings", "#preview-age"):
            self.query_one(part, Static).display = False
        mounting = self._show_body(("nothing",), "") if self._shown != ("nothing",) else None
        self._rendered = (None, None, self.result)
        return mounting

    def _scroll_to_line(self, body_line: int) -> None:
        """Scroll to and flash the block holding ``body_line`` (0-based within the body)."""
        body = self._body
        target = self._block_at(body_line)
        if target is None:
            return
        with self.app.batch_update():  # the scroll and the mark in one frame, not two
            self._scroll_to_block(target)
            body.set_target(target)
        self._flash(target)

    def _flash(self, target: int) -> None:
        """The mark on block ``target`` goes after FLASH seconds."""
        body = self._body
        self.set_timer(FLASH, lambda: body.set_target(None) if body.target == target else None)

    def _block_at(self, body_line: int) -> int | None:
        """The body's block holding ``body_line`` (0-based), or the next one, or the last."""
        body = self._body
        target = None
        for i, block in enumerate(body.blocks):
            start, end = block.source_range
            if start <= body_line < end:
                return i
            if start > body_line:
                return i
        if body.blocks:
            target = len(body.blocks) - 1
        return target

    def _scroll_to_block(self, index: int) -> None:
        """Scroll so that the body's block ``index`` is at the top."""
        body = self._body
        start, _ = body.block_lines(index)
        where = body.virtual_region
        self.scroll_to_region(Region(where.x, where.y + start, where.width, 1),
                              animate=False, top=True, immediate=True)

    @on(MarkdownBody.LinkClicked)
    def _link(self, event: MarkdownBody.LinkClicked) -> None:
        event.stop()
        result = self.result
        if result is None:
            return
        base = self.path.rsplit("/", 1)[0] + "/" if self.path and "/" in self.path else ""
        target = event.href if event.href in result.scans else base + event.href
        if target not in result.scans:
            self.app.notify(f"{printable(event.href)}: not a memory here", severity="warning",
                            markup=False)
            return
        self.post_message(MemorySelected(target))


async def _mounted(mounting: AwaitMount | None) -> None:
    """Wait for ``mounting`` (a body's mount), if any."""
    if mounting is not None:
        await mounting


class _Fill(NamedTuple):
    """A body `show` left to draw after the paint: its key and source, the line to jump
    to, and whether the findings and the age note under it are shown."""

    key: tuple[Any, ...]
    source: str
    line: int | None
    first_line: int
    findings: bool
    age: bool


GATHERED_SHOWN = 40  # files listed under a workspace-level finding before "… and N more"


def _gathered(files: tuple[str, ...]) -> str:
    """The files a workspace-level finding gathers, one a line (the first few)."""
    lines = [f"  {printable(p)}\n" for p in files[:GATHERED_SHOWN]]
    if len(files) > GATHERED_SHOWN:
        lines.append(f"  … and {len(files) - GATHERED_SHOWN:,} more\n")
    return "".join(lines)


GROUP_FILES = 30  # the files of a grouped row listed


def _group(result: AuditResult, kind: str, severity: str, folder: str | None) -> Group | None:
    """The Findings view's grouped row of ``kind`` findings of ``severity`` (in ``folder``),
    as it draws them now."""
    for item in draw_items(result.findings, noise_folders(result.scans, result.reachable)):
        if isinstance(item, Group) and (item.kind, item.severity, item.folder) == \
                (kind, severity, folder):
            return item
    return None


def _broken(result: AuditResult, path: str) -> set[str]:
    """The targets of ``path``'s broken links."""
    return {b.target for b in result.broken_links if b.source == path}


META_ROWS = 40  # frontmatter keys shown; a file may hold thousands


def _meta_rows(meta: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(key, value) of the frontmatter, one level of nesting as ``key.sub``."""
    for key, value in meta.items():
        if isinstance(value, dict):
            for k2, v2 in value.items():
                yield f"{short_value(key, 40)}.{short_value(k2, 40)}", v2
        else:
            yield short_value(key, 40), value


def _meta_table(meta: dict[str, Any], tokens: dict[str, int], p: Palette,
                secrets: list[SecretHit]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style=f"bold {p.info}", no_wrap=True)
    table.add_column(overflow="fold")
    rows = _meta_rows(meta)
    for key, value in islice(rows, META_ROWS):
        if secrets and isinstance(value, str):
            value = mask_secrets(value, secrets)
        table.add_row(Text(key), Text(short_value(value)))  # Text: data, never markup
    more = sum(1 for _ in rows)
    if more:
        table.add_row("…", Text(f"{more:,} more keys", style=p.muted))
    if tokens:
        table.add_row("tokens", Text(" · ".join(f"{k} {v:,}" for k, v in tokens.items()),
                                     style=p.muted))
    return table


def index_credentials(result: AuditResult) -> bool:
    """Whether ``result``'s audit found a credential in MEMORY.md, reported or suppressed
    (a config's ignore leaves the value on show otherwise)."""
    return any(f.kind == "secret" and f.path == INDEX_NAME for f in result.findings) or any(
        s.finding.kind == "secret" and s.finding.path == INDEX_NAME
        for s in getattr(result, "suppressed", ()))
