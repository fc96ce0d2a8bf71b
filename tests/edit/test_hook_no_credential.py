"""A hook never copies a credential into the index (newuser32 #38): ``fix add-to-index``
and the app's ``a`` drafted a memory's description, holding a GitHub token the audit flags,
into MEMORY.md — the block loaded every turn — the dry-run masking it, the form showing it
in clear."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main

TOKEN = "ghp_R8x2kQm7ZpL4vN9sT1wY6uB3cE5fH0jK2aD4"
CI = (f'---\nname: ci\ndescription: "CI deploy uses token {TOKEN}"\ntype: project\n---\n'
      "CI deploys on tag.\n")


def leaky(root: Path) -> Path:
    (root / "memory").mkdir(parents=True, exist_ok=True)
    if not (root / "MEMORY.md").exists():
        (root / "MEMORY.md").write_text("# Index\n")
    (root / "memory" / "ci.md").write_text(CI)
    return root


def test_add_to_index_leaves_the_credential_out_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = leaky(tmp_path / "w")
    assert main(["fix", "add-to-index", str(root), "memory/ci.md"]) == 0
    index = (root / "MEMORY.md").read_text()
    assert "[Ci](memory/ci.md)" in index or "[CI](memory/ci.md)" in index
    assert TOKEN[:8] not in index
    out = capsys.readouterr().out
    assert "holds a credential (gh…D4)" in out and "memtui fix redact" in out


def test_a_hook_given_with_a_credential_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = leaky(tmp_path / "w")
    before = (root / "MEMORY.md").read_text()
    assert main(["fix", "add-to-index", str(root), "memory/ci.md", "--hook",
                 f"uses {TOKEN}"]) == 2
    assert "holds a credential (gh…D4)" in capsys.readouterr().err
    assert (root / "MEMORY.md").read_text() == before



def test_the_repoint_picker_masks_a_flagged_description(tmp_path: Path) -> None:
    """newuser32 #38 addendum 2: the repoint picker listed the description in clear."""
    from memtui.core.workspace import open_workspace
    from memtui.edit.snapshot import Snapshot
    from memtui.tui.curate import memory_candidates

    root = leaky(tmp_path / "w")
    snap = Snapshot.read(open_workspace(str(root)))
    shown = {c.path: c.description for c in memory_candidates(snap, flagged={"memory/ci.md"})}
    assert TOKEN[:8] not in shown["memory/ci.md"] and "gh…D4" in shown["memory/ci.md"]
