"""The Not counted row sizes what Claude Code loads through the CLAUDE.md files' ``@path``
imports, recursively, and says what it could not follow (newuser38 #8: "CLAUDE.md (42
bytes)" while 18 KB came in through ``@docs/extra.md``).
`memtui.core.profiles.claude_loads`. Real files in a temp dir, the CLI in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def audit(memory: Path, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(memory), "--project",
                           str(project), *args], capture_output=True, text=True, env=env,
                          cwd=ROOT)


def setup(tmp_path: Path) -> tuple[Path, Path]:
    memory = tmp_path / "home" / ".claude" / "projects" / "-x-app" / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("- [a](a.md) — a fact\n")
    (memory / "a.md").write_text("---\nname: a\ndescription: a fact\ntype: project\n---\nA.\n")
    (tmp_path / "home" / ".claude" / "CLAUDE.md").write_text("# mine\n@~/nowhere/x.md\n")
    project = tmp_path / "app"
    (project / "docs" / "deep").mkdir(parents=True)
    (project / "CLAUDE.md").write_text(
        "# App\n@docs/extra.md\n@docs/gone.md\nRun `@docs/in-code.md` with make.\n")
    (project / "docs" / "extra.md").write_text("extra " * 3000 + "\n@deep/more.md\n@../CLAUDE.md\n")
    (project / "docs" / "deep" / "more.md").write_text("more\n")
    (project / "docs" / "in-code.md").write_text("not imported\n" * 100)
    return memory, project


def test_the_imports_are_sized_and_what_is_not_followed_is_said(tmp_path: Path) -> None:
    memory, project = setup(tmp_path)
    done = audit(memory, project)
    assert done.returncode == 0, done.stdout + done.stderr
    row = next(line for line in done.stdout.splitlines() if line.startswith("Not counted"))
    extra = project / "docs" / "extra.md"
    assert f"{extra} ({extra.stat().st_size:,} bytes)" in row
    assert f"{project / 'docs' / 'deep' / 'more.md'} (5 bytes)" in row
    assert "in-code.md" not in row  # inside a code span: no import
    assert "@docs/gone.md in CLAUDE.md: no such file" in row
    assert "@../CLAUDE.md in extra.md: a cycle" in row
    assert "@~/nowhere/x.md in CLAUDE.md: no such file" in row
    assert row.index(str(project / "CLAUDE.md")) < row.index(str(extra))  # importer first


def test_the_json_lists_them(tmp_path: Path) -> None:
    memory, project = setup(tmp_path)
    done = audit(memory, project, "--json")
    block = json.loads(done.stdout)["injected_block"]
    paths = [entry["path"] for entry in block["not_counted"]]
    assert str(project / "docs" / "extra.md") in paths
    assert any("no such file" in note for note in block["not_counted_unread"])
