"""A one-line bar: the estimated parts of the next request against the context window."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from memtui.agent.prompt import Budget

COLORS = ("magenta", "blue", "yellow", "cyan", "green")


class BudgetBar(Widget):
    """Before sending: system prompt, tools, memory block, history and new message (qwen
    tokens), each a coloured stretch of the window."""

    DEFAULT_CSS = """
    BudgetBar { height: 2; padding: 0 1; }
    """

    budget: reactive[Budget | None] = reactive(None)
    loaded: reactive[int | None] = reactive(None)
    fixed: reactive[bool] = reactive(False)

    def show(self, budget: Budget, loaded: int | None = None, fixed: bool = False) -> None:
        """``loaded``: the window Ollama has loaded (``/api/ps``), the yardstick when the
        request sends no num_ctx. ``fixed``: the window is an OpenAI-compatible server's
        ``-c``, which no request can change."""
        self.loaded = loaded
        self.fixed = fixed
        self.budget = budget

    def render(self) -> Text:
        b = self.budget
        if b is None:
            return Text("budget: —", style="dim")
        width = max(10, self.size.width - 2)
        window = b.window or self.loaded
        scale = max(window or 0, b.total, 1)
        bar = Text()
        used = 0
        for (_label, tokens), color in zip(b.parts(), COLORS, strict=True):
            cells = round(tokens / scale * width)
            cells = min(cells, width - used)
            bar.append("█" * cells, style=color)
            used += cells
        if used < width:
            bar.append("░" * (width - used), style="dim")
        parts = Text()
        for (label, tokens), color in zip(b.parts(), COLORS, strict=True):
            parts.append("■ ", style=color)
            parts.append(f"{label} {tokens:,}  ")
        if window:
            share = b.total / window
            what = " server -c" if self.fixed else ("" if b.window else " loaded")
            total = Text(f"{b.total:,} / {window:,}{what} ({share:.0%})",
                         style="bold red" if share > 0.9 else "bold")
        else:
            total = Text(f"{b.total:,} / window unknown", style="bold")
        # The total first (with its over-90% red): the parts are what a narrow pane cuts.
        if self.size.height < 2:  # one line (a short terminal): no bar
            return Text.assemble(total, "  ", parts)
        return Text("\n").join([bar, Text.assemble(total, " = ", parts)])
