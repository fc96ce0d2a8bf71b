"""A tool call as a compact card: name, arguments, result, the effect on memory, and the
journal record of a write (undo puts it back)."""

from __future__ import annotations

import json
from typing import Any

from textual.content import Content
from textual.widgets import Static

from memtui.agent.effects import HAZARDS, LINES_GONE
from memtui.core.reporting.safe_output import printable
from memtui.tui.curate_actions import UNDO_TURN_KEY

ARG_CHARS = 80
RESULT_CHARS = 160
NO_EFFECT = "no effect on memory"
#: How the agent's tools say a file was written that nothing in the index reaches.
NOT_INDEXED = "not in the index yet"
#: The key that undoes the last agent turn's writes (the chat pane's, and the app's).
UNDO_KEY = UNDO_TURN_KEY
#: A journaled write's state, as the journal has it now: undoable, undone, or no longer
#: there (pruned, or the journal cannot be read).
KEPT, UNDONE, GONE = "kept", "undone", "gone"


def _short(text: str, limit: int) -> str:
    one = printable(" ".join(text.split()))  # from a model or a memory: no raw escapes
    return one if len(one) <= limit else one[:limit - 1] + "…"


def lossy(phrase: str) -> bool:
    """Whether an effect phrase says a write dropped lines the memory held."""
    return phrase.startswith("overwrote ") and f" {LINES_GONE} " in phrase


def effect_style(phrase: str, wrong_mechanism: bool = False) -> str:
    """The colour of one effect phrase: a write that leaves an orphan or drops lines a
    memory held, or the wrong mechanism, in the warning colour; another write in the
    success colour."""
    if wrong_mechanism or NOT_INDEXED in phrase or lossy(phrase) \
            or phrase.startswith(HAZARDS):
        return "bold $warning"
    return "dim" if phrase == NO_EFFECT else "bold $success"


class ToolCard(Static):
    DEFAULT_CSS = """
    ToolCard { margin: 0 0 0 2; padding: 0 1; border-left: thick $accent; height: auto; }
    ToolCard.-failed { border-left: thick $error; }
    ToolCard.-wrong, ToolCard.-orphan { border-left: thick $warning; }
    """

    def __init__(self, name: str, arguments: dict[str, Any], result: str, effect: str,
                 ok: bool = True, wrong_mechanism: bool = False,
                 journaled: int | None = None, state: str = KEPT) -> None:
        self.tool_name = name
        self.journaled = journaled
        #: The journal record's state (``KEPT``, ``UNDONE`` or ``GONE``).
        self.state = state
        self.arguments = arguments
        self.result = result
        self.effect = effect
        args = ", ".join(f"{k}={_short(json.dumps(v, ensure_ascii=False), ARG_CHARS)}"
                         for k, v in arguments.items())
        # The name on its own line, then the arguments: a long argument wraps under
        # them instead of leaving the ⚙ alone on a line.
        parts: list[str | tuple[str, str]] = [(f"⚙ {printable(name)}", "bold")]
        if args:
            parts.append((f"\n({args})", "dim"))
        parts.append("\n→ " + _short(result, RESULT_CHARS))
        phrases = effect.split("; ") if effect != NO_EFFECT else [NO_EFFECT]
        for i, phrase in enumerate(phrases):
            parts.append(("\nmemory: " if i == 0 else "; ", "dim" if i else ""))
            parts.append((printable(phrase), effect_style(phrase, wrong_mechanism)))
        self._parts = parts
        super().__init__(self._content())
        self.set_class(journaled is not None and state == UNDONE, "-undone")
        if not ok:
            self.add_class("-failed")
        if wrong_mechanism:
            self.add_class("-wrong")
        elif NOT_INDEXED in effect or any(map(lossy, phrases)):
            self.add_class("-orphan")

    def _content(self) -> Content:
        """The card; a journaled write ends with its record and what undo can do."""
        parts = list(self._parts)
        if self.journaled is not None:
            line = f"\njournaled as #{self.journaled}"
            if self.state == KEPT:
                line += f" · {UNDO_KEY} undoes this turn's writes"
            elif self.state == GONE:
                line += " (no longer in the journal)"
            parts.append((line, "dim"))
            if self.state == UNDONE:
                parts.append(("\n↶ undone", "bold $warning"))
        return Content.assemble(*parts)

    def mark_undone(self) -> None:
        """The write was undone (the turn's undo put the file back): say so on the card."""
        if self.state == UNDONE:
            return
        self.state = UNDONE
        self.add_class("-undone")
        self.update(self._content())
