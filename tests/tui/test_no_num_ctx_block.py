"""newuser37 #27: ``memtui audit`` said "67.8% of 40,960 tokens (Qwen window)" and nothing
of the window an agent whose requests send no ``num_ctx`` gets from Ollama (4,096 tokens from
0.6.7, 2,048 before) — README's fourth drift — although this block alone was 6.8x that. The
report's "Without num_ctx" row and the Block view say it, beside the block's size."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.views.block import BlockView
from tests.edit.conftest import cli, write_tree
from tests.tui.test_app import started, switch

MEMORY = "---\nname: n{i}\ndescription: note {i}\nmetadata:\n  type: project\n---\nFact.\n"


def folder(root: Path, entries: int) -> Path:
    files = {"MEMORY.md": "# Memory\n" + "".join(
        f"- [Note {i}](memory/n{i}.md) — a fact about the billing service number {i} and "
        "why it matters for the deploy\n" for i in range(entries))}
    files.update({f"memory/n{i}.md": MEMORY.format(i=i) for i in range(entries)})
    return write_tree(root, files)


def test_the_report_says_a_request_without_num_ctx_cuts_this_block(tmp_path: Path) -> None:
    out = cli("audit", folder(tmp_path / "big", 150)).stdout
    row = next(ln for ln in out.splitlines() if ln.startswith("Without num_ctx"))
    assert "default window, 4,096 tokens" in row and "× that" in row
    assert "cuts the front of the prompt" in out
    # a small block, or a window the agent sends (--num-ctx), says nothing of it
    assert "Without num_ctx" not in cli("audit", folder(tmp_path / "small", 3)).stdout
    assert "Without num_ctx" not in cli("audit", folder(tmp_path / "big", 150),
                                        "--num-ctx", "32768").stdout


async def test_the_block_view_says_it_too(tmp_path: Path) -> None:
    app = open_app(folder(tmp_path / "big", 150), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        summary = str(app.query_one(BlockView).query_one(".summary", Static).render())
        assert "send no num_ctx gets the server's default window, 4,096 tokens" in summary


def test_a_hosted_agents_folder_is_not_told_of_ollama(tmp_path: Path) -> None:
    """Claude Code, Codex and Gemini CLI run on their vendors' models: no Ollama cuts their
    prompt for want of num_ctx, and the row was on every Claude Code folder past 2,048."""
    out = cli("audit", folder(tmp_path / "big", 150), "--profile", "claude-code").stdout
    assert "Layout / profile" in out and "claude-code" in out
    assert "Without num_ctx" not in out
