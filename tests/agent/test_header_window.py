"""With ``--api openai`` the app's header measures the injected block against the same
window as the chat pane: the server's ``-c`` (from /props) once the chat has learned it,
not ``--num-ctx``, which such a server ignores."""

from __future__ import annotations

from memtui.agent.settings import AgentSettings
from memtui.core.audit import AuditOptions
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.chat.status_line import StatusLine
from memtui.tui.widgets.health_header import HealthHeader

from .fake_ollama import FakeModel, FakeOllama, Reply, chatter
from .fake_openai import FakeOpenAI
from .test_chat_pane import wait_until


def cost_line(app: MemtuiApp) -> str:
    return str(app.query_one(HealthHeader).content).splitlines()[2]


def block_tokens(app: MemtuiApp) -> int:
    assert app.result is not None
    block = app.result.block
    return block.tokens[block.tokenizer]


async def test_header_uses_the_servers_window_once_the_chat_knows_it(
        ws: Workspace, llama: FakeOpenAI) -> None:
    llama.add(chatter("m", "Fine."))
    llama.n_ctx = 2048  # the server's -c; --num-ctx 8192 cannot change it
    app = MemtuiApp(ws, AuditOptions(num_ctx=8192), watch=False,
                    settings=AgentSettings(model="m", host=llama.url, api="openai",
                                           num_ctx=8192))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.pause(0.1)
        tokens = block_tokens(app)
        assert " of 8,192 (--num-ctx)" in cost_line(app)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await wait_until(pilot, lambda: "(server -c)" in cost_line(app))
        assert f"{tokens / 2048:.1%} of 2,048 (server -c)" in cost_line(app)
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        assert " / 2,048 server -c (" in bar.render().plain  # the chat's window: the same
        # A re-audit keeps measuring against the server's window.
        (ws.root / "MEMORY.md").write_text("# Memory\n- [Notes](memory/notes.md) — where "
                                           "this item stands, and much more said here\n",
                                           encoding="utf-8")
        audits = app.audits
        app.start_audit({"MEMORY.md"})
        await wait_until(pilot, lambda: app.audits > audits)
        await pilot.pause(0.1)
        assert block_tokens(app) != tokens
        assert f"{block_tokens(app) / 2048:.1%} of 2,048 (server -c)" in cost_line(app)


async def test_header_keeps_num_ctx_with_ollama(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("m", "Fine."))
    app = MemtuiApp(ws, AuditOptions(num_ctx=8192), watch=False,
                    settings=AgentSettings(model="m", host=fake.url, num_ctx=8192))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await pilot.pause(0.2)
        assert " of 8,192 (--num-ctx)" in cost_line(app)


async def test_header_uses_ollamas_window_and_the_pane_explains_a_smaller_runner(
        ws: Workspace, fake: FakeOllama) -> None:
    """newuser33 #15: with Ollama the header said "of 40,960 (Qwen)", the pane "window
    asked 32,768 (trained) loaded 8,192" and the budget bar "/ 32,768": once the chat has
    read the model's window, the header measures against it too; a runner loaded with
    less than asked is said in one line."""
    fake.add(FakeModel("m", [Reply(content="Fine.")], context_length=32768))
    fake.loaded["m"] = 8192  # a runner loaded before, smaller than the window asked
    app = MemtuiApp(ws, AuditOptions(), watch=False,
                    settings=AgentSettings(model="m", host=fake.url))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.pause(0.1)
        assert " of 32,768 " not in cost_line(app)  # the audit's own window, first
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        # newuser37 #3: a runner read before this chat's first request is an earlier
        # request's; Ollama loads the model again at the window asked, so the header and
        # the budget measure against that (after a request of its own, a smaller runner is
        # the window: newuser35 #12, tests/agent/test_runner_smaller.py)
        await wait_until(pilot, lambda: " of 32,768 " in cost_line(app))
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        assert " / 32,768 (" in bar.render().plain  # the chat's window: the same
        status = app.query_one(StatusLine).plain
        assert "window asked 32,768 (trained)  loaded 8,192" in status
        said = status.splitlines()[1]
        assert said.startswith("the runner loaded now (8,192) is an earlier request's"), said


async def test_header_counts_qwen_against_the_chats_window(ws: Workspace,
                                                          fake: FakeOllama) -> None:
    """newuser35 #14: under claude-code the header counts cl100k (Claude's window); once
    the chat's Qwen window is the yardstick, it divided that cl100k count by the Qwen
    window. Against the chat's window it counts qwen, as the budget bar does."""
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [事实 {i}](memory/f{i}.md) — 关于第 {i} 件事的说明和细节\n"
                               for i in range(40)), encoding="utf-8")
    fake.add(FakeModel("m", [Reply(content="Fine.")], context_length=32768))
    app = MemtuiApp(ws, AuditOptions(profile="claude-code"), watch=False,
                    settings=AgentSettings(model="m", host=fake.url))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.pause(0.1)
        assert app.result is not None
        qwen, cl100k = app.result.block.tokens["qwen"], app.result.block.tokens["cl100k"]
        assert qwen != cl100k
        assert f"{cl100k:,} cl100k tok" in cost_line(app)  # Claude's window, Claude's count
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        await wait_until(pilot, lambda: "(trained)" in cost_line(app))
        assert f"{qwen:,} qwen tok" in cost_line(app)
        assert f"{qwen / 32768:.1%} of 32,768 (trained)" in cost_line(app)


async def test_the_block_view_names_the_chats_window_beside_the_audits(
        ws: Workspace, fake: FakeOllama) -> None:
    """newuser36 #16: the header said "0.2% of 32,768 (trained)" while the Block view right
    under it said "0.2% of a 40,960-token window (Qwen)", nothing saying why the two
    differ. Once the chat knows its window the Block view names it too, as the header
    counts it, and says its own share is against the audit's window."""
    from textual.widgets import Static

    from memtui.tui.views.block import BlockView

    fake.add(FakeModel("m", [Reply(content="Fine.")], context_length=32768))
    app = MemtuiApp(ws, AuditOptions(), watch=False,
                    settings=AgentSettings(model="m", host=fake.url))
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        await wait_until(pilot, lambda: "(trained)" in cost_line(app))
        await pilot.press("escape", "7")
        await wait_until(pilot, lambda: bool(app.query(BlockView)))
        view = app.query_one(BlockView)
        assert app.result is not None
        qwen = app.result.block.tokens["qwen"]

        def summary() -> str:
            return str(view.query_one(".summary", Static).content)

        await wait_until(pilot, lambda: "the chat's window" in summary())
        said = summary()
        assert f"{qwen:,} qwen tokens, {qwen / 32768:.1%} of 32,768 (trained)" in said, said
        assert "against the audit's window" in said
