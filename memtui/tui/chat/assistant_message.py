"""One model reply: its thinking, collapsed, then its words as streamed markdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Collapsible, Markdown, Static
from textual.widgets.markdown import MarkdownStream


class AssistantMessage(Vertical):
    DEFAULT_CSS = """
    AssistantMessage { height: auto; margin: 1 0 0 0; }
    AssistantMessage > Collapsible { display: none; }
    AssistantMessage.-thinking > Collapsible { display: block; }
    AssistantMessage > Markdown { margin: 0; padding: 0 1; }
    AssistantMessage .thinking-text { color: $text-muted; }
    AssistantMessage > .cut-mark { display: none; color: $warning; padding: 0 1; }
    AssistantMessage.-cut > .cut-mark { display: block; }
    """

    def __init__(self, content: str = "", thinking: str = "") -> None:
        super().__init__()
        self._initial = content
        self.thinking = thinking
        self.content = content
        self._stream: MarkdownStream | None = None

    def compose(self) -> ComposeResult:
        with Collapsible(title="thinking", collapsed=True):
            yield Static(self.thinking, classes="thinking-text", markup=False)
        yield Markdown(self._initial)
        yield Static("✂ reply cut: the model stopped at the length limit "
                     "(finish_reason: length)", classes="cut-mark")

    def on_mount(self) -> None:
        if self.thinking:
            self.add_class("-thinking")

    def add_thinking(self, text: str) -> None:
        self.thinking += text
        self.add_class("-thinking")
        self.query_one(".thinking-text", Static).update(self.thinking)

    async def add_content(self, text: str) -> None:
        self.content += text
        if self._stream is None:
            self._stream = Markdown.get_stream(self.query_one(Markdown))
        await self._stream.write(text)

    @property
    def cut(self) -> bool:
        return self.has_class("-cut")

    def mark_cut(self) -> None:
        """The reply stopped because it ran out of room, not because it was done."""
        self.add_class("-cut")

    async def finish(self) -> None:
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None
