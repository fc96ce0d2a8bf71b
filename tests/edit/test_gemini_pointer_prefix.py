"""newuser40 #1: a checked-in copy of a Gemini memory folder names its files under the
agent's own home (``/home/dev/.gemini/...``); ``fix add-pointer`` wrote this machine's path
instead, a file Gemini cannot open where it runs. The new line uses the prefix the folder's
own pointers use, and says so when they disagree (real files, the real CLI)."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli

HOME = "/home/dev/.gemini/tmp/webapp/memory"


def copy(tmp_path: Path, own: int = 0) -> Path:
    mem = tmp_path / "mono" / ".gemini" / "tmp" / "webapp" / "memory"
    mem.mkdir(parents=True)
    lines = []
    for n, topic in enumerate(("deploy", "db-primary", "style-guide")):
        (mem / f"{topic}.md").write_text(f"# {topic}\n\nNotes.\n", encoding="utf-8")
        lines.append(f"- See {mem if n < own else HOME}/{topic}.md for {topic} notes.\n")
    (mem / "forgotten.md").write_text("# forgotten\n\nOld notes.\n", encoding="utf-8")
    (mem / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    return mem


def test_the_new_pointer_uses_the_folder_s_own_prefix(tmp_path: Path) -> None:
    mem = copy(tmp_path)
    proc = cli("fix", "add-pointer", mem, "forgotten.md")
    assert proc.returncode == 0, proc.stderr
    text = (mem / "MEMORY.md").read_text(encoding="utf-8")
    assert f"- See {HOME}/forgotten.md for forgotten notes.\n" in text
    assert str(mem) not in text
    assert "folders" not in proc.stdout + proc.stderr  # (they agree: nothing to say)


def test_pointers_that_disagree_are_said(tmp_path: Path) -> None:
    mem = copy(tmp_path, own=1)
    proc = cli("fix", "add-pointer", mem, "forgotten.md", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout + proc.stderr
    assert f"+- See {HOME}/forgotten.md" in out
    assert "under 2 folders" in out and f"{HOME} (2 lines)" in out, out
