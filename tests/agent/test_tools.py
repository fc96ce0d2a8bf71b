"""The six file tools, the sandbox and the effect-on-memory summaries (SPEC §5)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace

from .fake_ollama import INDEX_LINE, USER_ROLE


@pytest.fixture
def box(ws: Workspace, tmp_path: Path) -> ToolBox:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text("top secret", encoding="utf-8")
    os.symlink(tmp_path / "outside", ws.root / "escape")
    os.symlink(tmp_path / "outside" / "secret.txt", ws.root / "memory" / "leak.md")
    (ws.root / ".git").mkdir()
    (ws.root / ".git" / "config").write_text("[core]\n", encoding="utf-8")
    (ws.root / ".memtui").mkdir()
    os.symlink(ws.root / ".memtui", ws.root / "state-link")
    return ToolBox(ws, decoys=True)


ATTACKS = [
    ("absolute", "read_file", {"path": "/etc/passwd"}, "is absolute"),
    ("absolute windows", "read_file", {"path": "C:\\Windows\\win.ini"}, "is absolute"),
    ("home", "read_file", {"path": "~/.ssh/id_rsa"}, "is absolute"),
    ("dotdot", "read_file", {"path": "../outside/secret.txt"}, "uses '..'"),
    ("dotdot inner", "write_file", {"path": "memory/../../x.md", "content": "x"}, "uses '..'"),
    ("symlink dir out", "read_file", {"path": "escape/secret.txt"}, "outside the workspace"),
    ("symlink file out", "read_file", {"path": "memory/leak.md"}, "outside the workspace"),
    ("symlink write out", "write_file", {"path": "memory/leak.md", "content": "x"},
     "outside the workspace"),
    ("NUL", "write_file", {"path": "memory/a\x00.md", "content": "x"}, "NUL byte"),
    ("state folder", "write_file", {"path": ".memtui/chat/history.json", "content": "{}"},
     "inside .memtui/"),
    ("state folder case", "read_file", {"path": ".MEMTUI/x"}, "inside .MEMTUI/"),
    ("state via symlink", "read_file", {"path": "state-link/x.json"}, "into .memtui/"),
    (".git", "read_file", {"path": ".git/config"}, "inside .git/"),
    (".git nested", "write_file", {"path": "memory/.git/hooks/x", "content": "x"},
     "inside .git/"),
    ("delete .git", "delete_file", {"path": ".git/config"}, "inside .git/"),
    ("list .git", "list_files", {"path": ".git"}, "inside .git/"),
    ("not a string", "read_file", {"path": 7}, "must be a string"),
]


@pytest.mark.parametrize(("label", "tool", "args", "reason"), ATTACKS,
                         ids=[a[0] for a in ATTACKS])
def test_sandbox_refuses(box: ToolBox, ws: Workspace, tmp_path: Path, label: str, tool: str,
                         args: dict, reason: str) -> None:
    def tree() -> list[str]:  # the workspace lock's file aside
        return sorted(str(p) for p in tmp_path.rglob("*") if p.name != "lock")

    before = tree()
    out = box.call(tool, args)
    assert out.ok is False
    assert out.result.startswith("error: refused — ")
    assert reason in out.result
    assert "\n" not in out.result
    assert tree() == before
    assert (tmp_path / "outside" / "secret.txt").read_text() == "top secret"
    assert (ws.root / ".git" / "config").read_text() == "[core]\n"


def test_write_then_index_effects(box: ToolBox, ws: Workspace) -> None:
    out = box.call("write_file", {"path": "memory/people/user-role.md", "content": USER_ROLE})
    assert out.ok and out.result == f"created memory/people/user-role.md ({len(USER_ROLE)} bytes)"
    assert out.effect == ["created memory/people/user-role.md — not in the index yet"]
    assert (ws.root / "memory/people/user-role.md").read_text() == USER_ROLE
    line = INDEX_LINE.replace("memory/", "memory/people/")
    out = box.call("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                 "new_string": "# Memory\n" + line})
    assert out.result == "edited MEMORY.md"
    assert out.effect == ["index line added",
                          "memory/people/user-role.md now linked from the index"]
    out = box.call("delete_file", {"path": "memory/people/user-role.md"})
    assert out.effect == ["deleted memory/people/user-role.md — the index still links it",
                          "broken link MEMORY.md:2 → memory/people/user-role.md"]


def test_read_memory_ends_with_age_note(box: ToolBox) -> None:
    out = box.call("read_file", {"path": "memory/notes.md"})
    assert out.result.startswith("---\nname: notes\n")
    assert "Tracking yield of line 3.\n\n[memory age: this memory is " in out.result
    assert out.result.endswith("before stating it as fact.]")
    plain = box.call("read_file", {"path": "MEMORY.md"})
    assert "[memory age" not in plain.result


def test_edit_must_match_once(box: ToolBox, ws: Workspace) -> None:
    (ws.root / "memory" / "twice.md").write_text("a\na\n", encoding="utf-8")
    out = box.call("edit_file", {"path": "memory/twice.md", "old_string": "a",
                                 "new_string": "b"})
    assert out.result == ("error: old_string occurs 2 times in memory/twice.md; include more "
                          "surrounding text so it is unique")
    out = box.call("edit_file", {"path": "memory/twice.md", "old_string": "zzz",
                                 "new_string": "b"})
    assert out.result.startswith("error: old_string not found in memory/twice.md")
    assert (ws.root / "memory" / "twice.md").read_text() == "a\na\n"


def test_edit_keeps_crlf(box: ToolBox, ws: Workspace) -> None:
    p = ws.root / "memory" / "crlf.md"
    p.write_bytes(b"one\r\ntwo\r\n")
    out = box.call("edit_file", {"path": "memory/crlf.md", "old_string": "one\ntwo",
                                 "new_string": "one\n2"})
    assert out.ok
    assert p.read_bytes() == b"one\r\n2\r\n"


def test_list_exists_and_missing_args(box: ToolBox) -> None:
    listing = box.call("list_files", {}).result.splitlines()
    assert "MEMORY.md" in listing and "memory/notes.md" in listing
    assert not any(x.startswith((".git", ".memtui")) for x in listing)
    assert box.call("exists", {"path": "memory"}).result == "yes: memory is a folder"
    assert box.call("exists", {"path": "memory/nope.md"}).result == \
        "no: memory/nope.md does not exist"
    assert box.call("write_file", {"path": "memory/x.md"}).result == \
        "error: missing or bad argument 'content'"
    assert box.call("rm_rf", {}).result.startswith("error: there is no tool named 'rm_rf'")


def test_decoy_is_flagged(box: ToolBox, ws: Workspace) -> None:
    out = box.call("save_skill", {"name": "yield", "description": "d", "content": "c"})
    assert out.result == "saved skill 'yield'"
    assert out.wrong_mechanism is True
    assert out.effect_text.startswith("wrong mechanism: a skill is for what holds in every item")
    assert not ToolBox(ws).call("save_skill", {"name": "x"}).ok
