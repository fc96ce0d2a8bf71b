"""The Injected block view: the exact text the agent receives each turn, and its cost."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static, TextArea
from textual.widgets.text_area import Selection

from memtui.core.audit import AuditResult
from memtui.core.creds.detector import scan_text
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import no_num_ctx_note, no_num_ctx_tokens
from memtui.core.workspace import INDEX_NAME
from memtui.tui.views.base import AuditView
from memtui.tui.widgets.block_text import BlockText
from memtui.tui.widgets.preview_text import shown_text

#: Characters of one line the view shows; the rest is said, not shown. Textual's text area
#: wraps every line it holds, whole, at each load, first size and scrollbar: a MEMORY.md of
#: one 5 MB line held the screen for a minute, keys and ``q`` queued behind (newuser26 #31).
LINE_SHOWN = 10_000
#: Places of a search counted at most (the count then reads "10,000+").
MATCHES_COUNTED = 10_000


def cut_long_lines(text: str, limit: int = LINE_SHOWN) -> str:
    """``text`` with each line longer than ``limit`` characters cut there, and how many
    characters were left out said at the cut."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if len(line) > limit:
            lines[i] = (f"{line[:limit]} … [{len(line) - limit:,} more characters of this "
                        "line not shown here: it is in the file whole]")
    return "\n".join(lines)


