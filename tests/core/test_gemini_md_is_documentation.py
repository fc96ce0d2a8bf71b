"""real29 #4: GEMINI.md is Gemini CLI's context file (its CLAUDE.md), loaded by Gemini itself:
in a folder audited as a Claude Code memory folder or an item workspace it is documentation,
listed apart, never an orphan "never seen", never a memory missing its frontmatter. A
``~/.gemini`` folder holding only GEMINI.md (its "## Gemini Added Memories") has no orphan."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

ADDED = ("## Gemini Added Memories\n- Always answer in English.\n"
         "- Read CONTRIBUTING.md before changing a project.\n")


def test_a_gemini_home_with_only_gemini_md_has_no_orphan(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / ".gemini", {"GEMINI.md": ADDED, "settings.json": "{}\n"})
    result = run_audit(folder)
    assert [f.kind for f in result.findings if f.kind in ("orphan", "frontmatter")] == []
    assert result.documentation == ["GEMINI.md"]


def test_gemini_md_beside_memories_is_documentation(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / "mem", {
        "MEMORY.md": "- [Role](user_role.md) — who the user is\n",
        "user_role.md": "---\nname: user-role\ndescription: role\ntype: user\n---\nEngineer.\n",
        "GEMINI.md": ADDED})
    result = run_audit(folder)
    assert result.orphans == []
    assert [f.path for f in result.findings if f.kind in ("orphan", "frontmatter")] == []
    assert result.documentation == ["GEMINI.md"]
