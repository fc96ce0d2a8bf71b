"""newuser34 #6, #24, #19: ``memtui eval`` never scores as a pass a run that deleted a memory
the user never named, a run whose system prompt was cut (``truncated``), a run the step
limit stopped before the model answered, nor (``--suite``) a memory holding a name the user
never gave after a semicolon. The real eval against the Ollama emulator on 127.0.0.1."""

from __future__ import annotations

import datetime as dt
import json

from memtui.agent.eval import run_eval
from memtui.agent.judges import invented_specifics
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .fake_ollama import INDEX_LINE, USER_ROLE, FakeModel, FakeOllama, Reply, memory_writer
from .test_eval import MESSAGE, memtui

TODAY = dt.date(2026, 11, 30)


def deleter() -> FakeModel:
    """Writes and links the memory the user asked for, then deletes memory/notes.md."""
    return FakeModel("deleter", [
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md",
                                          "content": USER_ROLE})]),
        Reply(tool_calls=[("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                         "new_string": "# Memory\n" + INDEX_LINE})]),
        Reply(tool_calls=[("delete_file", {"path": "memory/notes.md"})]),
        Reply(content="Saved; I also removed an old note."),
    ])


def test_a_run_that_deleted_a_memory_unasked_does_not_pass(ws: Workspace,
                                                           fake: FakeOllama) -> None:
    fake.add(deleter())
    proc = memtui("eval", str(ws.root), "--message", MESSAGE, "-n", "2", "--model", "deleter",
                  "--host", fake.url, "--json")
    data = json.loads(proc.stdout)
    assert [r["flags"] for r in data["runs"]] == [["deleted_memory"]] * 2
    assert [r["outcome"] for r in data["runs"]] == ["memory_written"] * 2
    assert data["pass_rate"] == 0.0
    text = memtui("eval", str(ws.root), "--message", MESSAGE, "-n", "1", "--model", "deleter",
                  "--host", fake.url)
    assert "pass rate: 0/1 (0%)" in " ".join(text.stdout.split()), text.stdout


async def test_a_delete_the_user_asked_for_is_no_flag(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(deleter())
    report = await run_eval(ws, MESSAGE + " Also drop the notes memory.", 1,
                            AgentSettings(model="deleter", host=fake.url), today=TODAY)
    assert report.runs[0].flags == [] and report.pass_rate == 1.0


def test_a_run_the_step_limit_stopped_is_flagged_and_never_a_pass(ws: Workspace,
                                                                  fake: FakeOllama) -> None:
    fake.add(memory_writer())  # exists, write, edit, then the answer: four steps
    proc = memtui("eval", str(ws.root), "--message", MESSAGE, "-n", "1", "--model", "writer",
                  "--host", fake.url, "--max-steps", "3", "--json")
    run = json.loads(proc.stdout)["runs"][0]
    assert (run["outcome"], run["flags"], run["passed"]) == ("memory_written", ["stopped"],
                                                            False)
    text = memtui("eval", str(ws.root), "--message", MESSAGE, "-n", "1", "--model", "writer",
                  "--host", fake.url, "--max-steps", "3")
    out = " ".join(text.stdout.split())
    assert "pass rate: 0/1 (0%)" in out
    assert "1 stopped (not comparable: never a pass)" in out


async def test_a_truncated_run_is_never_a_pass(ws: Workspace, fake: FakeOllama) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))
    fake.add(FakeModel("nowin", memory_writer().script, context_length=None))
    report = await run_eval(ws, MESSAGE, 1, AgentSettings(model="nowin", host=fake.url))
    assert report.runs[0].flags == ["truncated"]
    assert not report.runs[0].passed and report.pass_rate == 0.0


def test_a_name_after_a_semicolon_is_a_fabricated_specific() -> None:
    said = ("Please remember this for the item: yield data comes from MES, and the trend "
            "chart should be checked every day.")
    written = "The user is a process engineer; Cpk needs no explanation."
    assert invented_specifics(written, said, TODAY) == ["Cpk"]
    assert invented_specifics(written, said + " Cpk matters.", TODAY) == []
