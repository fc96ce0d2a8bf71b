"""newuser30 #21 (addendum): the preview of a file the audit reported a credential in that
is no memory (OpenClaw's TOOLS.md, a file beside the memories) read "not a memory file
here (missing or deleted)", though the file is there. It says the file is there; a path
that is gone keeps "missing or deleted"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.test_app import started

TOKEN = "GitHub token: ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n"


async def test_a_non_memory_file_that_is_there_is_not_called_missing(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    (ws / "memory" / "notes.txt").write_text("keys\n" + TOKEN)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert any(f.path == "memory/notes.txt" and f.kind == "secret"
                   for f in app.result.findings)
        preview = app.query_one(MemoryPreview)
        for path, said in (("memory/notes.txt", "not a memory file: it is there"),
                           ("memory/gone.txt", "missing or deleted")):
            preview.show_now(path)
            await pilot.pause()
            meta = str(preview.query_one("#preview-meta", Static).render())
            assert said in meta, meta
            assert ("missing" in meta) == (path == "memory/gone.txt")


async def test_a_file_the_agent_loads_every_turn_says_so(tmp_path: Path) -> None:
    """newuser34 #18: OpenClaw's TOOLS.md holding a credential, previewed from the Findings
    view, read "the agent can read it; memtui edits only memories", beside a finding saying
    OpenClaw loads it every turn, and `x` redacts it all the same."""
    ws = tmp_path / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nBe brief.\n", encoding="utf-8")
    (ws / "AGENTS.md").write_text("# Agents\nRun make test.\n", encoding="utf-8")
    (ws / "TOOLS.md").write_text("# Tools\n" + TOKEN, encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- a fact\n", encoding="utf-8")
    (ws / "memory" / "2026-11-01.md").write_text("# n\n", encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "openclaw"
        assert any(f.path == "TOOLS.md" and f.kind == "secret" for f in app.result.findings)
        preview = app.query_one(MemoryPreview)
        preview.show_now("TOOLS.md")
        await pilot.pause()
        meta = str(preview.query_one("#preview-meta", Static).render())
        assert "the agent loads it into every turn" in meta, meta
        assert "memtui edits only memories" not in meta
