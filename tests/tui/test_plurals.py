"""Counts of one are singular: "1 broken link", "1 component", "Delete 1 memory file?"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen

from .conftest import wait_for
from .test_app import header_text, started, switch


async def test_one_is_singular(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "1 broken link ·" in header_text(app)
        await switch(pilot, app, "5")
        summary = app.query_one("#graph-view").query_one(".summary", Static)
        await wait_for(pilot, lambda: "component" in str(summary.content))
        text = str(summary.content)
        assert "1 component " in text and "1 components" not in text
        await switch(pilot, app, "2")
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        title = " ".join(str(s.content) for s in app.screen.query(Static))
        assert "Delete 1 memory file?" in title and "(s)" not in title


async def test_one_is_singular_in_the_trend_and_index_summaries(tmp_path: Path) -> None:
    """A history of one commit with one orphan, an index of one line: "1 commit",
    "1 orphan", "1 line"."""
    from memtui.core.audit import AuditOptions
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp
    from tests.core.helpers import memory
    from tests.core.test_trend import commit, git

    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n", "memory/a.md": memory("a", "A"),
                  "memory/b.md": memory("b", "B")}, "first")
    app = MemtuiApp(open_workspace(repo), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        summary = app.query_one("#index-view").query_one(".summary", Static)
        await wait_for(pilot, lambda: "line" in str(summary.content))
        assert str(summary.content).startswith("1 line · ")
        await switch(pilot, app, "8")
        view = app.query_one("#trend-view")
        await wait_for(pilot, lambda: len(view.points) == 1, timeout=30)  # type: ignore[attr-defined]
        await pilot.pause(0.2)
        said = str(view.query_one(".summary").render())
        assert said.startswith("1 commit · ") and ": 1 orphan (" in said, said
        assert "first: 1 orphan," in said
        findings = app.query_one("#preview-findings", Static)
        await wait_for(pilot, lambda: "orphan" in str(findings.content))
        shown = str(findings.content)
        assert "1 orphan (" in shown and "1 orphans" not in shown, shown


async def test_one_memory_file_in_the_files_summary(tmp_path: Path) -> None:
    """newuser21 #20: "1 memory files — unknown 1" (a Hermes folder: one memory, USER.md)."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory" / "a.md").write_text("---\nname: a\ndescription: a\nmetadata:\n  type: user\n"
                                        "---\nA.\n", encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        summary = app.query_one("#files-view").query_one(".summary", Static)
        await wait_for(pilot, lambda: "memory file" in str(summary.content))
        text = str(summary.content)
        assert text.startswith("1 memory file — ") and "1 memory files" not in text, text
