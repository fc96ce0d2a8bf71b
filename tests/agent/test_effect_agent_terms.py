"""newuser36 #20: an index line the agent wrote past Claude Code's load limit was carded
"index line added", as if the agent would read it; it says it is never loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.tool_card import ToolCard

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_pane import send, wait_until

LATE = "---\nname: late\ndescription: late\nmetadata:\n  type: project\n---\nLate.\n"
INDEX = "# Memory\n" + "".join(f"- note {i}: a fact about thing {i}\n" for i in range(1, 200))


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def card_effect(root: Path, fake: FakeOllama, model: FakeModel) -> str:
    fake.add(model)
    app = MemtuiApp(open_workspace(root),
                    settings=AgentSettings(model=model.name, host=fake.url, ask_before=()),
                    watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1, 60)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "note it")
        await wait_until(pilot, lambda: pane.turns == 1)
        await pilot.pause(0.2)
        return list(app.query(ToolCard))[-1].effect


async def test_an_entry_past_claude_codes_limit_is_never_loaded(tmp_path: Path,
                                                                 fake: FakeOllama) -> None:
    root = tmp_path / ".claude" / "projects" / "-x" / "memory"
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    (root / "late.md").write_text(LATE, encoding="utf-8")

    def script(body: dict[str, Any]) -> Reply:
        return Reply(content="Done.") if step_of(body) else Reply(tool_calls=[(
            "write_file", {"path": "MEMORY.md", "content": INDEX + "- [Late](late.md) — late\n"})])
    effect = await card_effect(root, fake, FakeModel("late", script))
    assert "index line added past the load limit (line 201; the agent loads 200): never " \
        "loaded" in effect, effect
    assert not effect.startswith("index line added;") and effect != "index line added"
