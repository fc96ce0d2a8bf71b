"""A project opened at its root, its memory one level down (newuser21 #9: ``memtui PROJECT``
with ``PROJECT/.claude/memory/MEMORY.md`` said "0 memories · no index" and "MEMORY.md is
missing or empty", and nothing said where the memory was)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


async def test_the_first_notice_names_the_memory_folder_below(tmp_path: Path) -> None:
    project = tmp_path / "project"
    mem = project / ".claude" / "memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (mem / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                              encoding="utf-8")
    app = open_app(project, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "audited 0 memory files" in app.notice)
        assert app.notice.startswith(  # first: the line may be cut at its end
            f"no MEMORY.md here; one in .claude/memory/: memtui {mem} — audited 0 "), app.notice


async def test_a_workspace_with_its_own_index_gets_no_such_note(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: app.notice.startswith("audited "))
        assert "no MEMORY.md here" not in app.notice


async def test_the_folder_above_a_claude_code_memory_folder_names_it(tmp_path: Path) -> None:
    """newuser22 #18: opened at the folder above ``memory/`` (its MEMORY.md inside), the
    app names ``memory/`` as it names ``.claude/memory/``."""
    above = tmp_path / "above"
    mem = above / "memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (mem / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                              encoding="utf-8")
    app = open_app(above, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "audited" in app.notice)
        assert app.notice.startswith(f"no MEMORY.md here; one in memory/: memtui {mem} — "), \
            app.notice


async def test_the_folder_above_a_flat_memory_folder_shows_none_of_its_files(
        tmp_path: Path) -> None:
    """newuser23 #6: opened at the folder above ``claude_memory/`` (its own MEMORY.md
    inside), the app listed that folder's MEMORY.md and memories as this folder's orphans;
    they are that workspace's. newuser29 #19: ``memtui PATH`` opens that workspace, as
    ``memtui audit PATH`` audits it, and the first notice says so."""
    from tests.tui.test_profile_tokens import command_app

    above = tmp_path / "repo"
    mem = above / "claude_memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (mem / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                              encoding="utf-8")
    app = command_app(above)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "audited" in app.notice)
        assert app.notice.startswith(
            f"{above} holds no MEMORY.md; opened the agent's memory below it, {mem} (the "
            f"files of {above} itself are not memories) — audited 1 "), app.notice
        assert app.result is not None and list(app.result.scans) == ["a.md"]
