"""The chat agent's writes are journaled like a fix: a real session against the Ollama
emulator (HTTP on 127.0.0.1) writes, then ``memtui history`` and ``memtui undo`` (run as a
user runs them) list and put back what it did, one write or a whole turn."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

from memtui.agent.session import ChatSession, ToolFinished, TurnDone
from memtui.agent.settings import AgentSettings
from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace
from memtui.edit.changeset import Turn
from memtui.edit.journal import Journal, Unreadable
from memtui.edit.journal_seal import sealed
from tests.edit.conftest import cli

from .conftest import INDEX, NOTES
from .fake_ollama import USER_ROLE, FakeModel, FakeOllama, Reply, step_of

WIPED = "# Memory\n"


def wrecker() -> FakeModel:
    """Overwrites MEMORY.md, then deletes it: two writes in one turn."""
    return FakeModel("wrecker", [
        Reply(tool_calls=[("write_file", {"path": "MEMORY.md", "content": WIPED})]),
        Reply(tool_calls=[("delete_file", {"path": "MEMORY.md"})]),
        Reply(content="Cleaned up."),
    ])


def reorganiser() -> FakeModel:
    """Creates a memory, edits the index, deletes the old note: three files in one turn
    (the index written twice)."""
    return FakeModel("reorg", [
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md",
                                          "content": USER_ROLE}),
                          ("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                         "new_string": "# Memory\n- [User](memory/user-"
                                                       "role.md) — role\n"})]),
        Reply(tool_calls=[("delete_file", {"path": "memory/notes.md"}),
                          ("edit_file", {"path": "MEMORY.md",
                                         "old_string": "- [Notes](memory/notes.md) — where "
                                                       "this item stands\n",
                                         "new_string": ""})]),
        Reply(content="Reorganised."),
    ])


async def run_turn(ws: Workspace, fake: FakeOllama, model: str,
                   text: str = "tidy up") -> list[object]:
    settings = AgentSettings(model=model, host=fake.url)
    s = ChatSession(ws, settings, today=dt.date(2026, 11, 30))
    try:
        evs = [e async for e in s.send(text)]
    finally:
        await s.aclose()
    assert isinstance(evs[-1], TurnDone), evs[-1]
    return evs


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and ".memtui" not in p.parts}


async def test_history_lists_the_agents_writes_and_undo_restores_the_index(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(wrecker())
    index = (ws.root / "MEMORY.md").read_bytes()
    evs = await run_turn(ws, fake, "wrecker")
    assert not (ws.root / "MEMORY.md").exists()
    outcomes = [e.outcome for e in evs if isinstance(e, ToolFinished)]
    assert [o.journaled for o in outcomes] == [1, 2]
    recs = Journal(ws).records()
    assert [(r["op"], r["turn"]["number"]) for r in recs] == [("agent write_file", 1),
                                                              ("agent delete_file", 1)]
    assert recs[0]["turn"]["id"] == recs[1]["turn"]["id"]
    # The chat history keeps the ids (the pane's cards show them again), never sent.
    again = ChatSession(ws, AgentSettings(model="wrecker", host=fake.url))
    assert [m.get("journaled") for m in again.history if m["role"] == "tool"] == [1, 2]
    await again.aclose()
    assert "journaled" not in json.dumps(fake.chat_bodies)

    hist = cli("history", ws.root)
    assert hist.returncode == 0, hist.stderr
    lines = hist.stdout.splitlines()
    assert lines[0] == ("turn 1 of the chat agent (#1–#2, 2 writes) — memtui undo --turn "
                        "undoes them together:")
    assert " agent delete_file MEMORY.md (turn 1): deleted MEMORY.md" in lines[1]
    assert lines[1].startswith("  #2 ") and lines[2] == "      D MEMORY.md"
    assert " agent write_file MEMORY.md (turn 1): overwrote MEMORY.md (9 bytes)" in lines[3]
    assert lines[3].startswith("  #1 ") and lines[4] == "      M MEMORY.md"
    as_json = json.loads(cli("history", ws.root, "--json").stdout)
    assert as_json[0]["turn"] == recs[1]["turn"] and "before" not in as_json[0]["files"][0]

    # One write at a time: the delete, then the overwrite.
    first = cli("undo", ws.root)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("undid #2 agent delete_file MEMORY.md (turn 1): ")
    assert (ws.root / "MEMORY.md").read_text() == WIPED
    second = cli("undo", ws.root)
    assert second.returncode == 0, second.stderr
    assert (ws.root / "MEMORY.md").read_bytes() == index
    assert "(undone)" in cli("history", ws.root).stdout.splitlines()[1]


async def test_a_turn_undo_restores_every_file_it_wrote(ws: Workspace,
                                                        fake: FakeOllama) -> None:
    fake.add(reorganiser())
    os.utime(ws.root / "memory" / "notes.md", ns=(1_700_000_000 * 10**9,) * 2)
    before = snapshot(ws.root)
    await run_turn(ws, fake, "reorg")
    assert not (ws.root / "memory" / "notes.md").exists()
    assert (ws.root / "memory" / "user-role.md").exists()
    assert len(Journal(ws).records()) == 4

    proc = cli("undo", ws.root, "--turn")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ("undid turn 1 (#1–#4, 4 agent writes): restored MEMORY.md, "
                           "memory/notes.md; removed memory/user-role.md\n")
    assert snapshot(ws.root) == before  # byte for byte, the new memory gone
    assert (ws.root / "memory" / "notes.md").stat().st_mtime_ns == 1_700_000_000 * 10**9
    assert all(r["undone"] for r in Journal(ws).records())
    again = cli("undo", ws.root, "--turn")
    assert again.returncode == 1
    assert again.stderr == ("memtui undo: error: nothing to undo (every journaled operation "
                            "is undone already)\n")


async def test_a_turn_undo_takes_only_the_newest_turn(ws: Workspace,
                                                      fake: FakeOllama) -> None:
    def script(body: dict[str, object]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="ok")
        said = str(body["messages"][-1]["content"]).rsplit("\n", 1)[-1]  # type: ignore[index]
        return Reply(tool_calls=[("write_file", {"path": "memory/a.md", "content": said})])

    fake.add(FakeModel("two", script))
    settings = AgentSettings(model="two", host=fake.url)
    s = ChatSession(ws, settings, today=dt.date(2026, 11, 30))
    try:
        for text in ("first", "second"):
            _ = [e async for e in s.send(text)]
    finally:
        await s.aclose()
    recs = Journal(ws).records()
    assert [r["turn"]["number"] for r in recs] == [1, 2]
    proc = cli("undo", ws.root, "--turn")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("undid turn 2 (#2, 1 agent write): restored memory/a.md")
    assert (ws.root / "memory" / "a.md").read_text() == "first"
    assert [r["undone"] for r in Journal(ws).records()] == [False, True]


async def test_a_blocked_undo_says_why_and_writes_nothing(ws: Workspace,
                                                          fake: FakeOllama) -> None:
    fake.add(reorganiser())
    await run_turn(ws, fake, "reorg")
    with (ws.root / "MEMORY.md").open("a") as fh:
        fh.write("- an outside edit\n")
    after = snapshot(ws.root)
    turn = cli("undo", ws.root, "--turn")
    assert turn.returncode == 1
    assert turn.stderr == (
        "memtui undo: error: MEMORY.md changed since turn 1 (#1–#4); nothing was undone "
        f"(memtui undo --turn --skip-changed {ws.root} undoes the 1 other file "
        "(memory/notes.md) and leaves it as it is); memory/user-role.md would stay too: "
        "MEMORY.md links it; memory/notes.md comes back without its index line: an orphan "
        "(A in the Index view, or memtui fix add-to-index, links it)\n")
    # newuser34 #7: deleting user-role.md would break MEMORY.md's link; the notes come back
    # without the line the turn took out of MEMORY.md, which stays: said before (lead38)
    one = cli("undo", ws.root)
    assert one.returncode == 1
    assert one.stderr.startswith("memtui undo: error: MEMORY.md changed since operation #4 "
                                 "(agent edit_file); nothing was undone")
    assert snapshot(ws.root) == after
    assert not any(r["undone"] for r in Journal(ws).records())

    part = cli("undo", ws.root, "--turn", "--skip-changed")
    assert part.returncode == 0, part.stderr
    assert "; memory/notes.md comes back without its index line: an orphan" in part.stdout
    assert (ws.root / "memory" / "notes.md").read_text() == NOTES
    assert (ws.root / "memory" / "user-role.md").exists()  # MEMORY.md, kept, links it
    assert (ws.root / "MEMORY.md").read_bytes() == after["MEMORY.md"]
    assert "(not undone: the undo left MEMORY.md as it was)" in cli("history", ws.root).stdout


async def test_undo_refuses_a_file_swapped_for_a_symlink(ws: Workspace,
                                                         fake: FakeOllama,
                                                         tmp_path: Path) -> None:
    fake.add(wrecker())
    await run_turn(ws, fake, "wrecker")
    (ws.root / "MEMORY.md").symlink_to(tmp_path / "elsewhere.md")
    for args in (["--turn"], []):
        proc = cli("undo", ws.root, *args)
        assert proc.returncode == 1
        assert "MEMORY.md" in proc.stderr and "link" in proc.stderr, proc.stderr
    assert not (tmp_path / "elsewhere.md").exists()
    assert (ws.root / "MEMORY.md").is_symlink()


def test_a_turn_undo_refuses_when_the_newest_operation_is_not_the_agents(
        ws: Workspace) -> None:
    box = ToolBox(ws)
    box.turn = Turn("t-1", 1)
    assert box.call("write_file", {"path": "memory/a.md", "content": "a\n"}).journaled == 1
    assert cli("fix", "remove-link", ws.root, "memory/notes.md").returncode == 0, "fix"
    proc = cli("undo", ws.root, "--turn")
    assert proc.returncode == 1
    assert proc.stderr == ("memtui undo: error: the newest operation, #2 (remove-link), is "
                           "not an agent write: undo it on its own; nothing was undone\n")


def test_unchanged_writes_are_not_journaled(ws: Workspace) -> None:
    box = ToolBox(ws)
    same = box.call("write_file", {"path": "MEMORY.md", "content": INDEX})
    assert same.ok and same.journaled is None and "nothing was written" in same.result
    assert not Journal(ws).exists() or Journal(ws).records() == []


def test_a_record_with_a_bad_turn_is_unreadable(ws: Workspace) -> None:
    box = ToolBox(ws)
    box.turn = Turn("t-1", 1)
    box.call("write_file", {"path": "MEMORY.md", "content": WIPED})
    path = ws.root / ".memtui" / "journal" / "000001.json"
    rec = json.loads(path.read_text())
    rec["turn"] = {"id": 7, "number": "three"}
    path.write_text(json.dumps(sealed(rec, ws.root)))
    entry, = Journal(ws).entries()
    assert isinstance(entry, Unreadable) and "'turn'" in entry.reason
    proc = cli("undo", ws.root, "--turn")
    assert proc.returncode == 1 and "unreadable" in proc.stderr
    assert (ws.root / "MEMORY.md").read_text() == WIPED


def test_a_turn_undo_stops_at_an_operation_that_came_between(ws: Workspace) -> None:
    """An operator's fix between two writes of one turn: the turn undo takes the writes
    after it and says that earlier ones are left behind it."""
    box = ToolBox(ws)
    box.turn = Turn("t-1", 1)
    assert box.call("write_file", {"path": "memory/a.md", "content": "a\n"}).journaled == 1
    assert cli("fix", "remove-link", ws.root, "memory/notes.md").returncode == 0
    assert box.call("write_file", {"path": "memory/b.md", "content": "b\n"}).journaled == 3
    proc = cli("undo", ws.root, "--turn")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "undid turn 1 (#3, 1 agent write): removed memory/b.md\n"
        "  1 earlier write of turn 1 comes before #2 (remove-link), which is not the agent's: "
        "undo that first to reach them\n")
    assert not (ws.root / "memory" / "b.md").exists()
    assert (ws.root / "memory" / "a.md").read_text() == "a\n"


def test_a_write_through_a_link_is_journaled_at_the_file_it_reached(ws: Workspace) -> None:
    mem = ws.root / "memory"
    os.symlink("notes.md", mem / "alias.md")
    box = ToolBox(ws)
    box.turn = Turn("t-1", 1)
    out = box.call("write_file", {"path": "memory/alias.md", "content": "new\n"})
    assert out.ok and out.journaled == 1
    rec, = Journal(ws).records()
    assert [f["path"] for f in rec["files"]] == ["memory/notes.md"]
    proc = cli("undo", ws.root)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("undid #1 agent write_file memory/notes.md (turn 1): "
                                  "overwrote memory/alias.md")
    assert (mem / "notes.md").read_text() == NOTES and (mem / "alias.md").is_symlink()


def test_the_turn_undo_is_documented() -> None:
    helped = cli("undo", "--help")
    assert helped.returncode == 0
    assert "--turn" in helped.stdout and "newest chat agent turn" in helped.stdout
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert "memtui undo PATH --turn" in (docs / "curate.md").read_text(encoding="utf-8")
    assert "ctrl+z" in (docs / "chat.md").read_text(encoding="utf-8")


def test_a_change_between_two_writes_of_the_turn_blocks_that_file(ws: Workspace) -> None:
    box = ToolBox(ws)
    box.turn = Turn("t-1", 1)
    box.call("write_file", {"path": "MEMORY.md", "content": "# one\n"})
    (ws.root / "MEMORY.md").write_text("# by hand\n")  # between the two calls
    box.call("edit_file", {"path": "MEMORY.md", "old_string": "hand", "new_string": "agent"})
    box.call("write_file", {"path": "memory/c.md", "content": "c\n"})
    proc = cli("undo", ws.root, "--turn")
    assert proc.returncode == 1
    assert proc.stderr.startswith(
        "memtui undo: error: MEMORY.md was changed by something else between the turn's "
        "writes #1 and #2; nothing was undone (memtui undo --turn --skip-changed ")
    part = cli("undo", ws.root, "--turn", "--skip-changed")
    assert part.returncode == 0, part.stderr
    assert part.stdout == ("undid turn 1 (#1–#3, 3 agent writes): removed memory/c.md; left "
                           "as they were: MEMORY.md\n")
    assert (ws.root / "MEMORY.md").read_text() == "# by agent\n"


async def test_the_model_is_told_its_undone_turn_was_undone(ws: Workspace,
                                                            fake: FakeOllama) -> None:
    """newuser28 #23: after the operator undid turn 1 (ctrl+z or `memtui undo --turn`), the
    next request still carried "wrote memory/user-role.md" and "I saved it", and nothing
    saying the files are back: the model believed its write stood."""
    from memtui.edit.turn_undo import undo_turn

    fake.add(FakeModel("w", [
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md",
                                          "content": USER_ROLE})]),
        Reply(content="I saved it to memory."),
        Reply(content="Fine.")]))
    settings = AgentSettings(model="w", host=fake.url)
    s = ChatSession(ws, settings, today=dt.date(2026, 11, 30))
    try:
        [e async for e in s.send("I am a process engineer")]
        undo_turn(ws)
        assert not (ws.root / "memory/user-role.md").exists()
        [e async for e in s.send("what do you know?")]
    finally:
        await s.aclose()
    sent = fake.chat_bodies[-1]["messages"]
    tool = next(m for m in sent if m["role"] == "tool")
    assert "undone" in tool["content"] and "memory/user-role.md" in tool["content"], tool
    # what is kept is what happened; only the copy sent carries the note
    kept = next(m for m in s.history if m["role"] == "tool")
    assert "undone" not in kept["content"]
