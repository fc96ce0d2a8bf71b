"""A workspace opened from the fleet counts its own files only (newuser40 #28: the root
GEMINI.md's row, opened, counted the other rows' credentials: "4 credentials" for 1)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from tests.test_cli_gemini_root import mono
from tests.tui.test_app import started


async def test_the_root_row_opened_counts_its_own_credential(tmp_path: Path) -> None:
    from memtui.tui.fleet.member_app import FleetMemberApp

    root = mono(tmp_path)
    app = FleetMemberApp(open_workspace(str(root)), AuditOptions(), watch=False)
    app.nested = (".claude/projects/-srv-api/memory", ".codex/memories")
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        paths = sorted(f.path for f in app.result.findings if f.kind == "secret")
        assert paths == ["GEMINI.md"], paths
        assert not [f for f in app.result.findings if f.path.startswith("baselines/")]


async def test_no_index_but_a_loaded_gemini_md_is_not_nothing_injected(tmp_path: Path) -> None:
    """newuser40 #29: "MEMORY.md is missing or empty: nothing is injected" beside the
    header's 44 tokens of GEMINI.md: one story, the tokens it injects."""
    from memtui.tui.app import MemtuiApp

    root = mono(tmp_path)
    app = MemtuiApp(open_workspace(str(root / "GEMINI.md")), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.block.files == ["GEMINI.md"]
        said = str(app.query_one("#index-view .empty", Static).render())
        assert "nothing is injected" not in said, said
        block = app.result.block
        assert "GEMINI.md" in said and f"{block.tokens[block.tokenizer]:,}" in said, said
