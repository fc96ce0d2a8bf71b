"""newuser37 #39: a credential in an archived memory (``_archive/reference_db.md``, moved
there by ``fix archive``) was said as "remove the value by hand (fix redact edits memories
only)", while ``memtui fix redact`` redacts it (and journals it). A markdown file gets the
command that does it; a file ``fix redact`` cannot edit keeps the advice to do it by hand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VALUE = "Hu7#kd92!xqLm"


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def test_the_message_names_the_redact_that_works(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory" / "_archive").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory" / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                                        encoding="utf-8")
    (ws / "memory" / "_archive" / "db.md").write_text(
        f"---\nname: db\ndescription: db\ntype: reference\n---\npassword: {VALUE}\n",
        encoding="utf-8")
    (ws / "memory" / "notes.txt").write_text(f"db password: {VALUE}\n", encoding="utf-8")
    out = _memtui("audit", str(ws)).stdout
    archived = next(line for line in out.splitlines() if "_archive/db.md:" in line)
    assert f"(memtui fix redact {ws} memory/_archive/db.md) and rotate it" in archived, out
    assert "by hand" not in archived
    text = next(line for line in out.splitlines() if "notes.txt:" in line)
    assert "by hand (fix redact edits memories only)" in text  # it cannot edit that one
    assert _memtui("fix", "redact", str(ws), "memory/_archive/db.md").returncode == 0
    assert VALUE not in (ws / "memory" / "_archive" / "db.md").read_text(encoding="utf-8")
