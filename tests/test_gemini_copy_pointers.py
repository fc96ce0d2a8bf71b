"""Gemini CLI's pointer lines name topic files by absolute path; a copy of the folder (a
dotfiles repository, a CI checkout, a backup) keeps the original's paths (newuser38 #16).
They were looked up on the auditing machine's disk: the copy was judged by the original's
files (a topic deleted in the copy went unseen), or in CI, where the author's home does not
exist, every pointer was a broken_link error. A pointer written for a folder of the same
name is resolved inside the audited folder; another folder's file is never looked up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def audit(folder: Path) -> dict:  # type: ignore[type-arg]
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(folder), "--profile",
                          "gemini", "--json", "--fail-on", "never"], capture_output=True,
                         text=True, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def gemini_folder(base: Path, home: Path) -> Path:
    """``base``'s copy of a Gemini project memory whose pointers name ``home``'s folder."""
    mem = base / ".gemini" / "tmp" / "proj" / "memory"
    mem.mkdir(parents=True)
    lines = []
    for n in (1, 2, 3):
        (mem / f"g{n}.md").write_text(f"# g{n}\nFact {n}.\n")
        lines.append(f"- See {home}/.gemini/tmp/proj/memory/g{n}.md")
    (mem / "MEMORY.md").write_text("\n".join(lines) + "\n")
    return mem


def broken(report: dict) -> list[str]:  # type: ignore[type-arg]
    return sorted(f["message"] for f in report["findings"] if f["kind"] == "broken_link")


def test_a_ci_checkout_without_the_authors_home(tmp_path: Path) -> None:
    mem = gemini_folder(tmp_path / "checkout", tmp_path / "no-such-home")
    assert broken(audit(mem)) == []


def test_a_copy_is_judged_by_its_own_files_not_the_originals(tmp_path: Path) -> None:
    home = tmp_path / "home"
    gemini_folder(home, home)  # the original, every topic there
    copy = gemini_folder(tmp_path / "dots", home)
    (copy / "g3.md").unlink()  # deleted in the copy only
    found = broken(audit(copy))
    assert len(found) == 1 and "g3.md" in found[0], found
