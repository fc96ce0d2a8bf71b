"""newuser36 #10: ``~/.gemini`` whose GEMINI.md holds saved memories under ``## Gemini
Added Memories`` audited as "Memory files 0 ... Linked from the index 0 of 0 files ...
Orphans 0", and its fleet row read "0 files": "nothing saved" to a fleet operator. The
saved memories are counted as what they are (the section's entries, as Hermes' § entries
are), in the text report, the JSON and the fleet row; the index and orphan rows, which mean
nothing for a file of entries, are left out."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli

GEMINI = ("# My preferences\n\nBe terse.\n\n## Gemini Added Memories\n"
          "- The user prefers tabs.\n- Deploys run on Fridays.\n"
          "- Der Nutzer trinkt Kaffee.\n- ユーザーは東京に住んでいる。\n\n"
          "## Other notes\n- not a saved memory\n")


def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home" / ".gemini"
    folder.mkdir(parents=True)
    (folder / "GEMINI.md").write_text(GEMINI, encoding="utf-8")
    return folder


def test_the_text_report_counts_the_saved_memories(tmp_path: Path) -> None:
    done = cli("audit", home(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "GEMINI.md 4 saved memories" in done.stdout
    assert "Memory files" not in done.stdout
    assert "Linked from the index" not in done.stdout
    assert "Orphans" not in done.stdout


def test_the_json_and_the_fleet_row_count_them(tmp_path: Path) -> None:
    folder = home(tmp_path)
    report = json.loads(cli("audit", folder, "--json").stdout)
    assert report["injected_block"]["saved_memories"] == {"GEMINI.md": 4}
    fleet = json.loads(cli("audit", tmp_path / "home", "--discover", "--json").stdout)
    (row,) = fleet["workspaces"]
    assert row["saved_memories"] == 4
    table = cli("audit", tmp_path / "home", "--discover").stdout
    assert "4 saved" in table


def test_a_project_gemini_md_without_the_section_stays_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "home" / ".gemini"
    folder.mkdir(parents=True)
    (folder / "GEMINI.md").write_text("# Rules\n\nBe terse.\n", encoding="utf-8")
    report = json.loads(cli("audit", folder, "--json").stdout)
    assert "saved_memories" not in report["injected_block"]
    # nothing saved yet, no memory file: said so, not "Linked from the index 0 of 0 files"
    # (fix40a); the JSON as it was
    text = cli("audit", folder).stdout
    assert "Linked from the index" not in text and "Orphans" not in text
    assert "Saved memories" in text and "none yet" in text
