"""What really happens with hard links (SECURITY.md, "Not defended"): a memory file that is
a second name of a file outside the workspace. memtui's writes are an atomic rename, which
replaces the name and never writes through it, so the outside file keeps its old bytes (a
redaction leaves the secret there); and the agent's ``read_file`` hands the shared bytes
to the model."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from memtui.agent.tools import ToolBox
from memtui.core.workspace import open_workspace

ROOT = Path(__file__).resolve().parents[2]
SECRET = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
MEMORY = f"---\nname: creds\ndescription: d\ntype: project\n---\ntoken {SECRET}\n"


def linked(tmp_path: Path) -> tuple[Path, Path]:
    ws, outside = tmp_path / "ws", tmp_path / "outside.md"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [Creds](memory/creds.md) — c\n", encoding="utf-8")
    outside.write_text(MEMORY, encoding="utf-8")
    os.link(outside, ws / "memory" / "creds.md")
    return ws, outside


def test_redaction_replaces_the_name_and_leaves_the_other_copy(tmp_path: Path) -> None:
    ws, outside = linked(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    out = subprocess.run([sys.executable, "-m", "memtui", "fix", "redact", str(ws), "creds"],
                         env=env, capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    # newuser23 #26: said, not left to be found (it said "replaced 1 credential", no more)
    inode = outside.stat().st_ino
    note = out.stdout.decode().splitlines()[1]
    assert note.startswith(
        "  memory/creds.md had 2 names (hard links): only this one is redacted; the other "
        "name still holds the credential (find it with find ")
    assert note.endswith(f" -xdev -inum {inode}, and delete or redact it)")
    # newuser24 #44: the command it gives finds the other name (-samefile PATH, run after
    # the write, found only the redacted file now at PATH)
    find, top, *test = shlex.split(note.split("find it with ")[1].split(", and delete")[0])
    assert (find, test) == ("find", ["-xdev", "-inum", str(inode)])
    top_dir = Path(top)
    assert top_dir in ws.resolve().parents  # where both names lie: their file system's top
    assert top_dir.stat().st_dev == ws.stat().st_dev
    assert top_dir == top_dir.parent or top_dir.parent.stat().st_dev != ws.stat().st_dev
    # the same test run over this test's folder (the whole file system takes a minute)
    found = subprocess.run(["find", str(tmp_path), *test], capture_output=True, text=True,
                           timeout=120)
    assert found.stdout.splitlines() == [str(outside)], found.stderr
    memory = ws / "memory" / "creds.md"
    assert SECRET not in memory.read_text(encoding="utf-8")  # the name now holds new bytes
    assert SECRET in outside.read_text(encoding="utf-8")  # never written through
    assert memory.stat().st_nlink == 1 and outside.stat().st_nlink == 1
    assert memory.stat().st_ino != outside.stat().st_ino


def test_read_file_hands_the_linked_bytes_to_the_model(tmp_path: Path) -> None:
    ws, _ = linked(tmp_path)
    got = ToolBox(open_workspace(ws)).call("read_file", {"path": "memory/creds.md"})
    assert got.ok and SECRET in got.result


def test_a_second_name_inside_the_workspace_is_named(tmp_path: Path) -> None:
    """newuser40 #24: the other name was in the same folder, and the note sent the user to
    ``find / -xdev -inum N``: a name inside the workspace is named."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [Creds](memory/creds.md) — c\n", encoding="utf-8")
    (ws / "memory" / "creds.md").write_text(MEMORY, encoding="utf-8")
    os.link(ws / "memory" / "creds.md", ws / "memory" / "hl.md")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    out = subprocess.run([sys.executable, "-m", "memtui", "fix", "redact", str(ws),
                          "memory/creds.md"], env=env, capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    note = out.stdout.decode().splitlines()[1]
    assert note == ("  memory/creds.md had 2 names (hard links): only this one is redacted; "
                    "the other name still holds the credential: memory/hl.md — redact or "
                    "delete it too"), note
    assert SECRET in (ws / "memory" / "hl.md").read_text(encoding="utf-8")
