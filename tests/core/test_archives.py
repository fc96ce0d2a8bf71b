"""Folders whose names say they are archives are excluded by default, named in the report's
Config row, and audited with ``include-archives = true`` (issue 30 §4)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory, run_audit

ROOT = Path(__file__).resolve().parents[2]
ARCHIVED = ["memory/_archive/b.md", "memory/old/x/c.md", "memory/归档/d.md",
            "memory/Archive/e.md", "memory/アーカイブ/f.md", "memory/trash/g.md",
            "memory/notes/archiv/h.md", "memory/archivo/i.md", "memory/archives/j.md"]
KOREAN = unicodedata.normalize("NFD", "보관")  # as macOS spells a Korean folder name


def _ws(tmp: Path) -> Path:
    files = {"MEMORY.md": "- [A](memory/a.md)\n- [F](memory/olden/f.md)\n",
             "memory/a.md": memory("a"), "memory/olden/f.md": memory("f"),
             f"memory/{KOREAN}/k.md": memory("k"),
             "memory/.archive/hidden.md": memory("hidden")}
    files.update({rel: memory(rel.rsplit("/", 1)[1][:-3]) for rel in ARCHIVED})
    return make_ws(tmp, files)


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=120)


def test_archive_folders_are_not_memories_by_default(tmp_path: Path) -> None:
    ws = _ws(tmp_path / "ws")
    result = run_audit(ws)
    assert sorted(result.scans) == ["memory/a.md", "memory/olden/f.md"]
    assert result.archives_excluded == sorted([
        "memory/_archive", "memory/old", "memory/归档", "memory/Archive", "memory/アーカイブ",
        "memory/trash", "memory/notes/archiv", "memory/archivo", "memory/archives",
        f"memory/{KOREAN}"])
    assert [f for f in result.findings if f.kind == "orphan"] == []


def test_the_report_names_them_and_the_config_brings_them_back(tmp_path: Path) -> None:
    ws = _ws(tmp_path / "ws")
    text = _memtui("audit", str(ws)).stdout
    row = next(line for line in text.splitlines() if line.startswith("Config"))
    assert "default exclude (archive folders): memory/Archive/," in row
    assert "and 7 more" in text
    data = json.loads(_memtui("audit", "--json", str(ws)).stdout)
    assert len(data["archives_excluded"]) == 10 and data["memory_files"] == 2
    (ws / ".memtui.toml").write_text("include-archives = true\n")
    data = json.loads(_memtui("audit", "--json", str(ws)).stdout)
    assert "archives_excluded" not in data
    assert data["memory_files"] == 2 + len(ARCHIVED) + 1  # .archive/ stays hidden
    (ws / ".memtui.toml").write_text("include-archives = true\nexclude = [\"memory/trash/**\"]\n")
    assert json.loads(_memtui("audit", "--json", str(ws)).stdout)["memory_files"] == 11


def test_a_workspace_without_archives_reports_as_before(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [A](memory/a.md)\n",
                                   "memory/a.md": memory("a")})
    out = _memtui("audit", "--json", str(ws))
    assert "archives_excluded" not in json.loads(out.stdout)
    assert "Config" not in _memtui("audit", str(ws)).stdout


def test_a_bad_value_is_one_line(tmp_path: Path) -> None:
    ws = _ws(tmp_path / "ws")
    (ws / ".memtui.toml").write_text('include-archives = "yes"\n')
    out = _memtui("audit", str(ws))
    assert out.returncode == 2
    assert out.stderr.strip().endswith("include-archives: must be true or false, not 'yes'")
    assert out.stderr.count("\n") == 1


def test_a_change_reported_inside_an_archive_stays_out(tmp_path: Path) -> None:
    ws = _ws(tmp_path / "ws")
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    auditor.run()
    (ws / "memory/_archive/new.md").write_text(memory("new"))
    (ws / "memory/new.md").write_text(memory("new2"))
    again = auditor.run(changed=["memory/_archive/new.md", "memory/new.md"])
    assert sorted(again.scans) == ["memory/a.md", "memory/new.md", "memory/olden/f.md"]


def test_a_credential_in_an_archive_folder_is_reported(tmp_path: Path) -> None:
    """newuser24 #54: a credential in memory/_archive/ was counted nowhere; then (issue 31)
    counted as suppressed by exclude, so the default audit passed. The agent opens the
    archive with its file tools: every text under the memory folder is read for
    credentials, whatever counts as a memory (session 28, tests/test_readable_scope.py).
    The archive's files are still no memories."""
    ws = _ws(tmp_path / "ws")
    (ws / "memory/_archive/b.md").write_text(memory("b", "key AKIAQ7XK2MB4VZJ6TR3N\n"))
    done = _memtui("audit", "--json", str(ws))
    data = json.loads(done.stdout)
    assert done.returncode == 1
    assert data["memory_files"] == 2 and [(f["path"], f["line"]) for f in data["findings"]
                                          if f["kind"] == "secret"] == [("memory/_archive/b.md", 7)]
    assert data["suppressed"]["exclude"] == 0 and data["suppressed_findings"] == []
