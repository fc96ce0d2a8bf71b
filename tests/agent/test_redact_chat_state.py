"""newuser23 #34: after a redaction the credential stayed in memtui's own chat state, the
history (sent to the model again with the conversation) and the transcripts, though
redaction "keeps no copy". A real turn reads the memory; ``fix redact`` (a CLI subprocess)
then scrubs both, and says so; a live chat's history forgets it too."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memtui.agent.session import ChatSession, TurnDone
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import open_workspace
from memtui.edit.chat_state import HISTORY_REL, scrub_chat_state, scrub_messages
from tests.edit.conftest import cli

from .fake_ollama import FakeModel, FakeOllama, Reply

KEY = "AKIAQ7XK2MB4VZJ6TR3N"
VENDOR = ("---\nname: vendor\ndescription: \"the vendor's contacts\"\nmetadata:\n"
          "  type: reference\n---\nVendor portal: aws_access_key_id = " + KEY + "\n"
          "Quote: \"say \\\\ " + KEY + "\"\n")


def reader() -> FakeModel:
    return FakeModel("reader", [
        Reply(tool_calls=[("read_file", {"path": "memory/vendor.md"})]),
        Reply(content=f"The vendor key is {KEY}."),
    ])


def holders(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and KEY.encode() in p.read_bytes())


async def test_redact_scrubs_the_chat_history_and_transcripts(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [Vendor](memory/vendor.md) — contacts\n",
                                    encoding="utf-8")
    (root / "memory" / "vendor.md").write_text(VENDOR, encoding="utf-8")
    fake = FakeOllama([reader()]).start()
    try:
        s = ChatSession(open_workspace(root), AgentSettings(model="reader", host=fake.url),
                        today=dt.date(2026, 11, 30))
        try:
            evs = [e async for e in s.send("what is the vendor key")]
        finally:
            await s.aclose()
    finally:
        fake.stop()
    assert isinstance(evs[-1], TurnDone)
    held = holders(root)
    assert HISTORY_REL in held and any(p.startswith(".memtui/transcripts/") for p in held)
    done = cli("fix", "redact", root, "vendor")
    assert done.returncode == 0, done.stderr
    assert "scrubbed it from the chat history and 1 chat transcript in .memtui/" \
        in done.stdout, done.stdout
    assert holders(root) == []
    # What is left still reads: the chat goes on from its history.
    again = ChatSession(open_workspace(root), AgentSettings(model="reader", host="x"))
    assert again.load_problem is None and again.history
    assert any("[REDACTED]" in str(m.get("content")) for m in again.history)


def test_a_live_history_and_a_state_with_nothing_to_scrub(tmp_path: Path) -> None:
    history = [{"role": "tool", "content": f"key {KEY}",
                "tool_calls": [{"function": {"arguments": {"x": [KEY]}}}]}]
    assert scrub_messages(history, [KEY]) is True
    assert KEY not in str(history) and str(history).count("[REDACTED]") == 2
    assert scrub_messages(history, [KEY]) is False
    assert scrub_chat_state(str(tmp_path), [KEY]) == []  # no .memtui: nothing to say


async def test_the_app_s_open_chat_forgets_a_redacted_credential(tmp_path: Path) -> None:
    from memtui.tui.app import open_app
    from tests.tui.test_app import started
    from tests.tui.test_narrow_layout import OFFLINE, open_chat

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [Vendor](memory/vendor.md) — contacts\n",
                                    encoding="utf-8")
    (root / "memory" / "vendor.md").write_text(VENDOR, encoding="utf-8")
    app = open_app(root, watch=False, settings=OFFLINE)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await open_chat(pilot, app)
        session = app.query_one("#chat-slot").children[0].session  # type: ignore[attr-defined]
        session.history.append({"role": "tool", "content": f"aws key {KEY}"})
        app.forget_secrets([KEY])
        assert session.history[-1]["content"] == "aws key [REDACTED]"
    assert KEY.encode() not in (root / HISTORY_REL).read_bytes()
