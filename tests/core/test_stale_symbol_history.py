"""stale_reference: in a project with git history, a symbol is stale only when that history
held it (gone from the project, not never there: an nginx directive the memory quotes, a
name of another memory), and the message says the history held it; a project without git
keeps the rule of its text alone (newuser29 #32)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.core.helpers import make_ws, run_audit

BODY = ("Cannot use `return 200` with `auth_basic` in the same location; use `try_files`.\n"
        "See `other_memory_name`. The loader `load_derived_store()` is gone.\n")


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def _stale(tmp: Path, git: bool) -> list[str]:
    proj = make_ws(tmp / "proj", {"src/store.py": "def load_derived_store():\n    pass\n"})
    if git:
        _git(proj, "init", "-q")
        _git(proj, "add", "-A")
        _git(proj, "commit", "-qm", "one")
    (proj / "src/store.py").write_text("def load_store():\n    pass\n", encoding="utf-8")
    if git:
        _git(proj, "commit", "-qam", "two")
    mem = make_ws(tmp / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": f"---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\n{BODY}"})
    return sorted(f.message for f in run_audit(mem, project=str(proj)).findings
                  if f.kind == "stale_reference")


def test_with_git_only_a_symbol_its_history_held_is_stale(tmp_path: Path) -> None:
    assert _stale(tmp_path, git=True) == [
        "`load_derived_store()`: load_derived_store is gone from the project's text (its git "
        "history held it)"]


def test_without_git_a_symbol_its_text_lacks_is_stale(tmp_path: Path) -> None:
    assert _stale(tmp_path, git=False) == [
        "`auth_basic`: auth_basic occurs nowhere in the project's text",
        "`load_derived_store()`: load_derived_store occurs nowhere in the project's text",
        "`other_memory_name`: other_memory_name occurs nowhere in the project's text",
        "`try_files`: try_files occurs nowhere in the project's text"]
