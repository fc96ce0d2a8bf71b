"""newuser38 #5: ``memtui eval`` on a Claude Code folder whose MEMORY.md has 227 lines: the
model wrote its memory and linked it on line 228, and the run read ``orphan_written`` with
"MEMORY.md changed" — nothing said the link is there but past the 200-line load limit, so an
operator measuring a model reads "forgot the index". The run is flagged ``past_load_limit``
and its reason names the line and the limit, in the chat pane's words. The CLI in a child
process, the Ollama emulator on 127.0.0.1, a real Claude Code folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_eval import memtui

ROOT = Path(__file__).resolve().parents[2]
MESSAGE = "I am the on-call lead for the payments team"
LAST = "- [Topic 225](topic-225.md) — topic 225 of the project"
SAID = "index line added past the load limit (line 228; the agent loads 200): never loaded"


def claude_folder(tmp: Path) -> Path:
    """A Claude Code memory folder whose index has 227 lines (226 links under a title)."""
    root = tmp / ".claude" / "projects" / "-tmp-app" / "memory"
    root.mkdir(parents=True)
    lines = ["# Memory"]
    for i in range(226):
        (root / f"topic-{i}.md").write_text(
            f"---\nname: topic {i}\ndescription: topic {i}\ntype: project\n---\n"
            f"Topic {i} of the project.\n", encoding="utf-8")
        lines.append(f"- [Topic {i}](topic-{i}.md) — topic {i} of the project")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def appender() -> FakeModel:
    """Writes its memory, then links it after the index's last line (line 228)."""
    def script(body: dict[str, Any]) -> Reply:
        step = step_of(body)
        if step == 0:
            return Reply(tool_calls=[("write_file", {
                "path": "on-call-lead.md",
                "content": "---\nname: on-call lead\ndescription: the user's role\ntype: user\n"
                           "---\nThe user is the on-call lead for the payments team.\n"})])
        if step == 1:
            return Reply(tool_calls=[("edit_file", {
                "path": "MEMORY.md", "old_string": LAST,
                "new_string": LAST + "\n- [On-call lead](on-call-lead.md) — the user's role"})])
        return Reply(content="Saved to memory.")
    return FakeModel("appender", script)


def test_an_index_line_past_the_load_limit_is_the_reason(tmp_path: Path,
                                                         fake: FakeOllama) -> None:
    folder = claude_folder(tmp_path)
    fake.add(appender())
    args = ("eval", str(folder), "--message", MESSAGE, "-n", "1", "--model", "appender",
            "--host", fake.url)
    proc = memtui(*args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == (f"run 1/1: orphan_written (past_load_limit) — on-call-lead.md: "
                           f"{SAID}\n")
    table = " ".join(proc.stdout.split())
    assert f"run 1: orphan_written — on-call-lead.md: {SAID}" in table, proc.stdout
    assert "pass rate: 0/1 (0%)" in table
    proc = memtui(*args, "--json")
    run = json.loads(proc.stdout)["runs"][0]
    assert (run["outcome"], run["flags"], run["passed"]) == (
        "orphan_written", ["past_load_limit"], False)
    assert run["reason"] == f"on-call-lead.md: {SAID}"
    assert len((folder / "MEMORY.md").read_text().splitlines()) == 227  # a copy was run


def test_an_orphan_the_index_never_links_has_no_reason(tmp_path: Path,
                                                       fake: FakeOllama) -> None:
    """The label alone says it: no flag, no reason."""
    folder = claude_folder(tmp_path)
    fake.add(FakeModel("forgets", [Reply(tool_calls=[("write_file", {
        "path": "on-call-lead.md", "content": "The user is the on-call lead.\n"})]),
        Reply(content="Saved.")]))
    proc = memtui("eval", str(folder), "--message", MESSAGE, "-n", "1", "--model", "forgets",
                  "--host", fake.url)
    assert (proc.returncode, proc.stderr) == (0, "run 1/1: orphan_written\n")
