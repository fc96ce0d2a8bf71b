"""What one call of the agent's tools gives back (SPEC §5): the text the model reads and, for
the operator, the call's effect on memory, what it wrote and the journal record that undoes
it; as the chat history and the transcript keep it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ToolOutcome:
    name: str
    arguments: dict[str, Any]
    result: str  # what the model reads
    ok: bool = True
    effect: list[str] = field(default_factory=list)  # what it did to memory, for the operator
    wrong_mechanism: bool = False
    unknown_tool: bool = False  # the tool called was not offered
    written: list[str] = field(default_factory=list)  # paths created, changed or deleted
    added_text: str = ""  # text the call put into files (for the fabrication check)
    journaled: int | None = None  # the journal record of the write (undo puts it back)
    #: A change done without a journal record (a symbolic link deleted): undo cannot bring
    #: it back, and the turn line says so (newuser32 #27).
    not_undoable: bool = False
    #: What the write replaced, as text (None: it created the file, or wrote nothing): the
    #: effect's "N lines it held are gone" counts against it, not against the last audit,
    #: which an outside edit may have outrun (newuser36 #25).
    replaced: str | None = None

    @property
    def effect_text(self) -> str:
        return "; ".join(self.effect) if self.effect else "no effect on memory"

    def as_history(self) -> dict[str, Any]:
        """The tool message answering the call, as the chat history keeps it."""
        return {"role": "tool", "tool_name": self.name, "content": self.result,
                "effect": self.effect_text, "ok": self.ok,
                "wrong_mechanism": self.wrong_mechanism,
                **({"journaled": self.journaled} if self.journaled is not None else {})}

    def as_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "arguments": self.arguments, "ok": self.ok,
               "result": self.result, "effect": self.effect_text,
               "wrong_mechanism": self.wrong_mechanism}
        if self.journaled is not None:
            out["journaled"] = self.journaled
        return out
