"""A write that drops lines a memory held says so on its tool card, in the warning colour
(newuser26 #22: the chat agent's write_file replaced a 343-byte memory with 191 bytes,
three facts and its description gone, and the card said "updated memory/user-role.md" in
the success colour). An edit that only adds says "updated" still."""

from __future__ import annotations

from memtui.agent.effects import changed_phrase
from memtui.agent.session import ToolFinished
from memtui.core.workspace import Workspace
from memtui.tui.chat.tool_card import ToolCard, effect_style

from .conftest import NOTES
from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_agent_undo import run_turn

SHORTER = NOTES.split("Tracking yield")[0] + "Line 3 is fine.\n"


def test_the_phrase_counts_the_lines_gone() -> None:
    assert changed_phrase("m.md", "a\nb\n", "a\nb\nc\n") == "updated m.md"
    assert changed_phrase("m.md", "a\nb\n\nc\n", "a\n") == \
        "overwrote m.md: 2 lines it held are gone"
    assert changed_phrase("m.md", "a\nb\n", "a\nB\n") == \
        "overwrote m.md: 1 line it held is gone"


async def test_an_overwrite_dropping_lines_is_said_on_the_card(ws: Workspace,
                                                               fake: FakeOllama) -> None:
    old = (ws.root / "memory" / "notes.md").read_text(encoding="utf-8")
    gone = sum(1 for ln in old.splitlines() if ln.strip() and ln not in SHORTER.splitlines())
    assert gone >= 1
    fake.add(FakeModel("shrinker", [
        Reply(tool_calls=[("write_file", {"path": "memory/notes.md", "content": SHORTER})]),
        Reply(content="Done."),
    ]))
    evs = await run_turn(ws, fake, "shrinker")
    outcome = next(e.outcome for e in evs if isinstance(e, ToolFinished))
    phrase = (f"overwrote memory/notes.md: {gone} line{'' if gone == 1 else 's'} it held "
              f"{'is' if gone == 1 else 'are'} gone")
    assert outcome.effect == [phrase], outcome.effect
    assert effect_style(phrase) == "bold $warning"
    card = ToolCard("write_file", {"path": "memory/notes.md"}, outcome.result,
                    outcome.effect_text)
    assert card.has_class("-orphan")  # the warning border
