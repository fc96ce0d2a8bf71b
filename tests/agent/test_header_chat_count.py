"""newuser37 #6: under claude-code the audit counts the block in cl100k tokens; once the
chat measured against its Ollama (Qwen) window, the header read "4,982 cl100k tok · 30.4% of
16,384" while the chat's bar said "block 5,264" (qwen) — two counts of one block on one
screen. The header now says the chat's own qwen count against the chat's window."""

from __future__ import annotations

from pathlib import Path

from memtui.agent.settings import AgentSettings
from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.widgets.health_header import HealthHeader

from .fake_ollama import FakeOllama, chatter
from .test_chat_pane import wait_until


def claude_folder(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n" + "".join(
        f"- [Note {i}](note_{i}.md) — a fact about the billing service and its deploy {i}\n"
        for i in range(40)), encoding="utf-8")
    for i in range(40):
        (root / f"note_{i}.md").write_text(
            f"---\nname: note {i}\ndescription: note {i}\ntype: project\n---\nFact {i}.\n",
            encoding="utf-8")
    return root


async def test_header_counts_the_block_as_the_chat_does(tmp_path: Path,
                                                        fake: FakeOllama) -> None:
    folder = claude_folder(tmp_path / "memory")
    fake.add(chatter("m", "Fine."))
    app = MemtuiApp(open_workspace(folder), AuditOptions(profile="claude-code", num_ctx=16384),
                    watch=False,
                    settings=AgentSettings(model="m", host=fake.url, num_ctx=16384))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        assert app.result is not None
        header = app.query_one(HealthHeader)
        # the block as claude-code counts it (`memtui audit`, the app run from the shell):
        # cl100k alone
        app.result.block.tokens.pop("qwen", None)
        header.show(app.result, header.palette)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        block = bar.budget.block if bar.budget is not None else 0
        await wait_until(pilot, lambda: "qwen tok" in str(header.content))
        line = str(header.content).splitlines()[2]
        assert f"{block:,} qwen tok" in line and f"{block / 16384:.1%} of 16,384" in line
        assert "cl100k tok" not in line


async def test_the_block_view_says_the_headers_figure(tmp_path: Path,
                                                      fake: FakeOllama) -> None:
    """newuser41 #4: the Block view said "the chat's window, as the header counts it: 2,971
    cl100k tokens, 9.1%" beside the header's "2,640 qwen tok · 8.1%"."""
    from memtui.tui.views.block import BlockView

    folder = claude_folder(tmp_path / "memory")
    fake.add(chatter("m", "Fine."))
    app = MemtuiApp(open_workspace(folder), AuditOptions(profile="claude-code", num_ctx=16384),
                    watch=False,
                    settings=AgentSettings(model="m", host=fake.url, num_ctx=16384))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        assert app.result is not None
        app.result.block.tokens.pop("qwen", None)  # as claude-code counts it: cl100k alone
        await pilot.press("7")
        await wait_until(pilot, lambda: bool(app.query(BlockView)))
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        block = bar.budget.block if bar.budget is not None else 0
        view = app.query_one(BlockView)
        view.set_result(app.result, view.palette)  # drawn from the cl100k-only result
        # drawn again when the chat's count reaches the header
        await wait_until(pilot, lambda: "qwen tokens" in str(
            view.query_one(".summary").render()))
        said = str(view.query_one(".summary").render())
        assert f"as the header counts it: {block:,} qwen tokens" in said, said
        assert f"{block / 16384:.1%} of 16,384" in said
