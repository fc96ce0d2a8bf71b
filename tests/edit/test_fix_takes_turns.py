"""newuser23 #32: ``memtui fix`` run several times at once on one workspace takes turns, as
docs/curate.md says: each one that finds the index changed by another memtui since it read
it plans again on what that one left (under the lock), rather than failing "changed on disk
… reload and try again" — the command line has nothing to reload."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import memtui.commands.fix as fix_command
from memtui.cli import main
from memtui.core.workspace import Workspace
from memtui.edit.apply import apply
from memtui.edit.changeset import Changeset
from tests.edit.conftest import ROOT, cli, tree

MEMORIES = ["scrap-log", "notes-scratch", "endpoint-detector", "feedback_chart-colors",
            "bias-power-doe", "chamber-a-pm-2025-03", "rf-generator-swap"]


def test_seven_add_to_index_at_once_all_land_and_undo_gives_every_byte_back(
        tmp_path: Path) -> None:
    ws = tmp_path / "par"
    assert cli("demo", ws).returncode == 0
    before = tree(ws)
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-m", "memtui", "fix", "add-to-index", str(ws),
                               m], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for m in MEMORIES]
    done = [(p.wait(timeout=300), *p.communicate()) for p in procs]
    assert [(rc, err) for rc, _, err in done] == [(0, "")] * len(MEMORIES)
    index = (ws / "MEMORY.md").read_text(encoding="utf-8")
    for m in MEMORIES:
        assert index.count(f"(memory/{m}.md)") == 1, m
    ids = sorted(int(out.split("[#")[1].split(";")[0]) for _, out, _ in done)
    assert ids == list(range(1, len(MEMORIES) + 1))  # one journal record each
    for _ in MEMORIES:
        assert cli("undo", ws).returncode == 0
    assert tree(ws) == before


def test_an_outside_edit_between_read_and_write_is_planned_on_not_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same retry covers an editor saving the index in that instant: the entry is
    added to what the editor saved, which stays."""
    ws = tmp_path / "w"
    assert cli("demo", ws).returncode == 0
    calls = []

    def racing(w: Workspace, cs: Changeset) -> dict[str, Any]:
        calls.append(1)
        with open(ws / "MEMORY.md", "a", encoding="utf-8") as f:
            f.write("- saved by an editor meanwhile\n")
        return apply(w, cs)

    monkeypatch.setattr(fix_command, "apply", racing)
    assert main(["fix", "add-to-index", str(ws), "scrap-log"]) == 0
    index = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert calls == [1]
    assert "- saved by an editor meanwhile\n" in index and "(memory/scrap-log.md)" in index
    assert f"  {fix_command.REPLANNED}" in capsys.readouterr().out.splitlines()  # said
