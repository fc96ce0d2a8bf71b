"""newuser23 #33: Hermes' duplicate_entry said the copy "still counts against the limit on
disk" while the Load limits row (rightly) did not move. Hermes counts its limit on the
entries after dropping copies (``load_from_disk`` and ``_reload_target`` both
``dict.fromkeys`` them, and every write saves that list), so the finding now says so and
agrees with the row."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

MEMORY = ("The deploy host is build-7; it restarts nightly at 02:00 UTC.\n§\n"
          "Tests run with `make check`; lint with ruff.\n")


def audit(folder: Path) -> str:
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(folder)],
                          capture_output=True, text=True, check=False,
                          env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
                          cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode in (0, 1), proc.stderr
    return proc.stdout


def load_row(report: str) -> str:
    """The Load limits row's characters (its entry counts apart: newuser26 #42)."""
    row = next(line for line in report.splitlines() if "MEMORY.md" in line
               and "of 2,200 characters" in line)
    return re.sub(r", \d+ (entry|entries)( \(\d+ repeated\))?", "", row)


def test_a_repeated_entry_is_said_to_count_once_as_the_load_row_shows(tmp_path: Path) -> None:
    folder = tmp_path / ".hermes" / "memories"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (folder / "USER.md").write_text("Prefers short answers.\n", encoding="utf-8")
    before = audit(folder)
    (folder / "MEMORY.md").write_text(MEMORY + "§\nTests run with `make check`; lint with "
                                      "ruff.\n", encoding="utf-8")
    after = audit(folder)
    assert load_row(after) == load_row(before)  # the copy is not loaded, not counted
    assert "3 entries (1 repeated)" in after  # the copy is said, in the same row
    said = " ".join(after.split())
    assert ("MEMORY.md:5 the entry on line 3 again: Hermes drops the copy at load (the "
            "limit counts it once) and from the file at its next write") in said
    assert "counts against the limit on disk" not in said
