"""newuser36 #25: an outside edit made while the approval card waited was overwritten on
Accept without a new question, and the card's "N lines it held are gone" counted the file as
the last audit saw it, not as the write found it. An answer now holds for the file as it was
asked about: changed meanwhile, the operator is asked again (saying so); and the count is
of what the write replaced. Real files, the real tool box and gate."""

from __future__ import annotations

import asyncio

from memtui.agent.approval import ASK_AGAIN, Gate, Request
from memtui.agent.ollama import ToolCall
from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace

ROLE = "memory/user-role.md"
SHORT = "---\nname: role\ndescription: the user's role\ntype: user\n---\nAn engineer.\n"


def _role(ws: Workspace, lines: int) -> None:
    body = "".join(f"- fact {i}: the user works on line {i}\n" for i in range(lines))
    (ws.root / ROLE).write_text(SHORT + body, encoding="utf-8")


def _append(ws: Workspace, start: int, count: int) -> None:
    with (ws.root / ROLE).open("a", encoding="utf-8") as f:
        f.writelines(f"outside line {k}\n" for k in range(start, start + count))


def test_a_file_changed_while_asked_is_asked_again_then_written_as_it_is(
        ws: Workspace) -> None:
    _role(ws, 60)
    tools = ToolBox(ws)
    asked: list[Request] = []

    async def operator(request: Request) -> str:
        asked.append(request)
        if len(asked) == 1:  # while the first card waits, 40 lines come from outside
            _append(ws, 0, 40)
        return "accept"

    gate = Gate(tools, approver=operator)  # type: ignore[arg-type]
    call = ToolCall("write_file", {"path": ROLE, "content": SHORT})
    assert asyncio.run(gate.check(call)) is None  # may run: the second answer held
    assert len(asked) == 2
    assert "changed while you were asked" in asked[1].warning
    assert "a delete in effect" in asked[1].warning  # the question made anew
    outcome = tools.run(call.name, call.arguments)
    tools.settle([outcome])
    assert outcome.ok and (ws.root / ROLE).read_text(encoding="utf-8") == SHORT
    # 60 facts and 40 outside lines were dropped: the count is of what was replaced
    assert any("100 lines it held are gone" in e for e in outcome.effect), outcome.effect


def test_a_file_that_keeps_changing_is_refused(ws: Workspace) -> None:
    _role(ws, 20)
    seen = 0

    async def operator(request: Request) -> str:
        nonlocal seen
        _append(ws, seen, 1)
        seen += 1
        return "accept"

    gate = Gate(ToolBox(ws), approver=operator)  # type: ignore[arg-type]
    outcome = asyncio.run(gate.check(ToolCall("write_file", {"path": ROLE, "content": SHORT})))
    assert outcome is not None and not outcome.ok and "kept changing" in outcome.result
    assert seen == ASK_AGAIN
    assert (ws.root / ROLE).read_text(encoding="utf-8") != SHORT  # nothing written


def test_an_unchanged_file_is_asked_once(ws: Workspace) -> None:
    _role(ws, 20)
    asked: list[Request] = []

    async def operator(request: Request) -> str:
        asked.append(request)
        return "refuse"

    gate = Gate(ToolBox(ws), approver=operator)  # type: ignore[arg-type]
    outcome = asyncio.run(gate.check(ToolCall("write_file", {"path": ROLE, "content": SHORT})))
    assert outcome is not None and "refused by the operator" in outcome.result
    assert len(asked) == 1



def test_a_delete_of_a_file_that_is_not_there_asks_nothing(ws: Workspace) -> None:
    """newuser36 #3: the card asked to approve deleting a file that did not exist. Nothing
    at the path (in an existing folder or a missing one): the call runs at once and says so;
    a dangling symlink is something delete_file removes, so it is still asked about."""
    async def operator(request: Request) -> str:
        raise AssertionError(f"asked about nothing: {request.summary}")

    tools = ToolBox(ws)
    gate = Gate(tools, approver=operator)  # type: ignore[arg-type]
    for path in ("memory/gone.md", "memory/no-folder/gone.md"):
        call = ToolCall("delete_file", {"path": path})
        assert gate.request(call) is None
        assert asyncio.run(gate.check(call)) is None  # runs: the tool says it is not there
        outcome = tools.run(call.name, call.arguments)
        assert not outcome.ok and "does not exist" in outcome.result, outcome.result
    (ws.root / "memory/dangling.md").symlink_to("nowhere.md")
    asked = gate.request(ToolCall("delete_file", {"path": "memory/dangling.md"}))
    assert asked is not None and asked.kind == "delete" and "symbolic link" in asked.warning


def test_a_file_deleted_from_outside_while_asked_is_not_asked_again(ws: Workspace) -> None:
    _role(ws, 3)
    asked: list[Request] = []

    async def operator(request: Request) -> str:
        asked.append(request)
        (ws.root / ROLE).unlink()  # gone while the card waits
        return "accept"

    tools = ToolBox(ws)
    call = ToolCall("delete_file", {"path": ROLE})
    assert asyncio.run(Gate(tools, approver=operator).check(call)) is None  # type: ignore[arg-type]
    assert len(asked) == 1
    outcome = tools.run(call.name, call.arguments)
    assert not outcome.ok and "does not exist" in outcome.result
