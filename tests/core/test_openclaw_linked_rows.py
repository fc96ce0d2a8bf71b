"""newuser34 #3 (what session 34 left: it was only documented): under OpenClaw the JSON gave
every daily note ``linked: true`` and ``index.linked_files`` 30 though MEMORY.md links none;
the notes are found by memory_search. ``linked`` is what the index names (SPEC §4), as
under every other profile; ``reachable`` says the agent reaches the notes its own way. Real
files, the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nBe brief.\n", encoding="utf-8")
    (ws / "AGENTS.md").write_text("# Agents\nRun tests with make test.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- Deploys: see [the runbook](memory/runbook.md)\n",
                                  encoding="utf-8")
    (ws / "memory" / "runbook.md").write_text("# Runbook\nDeploy with make deploy.\n",
                                              encoding="utf-8")
    for day in ("2026-11-01", "2026-11-02", "2026-11-03"):
        (ws / "memory" / f"{day}.md").write_text(f"# {day}\nA day.\n", encoding="utf-8")
    return ws


def test_linked_is_what_the_index_names_reachable_what_the_agent_finds(tmp_path: Path) -> None:
    done = cli("audit", workspace(tmp_path), "--json", "--fail-on", "never")
    report = json.loads(done.stdout)
    assert report["profile"] == "openclaw"
    rows = {f["path"]: (f["linked"], f["reachable"]) for f in report["files"]}
    assert rows == {"memory/2026-11-01.md": (False, True), "memory/2026-11-02.md": (False, True),
                    "memory/2026-11-03.md": (False, True), "memory/runbook.md": (True, True)}
    assert report["index"]["linked_files"] == 1
    text = cli("audit", workspace(tmp_path / "again"), "--fail-on", "never").stdout
    assert "Reached by the agent  4 of 4 files" in text
