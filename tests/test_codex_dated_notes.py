"""newuser36 #24: a Codex note named as Codex names them (``YYYY-MM-DDTHH-MM-SS-<slug>.md``)
that MEMORY.md does not name was an "orphan ... not linked from the index; unreachable:
never seen", for an agent that has no index of links and finds its notes by searching its
memory folder; and its age came from its mtime (a copy's date), not its name. Such a note is
found by Codex (no orphan, as OpenClaw's daily notes are none), dated by its name; a note
with no such name is still an orphan, said in Codex's terms."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.edit.conftest import cli

NOTE = "2026-11-03T09-00-00-unref.md"


def codex(tmp_path: Path) -> Path:
    folder = tmp_path / ".codex" / "memories"
    folder.mkdir(parents=True)
    (folder / "memory_summary.md").write_text("# Summary\n\nUser works on app.\n")
    (folder / "MEMORY.md").write_text("# Notes\n\n- deploys: staging first\n")
    (folder / NOTE).write_text("# Unreferenced\n\nRun migrations before deploy.\n")
    (folder / "plain.md").write_text("# Plain\n\nA note with no date in its name.\n")
    for name in (NOTE, "plain.md"):  # copied today: the mtime says nothing of its age
        os.utime(folder / name)
    return folder


def test_a_dated_note_is_no_orphan_and_dated_by_its_name(tmp_path: Path) -> None:
    report = json.loads(cli("audit", codex(tmp_path), "--json").stdout)
    assert [o["path"] for o in report["orphans"]] == ["plain.md"]
    rows = {f["path"]: f for f in report["files"]}
    assert rows[NOTE]["age_source"] == "name"
    assert rows[NOTE]["reachable"] is True
    assert rows["plain.md"]["age_source"] == "mtime"


def test_an_orphan_is_said_in_codex_terms(tmp_path: Path) -> None:
    text = cli("audit", codex(tmp_path)).stdout
    assert "not linked from the index" not in text
    assert "never seen" not in text
    assert "named nowhere Codex reads" in text


def test_a_dated_rollout_summary_named_nowhere_is_said_plainly(tmp_path: Path) -> None:
    """newuser42 #8: a rollout summary named nowhere was "nor named as its notes are
    (YYYY-MM-DDTHH-MM-SS-slug.md)", a name it has: a dated name finds a note at the
    folder's top only."""
    folder = codex(tmp_path)
    (folder / "rollout_summaries").mkdir()
    rollout = "rollout_summaries/2026-11-01T10-28-00-onboarding.md"
    (folder / rollout).write_text("# Onboarding\n\nThe thread's notes.\n")
    report = json.loads(cli("audit", folder, "--json", "--fail-on", "never").stdout)
    said = [f["message"] for f in report["findings"]
            if f["kind"] == "orphan" and f["path"] == rollout]
    assert len(said) == 1, report["findings"]
    assert "nor named as its notes are" not in said[0]
    assert "finds a note at the folder's top only, not under rollout_summaries/" in said[0]
