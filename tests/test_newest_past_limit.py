"""newuser35 #19: an agent that appends to MEMORY.md puts its newest memories last, past
Claude Code's load limit; the audit said "lines 197–419 past the load limit … unseen" and
nowhere that those were the memories written in the last days. The beyond_load_limit
finding now says when the newest memories are among what the agent never loads, with
their ages."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tests.edit.conftest import cli, write_tree

DAY = 86_400


def memory(name: str) -> str:
    return f"---\nname: {name}\ndescription: {name}\ntype: project\n---\nAbout {name}.\n"


def appended_folder(root: Path) -> Path:
    """Old memories linked at the top, 200 filler lines, then the three newest linked."""
    files: dict[str, str | bytes] = {f"old_{i}.md": memory(f"old_{i}") for i in range(3)}
    files |= {f"new_{i}.md": memory(f"new_{i}") for i in range(3)}
    lines = ["# Memory"] + [f"- [Old {i}](old_{i}.md) — old {i}" for i in range(3)]
    lines += [f"- note {i}" for i in range(200)]
    lines += ["## Recent"] + [f"- [New {i}](new_{i}.md) — new {i}" for i in range(3)]
    files["MEMORY.md"] = "\n".join(lines) + "\n"
    write_tree(root, files)
    now = time.time()
    for i in range(3):
        os.utime(root / f"old_{i}.md", (now - (90 + i) * DAY,) * 2)
        os.utime(root / f"new_{i}.md", (now - (i + 1) * DAY - 60,) * 2)
    return root


def cut_message(ws: Path) -> str:
    done = cli("audit", ws, "--json", "--profile", "claude-code")
    report = json.loads(done.stdout)
    return next(f["message"] for f in report["findings"] if f["kind"] == "beyond_load_limit")


def test_the_newest_memories_past_the_limit_are_named_with_their_ages(tmp_path: Path) -> None:
    message = cut_message(appended_folder(tmp_path / "ws"))
    assert message.endswith("; among them the 3 newest memories (1–3 days old): what the "
                            "agent wrote last is what it never loads"), message


def test_nothing_said_when_the_newest_memory_loads(tmp_path: Path) -> None:
    ws = appended_folder(tmp_path / "ws")
    os.utime(ws / "old_0.md", None)  # now the newest, and linked within the limit
    message = cut_message(ws)
    assert "newest" not in message, message
