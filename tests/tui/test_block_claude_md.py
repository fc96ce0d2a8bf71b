"""newuser35 #22: under claude-code the Block view, "the exact text the agent receives every
turn", showed MEMORY.md only and said nothing of the CLAUDE.md files Claude Code loads whole
every turn beside it (the user's ``~/.claude/CLAUDE.md`` and the project's). The profile
names them; the Block view says they are loaded and not counted here."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.core.audit import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.views.block import BlockView
from tests.tui.test_app import started, switch


def claude_home(tmp_path: Path) -> tuple[Path, Path]:
    claude = tmp_path / "home" / ".claude"
    memory = claude / "projects" / "-work-app" / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Memory\n\n- [Role](role.md) — the user's role\n",
                                      encoding="utf-8")
    (memory / "role.md").write_text("---\nname: role\ndescription: the role\ntype: user\n"
                                    "---\nA process engineer.\n", encoding="utf-8")
    (claude / "CLAUDE.md").write_text("# Me\n\nAnswer briefly.\n", encoding="utf-8")
    project = tmp_path / "app"
    project.mkdir()
    (project / "CLAUDE.md").write_text("# App\n\n" + "- run the tests first\n" * 50,
                                       encoding="utf-8")
    return memory, project


async def test_block_names_the_claude_md_files_it_does_not_count(tmp_path: Path) -> None:
    memory, project = claude_home(tmp_path)
    app = open_app(memory, watch=False,
                   options=AuditOptions(profile="claude-code", project=str(project)))
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        view = app.query_one(BlockView)
        summary = str(view.query_one(".summary", Static).render())
        assert "not counted here: the agent also loads, whole, every turn" in summary
        assert f"{memory.parent.parent.parent / 'CLAUDE.md'} (22 bytes)" in summary
        size = (project / "CLAUDE.md").stat().st_size
        assert f"{project / 'CLAUDE.md'} ({size:,} bytes)" in summary
        assert app.result is not None and app.result.block.files == ["MEMORY.md"]


async def test_block_says_the_newest_memories_are_cut(tmp_path: Path) -> None:
    """newuser35 #19: the Block view ends with what the cut leaves out, the newest
    memories among it."""
    from tests.test_newest_past_limit import appended_folder

    ws = appended_folder(tmp_path / "ws")
    app = open_app(ws, watch=False, options=AuditOptions(profile="claude-code"))
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        summary = str(app.query_one(BlockView).query_one(".summary", Static).render())
        assert "past the load limit" in summary
        assert "among them the 3 newest memories (1–3 days old)" in summary
