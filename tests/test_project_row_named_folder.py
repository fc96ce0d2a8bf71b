"""newuser31 #2: ``memtui audit .`` on a repository whose agent memory is ``.claude/memory``
checked stale references against ``.`` but printed no ``Project`` row, and the JSON said the
project's source was ``option`` though no --project was given. It is now ``path`` (the
folder named), and the text report says so in a ``Project`` row."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from memtui.cli import main

MEMORY = ("---\nname: store\ndescription: how the store loads\ntype: project\n---\n"
          "`load_store` in `src/app.py` reads the store.\n")


def _run(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        main(list(args))
    return out.getvalue()


def test_the_folder_named_is_said_as_the_project(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".claude" / "memory").mkdir(parents=True)
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text("def load_store():\n    pass\n")
    (root / ".claude" / "memory" / "MEMORY.md").write_text(
        "- [Store](project_store.md) — store\n")
    (root / ".claude" / "memory" / "project_store.md").write_text(MEMORY)
    data = json.loads(_run("audit", str(root), "--json"))
    assert data["project"] == {"path": str(root.resolve()), "source": "path", "note": ""}
    text = _run("audit", str(root))
    row = next(ln for ln in text.splitlines() if ln.startswith("Project"))
    assert str(root.resolve()) in row and "the folder named" in row
    given = json.loads(_run("audit", str(root / ".claude" / "memory"), "--project",
                            str(root), "--json"))
    assert given["project"]["source"] == "option"
