"""OpenClaw past a file's cap keeps 70 % and 20 % OF THE CAP, not of the file: "keeps its
first 70 % and last 20 %" read as 90 % of a 25,588-character MEMORY.md kept, where the agent
sees 42 % of it (newuser38 #28). The message gives the characters kept."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import messages


def test_the_cut_says_the_characters_kept(tmp_path: Path) -> None:
    """On integ: "OpenClaw keeps its first 70 % and last 20 % and drops the middle"."""
    lines = "".join(f"- Fact {i}: the relay on shelf {i} was checked and logged.\n"
                    for i in range(500))
    got = messages(tmp_path, "over_limit", {"SOUL.md": "# Soul\nBe brief.\n",
                                            "AGENTS.md": "# Agents\nRead MEMORY.md.\n",
                                            "MEMORY.md": "# Memory\n" + lines})
    assert got["MEMORY.md"].endswith(
        "OpenClaw keeps the first 14,000 and the last 4,000 characters (70 % and 20 % of "
        "20,000) of it and drops the middle")
