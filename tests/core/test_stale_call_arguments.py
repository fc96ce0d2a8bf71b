"""stale_reference: a call written with its arguments (``make_thumb(path, 400)``) names its
function as much as ``make_thumb()`` does; it was no symbol at all, so a renamed function
quoted with arguments was never stale (blind set rules23: 2 of 42 missed). Its name is
checked as a bare call's: gone from the project and held by its git history."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.core.helpers import make_ws, run_audit


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def test_a_renamed_function_called_with_arguments_is_stale(tmp_path: Path) -> None:
    proj = make_ws(tmp_path / "proj", {"pkg/img.py": "def make_thumb(path, size=4):\n    pass\n"})
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "one")
    (proj / "pkg/img.py").write_text("def thumbs(path, sizes=(4,)):\n    pass\n", "utf-8")
    _git(proj, "commit", "-qam", "two")
    body = ("Resize with `make_thumb(path, 400)`; `thumbs(path, (4, 8))` is the new one;\n"
            "`render_page(-10)` was never here; `print(x)`.\n")
    mem = make_ws(tmp_path / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": f"---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\n{body}"})
    found = [f.message for f in run_audit(mem, project=str(proj)).findings
             if f.kind == "stale_reference"]
    assert len(found) == 1 and "make_thumb" in found[0], found
