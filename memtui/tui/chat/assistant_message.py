"""One model reply: its thinking, collapsed, then its words as streamed markdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Collapsible, Markdown, Static
from textual.widgets.markdown import MarkdownStream

from memtui.core.reporting.safe_output import printable

#: Characters of one reply's words (and of its thinking) drawn; a reply that goes on past
#: this (a server that never stops) is cut on screen, and its end shown in a note.
SHOW_LIMIT = 100_000


class AssistantMessage(Vertical):
    DEFAULT_CSS = """
    AssistantMessage { height: auto; margin: 1 0 0 0; }
    AssistantMessage > Collapsible { display: none; }
    AssistantMessage.-thinking > Collapsible { display: block; }
    AssistantMessage > Markdown { margin: 0; padding: 0 1; }
    AssistantMessage .thinking-text { color: $text-muted; }
    AssistantMessage.-cut > Markdown { border-left: thick $error; }
    AssistantMessage > .cut-mark { display: none; color: $warning; padding: 0 1; }
    AssistantMessage.-labelled > .cut-mark { display: block; }
    """

    def __init__(self, content: str = "", thinking: str = "") -> None:
        super().__init__()
        self._initial = content
        self.thinking = thinking
        self.content = content
        self._stream: MarkdownStream | None = None

    def compose(self) -> ComposeResult:
        with Collapsible(title="thinking", collapsed=True):
            yield Static(_cut(self.thinking), classes="thinking-text", markup=False)
        yield Markdown(_cut(self._initial))
        yield Static("", classes="cut-mark", markup=False)

    def on_mount(self) -> None:
        if self.thinking:
            self.add_class("-thinking")

    def add_thinking(self, text: str) -> None:
        shown = len(self.thinking)
        self.thinking += text
        self.add_class("-thinking")
        if shown <= SHOW_LIMIT:
            self.query_one(".thinking-text", Static).update(_cut(self.thinking))

    async def add_content(self, text: str) -> None:
        shown = len(self.content)
        self.content += text
        if shown > SHOW_LIMIT:
            return
        if self._stream is None:
            self._stream = Markdown.get_stream(self.query_one(Markdown))
        await self._stream.write(_cut(self.content[shown:], SHOW_LIMIT - shown))

    @property
    def cut(self) -> bool:
        return self.has_class("-cut")

    def mark_cut(self, label: str = "") -> None:
        """The reply stopped before it was done; ``label`` (when given) says why under it.
        A stream broken by an error or Esc passes none: the note after it says why."""
        self.add_class("-cut")
        if label:
            self.query_one(".cut-mark", Static).update(label)
            self.add_class("-labelled")

    @property
    def cut_label(self) -> str:
        """What the reply's cut mark says ("" when it shows none)."""
        if not self.has_class("-labelled"):
            return ""
        return str(self.query_one(".cut-mark", Static).content)

    async def finish(self) -> None:
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None


def _cut(text: str, room: int = SHOW_LIMIT) -> str:
    """``text`` (the next ``room`` characters of a reply) safe to draw: cut at the limit,
    with control characters escaped (a model's words or a memory it quotes could hold an
    escape sequence that retitles the window or writes the clipboard)."""
    if len(text) <= room:
        return printable(text, lines=True)
    return printable(text[:room], lines=True) + (
        f"\n\n[… not shown: the reply goes on past {SHOW_LIMIT:,} characters]")
