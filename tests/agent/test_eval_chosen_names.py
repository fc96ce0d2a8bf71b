"""newuser41 #13 and #14: `eval` counted the digits of the file name the model chose
(``live-demo-5167.md``, its ``name:`` and its index line) as an invented fact, and kept a
number at the end of a line with its line break ("invented: 5203⏎)" split the report's
line)."""

from __future__ import annotations

import datetime as dt

from memtui.agent.eval import numbers, run_eval
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .fake_ollama import FakeModel, FakeOllama, Reply

MESSAGE = "I am a process engineer; Cpk and Ppk need no explanation."


def test_a_number_ending_a_line_keeps_no_line_break() -> None:
    assert numbers("built 5203\nnext") == {"5203"}
    assert numbers("yield 12 %") == {"12"}


async def test_a_file_name_the_model_chose_is_no_invented_fact(ws: Workspace,
                                                                fake: FakeOllama) -> None:
    body = ("---\nname: live-demo-5167\ndescription: the user's role\ntype: user\n---\n"
            "The user is a process engineer; Cpk and Ppk need no explanation.\n")
    fake.add(FakeModel("namer", [
        Reply(tool_calls=[("write_file", {"path": "memory/live-demo-5167.md",
                                          "content": body})]),
        Reply(content="saved")]))
    settings = AgentSettings(model="namer", host=fake.url)
    report = await run_eval(ws, MESSAGE, 1, settings, today=dt.date(2026, 11, 30))
    run = report.runs[0]
    assert "fabricated" not in run.flags and run.invented == [], run.invented


async def test_a_number_in_the_body_is_still_invented(ws: Workspace, fake: FakeOllama) -> None:
    body = ("---\nname: live-demo-5167\ndescription: the user's role\ntype: user\n---\n"
            "The user is a process engineer since 2011.\n")
    fake.add(FakeModel("namer2", [
        Reply(tool_calls=[("write_file", {"path": "memory/live-demo-5167.md",
                                          "content": body})]),
        Reply(content="saved")]))
    settings = AgentSettings(model="namer2", host=fake.url)
    report = await run_eval(ws, MESSAGE, 1, settings, today=dt.date(2026, 11, 30))
    assert report.runs[0].invented == ["2011"]