class BlockView(AuditView):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "move(1)", "Down", show=False),
        Binding("k", "move(-1)", "Up", show=False),
        Binding("g", "move(-1_000_000)", "First", show=False),
        Binding("G", "move(1_000_000)", "Last", show=False),
        # A search of the block's text, as the preview's: `/` was no key here, and the
        # letters typed after it ran as commands (newuser27 #28: `t` opened the themes).
        Binding("slash", "search", "Search"),
        Binding("escape", "close_search", "Close search", show=False),
    ]

    _hit = 0  # which place of the search's is selected (Enter: the next)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_search":
            return self.query_one("#block-search", Input).display
        return True

    def action_search(self) -> None:
        search = self.query_one("#block-search", Input)
        search.display = True
        self.screen.set_focus(search)  # at once: the keys typed next are its words

    def action_close_search(self) -> None:
        self.query_one("#block-search", Input).display = False
        self.query_one(TextArea).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "block-search":
            event.stop()
            self._hit = 0
            self.find(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "block-search":
            event.stop()
            self._hit = self._hit + 1
            self.find(event.value)

    def find(self, query: str) -> int:
        """Select the ``_hit``-th place (any case) the block's text holds ``query``, scrolled
        into view; how many places hold it, said under the search box."""
        area = self.query_one(TextArea)
        search = self.query_one("#block-search", Input)
        text, want = area.text.casefold(), query.casefold()
        if not want or len(text) != len(area.text):  # (a casefold that changed lengths)
            text, want = area.text.lower(), query.lower()
        hits: list[int] = []
        at = text.find(want) if want else -1
        while at >= 0 and len(hits) < MATCHES_COUNTED:
            hits.append(at)
            at = text.find(want, at + 1)
        self.query_one("#block-matches", Static).update(
            "" if not want else "no match" if not hits else
            f"match {self._hit % len(hits) + 1} of {len(hits):,}"
            + ("+" if len(hits) == MATCHES_COUNTED else ""))
        if not hits:
            return 0
        start = hits[self._hit % len(hits)]
        area.selection = Selection(self._location(area.text, start),
                                   self._location(area.text, start + len(query)))
        area.scroll_cursor_visible(center=True)
        search.display = True
        return len(hits)

    @staticmethod
    def _location(text: str, offset: int) -> tuple[int, int]:
        """(row, column) of ``offset`` in ``text``."""
        row = text.count("\n", 0, offset)
        return row, offset - (text.rfind("\n", 0, offset) + 1)

    def action_move(self, lines: int) -> None:
        area = self.query_one(TextArea)
        row = max(0, min(area.cursor_location[0] + lines, area.document.line_count - 1))
        area.move_cursor((row, 0), center=False)

    DEFAULT_CSS = """
    BlockView { height: 1fr; }
    BlockView > .summary { height: auto; padding: 0 1; }
    BlockView > TextArea { height: 1fr; border: none; }
    BlockView > #block-search { height: 1; border: none; padding: 0 1; display: none; }
    BlockView > #block-search:focus { border: none; background: $boost; }
    BlockView > #block-matches { height: auto; padding: 0 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static(classes="summary")
        yield Input(id="block-search", placeholder="search the block (Enter: next, Esc: "
                    "close)")
        yield Static("", id="block-matches")
        yield BlockText("", read_only=True, show_line_numbers=True, soft_wrap=True,
                       id="block-text")

    def selection(self) -> tuple[str, int | None] | None:
        """The block is the index's text (o opens MEMORY.md); no memory is selected."""
        result = self.result
        return (INDEX_NAME, None) if result is not None and result.index.exists else None

    def why_nothing(self) -> str:
        return "the Block view shows the injected text, not one memory"

    def not_counted(self, result: AuditResult, out: Text) -> None:
        """Name what the agent also loads every turn that this block does not count (the
        profile says which: Claude Code's CLAUDE.md files; newuser35 #22)."""
        files = result.not_in_block()
        if files:
            names = ", ".join(f"{printable(path)} ({size:,} bytes)" for path, size in files)
            out.append(f"\nnot counted here: the agent also loads, whole, every turn: {names}",
                       style=self.palette.warning)

    #: The chat's window (size, name) once the chat knows it (`use_window`).
    chat_window: tuple[int, str] | None = None

    def use_window(self, window: int, name: str) -> None:
        """The chat's window, named beside the audit's from now on (as the header uses it)."""
        self.chat_window = (window, name)
        if self.result is not None and self.palette is not None:
            self.set_result(self.result, self.palette)

    def redraw_count(self) -> None:
        """The chat counted the block: drawn again with the header's figure."""
        if self.result is not None and self.palette is not None and \
                (self.chat_window or self.header_window()) is not None:
            self.set_result(self.result, self.palette)

    def header_window(self) -> tuple[int, str] | None:
        """The chat's window the header already measures against (a view made after the
        chat learned it)."""
        from memtui.tui.widgets.health_header import HealthHeader

        for header in self.app.query(HealthHeader):
            if header.window is not None:
                return header.window
        return None

    def header_chat_tokens(self) -> int | None:
        """The chat's own count of the block the header uses (None: none yet)."""
        from memtui.tui.widgets.health_header import HealthHeader

        for header in self.app.query(HealthHeader):
            if header.chat_tokens is not None:
                return header.chat_tokens
        return None

    def draw(self, result: AuditResult) -> None:
        block = result.block
        out = Text()
        if not block.text:
            out.append("The injected block is empty: 0 tokens. ", style="bold")
            out.append("There is no MEMORY.md (or it is blank), so the agent starts every "
                       "turn with no memory.", style=self.palette.muted)
        else:
            tokens = " · ".join(f"{name} {n:,} tokens" for name, n in block.tokens.items())
            out.append(tokens, style="bold")
            out.append(f" · {block.chars:,} chars · {block.bytes:,} bytes · "
                       f"{block.share:,.1%} of a {block.window:,}-token window "
                       f"({block.window_name}, {block.tokenizer} count)")
            chat = self.chat_window or self.header_window()
            if chat is not None:  # the header's figure, named (newuser36 #16: "0.2% of
                # 32,768 (trained)" above "0.2% of a 40,960-token window (Qwen)")
                from memtui.tui.widgets.health_header import block_count

                size, name = chat
                tokenizer, used = block_count(block, chat, self.header_chat_tokens())
                out.append(f"\nthe chat's window, as the header counts it: {used:,} "
                           f"{tokenizer} tokens, {used / size if size else 0:,.1%} of "
                           f"{size:,} ({name}); the share above is against the audit's "
                           f"window ({block.window_name})", style=self.palette.muted)
            from memtui.core.profiles.registry import get as get_profile

            cut = "" if block.window_name == "--num-ctx" or chat is not None or \
                get_profile(result.profile).hosted_only else \
                no_num_ctx_note(*no_num_ctx_tokens(block.tokens, block.tokenizer))
            if cut:  # what a request without num_ctx makes of it (newuser37 #27)
                out.append(f"\n{cut}", style=self.palette.warning)
            out.append(f"\nfrom {printable(', '.join(block.files))}", style=self.palette.muted)
            if block.rule:  # an agent's profile (issue 33): its rule, and where it cut
                out.append(f" — {printable(block.rule)}", style=self.palette.muted)
                if block.cut:
                    out.append(" — cut by the agent's limit (its marker is in the text "
                               "below)", style=self.palette.warning)
            elif block.cut:
                out.append(f" — cut at line {result.loaded_lines} by the {result.profile} "
                           "load limit", style=self.palette.warning)
        past = next((f for f in result.findings if f.kind == "beyond_load_limit"), None)
        if block.text and past is not None:  # what the cut leaves out (newuser35 #19)
            out.append(f"\n{printable(past.message)}", style=self.palette.warning)
        self.not_counted(result, out)
        self.query_one(".summary", Static).update(out)
        area = self.query_one(TextArea)
        # credentials masked as the preview and their findings show them (newuser24 #27)
        shown = shown_text(block.text, scan_text(block.text)) if any(
            f.kind == "secret" and f.path in block.files for f in result.findings) \
            else printable(block.text, lines=True)
        shown = cut_long_lines(shown)
        if area.text != shown:
            area.load_text(shown)
