"""newuser26 #27: in a Codex folder the agent loads ``memory_summary.md``, not
``MEMORY.md``; the preview called MEMORY.md "the index, injected whole every turn" and the
Index view listed its lines as what the agent receives, beside the Block view's
"from memory_summary.md"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import _plain, switch
from tests.tui.test_hostile_display import terminal_output


def codex_folder(root: Path) -> Path:
    ws = root / ".codex" / "memories"
    (ws / "rollout_summaries").mkdir(parents=True)
    (ws / "memory_summary.md").write_text("# Summary\nUser prefers tabs.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- tabs over spaces\n", encoding="utf-8")
    (ws / "rollout_summaries" / "t1.md").write_text("rollout\n", encoding="utf-8")
    return ws


async def test_codex_index_is_said_not_loaded(tmp_path: Path) -> None:
    ws = codex_folder(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=90)
        assert app.result is not None and app.result.profile == "codex"
        await switch(pilot, app, "1")
        await pilot.pause(0.3)
        assert "not loaded by the agent: it loads memory_summary.md" in \
            terminal_output(app)
        preview = app.query_one(MemoryPreview)
        preview.request("MEMORY.md", now=True)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md", timeout=30)
        await pilot.pause(0.3)
        title = _plain(preview.query_one("#preview-title", Static).content)
        assert "injected" not in title, title
        assert "not loaded by the agent: it loads memory_summary.md" in title, title


async def test_an_index_the_agent_loads_is_said_injected(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory" / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\na\n",
                                        encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=90)
        preview = app.query_one(MemoryPreview)
        preview.request("MEMORY.md", now=True)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md", timeout=30)
        await pilot.pause(0.3)
        title = _plain(preview.query_one("#preview-title", Static).content)
        assert "the index, injected whole every turn" in title, title
        assert "not loaded" not in terminal_output(app)
