"""newuser33 #1, #4, #9: Hermes entries written from one template with other values (25
facts "project {i} uses Python 3.{n}") were each a `duplicate_entry` "nearly the same …
one of them is enough", while the Load limits row of the same report said "1 repeated";
and the two stores Hermes loads were "Reached by the agent 1 of 1 files" beside "Memory
files 2", with `memory_files` 1 in the JSON and the fleet row."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, check=False, cwd=ROOT,
                          env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"})
    assert proc.returncode in (0, 1), proc.stderr
    return proc


def store(home: Path, entries: list[str]) -> Path:
    folder = home / ".hermes" / "memories"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("\n§\n".join(entries), encoding="utf-8")
    (folder / "USER.md").write_text("Name: Dana\n§\nTimezone: UTC+1\n§\nPrefers terse answers",
                                    encoding="utf-8")
    return folder


def test_entries_differing_by_their_values_are_no_duplicates(tmp_path: Path) -> None:
    entries = [f"User's project {i} uses Python 3.{i % 5 + 9} and deploys with Ansible to "
               "the staging cluster." for i in range(28)]
    entries.insert(5, entries[2])  # the one exact copy
    folder = store(tmp_path, entries)
    report = json.loads(memtui("audit", str(folder), "--json").stdout)
    dups = [f for f in report["findings"] if f["kind"] == "duplicate_entry"]
    assert [f["line"] for f in dups] == [11], dups
    text = memtui("audit", str(folder)).stdout
    assert "29 entries (1 repeated)" in text
    assert "duplicate_entry: 1 warning" in text
    assert "one of them is enough" not in text


def test_hosts_numbered_apart_are_no_duplicates(tmp_path: Path) -> None:
    entries = [f"Entry {i}: the user maintains service number {i} which runs on host "
               f"alpha-{i} and pages oncall." for i in range(30)]
    folder = store(tmp_path, entries)
    report = json.loads(memtui("audit", str(folder), "--json").stdout)
    assert not [f for f in report["findings"] if f["kind"] == "duplicate_entry"]


def test_the_same_values_in_other_words_are_still_a_near_copy(tmp_path: Path) -> None:
    folder = store(tmp_path, [
        "The deploy host is build-7; it restarts nightly at 02:00 UTC.",
        "Tests run with make check.",
        "The deploy host is build-7, and it restarts nightly at 02:00 UTC."])
    report = json.loads(memtui("audit", str(folder), "--json").stdout)
    assert [f["line"] for f in report["findings"] if f["kind"] == "duplicate_entry"] == [5]


def test_both_stores_count_as_reached_in_the_report_the_json_and_the_fleet(
        tmp_path: Path) -> None:
    folder = store(tmp_path, ["Deploys run on Fridays.", "The VPN drops at midnight."])
    text = memtui("audit", str(folder)).stdout
    rows = {line.split("  ")[0]: line for line in text.splitlines()}
    assert rows["Memory files"].split()[2] == "2", text
    assert "Reached by the agent  2 of 2 files" in text
    assert json.loads(memtui("audit", str(folder), "--json").stdout)["memory_files"] == 2
    fleet = memtui("audit", str(tmp_path), "--discover").stdout
    row = next(line for line in fleet.splitlines() if "[hermes]" in line)
    assert row.split()[2] == "2", fleet
