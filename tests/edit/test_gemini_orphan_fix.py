"""newuser34 #17: under the gemini profile the orphan rule's fix named a ``delete`` the
profile refuses, and the refusal gave the pointer-line reason for it. The fix text now says
what a Gemini orphan's repair is, and ``fix delete`` / ``fix archive`` say why memtui leaves
the file's removal to the user (real files, the real CLI)."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli


def gemini(tmp_path: Path) -> Path:
    mem = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    mem.mkdir(parents=True)
    (mem / "deploy.md").write_text("Deploy with make release.\n", encoding="utf-8")
    (mem / "despliegue.md").write_text("Notas viejas.\n", encoding="utf-8")
    (mem / "MEMORY.md").write_text(f"- See {mem}/deploy.md for deploy notes.\n",
                                   encoding="utf-8")
    return mem


def test_the_orphan_fix_names_what_gemini_offers(tmp_path: Path) -> None:
    rules = cli("rules", "orphan")
    assert rules.returncode == 0
    assert "under gemini, add-pointer, or remove the file by hand" in rules.stdout


def test_delete_and_archive_say_why_under_gemini(tmp_path: Path) -> None:
    mem = gemini(tmp_path)
    for op in ("delete", "archive"):
        proc = cli("fix", op, mem, "despliegue.md", "--dry-run")
        assert proc.returncode == 1, proc.stderr
        assert f"memtui does not {op} a Gemini topic file" in proc.stderr, proc.stderr
        assert "can be removed by hand" in proc.stderr
        assert (mem / "despliegue.md").exists()
    docs = (Path(__file__).resolve().parents[2] / "docs" / "curate.md").read_text("utf-8")
    gem = docs.split("`unfold` (MEMORY.md is loaded whole", 1)[1][:300]
    assert "`archive`" in gem
