"""real37: a Claude Code memory folder with team memory (``team/MEMORY.md``, the team's
index, loaded at session start beside MEMORY.md) listed the team index among its "memories
older than 90 days" (``stale``: "4 memories older than 90 days … team/MEMORY.md"): an index
is no memory to verify (MEMORY.md never is counted), whatever its age; the memories it links
still are. Real files, the audit with the fixed clock."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, memory, run_audit


def test_the_team_index_is_never_a_stale_memory(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "memory", {
        "MEMORY.md": "- [Own](own.md) — a private memory\n",
        "own.md": memory("own", "a private fact"),
        "team/MEMORY.md": "- [Shared](shared.md) — a team memory\n",
        "team/shared.md": memory("shared", "a team fact"),
    }, days_ago=200)
    result = run_audit(root)
    assert result.profile == "claude-code"
    stale = [f for f in result.findings if f.kind == "stale"]
    assert len(stale) == 1
    assert sorted(stale[0].files) == ["own.md", "team/shared.md"]
    assert stale[0].message.startswith("2 memories older than 90 days")
