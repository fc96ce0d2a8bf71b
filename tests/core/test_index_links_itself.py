"""real31: an index whose list of the folder's parts links the index itself
(``[this folder](MEMORY.md)`` in MEMORY.md) got an unaudited_link warning, "the agent reads
it when it follows the link", though that is the file the agent is reading already. A
link from a file to itself opens nothing new: no finding; a link from the index to another
file that is no memory still gets its warning."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_index_linking_itself_is_no_unaudited_link(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "README.txt.md").write_text("plain notes\n", encoding="utf-8")
    (tmp_path / "user_role.md").write_text(
        "---\nname: user_role\ndescription: role\nmetadata:\n  type: user\n---\nEngineer.\n",
        encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(
        "# Memory index\n\n- [this folder](MEMORY.md) — the memories\n"
        "- [Role](user_role.md) — who the user is\n", encoding="utf-8")
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(tmp_path), "--json"],
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode in (0, 1), got.stderr
    data = json.loads(got.stdout)
    on_line_3 = [f for f in data["findings"] if f["path"] == "MEMORY.md" and f["line"] == 3]
    assert on_line_3 == []
    assert data["broken_links"] == []
