"""What the delete question covers (docs/chat.md "ask-before").

newuser32 #25: an overwrite that leaves a memory or the index with less than a quarter of its
bytes (``write_file MEMORY.md ""``, a memory rewritten to "gone") is a delete in effect and
is asked as one under the default ``ask-before = ["delete"]``.

newuser32 #27: a delete of a symbolic link is not journaled: the card says it cannot be
undone before the answer, and the turn line counts it as such (it read "1 unchanged")."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from memtui.agent.approval import Gate, Request
from memtui.agent.ollama import ToolCall
from memtui.agent.settings import AgentSettings
from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_approval import asked
from .test_chat_pane import Harness, send, turns, wait_until


async def never(request: Request) -> str:
    raise AssertionError("not asked")


def test_an_overwrite_that_drops_most_of_a_file_is_asked_as_a_delete(ws: Workspace) -> None:
    (ws.root / "memory/db.md").write_text("# db\n" + "host db1, port 5432, owner ops\n" * 6,
                                          encoding="utf-8")
    gate = Gate(ToolBox(ws), approver=never)  # type: ignore[arg-type]  # the default
    index = gate.request(ToolCall("write_file", {"path": "MEMORY.md", "content": ""}))
    assert index is not None and index.kind == "delete" and index.name == "write_file"
    assert "leaves MEMORY.md empty: a delete in effect" in index.warning
    gone = gate.request(ToolCall("write_file", {"path": "memory/db.md", "content": "gone\n"}))
    assert gone is not None and "5 of its 191 bytes" in gone.warning
    whole = (ws.root / "memory/db.md").read_text(encoding="utf-8")
    cut = gate.request(ToolCall("edit_file", {"path": "memory/db.md", "old_string": whole[5:],
                                              "new_string": ""}))
    assert cut is not None and cut.kind == "delete"
    # An ordinary update, a new file, or a failing edit: not asked.
    for call in (ToolCall("write_file", {"path": "memory/db.md",
                                         "content": whole.replace("5432", "5433")}),
                 ToolCall("write_file", {"path": "memory/new.md", "content": ""}),
                 ToolCall("edit_file", {"path": "memory/db.md", "old_string": "nowhere",
                                        "new_string": ""})):
        assert gate.request(call) is None, call
    # "always" for deletes covers these too; ask-before = [] asks nothing.
    gate.always.add("delete")
    assert gate.request(ToolCall("write_file", {"path": "MEMORY.md", "content": ""})) is None
    assert Gate(ToolBox(ws), frozenset(), never).request(  # type: ignore[arg-type]
        ToolCall("write_file", {"path": "MEMORY.md", "content": ""})) is None


def link_deleter() -> FakeModel:
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="Done.")
        return Reply(tool_calls=[("delete_file", {"path": "memory/out.md"})])
    return FakeModel("linker", script)


async def test_a_link_delete_says_it_cannot_be_undone(ws: Workspace, fake: FakeOllama,
                                                      tmp_path: Any) -> None:
    target = tmp_path / "passwd"
    target.write_text("root:x:0:0\n", encoding="utf-8")
    (ws.root / "memory/out.md").symlink_to(target)
    fake.add(link_deleter())
    app = Harness(ws, AgentSettings(model="linker", host=fake.url))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "tidy up")
        card = await asked(pilot, app)
        shown = str(card.query_one("#ask-what", Static).content)
        assert "memory/out.md is a symbolic link" in shown
        assert "this delete cannot be undone" in shown
        await pilot.press("y")
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.05)
        assert not (ws.root / "memory/out.md").is_symlink() and target.exists()
        lines = [str(s.content) for s in app.query(".turn-summary").results(Static)]
        assert lines == ["turn 1: no write to memory · 1 symbolic link deleted, not "
                         "journaled: undo cannot bring it back"], lines
