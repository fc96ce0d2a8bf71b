"""What the chat history keeps of a call that did nothing (newuser32 #28).

A refused or failed call's arguments are sent back to the model with every later request
of the session, as part of the assistant message that made the call. A refused 2 MiB
``write_file`` then made each request ~264,000 tokens. The model only needs to know what it
asked and that it was refused, so each long text argument of such a call is kept to its
first :data:`KEPT_CHARS` characters and a note of how much was left out (the transcript
keeps the whole call).
"""

from __future__ import annotations

from typing import Any

#: Characters of one text argument kept in history for a call that did nothing.
KEPT_CHARS = 1_000


def shortened(value: Any) -> Any:
    """``value`` with every text longer than :data:`KEPT_CHARS` cut, saying so."""
    if isinstance(value, str) and len(value) > KEPT_CHARS:
        return (value[:KEPT_CHARS] + f"[… {len(value) - KEPT_CHARS:,} more characters not "
                "kept: the call did nothing]")
    if isinstance(value, dict):
        return {k: shortened(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shortened(v) for v in value]
    return value


def shorten_call(assistant: dict[str, Any], index: int) -> None:
    """Cut the long arguments of the ``index``-th tool call of ``assistant`` (an assistant
    message of the history), in place; nothing when there is no such call."""
    calls = assistant.get("tool_calls")
    if not isinstance(calls, list) or not 0 <= index < len(calls):
        return
    function = calls[index].get("function") if isinstance(calls[index], dict) else None
    if isinstance(function, dict) and "arguments" in function:
        function["arguments"] = shortened(function["arguments"])
