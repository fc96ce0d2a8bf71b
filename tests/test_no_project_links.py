"""newuser31 #20: without a known project, a link to a project file (``api/main.py``) is a
``broken_link`` error (SPEC §2: its destination does not exist where memtui can look); with
the project it is an ``outside_link`` info. The no-project report now says that the verdict
depends on the project, in its Config row and the JSON's ``project.note``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def audit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", "audit", *args],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"})


def test_the_no_project_report_says_project_links_depend_on_it(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "api").mkdir(parents=True)
    (repo / "api/main.py").write_text("app = 1\n", encoding="utf-8")
    mem = repo / "claude-memory"
    mem.mkdir()
    (mem / "MEMORY.md").write_text("- [A](a.md) — see [main](api/main.py)\n", encoding="utf-8")
    (mem / "a.md").write_text("---\nname: a\ndescription: a\n---\nx\n", encoding="utf-8")
    alone = audit(str(mem), "--json")
    report = json.loads(alone.stdout)
    assert [f["kind"] for f in report["findings"] if f["path"] == "MEMORY.md"] == ["broken_link"]
    assert "a link to a project's file (such as src/app.py) is a broken_link here: give the " \
           "project and it is an outside_link" in report["project"]["note"]
    text = audit(str(mem)).stdout
    assert "is a broken_link here: give the project and it is an outside_link" in text
    known = json.loads(audit(str(mem), "--project", str(repo), "--json").stdout)
    assert [f["kind"] for f in known["findings"] if f["path"] == "MEMORY.md"] == ["outside_link"]
    assert "broken_link here" not in (known["project"].get("note") or "")


def test_a_store_of_entries_is_not_told_about_project_links(tmp_path: Path) -> None:
    """newuser33 #20: the sentence about a project's file (an example path read as a
    finding) is not said where nothing can link one: a Hermes store; an example is marked
    as one ("such as")."""
    store = tmp_path / ".hermes" / "memories"
    store.mkdir(parents=True)
    (store / "USER.md").write_text("Prefers short answers.\n§\nUses fish.\n", encoding="utf-8")
    note = json.loads(audit(str(store), "--json").stdout)["project"]["note"]
    assert note.startswith("no project") and "src/app.py" not in note
    assert "src/app.py" not in audit(str(store)).stdout
