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


FACTS = [f"Fact number {i}: the user prefers setting {i} to be on in project alpha and beta."
         for i in range(20)]


async def test_a_hermes_card_speaks_entries_and_the_stores_limit(tmp_path: Path,
                                                                 fake: FakeOllama) -> None:
    """newuser36 #32: an edit adding a § entry past MEMORY.md's 2,200 characters was carded
    "MEMORY.md edited (no index entry changed)", the item profile's words."""
    root = tmp_path / ".hermes" / "memories"
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("\n§\n".join(FACTS), encoding="utf-8")
    (root / "USER.md").write_text("Name: Sam\n§\nLives in Porto", encoding="utf-8")
    grown = "\n§\n".join([*FACTS, "Jordan moved to Lisbon " * 30])

    def script(body: dict[str, Any]) -> Reply:
        return Reply(content="Done.") if step_of(body) else Reply(tool_calls=[(
            "write_file", {"path": "MEMORY.md", "content": grown})])
    effect = await card_effect(root, fake, FakeModel("hermesadd", script))
    assert "no index entry changed" not in effect, effect
    assert ("MEMORY.md: 1 entry added (21 entries, 2,309 of 2,200 characters; past Hermes' "
            "limit: Hermes will refuse further writes to this store)") in effect, effect


async def test_a_gemini_card_speaks_pointer_lines(tmp_path: Path, fake: FakeOllama) -> None:
    """newuser36 #32 (Gemini): a pointer line added was carded "MEMORY.md edited (no index
    entry changed); … now linked from the index", which contradicts itself."""
    root = tmp_path / ".gemini" / "tmp" / "app-slug" / "memory"
    root.mkdir(parents=True)
    (root / "gtopic-a.md").write_text("Topic a: the build runs nightly.\n", encoding="utf-8")
    (root / "gtopic-b.md").write_text("Topic b: deploys on Friday.\n", encoding="utf-8")
    index = f"# Memory\n- See {root}/gtopic-a.md for build notes.\n"
    (root / "MEMORY.md").write_text(index, encoding="utf-8")
    grown = index + f"- See {root}/gtopic-b.md for on-call notes.\n"

    def script(body: dict[str, Any]) -> Reply:
        return Reply(content="Done.") if step_of(body) else Reply(tool_calls=[(
            "write_file", {"path": "MEMORY.md", "content": grown})])
    effect = await card_effect(root, fake, FakeModel("gemadd", script))
    assert effect == "pointer line added; gtopic-b.md now named by MEMORY.md", effect
