"""newuser27 #31: a journal folder that is a symbolic link inside the workspace is refused
(nothing written), and the refusal advises replacing the link with a real folder — not
"edit the file it points to", which is a memory file's advice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_linked_journal_folder_is_refused_with_a_folder_s_advice(tmp_path: Path) -> None:
    ws = tmp_path / "jl"
    (ws / ".memtui").mkdir(parents=True)
    (ws / "jdir").mkdir()
    (ws / "memory").mkdir()
    (ws / ".memtui" / "journal").symlink_to("../jdir", target_is_directory=True)
    (ws / "memory" / "scrap-log.md").write_text(
        "---\nname: s\ndescription: s\ntype: project\n---\ns\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# M\n", encoding="utf-8")
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "fix", "add-to-index", str(ws),
                          "memory/scrap-log.md"], env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert got.returncode != 0
    assert got.stderr.count("\n") == 1, got.stderr
    assert ".memtui/journal is a symbolic link" in got.stderr
    assert "replace the link with a real folder" in got.stderr
    assert "edit the file it points to" not in got.stderr
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == "# M\n"
    assert list((ws / "jdir").iterdir()) == []
