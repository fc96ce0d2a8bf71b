"""newuser31 #21: a name the project dropped, in an index line's hook (read every turn,
without opening the memory), is a ``stale_reference`` like one in a memory; the lines'
link targets, which name memories, are not read as project paths."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from memtui.cli import main

MEMO = "---\nname: {0}\ndescription: {0}\ntype: project\n---\n\nThe {0}.\n\n" \
       "**Why:** x\n**How to apply:** y\n"


def git(repo: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_an_index_hook_naming_a_dropped_name_is_stale(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    root = tmp_path / "p"
    memory, src = root / ".claude" / "memory", root / "src"
    memory.mkdir(parents=True)
    src.mkdir()
    git(root, "init", "-q")
    (src / "app.py").write_text("def load_store():\n    pass\n")
    (src / "util.py").write_text("x = 1\n")
    (memory / "MEMORY.md").write_text(
        "- [Store loader](project_store.md) — how `load_store` in src/app.py works\n"
        "- [Old](project_old.md) — see src/util.py and [[project_store]]\n")
    (memory / "project_store.md").write_text(MEMO.format("store"))
    (memory / "project_old.md").write_text(MEMO.format("old"))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "a")
    (src / "app.py").write_text("def open_store():\n    pass\n")
    git(root, "rm", "-q", "src/util.py")
    git(root, "commit", "-q", "-am", "b")
    main(["audit", str(root), "--json"])
    found = [(f["path"], f["line"]) for f in json.loads(capsys.readouterr().out)["findings"]
             if f["kind"] == "stale_reference"]
    assert sorted(found) == [("MEMORY.md", 1), ("MEMORY.md", 2)]
