"""newuser34 #18: with ``--num-ctx 512`` the chat pane held a message back saying "raise
--num-ctx to 4,096, or shrink MEMORY.md …: the system prompt, tools and memory index alone
take about 1,347 tokens (the index 32)" — no MEMORY.md could make 1,315 tokens of prompt
and tools fit. MEMORY.md is named only when shrinking it can bring the request in."""

from __future__ import annotations

from memtui.agent.settings import AgentSettings
from memtui.agent.truncation import suggest_window
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar

from .fake_ollama import FakeOllama, chatter
from .test_chat_pane import Harness, send, wait_until


async def test_a_small_index_past_a_tiny_window_is_not_what_to_shrink(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("chatter", "Fine."))
    app = Harness(ws, AgentSettings(model="chatter", host=fake.url, num_ctx=512))
    async with app.run_test(size=(120, 50)) as pilot:
        (ws.root / "MEMORY.md").write_text("# Memory\n- [A](memory/a.md) — a short hook\n")
        pane = app.query_one(ChatPane)
        # (the model's facts first: a message sent before them is not measured yet)
        await wait_until(pilot, lambda: pane.session.facts is not None, timeout=30)
        await send(pilot, "hello")
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "error", timeout=30)
        bar = app.query_one(BudgetBar).budget
        assert bar is not None and bar.window == 512
        rest = bar.total - bar.history - bar.block
        assert rest > 512 and bar.block < rest // 10
        assert banner.message == (
            f"not sent: about {bar.total:,} tokens for a window of 512 (num_ctx): Ollama "
            "would drop the front, the system prompt with the memory rules, without a word. "
            f"Fix: raise --num-ctx to {suggest_window(bar.total):,}: the system prompt and "
            f"tools alone take about {rest:,} tokens (the memory index {bar.block:,} more), "
            "so neither a new chat nor a shorter MEMORY.md would fit; Enter again sends it "
            "anyway")
        assert fake.chat_bodies == []
