"""The Injected block view: the exact text the agent receives each turn, and its cost."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static, TextArea

from memtui.core.audit import AuditResult
from memtui.tui.audit_view import AuditView


class BlockView(AuditView):
    DEFAULT_CSS = """
    BlockView { height: 1fr; }
    BlockView > .summary { height: auto; padding: 0 1; }
    BlockView > TextArea { height: 1fr; border: none; }
    """

    def compose(self) -> ComposeResult:
        yield Static(classes="summary")
        yield TextArea("", read_only=True, show_line_numbers=True, soft_wrap=True,
                       id="block-text")

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
                       f"{block.share:.1%} of a {block.window:,}-token window "
                       f"({block.window_name}, {block.tokenizer} count)")
            out.append(f"\nfrom {', '.join(block.files)}", style=self.palette.muted)
            if block.cut:
                out.append(f" — cut at line {result.loaded_lines} by the {result.profile} "
                           "load limit", style=self.palette.warning)
        self.query_one(".summary", Static).update(out)
        area = self.query_one(TextArea)
        if area.text != block.text:
            area.load_text(block.text)
