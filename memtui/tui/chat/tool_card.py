"""A tool call as a compact card: name, arguments, result and the effect on memory."""

from __future__ import annotations

import json
from typing import Any

from rich.text import Text
from textual.widgets import Static

ARG_CHARS = 80
RESULT_CHARS = 160


def _short(text: str, limit: int) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[:limit - 1] + "…"


class ToolCard(Static):
    DEFAULT_CSS = """
    ToolCard { margin: 0 0 0 2; padding: 0 1; border-left: thick $accent; height: auto; }
    ToolCard.-failed { border-left: thick $error; }
    ToolCard.-wrong { border-left: thick $warning; }
    """

    def __init__(self, name: str, arguments: dict[str, Any], result: str, effect: str,
                 ok: bool = True, wrong_mechanism: bool = False) -> None:
        self.tool_name = name
        self.arguments = arguments
        self.result = result
        self.effect = effect
        args = ", ".join(f"{k}={_short(json.dumps(v, ensure_ascii=False), ARG_CHARS)}"
                         for k, v in arguments.items())
        text = Text()
        text.append(f"⚙ {name}", style="bold")
        text.append(f"({args})\n", style="dim")
        text.append("→ " + _short(result, RESULT_CHARS) + "\n")
        style = "bold yellow" if wrong_mechanism else ("bold green" if effect !=
                                                       "no effect on memory" else "dim")
        text.append("memory: " + effect, style=style)
        super().__init__(text)
        if not ok:
            self.add_class("-failed")
        if wrong_mechanism:
            self.add_class("-wrong")
