"""newuser38 #21: a Claude Code folder, the chat opened on a model whose window is its trained
context (no --num-ctx): the header read "block … 5,072 cl100k tok" and the budget bar right
under it "block 5,516" — one block, two tokenizers, the bar naming neither. The bar names its
tokenizer, and the header says the chat's count, in the same tokenizer, once a chat counts."""

from __future__ import annotations

from pathlib import Path

from memtui.agent.settings import AgentSettings
from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.widgets.health_header import HealthHeader

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import wait_until
from .test_header_chat_count import claude_folder


async def test_one_block_one_tokenizer_on_the_screen(tmp_path: Path, fake: FakeOllama) -> None:
    folder = claude_folder(tmp_path / ".claude" / "projects" / "-tmp-app" / "memory")
    fake.add(FakeModel("m", [Reply(content="Fine.")], context_length=32768))
    app = MemtuiApp(open_workspace(folder), AuditOptions(), watch=False,
                    settings=AgentSettings(model="m", host=fake.url))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        assert app.result is not None and app.result.profile == "claude-code"
        header = app.query_one(HealthHeader)
        app.result.block.tokens.pop("qwen", None)  # as the app run from the shell counts it
        header.show(app.result, header.palette)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        await pilot.pause(0.3)
        block = bar.budget.block if bar.budget is not None else 0
        legend = bar.render().plain
        line = str(header.content).splitlines()[2]
        # the bar names its unit, and the header's figure for the block is the bar's, in
        # the tokenizer the bar names
        assert "qwen tok = " in legend, legend
        assert f"block {block:,}" in legend
        assert f"{block:,} qwen tok" in line, (line, legend)
