"""After a reply: what Ollama says it read and wrote, and how fast."""

from __future__ import annotations

from textual.widgets import Static

from memtui.agent.ollama import ChatStats


class ReplyStats(Static):
    DEFAULT_CSS = """
    ReplyStats { display: none; height: 1; padding: 0 1; color: $text-muted; }
    ReplyStats.-shown { display: block; }
    """

    text: str = ""

    def show(self, stats: ChatStats, estimate: int) -> None:
        tps = stats.tokens_per_second
        read = stats.prompt_eval_count  # never an impossible 0 (newuser33 #32)
        self.text = ((f"prompt_eval_count {read:,}" if read is not None
                      else "prompt tokens not reported")
                     + f" (estimated {estimate:,}) · eval_count {stats.eval_count or 0:,}"
                     + (f" · {tps:.1f} tokens/s" if tps else ""))
        self.update(self.text)
        self.add_class("-shown")

    def clear(self) -> None:
        """Nothing to show (a new chat): the line takes no room."""
        self.text = ""
        self.update("")
        self.remove_class("-shown")
