"""real29 #2: ``.codex/memories`` holding a MEMORY.md but no ``memory_summary.md`` yet is
Codex's memory folder (the Codex home's default name is ``~/.codex``), not a Hermes store:
profile codex, nothing injected (Codex injects only the summary), no Hermes load limit.
The same MEMORY.md in ``.hermes/memories`` or in a plain ``memories`` folder stays Hermes'."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

#: Free markdown, long enough that a Hermes store of 2,200 characters would be near its limit.
NOTES = "# Principles\n\n" + "".join(f"- Decision {i}: the ledger runs each action once.\n"
                                     for i in range(45))


def test_a_codex_home_memory_folder_without_a_summary_is_codex(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / "repo" / ".codex" / "memories", {"MEMORY.md": NOTES})
    result = run_audit(folder)
    assert result.profile == "codex"
    assert result.block.text == ""
    assert [f.kind for f in result.findings if f.kind in ("near_limit", "over_limit")] == []


def test_the_same_notes_elsewhere_stay_hermes(tmp_path: Path) -> None:
    for where in (tmp_path / "a" / ".hermes" / "memories", tmp_path / "b" / "memories"):
        folder = make_ws(where, {"MEMORY.md": NOTES})
        assert run_audit(folder).profile == "hermes", where
