"""What the fleet screen keeps across a trip into one workspace and back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class FleetState:
    """What survives a trip into one workspace and back: rows, sparklines, view state."""

    rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    sparks: dict[str, str] = field(default_factory=dict)
    paths: list[str] | None = None
    sort: str = "path"
    reverse: bool = False
    filter: str = ""
    cursor: str | None = None
    #: The operator put the cursor somewhere (a move, a click, a workspace opened): until
    #: then it stays on the first row as rows come in (newuser23 #24).
    chosen: bool = False
    notice: str = ""  # said once when the fleet screen opens again
    #: When Enter opened the chosen workspace (``time.perf_counter``): its app counts the
    #: wait it reports from there (newuser26 #12).
    opened_at: float | None = None
    #: The workspace Enter opened, until the fleet screen is back: its row is audited again
    #: then, whatever was curated in it meanwhile (newuser27 #30; the watcher sleeps while
    #: the workspace is open).
    visited: str | None = None
