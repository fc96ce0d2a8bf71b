"""A snapshot opens each folder once, not once a file (issue 35, newuser28 #34: three opens
and closes a file were a tenth of ``fix add-to-index --all-unreachable`` on 20,000
memories), and reads what it read before: a link in place of a folder or a file still
refused and said, every other file's bytes the same."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.workspace import open_workspace
from memtui.edit.safe_write import read_bytes
from memtui.edit.snapshot import Snapshot
from tests.core.helpers import memory


def workspace(root: Path) -> Path:
    for folder in ("memory", "memory/a", "memory/b", "memory/a/deep"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for i in range(40):
        sub = ("", "a/", "b/", "a/deep/")[i % 4]
        (root / "memory" / f"{sub}n{i}.md").write_text(memory(f"n{i}", f"Body {i}.\n"),
                                                        encoding="utf-8")
    (root / "outside").mkdir()
    (root / "outside" / "x.md").write_text(memory("x", "Out.\n"), encoding="utf-8")
    (root / "memory" / "linked").symlink_to(root / "outside")  # a folder link
    (root / "memory" / "alias.md").symlink_to(root / "memory" / "n0.md")  # a file link
    (root / "MEMORY.md").write_text("- [N0](memory/n0.md) — n0\n", encoding="utf-8")
    return root


def test_each_folder_is_opened_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = open_workspace(workspace(tmp_path / "ws"))
    root = str(ws.root)
    opened: list[str] = []
    real = os.open

    def counting(path: str | os.PathLike[str], flags: int, *args: object,
                 **kwargs: object) -> int:
        if os.fspath(path) == root:
            opened.append(root)
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", counting)
    snap = Snapshot.read(ws)
    assert len(snap.memories) >= 40
    # the root opened per run of files in one folder (sorted paths: a handful), not per file
    assert len(opened) <= 10, len(opened)


def test_what_it_reads_is_what_each_file_read_alone_gives(tmp_path: Path) -> None:
    ws = open_workspace(workspace(tmp_path / "ws"))
    snap = Snapshot.read(ws)
    for rel, data in snap.raw.items():
        if rel in snap.problems:
            assert data is None
            continue
        assert data == read_bytes(ws.root, rel), rel
    assert "memory/alias.md" in snap.problems  # a link, refused and said, as before
    assert "symbolic link" in snap.problems["memory/alias.md"]
    linked = [rel for rel in snap.problems if rel.startswith("memory/linked/")]
    assert linked and all("symbolic link" in snap.problems[r] for r in linked)
    assert snap.raw["memory/a/deep/n3.md"] == (ws.root / "memory/a/deep/n3.md").read_bytes()


def test_a_held_folder_reads_as_a_fresh_one(tmp_path: Path) -> None:
    from memtui.edit.safe_write import HeldFolder

    root = workspace(tmp_path / "ws")
    with HeldFolder(root) as held:
        for rel in ("memory/n0.md", "memory/n4.md", "memory/a/n1.md", "memory/n8.md",
                    "memory/nothing.md", "memory/gone/n.md"):
            assert read_bytes(root, rel, held=held) == read_bytes(root, rel), rel
    assert held.parts is None  # closed
