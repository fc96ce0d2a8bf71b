"""``memtui eval``: N runs on copies of the workspace, classified (SPEC §5)."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.agent.eval import diff_text, numbers, run_eval
from memtui.agent.settings import AgentSettings, resolve_host
from memtui.core.workspace import Workspace

from .fake_ollama import (
    INDEX_LINE,
    FakeModel,
    FakeOllama,
    Reply,
    chatter,
    fabricator,
    free_port,
    memory_writer,
    orphan_writer,
    skill_saver,
)

ROOT = Path(__file__).resolve().parents[2]
MESSAGE = "I am a process engineer; Cpk and Ppk need no explanation."


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    env.pop("OLLAMA_HOST", None)
    return subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_eval_json_subprocess(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer())
    before = snapshot(ws.root)
    proc = memtui("eval", str(ws.root), "--message", MESSAGE, "-n", "2", "--model", "writer",
                  "--host", fake.url, "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["pass_rate"] == 1.0
    assert len(data["runs"]) == 2
    run = data["runs"][0]
    assert run["outcome"] == "memory_written"
    assert run["flags"] == []
    assert [c["name"] for c in run["tool_calls"]] == ["exists", "write_file", "edit_file"]
    assert run["files_written"] == ["MEMORY.md", "memory/user-role.md"]
    assert run["num_ctx"] == 40960
    assert isinstance(run["prompt_eval_count"], int) and run["prompt_eval_count"] > 500
    assert proc.stderr == "run 1/2: memory_written\nrun 2/2: memory_written\n"
    assert snapshot(ws.root) == before  # the original is untouched
    assert not (ws.root / ".memtui").exists()
    # Every run starts fresh: the 4th request of run 2 is again a 4-step conversation.
    assert len(fake.chat_bodies) == 8
    assert [m["role"] for m in fake.chat_bodies[4]["messages"]] == ["system", "user"]


def test_eval_table_and_failures_subprocess(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(skill_saver())
    proc = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "skiller",
                  "--host", fake.url, "--decoys")
    assert proc.returncode == 0, proc.stderr
    assert "wrong_mechanism" in proc.stdout
    assert ("pass rate: 0/1 (0%) — memory_written, no invented number (plain eval checks "
            "numbers only; --suite checks names), no overwrite" in " ".join(proc.stdout.split()))
    assert "memtui eval — 1 run" in proc.stdout and "1 runs" not in proc.stdout  # #20 item 15
    port = free_port()
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", "--host",
                  f"127.0.0.1:{port}")
    assert proc.returncode == 2
    assert proc.stderr == (f"memtui eval: error: Ollama is not running at http://127.0.0.1:{port}: "
                           "start it with `ollama serve` (or point --host / OLLAMA_HOST at it)\n")
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "absent", "--host", fake.url)
    assert proc.returncode == 2
    assert proc.stderr == (f"memtui eval: error: model 'absent' is not available on {fake.url}: "
                           "run `ollama pull absent`\n")
    proc = memtui("eval", str(ws.root / "nope"), "-m", "hi", "--model", "m")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "no such file or folder" in proc.stderr
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", "-n", "0")
    assert (proc.returncode, proc.stderr) == (
        2, "memtui eval: error: argument -n: must be from 1 to 10,000: '0' "
           "(see memtui eval --help)\n")


def test_a_host_with_no_route_for_the_api_is_one_line_and_exit_2(ws: Workspace,
                                                                 fake: FakeOllama) -> None:
    """newuser25 #4: `--api openai` at a server with no OpenAI route ran all N runs into the
    same HTTP 404 and scored it as the model's "pass rate: 0/3 (0%)", rc 1 (a CI gate read a
    wrong URL as a 0 % model); a wrong Ollama host was one line and exit 2."""
    fake.add(memory_writer())  # an Ollama server: no /v1/chat/completions
    for command in (["eval", str(ws.root), "-m", MESSAGE, "-n", "3"],
                    ["eval", "--suite", "seed", "-n", "1"]):
        proc = memtui(*command, "--model", "writer", "--api", "openai", "--host", fake.url)
        assert proc.returncode == 2, (command, proc.stdout, proc.stderr)
        assert proc.stderr.splitlines()[-1] == (
            f"memtui eval: error: the server at {fake.url} has no OpenAI route here (HTTP "
            "404): is --host pointing at an OpenAI-compatible server?")
        assert "run 2/3" not in proc.stderr and "pass rate" not in proc.stdout


def test_eval_exits_1_below_the_min_pass_rate(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer())
    fake.add(chatter())
    ok = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "writer",
                "--host", fake.url, "--json", "--min-pass-rate", "100%")
    assert (ok.returncode, json.loads(ok.stdout)["pass_rate"]) == (0, 1.0)
    low = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "2", "--model", "chatter",
                 "--host", fake.url, "--json", "--min-pass-rate", "0.5")
    assert low.returncode == 1
    assert json.loads(low.stdout)["pass_rate"] == 0.0  # the report is still printed
    assert low.stderr.splitlines()[-1] == ("memtui eval: error: pass rate 0/2 (0%) is below "
                                           "--min-pass-rate 50%")
    assert memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "chatter",
                  "--host", fake.url, "--min-pass-rate", "0").returncode == 0
    for bad in ("1.5", "-1%", "most", "nan"):
        proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", "--min-pass-rate", bad)
        assert proc.returncode == 2 and proc.stderr.startswith(
            "memtui eval: error: argument --min-pass-rate: ")


CASES = [
    (orphan_writer(), [], "orphan_written", []),
    (skill_saver(), ["decoys"], "wrong_mechanism", []),
    (skill_saver("skill-undecoyed"), [], "wrong_mechanism", []),
    (FakeModel("unknown", [Reply(tool_calls=[("remember", {"text": "engineer"})]),
                           Reply(content="ok")]), [], "unknown_tool", []),
    (FakeModel("workflow", [Reply(tool_calls=[("create_workflow", {"steps": "engineer"})]),
                            Reply(content="ok")]), [], "wrong_mechanism", []),
    (fabricator(), [], "memory_written", ["fabricated"]),
    (chatter(), [], "no_tool_call", []),
    (FakeModel("reader", [Reply(tool_calls=[("list_files", {})]),
                          Reply(tool_calls=[("read_file", {"path": "memory/notes.md"})]),
                          Reply(content="ok")]), [], "no_write", []),
    (FakeModel("deleter", [Reply(tool_calls=[("delete_file", {"path": "memory/notes.md"})]),
                           Reply(content="done")]), [], "deleted",
     ["deleted_memory"]),  # newuser34 #6: a memory the message never named
    (FakeModel("index-only", [
        Reply(tool_calls=[("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                         "new_string": "# Memory\n- user is an engineer\n"})]),
        Reply(content="ok")]), [], "index_only", []),
    (FakeModel("broken", [Reply(content="so", error="boom")]), [], "error", []),
]


@pytest.mark.parametrize(("model", "opts", "outcome", "flags"), CASES,
                         ids=[c[0].name for c in CASES])
async def test_classification(ws: Workspace, fake: FakeOllama, model: FakeModel,
                              opts: list[str], outcome: str, flags: list[str]) -> None:
    fake.add(model)
    settings = AgentSettings(model=model.name, host=fake.url, decoys="decoys" in opts)
    report = await run_eval(ws, MESSAGE, 1, settings, today=dt.date(2026, 11, 30))
    run = report.runs[0]
    assert (run.outcome, run.flags) == (outcome, flags)
    if "fabricated" in flags:
        assert run.invented == ["08:00", "120"]
    if outcome == "error":
        assert run.error == "Ollama stopped the reply with an error: boom — send again"
    assert report.pass_rate == (1.0 if outcome == "memory_written" and not flags else 0.0)


def churner() -> FakeModel:
    """Four calls: it writes a memory, rewrites it, checks it and deletes it again."""
    path = "memory/user-role.md"
    return FakeModel("churner", [
        Reply(tool_calls=[("write_file", {"path": path, "content": "# Role\nengineer\n"})]),
        Reply(tool_calls=[("write_file", {"path": path, "content": "# Role\nprocess engineer\n"})]),
        Reply(tool_calls=[("exists", {"path": path})]),
        Reply(tool_calls=[("delete_file", {"path": path})]),
        Reply(content="Done.")])


async def test_the_label_comes_from_the_calls_and_the_diff_is_beside_it(
        ws: Workspace, fake: FakeOllama) -> None:
    """#32 item 13: four calls that wrote, rewrote and deleted a file leave no diff; the run
    is not ``no_tool_call``."""
    fake.add(churner())
    report = await run_eval(ws, MESSAGE, 1, AgentSettings(model="churner", host=fake.url))
    run = report.runs[0]
    assert run.outcome == "written_then_deleted"
    assert [c["name"] for c in run.tool_calls] == ["write_file", "write_file", "exists",
                                                   "delete_file"]
    assert run.files_written == ["memory/user-role.md"]
    assert run.diff == {"written": [], "changed": [], "deleted": [], "index_changed": False}
    assert run.as_dict()["diff"] == run.diff


def test_eval_table_shows_the_calls_label_and_the_net_change(ws: Workspace,
                                                             fake: FakeOllama) -> None:
    fake.add(churner())
    fake.add(memory_writer())
    proc = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "churner",
                  "--host", fake.url)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "run 1/1: written_then_deleted\n"
    assert "no_tool_call" not in proc.stdout
    assert "net change" in proc.stdout
    row = next(ln for ln in proc.stdout.splitlines() if "written_then_deleted" in ln)
    assert row.split("│")[-4].strip() == "—"  # nothing changed on disk
    proc = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "writer",
                  "--host", fake.url, "--json")
    run = json.loads(proc.stdout)["runs"][0]
    assert (run["outcome"], run["diff"]) == ("memory_written", {
        "written": ["memory/user-role.md"], "changed": [], "deleted": [], "index_changed": True})


def tidier() -> FakeModel:
    """Writes a memory, deletes an existing one, and writes and deletes a scratch file."""
    return FakeModel("tidier", [
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md",
                                          "content": "# Role\nprocess engineer\n"})]),
        Reply(tool_calls=[("delete_file", {"path": "memory/notes.md"})]),
        Reply(tool_calls=[("write_file", {"path": "memory/scratch.md", "content": "x\n"})]),
        Reply(tool_calls=[("delete_file", {"path": "memory/scratch.md"})]),
        Reply(content="Done.")])


def test_eval_table_never_lists_a_deleted_file_as_written(ws: Workspace,
                                                          fake: FakeOllama) -> None:
    """newuser21: the table listed a file the run deleted under "files written". Each file
    the calls touched now says how it ended; JSON keeps ``files_written`` for what was
    written and says in ``files_deleted`` what a delete ended."""
    fake.add(tidier())
    proc = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "tidier",
                  "--host", fake.url)
    assert proc.returncode == 0, proc.stderr
    assert "files the calls changed" in proc.stdout and "files written" not in proc.stdout
    lines = proc.stdout.splitlines()
    first = next(i for i, ln in enumerate(lines) if "orphan_written" in ln)
    row = [ln.split("│") for ln in lines[first:] if ln.startswith("│")]
    assert [cells[5].strip() for cells in row if cells[5].strip()] == [
        "memory/notes.md (deleted)", "memory/scratch.md (written, then deleted)",
        "memory/user-role.md"]
    assert " ".join(cells[6].strip() for cells in row).split() == [
        "+memory/user-role.md", "-memory/notes.md"]
    proc = memtui("eval", str(ws.root), "-m", MESSAGE, "-n", "1", "--model", "tidier",
                  "--host", fake.url, "--json")
    run = json.loads(proc.stdout)["runs"][0]
    assert run["files_written"] == ["memory/scratch.md", "memory/user-role.md"]
    assert run["files_deleted"] == ["memory/notes.md", "memory/scratch.md"]


async def test_truncated_flag(ws: Workspace, fake: FakeOllama) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))
    fake.add(FakeModel("nowin", memory_writer().script, context_length=None))
    report = await run_eval(ws, MESSAGE, 1, AgentSettings(model="nowin", host=fake.url))
    assert report.runs[0].flags == ["truncated"]
    assert report.runs[0].prompt_eval_count == 2050
    assert report.runs[0].num_ctx is None
    # the cause and the fix, as the chat pane says them (newuser41 #12)
    cut = report.runs[0].truncation
    assert "2,050" in cut and " — " in cut and "num_ctx" in cut, cut
    assert report.runs[0].as_dict()["truncation"] == cut


def test_numbers() -> None:
    assert numbers("at 08:00, above 120% or 1,200 units; line 3; [x](memory/f9.md)") == {
        "08:00", "120", "1200", "3"}
    assert numbers("A3 qwen3 3號線") == {"3"}


async def test_eval_options_reach_the_request(ws: Workspace, fake: FakeOllama,
                                              tmp_path: Path) -> None:
    fake.add(chatter())
    rules = tmp_path / "rules.txt"
    rules.write_text("Custom rules.", encoding="utf-8")
    settings = AgentSettings(model="chatter", host=fake.url, num_ctx=8192,
                             system_prompt_file=rules, tool_prose=True, decoys=True)
    report = await run_eval(ws, "hi", 2, settings)
    assert [r.num_ctx for r in report.runs] == [8192, 8192]
    body = fake.chat_bodies[0]
    assert body["options"] == {"num_ctx": 8192}
    assert body["messages"][0]["content"].startswith("Custom rules.\n\n# Tools\n")
    assert len(body["tools"]) == 9


async def test_eval_refuses_model_without_tools(ws: Workspace, fake: FakeOllama) -> None:
    from memtui.agent.ollama import NoToolSupport
    fake.add(FakeModel("plain", [Reply(content="hi")], capabilities=["completion"]))
    with pytest.raises(NoToolSupport, match=r"^plain cannot use tools"):
        await run_eval(ws, "hi", 1, AgentSettings(model="plain", host=fake.url))
    assert fake.chat_bodies == []


def test_eval_bad_system_prompt_file(ws: Workspace) -> None:
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", "--system-prompt",
                  str(ws.root / "none.txt"))
    assert proc.returncode == 2
    assert proc.stderr == (f"memtui eval: error: --system-prompt {ws.root / 'none.txt'}: "
                           "no such file\n")


@pytest.mark.parametrize(("given", "url"), [
    ("127.0.0.1", "http://127.0.0.1:11434"),
    ("localhost:8080", "http://localhost:8080"),
    ("[::1]", "http://[::1]:11434"),
    ("http://gpu.lan", "http://gpu.lan"),
    ("https://gpu.lan/ollama/", "https://gpu.lan/ollama"),
])
def test_a_host_is_read_as_ollama_reads_ollama_host(given: str, url: str) -> None:
    """No scheme: http, and then no port: 11434 (not http's 80)."""
    assert resolve_host(given) == url


@pytest.mark.parametrize(("host", "why"), [
    ("notaurl", "give http://HOST:PORT or HOST:PORT"),
    ("http://[::1", "Invalid IPv6 URL"),
    ("http://127.0.0.1:99999", "Port out of range 0-65535"),
    ("ftp://127.0.0.1", "give http://HOST:PORT"),
])
def test_eval_unusable_host_is_one_line(ws: Workspace, host: str, why: str) -> None:
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", "--host", host)
    assert proc.returncode == 2
    assert proc.stderr == f"memtui eval: error: Ollama host {host!r} is not a usable URL ({why})\n"


async def test_an_overwrite_of_a_memory_is_shown_and_does_not_pass(ws: Workspace,
                                                                  fake: FakeOllama) -> None:
    """newuser23 #13: a write_file over a linked memory that drops its lines was shown as
    ``+memory/user-role.md`` (a new file) and passed."""
    (ws.root / "memory" / "user-role.md").write_text(
        "---\nname: user-role\ndescription: \"role\"\nmetadata:\n  type: user\n---\n"
        "They read Traditional Chinese and English equally well.\n", encoding="utf-8")
    index = ws.root / "MEMORY.md"
    index.write_text(index.read_text(encoding="utf-8") + INDEX_LINE, encoding="utf-8")
    fake.add(orphan_writer())
    report = await run_eval(ws, MESSAGE, 1, AgentSettings(model="orphan", host=fake.url),
                            today=dt.date(2026, 11, 30))
    run = report.runs[0]
    assert (run.outcome, run.flags) == ("memory_written", ["overwrote"])
    assert run.diff["changed"] == run.diff["written"] == ["memory/user-role.md"]
    assert diff_text(run.diff) == "~memory/user-role.md"
    assert not run.passed
    assert report.pass_rate == 0.0


def test_a_prompt_too_large_for_the_server_names_no_chat(ws: Workspace) -> None:
    """newuser24 #18: eval's run refused for size advised "or start a new chat — the
    conversation is kept": eval has no chat, and each run is already a fresh one."""
    from .fake_openai import FakeOpenAI

    server = FakeOpenAI([memory_writer()], n_ctx=1000).start()
    try:
        proc = memtui("eval", str(ws.root), "--message", MESSAGE, "-n", "1", "--model",
                      "writer", "--api", "openai", "--host", server.url)
    finally:
        server.stop()
    out = proc.stdout + proc.stderr
    assert "Prompt too large: the server refused " in out, out
    assert "new chat" not in out and "conversation is kept" not in out, out
    assert ("— each run sends the system prompt, tools and memory index afresh: a larger -c, "
            "a shorter --system-prompt or a smaller index helps") in out
