"""newuser25 #22: a symbolic link inside the memory folder to another memory
(``memory/me.md -> user-role.md``) was audited as a second memory: counted twice, an
orphan, a duplicate_name pair and its own 100 % near-duplicate. One memory under two names
is audited once, as its target, and the link is said once (read_problem)."""

from __future__ import annotations

import os
from pathlib import Path

from memtui.core.audit import audit
from memtui.demo import copy_demo


def test_a_link_to_another_memory_is_that_memory_once(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    copy_demo(ws)
    before = audit(ws)
    os.symlink("user-role.md", ws / "memory" / "me.md")
    after = audit(ws)
    assert len(after.scans) == len(before.scans)
    about = [f for f in after.findings
             if f.path == "memory/me.md" or "memory/me.md" in f.message]
    assert [(f.kind, f.path) for f in about] == [("read_problem", "memory/me.md")]
    assert "a symbolic link to memory/user-role.md" in about[0].message
    assert sorted((f.kind, f.path) for f in after.findings if f.kind != "read_problem") == \
        sorted((f.kind, f.path) for f in before.findings if f.kind != "read_problem")


def test_a_link_to_a_file_that_is_no_memory_is_still_read(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    copy_demo(ws)
    (ws / "notes").mkdir()
    (ws / "notes" / "kept.md").write_text("---\nname: kept\ndescription: d\n"
                                          "metadata:\n  type: project\n---\nA fact.\n")
    os.symlink("../notes/kept.md", ws / "memory" / "kept.md")
    assert "memory/kept.md" in audit(ws).scans
