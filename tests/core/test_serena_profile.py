"""real33: a Serena memory folder (``.serena/memories/``) read as a Claude Code one.

Serena keeps a project's memories as markdown files under ``.serena/memories/`` with no
index: ``list_memories`` names every one to the agent, which reads it by name
(oraios/serena ``src/serena/memories/memory_manager.py``). A real folder of eleven such
memories was eleven "not linked from the index; unreachable: never seen" warnings and
eleven "no frontmatter" infos.
"""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

FILES = {
    "code_style.md": "# Code style\n\n- Four spaces, type hints everywhere.\n",
    "suggested_commands.md": "# Commands\n\n- `make test` runs the suite.\n",
    "datasets/contract.md": "# Data contract\n\n- Coordinates are normalised to 1000.\n",
}


def test_a_serena_folder_has_no_orphans_and_no_frontmatter_findings(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "proj" / ".serena" / "memories", FILES)
    result = run_audit(ws)
    assert result.profile == "serena"
    assert sorted(result.scans) == ["code_style.md", "datasets/contract.md",
                                    "suggested_commands.md"]
    assert [f.kind for f in result.findings if f.kind in ("orphan", "frontmatter")] == []


def test_a_credential_in_a_serena_memory_is_still_an_error(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "proj" / ".serena" / "memories", {
        **FILES, "deploy.md": "# Deploy\n\n- staging db password: Vq8rTz2mLp5wKx\n"})
    result = run_audit(ws)
    assert [(f.kind, f.path, f.line) for f in result.findings if f.severity == "error"] == [
        ("secret", "deploy.md", 3)]


def test_a_memories_folder_elsewhere_is_not_serenas(tmp_path: Path) -> None:
    result = run_audit(make_ws(tmp_path / "proj" / "notes" / "memories", FILES))
    assert result.profile == "claude-code"
    assert len([f for f in result.findings if f.kind == "orphan"]) == 3


def test_memtui_fix_writes_no_index_into_a_serena_folder(tmp_path: Path) -> None:
    """An index (or a template file, an archive folder) there would be one more memory that
    Serena lists: ``fix add-to-index`` refuses, in one line, and writes nothing."""
    import subprocess
    import sys

    ws = make_ws(tmp_path / "proj" / ".serena" / "memories", FILES)
    out = subprocess.run([sys.executable, "-m", "memtui", "fix", "add-to-index", str(ws),
                          "code_style.md"], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, check=False, timeout=300)
    assert out.returncode != 0 and "not offered under the serena profile" in out.stderr
    assert "Traceback" not in out.stderr and not (ws / "MEMORY.md").exists()
