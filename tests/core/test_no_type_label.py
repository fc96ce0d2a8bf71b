"""newuser32 #10: "Memory files 39 (unknown 39)" beside an `unknown_age` finding for one file
read as "39 ages unknown": "unknown" was the frontmatter type. Under an agent whose memories
carry no type (OpenClaw, Codex, Gemini, Hermes) the type breakdown is left out; elsewhere a
memory without one is counted as "no type"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def _text(ws: Path) -> str:
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1), run.stderr
    return next(ln for ln in run.stdout.splitlines() if ln.startswith("Memory files"))


def test_openclaw_notes_have_no_type_to_count(tmp_path: Path) -> None:
    ws = tmp_path / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "AGENTS.md").write_text("# Agents\nBe brief.\n", encoding="utf-8")
    (ws / "SOUL.md").write_text("# Soul\nCurious.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- The build uses pnpm.\n", encoding="utf-8")
    (ws / "memory" / "2026-12-01.md").write_text("Deployed.\n", encoding="utf-8")
    row = _text(ws)
    assert "unknown" not in row, row
    assert row.endswith("(no types: OpenClaw memories have none)"), row


def test_a_memory_without_a_type_is_counted_as_no_type(tmp_path: Path) -> None:
    ws = tmp_path / "memory"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [A](a.md) — a\n- [B](b.md) — b\n", encoding="utf-8")
    (ws / "a.md").write_text("---\nname: a\ndescription: a\ntype: project\n---\nA.\n",
                             encoding="utf-8")
    (ws / "b.md").write_text("---\nname: b\ndescription: b\n---\nB.\n", encoding="utf-8")
    assert _text(ws) == "Memory files           2 (project 1, no type 1)"
