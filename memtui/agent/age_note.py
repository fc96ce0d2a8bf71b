"""The note appended when the agent reads a memory file (SPEC §5): how old it is, and that it
records a moment, not the present."""

from __future__ import annotations


def age_note(days: int) -> str:
    """One paragraph telling the model how old a memory is and to treat it as dated."""
    days = max(0, int(days))
    if days == 0:
        age = "written or last changed today"
    elif days == 1:
        age = "1 day old"
    else:
        age = f"{days} days old"
    return (
        f"[memory age: this memory is {age}. It records what was observed when it was written, "
        "not the current state: names, numbers, file paths and behaviour it describes may "
        "have changed since. Check it against the workspace before stating it as fact.]"
    )
