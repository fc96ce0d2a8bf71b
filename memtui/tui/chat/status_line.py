"""The pane's header: model, tool support, window asked for versus window loaded."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from memtui.agent.session import ModelFacts
from memtui.agent.truncation import restart_runner, smaller_runner
from memtui.core.reporting.safe_output import printable


def smaller_runner_note(asked: int, loaded: int, model: str | None = None) -> str:
    """What a runner loaded with less than the window asked means, and what helps, in the
    words the hold-back and the Prompt-cut banner use (newuser38 #11: "--num-ctx 8192
    measures against it" here, "raise --num-ctx to 32,768" under it)."""
    return (f"{smaller_runner(loaded, asked)}: a prompt past {loaded:,} loses its front (the "
            f"system prompt) without an error, so the budget measures against {loaded:,}; "
            f"for the window asked, {restart_runner(asked, model)}")


class StatusLine(Static):
    DEFAULT_CSS = """
    StatusLine { height: auto; padding: 0 1; background: $panel; }
    """

    def show(self, model: str | None, facts: ModelFacts | None,
             loaded: int | None = None, ours: bool = True) -> None:
        """``loaded``: the runner /api/ps reports; ``ours``: read after a request of this
        chat's (else another client's, loaded again at the window asked)."""
        text = Text()
        text.append(f"model {printable(model or '—')}", style="bold")
        if facts is None:
            self.plain = text.plain
            self.update(text)
            return
        text.append("  tools ")
        text.append("yes" if facts.info.supports_tools else "NO",
                    style="green" if facts.info.supports_tools else "bold red")
        w = facts.window
        if w.source == "server":  # an OpenAI-compatible server: its -c is the window
            text.append("  window ")
            text.append(f"{w.num_ctx:,}", style="bold")
            text.append(" (server -c, fixed)")
            text.append("\nnum_ctx cannot be set per request on this API: restart the server "
                        "with -c N to change the window", style="dim")
            self.plain = text.plain
            self.update(text)
            return
        text.append("  window asked ")
        text.append(f"{w.num_ctx:,} ({w.source})" if w.num_ctx else "none (server default)")
        text.append("  loaded ")
        smaller = bool(loaded and w.num_ctx and loaded < w.num_ctx)
        text.append(f"{loaded:,}" if loaded else "—",
                    style="bold red" if smaller and ours else "")
        if w.source == "none":
            text.append("\n" + w.note, style="yellow")
        elif smaller and not ours:  # newuser37 #3: another client's runner
            text.append(f"\nthe runner loaded now ({loaded:,}) is an earlier request's (another "
                        f"client's, or one without num_ctx): Ollama loads the model again at "
                        f"{w.num_ctx:,} for this chat's first message", style="dim")
        elif smaller:  # (newuser33 #15: two numbers)
            text.append("\n" + smaller_runner_note(w.num_ctx, loaded, model), style="yellow")
        self.plain = text.plain
        self.update(text)

    plain: str = ""
