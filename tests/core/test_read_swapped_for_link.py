"""newuser30 #4: a memory swapped for a symbolic link to a file outside the workspace after
the audit listed it (and took its stat) was read through the link: the outside file's
text was audited as the memory's (its GitHub token reported at the memory's path, its
tokens counted), though the README says memtui never follows a link out of the workspace.
The read itself now refuses such a link, as the walk does; a link inside the workspace is
still read."""

from __future__ import annotations

import os
from pathlib import Path

from memtui.core.scanner.readable import readable_findings
from memtui.core.scanner.scan import scan_file
from memtui.core.workspace import open_workspace

TOKEN = "GitHub token: ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n"
MEMORY = "---\nname: m\ndescription: a memory\ntype: project\n---\nA fact.\n"


def workspace(tmp_path: Path) -> tuple[Path, Path]:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [M](m.md) — a memory\n")
    (ws / "m.md").write_text(MEMORY)
    outside = tmp_path / "outside.txt"
    outside.write_text(TOKEN)
    return ws, outside


def test_a_memory_swapped_for_a_link_out_after_its_stat_is_not_read(tmp_path: Path) -> None:
    ws, outside = workspace(tmp_path)
    full = str(ws) + os.sep + "m.md"
    st = os.stat(full)  # the audit's stat of the file it listed…
    os.remove(full)  # …then the file is swapped for a link out
    os.symlink(outside, full)
    scan = scan_file(full, "m.md", st.st_mtime, st)
    assert scan.secrets == []
    assert scan.memory.text == ""
    assert [(f.kind, f.message) for f in scan.own_findings] == [
        ("read_problem", "symlink leads outside the workspace, not followed")]


def test_a_link_inside_the_workspace_is_still_read(tmp_path: Path) -> None:
    ws, _ = workspace(tmp_path)
    (ws / "real.md").write_text(MEMORY.replace("A fact.", "The real fact."))
    full = str(ws) + os.sep + "m.md"
    os.remove(full)
    os.symlink("real.md", full)
    scan = scan_file(full, "m.md", 0.0, os.stat(full))
    assert "The real fact." in scan.memory.text
    assert not [f for f in scan.own_findings if f.kind == "read_problem"]


def test_a_file_beside_the_memories_swapped_for_a_link_out_is_not_read(
        tmp_path: Path, monkeypatch: object) -> None:
    """The other files the agent can read (`readable_findings`): listed by lstat, then
    swapped before they are opened."""
    import memtui.core.scanner.readable as readable

    ws, outside = workspace(tmp_path)
    (ws / "notes.txt").write_text("nothing here\n")
    real_walk = readable.walk

    def walk_then_swap(*a: object) -> list[tuple[str, str, os.stat_result]]:
        listed = real_walk(*a)  # type: ignore[arg-type]
        os.remove(ws / "notes.txt")
        os.symlink(outside, ws / "notes.txt")
        return listed
    monkeypatch.setattr(readable, "walk", walk_then_swap)  # type: ignore[attr-defined]
    found = readable_findings(open_workspace(str(ws)), {"MEMORY.md", "m.md"})
    assert [f for f in found if f.kind == "secret"] == []
