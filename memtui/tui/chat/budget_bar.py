"""A bar: the estimated parts of the next request against the context window, and under it
the figures, wrapped onto a second line when the pane is narrow (one line in a short
terminal)."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from memtui.agent.prompt import Budget

COLORS = ("magenta", "blue", "yellow", "cyan", "green")
#: Said while the next request is counted, before anything is sent (newuser37 #5: ~20 s of
#: "a reply is still coming" while the first count built the Qwen vocabulary).
COUNTING = ("counting the prompt before sending (the first count loads the Qwen vocabulary: "
            "a few seconds)…")


#: The bar's unit, named as the header names its count: the block is one figure on the screen
#: only in one tokenizer (newuser38 #21: the header's "5,072 cl100k tok" above "block 5,516").
UNIT = "qwen tok"


class BudgetBar(Widget):
    """Before sending: system prompt, tools, memory block, history and new message (qwen
    tokens), each a coloured stretch of the window."""

    DEFAULT_CSS = """
    BudgetBar { height: auto; padding: 0 1; }
    """

    budget: reactive[Budget | None] = reactive(None, layout=True)
    loaded: reactive[int | None] = reactive(None, layout=True)
    fixed: reactive[bool] = reactive(False, layout=True)
    #: The server's likely default window, when no num_ctx is sent and no runner is loaded
    #: (newuser37 #4: the bar read "window unknown" and the prompt went out to be cut).
    likely: reactive[int | None] = reactive(None, layout=True)
    #: Counting the next request (the first count loads the Qwen vocabulary: seconds).
    counting: reactive[bool] = reactive(False, layout=True)

    def show(self, budget: Budget, loaded: int | None = None, fixed: bool = False,
             likely: int | None = None) -> None:
        """``loaded``: the window Ollama has loaded (``/api/ps``), the yardstick when the
        request sends no num_ctx. ``fixed``: the window is an OpenAI-compatible server's
        ``-c``, which no request can change. ``likely``: the server's likely default, the
        yardstick when neither is known."""
        self.loaded = loaded
        self.fixed = fixed
        self.likely = likely
        self.budget = budget

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.budget is None:
            return 1
        return 1 + len(self._legend(width))

    def _total(self, unit: bool = True) -> Text:
        b = self.budget
        assert b is not None
        window = b.window or self.loaded or self.likely
        if window:
            share = b.total / window
            what = " server -c" if self.fixed else ("" if b.window else " loaded"
                                                    if self.loaded else " likely default")
            return Text(f"{b.total:,} / {window:,}{what} ({share:,.0%})"
                        + (f" {UNIT}" if unit else ""),
                        style="bold red" if share > 0.9 else "bold")
        return Text(f"{b.total:,}" + (f" {UNIT}" if unit else "") + " / window unknown",
                    style="bold")

    def _legend(self, width: int) -> list[Text]:
        """The total, then " = " and the parts, packed whole into at most two lines of
        ``width`` cells (the total first, with its over-90% red: a part is what is cut);
        parts that do not fit on the second line are left out, whole, and "…" says so
        (newuser23 #47: a 36-column pane showed "■ system 711  ■ tools 567  ■"). The unit
        is named unless naming it leaves out a part that fits without it."""
        named = self._packed(width, True)
        if named[-1].plain.endswith("…"):
            bare = self._packed(width, False)
            if not bare[-1].plain.endswith("…"):
                return bare
        return named

    def _packed(self, width: int, unit: bool) -> list[Text]:
        b = self.budget
        assert b is not None
        lines = [Text.assemble(self._total(unit), " =")]
        parts = [Text.assemble(("■ ", color), f"{label} {tokens:,}")
                 for (label, tokens), color in zip(b.parts(), COLORS, strict=True)]
        for i, part in enumerate(parts):
            line = lines[-1]
            sep = "  " if line.plain and not line.plain.endswith("=") else " "
            last = i == len(parts) - 1
            room = width - (0 if last else 2)  # on the last line, keep room for " …"
            if line.cell_len + len(sep) + part.cell_len <= (width if len(lines) == 1
                                                            else room):
                line.append(sep)
                line.append_text(part)
            elif len(lines) == 1 and line.plain.strip():
                lines.append(part)
            else:
                line.append(" …", style="dim")
                break
        return lines

    def render(self) -> Text:
        b = self.budget
        if b is None:
            return Text(COUNTING if self.counting else "budget: —", style="dim")
        width = max(10, self.size.width)
        window = b.window or self.loaded or self.likely
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
        if self.size.height < 2:  # one line (a short terminal): no bar
            return self._one_line(self.size.width)
        return Text("\n").join([bar, *self._legend(self.size.width)])

    def _one_line(self, width: int) -> Text:
        """The total and the parts that fit in ``width`` cells, each whole; "…" when some
        are left out (a part cut after its square said nothing: newuser21 #10). The unit
        is named unless naming it leaves out a part that fits without it."""
        named = self._line(width, True)
        if named.plain.endswith("…"):
            bare = self._line(width, False)
            if bare.plain.count("■") > named.plain.count("■"):
                return bare
        return named

    def _line(self, width: int, unit: bool) -> Text:
        b = self.budget
        assert b is not None
        line = Text.assemble(self._total(unit), " =")
        parts = [Text.assemble(("■ ", color), f"{label} {tokens:,}")
                 for (label, tokens), color in zip(b.parts(), COLORS, strict=True)]
        for i, part in enumerate(parts):
            sep = " " if line.plain.endswith("=") else "  "
            room = width - (0 if i == len(parts) - 1 else 2)  # keep room for " …"
            if line.cell_len + len(sep) + part.cell_len > room:
                line.append(" …", style="dim")
                break
            line.append(sep)
            line.append_text(part)
        return line
