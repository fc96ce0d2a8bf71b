"""newuser36 #20: an index line the agent wrote past Claude Code's load limit was carded
"index line added", as if the agent would read it; it says it is never loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memtui.core.workspace import open_workspace
from memtui.tui.chat.tool_card import ToolCard

from .chat_harness import one_call
from .fake_ollama import FakeModel, FakeOllama

LATE = "---\nname: late\ndescription: late\nmetadata:\n  type: project\n---\nLate.\n"
INDEX = "# Memory\n" + "".join(f"- note {i}: a fact about thing {i}\n" for i in range(1, 200))


async def card_effect(root: Path, fake: FakeOllama, chat_app: Any, model: FakeModel) -> str:
    fake.add(model)
    async with chat_app(open_workspace(root), model.name, ask_before=()) as c:
        await c.turn("note it")
        return str(list(c.app.query(ToolCard))[-1].effect)


async def test_an_entry_past_claude_codes_limit_is_never_loaded(
        tmp_path: Path, fake: FakeOllama, chat_app: Any) -> None:
    root = tmp_path / ".claude" / "projects" / "-x" / "memory"
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    (root / "late.md").write_text(LATE, encoding="utf-8")

    effect = await card_effect(root, fake, chat_app, one_call("late", "write_file", {
        "path": "MEMORY.md", "content": INDEX + "- [Late](late.md) — late\n"}))
    assert "index line added past the load limit (line 201; the agent loads 200): never " \
        "loaded" in effect, effect
    assert not effect.startswith("index line added;") and effect != "index line added"


FACTS = [f"Fact number {i}: the user prefers setting {i} to be on in project alpha and beta."
         for i in range(20)]


async def test_a_hermes_card_speaks_entries_and_the_stores_limit(
        tmp_path: Path, fake: FakeOllama, chat_app: Any) -> None:
    """newuser36 #32: an edit adding a § entry past MEMORY.md's 2,200 characters was carded
    "MEMORY.md edited (no index entry changed)", the item profile's words."""
    root = tmp_path / ".hermes" / "memories"
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("\n§\n".join(FACTS), encoding="utf-8")
    (root / "USER.md").write_text("Name: Sam\n§\nLives in Porto", encoding="utf-8")
    grown = "\n§\n".join([*FACTS, "Jordan moved to Lisbon " * 30])

    effect = await card_effect(root, fake, chat_app, one_call(
        "hermesadd", "write_file", {"path": "MEMORY.md", "content": grown}))
    assert "no index entry changed" not in effect, effect
    assert ("MEMORY.md: 1 entry added (21 entries, 2,309 of 2,200 characters; past Hermes' "
            "limit: Hermes will refuse further writes to this store)") in effect, effect


async def test_a_gemini_card_speaks_pointer_lines(tmp_path: Path, fake: FakeOllama,
                                                  chat_app: Any) -> None:
    """newuser36 #32 (Gemini): a pointer line added was carded "MEMORY.md edited (no index
    entry changed); … now linked from the index", which contradicts itself."""
    root = tmp_path / ".gemini" / "tmp" / "app-slug" / "memory"
    root.mkdir(parents=True)
    (root / "gtopic-a.md").write_text("Topic a: the build runs nightly.\n", encoding="utf-8")
    (root / "gtopic-b.md").write_text("Topic b: deploys on Friday.\n", encoding="utf-8")
    index = f"# Memory\n- See {root}/gtopic-a.md for build notes.\n"
    (root / "MEMORY.md").write_text(index, encoding="utf-8")
    grown = index + f"- See {root}/gtopic-b.md for on-call notes.\n"

    effect = await card_effect(root, fake, chat_app, one_call(
        "gemadd", "write_file", {"path": "MEMORY.md", "content": grown}))
    assert effect == "pointer line added; gtopic-b.md now named by MEMORY.md", effect
