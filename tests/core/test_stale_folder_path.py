"""stale_reference: a folder path written with its trailing slash in a code span
(``ops/infra/derived/``) that the project's git history held and its tree no longer has is
stale, as a file path is; one still there, never held, or written from a subfolder is not
(newuser29 #23)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.core.helpers import make_ws, run_audit


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def test_a_deleted_folder_the_history_held_is_stale(tmp_path: Path) -> None:
    proj = make_ws(tmp_path / "proj", {
        "ops/infra/derived/pg_store.py": "class PgStore:\n    pass\n",
        "ops/infra/store/pg_store.py": "class Store:\n    pass\n",
        "scripts/postgres/init.sql": "select 1;\n",
        "ops/tools/run.py": "print(1)\n"})
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "one")
    _git(proj, "rm", "-rq", "ops/infra/derived")
    _git(proj, "commit", "-qm", "drop the derived layer")
    mem = make_ws(tmp_path / "mem", {
        "MEMORY.md": "- [A](a.md)\n",
        "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\n"
                "Code: `ops/infra/derived/` (DerivedStore ABC), `ops/infra/store/`, "
                "`scripts/postgres/`.\nPlanned: `ops/infra/cache/`. From ops: "
                "`infra/store/`. Elsewhere: `other/repo/dir/`.\n"})
    found = [(f.line, f.message) for f in run_audit(mem, project=str(proj)).findings
             if f.kind == "stale_reference"]
    assert found == [(7, "ops/infra/derived/: gone from the project (its git history held "
                         "it)")]
