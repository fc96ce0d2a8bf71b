"""newuser36 #35: the app's header said "index 0 entries" for OpenClaw and Codex, agents
with no index of links (it read as "the index is empty"); it speaks each agent's terms now
(OpenClaw: MEMORY.md's lines, loaded every turn; Codex: the summary's tokens of its
limit). And at 80 columns Hermes' header dropped USER.md's bar, near its limit, behind
"…": each limit's bar is made short before any is dropped."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.health_header import HealthHeader
from tests.tui.test_app import started


async def header(folder: Path, width: int) -> list[str]:
    app = open_app(folder, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        return HealthHeader.render_text(app.result, app.palette, width=width).plain.splitlines()


async def test_openclaw_says_memory_md_is_loaded_every_turn(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "AGENTS.md").write_text("# Agents\n\nBe helpful.\n")
    (ws / "SOUL.md").write_text("# Soul\n\nKind.\n")
    (ws / "MEMORY.md").write_text("# Memory\n\n- user likes tea\n- deploy on fridays\n")
    (ws / "memory" / "2026-11-10.md").write_text("note of the day\n")
    counts = (await header(ws, 200))[1]
    assert "index 0 entries" not in counts, counts
    assert "MEMORY.md 4 lines, loaded every turn" in counts, counts


async def test_codex_says_the_summary_against_its_limit(tmp_path: Path) -> None:
    ws = tmp_path / ".codex" / "memories"
    ws.mkdir(parents=True)
    (ws / "memory_summary.md").write_text("x" * 400 + "\n")
    (ws / "MEMORY.md").write_text("# Notes\n\n- deploys: staging first\n")
    counts = (await header(ws, 200))[1]
    assert "index 0 entries" not in counts, counts
    assert "summary 100/2,500 tokens" in counts, counts


async def test_hermes_keeps_both_bars_at_80_columns(tmp_path: Path) -> None:
    ws = tmp_path / ".hermes" / "memories"
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("\n§\n".join(
        f"Fact number {i} about the project and its deploys, servers, owners."
        for i in range(33)))
    (ws / "USER.md").write_text("\n§\n".join(
        f"User detail {i}: prefers tabs, lives in Lisbon, works late." for i in range(20)))
    cost = (await header(ws, 78))[2]
    assert "MEMORY.md" in cost and "USER.md" in cost and "1,207/1,375" in cost, cost
