"""bench/goals.py --quick on a tiny workspace: every row of issue 35's table comes out, with a
figure, a goal, whether it holds and the load, and the document's tables and plot render
from the JSON. The peers are stand-ins (programs that exit at once) so that the harness runs
without the scratch virtualenv; ``bench/goals.py --no-install`` takes whatever is there."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from bench import goals, goals_doc

ROOT = Path(__file__).resolve().parents[2]
ROWS = ["cold 30, seed-shaped (wikilinks by `name:`)", "cold 30, stem-linked", "cold 30",
        "warm 30", "re-audit after one file changes, 30", "app: worst freeze while counting",
        "app peak RSS, 30", "CLI peak RSS, 30",
        "a 30-file workspace inside a git repository of 12 commits",
        "fleet 2 × 30 inside a repository"]


def test_quick_run_gives_every_row(tmp_path: Path) -> None:
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    for program in goals.PEERS.values():
        (bin_dir / program).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / program).chmod(0o755)
    out = tmp_path / "goals.json"
    proc = subprocess.run(
        [sys.executable, "bench/goals.py", "--quick", "--sizes", "30", "--no-install",
         "--venv", str(tmp_path / "venv"), "--work", str(tmp_path / "work"),
         "--outside", str(tmp_path / "outside"), "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(out.read_text(encoding="utf-8"))
    assert [r["row"] for r in results["rows"]] == ROWS
    for row in results["rows"]:
        assert isinstance(row["holds"], bool) and row["figure"] and row["goal"]
        before, after = row["load"].split(" → ")
        assert float(before) >= 0 and float(after) >= 0
    # every peer ran beside memtui and the floor, in the same rounds
    assert set(results["groups"]["seed"]["ratio"]) == {"floor", *goals.PEERS}
    assert results["groups"]["git"]["dated_by_git"] > 0  # the tracked copy is dated by git
    assert "| cold 30 |" in proc.stdout and "| files | cold | warm | floor |" in proc.stdout

    plot = tmp_path / "growth.svg"
    again = subprocess.run([sys.executable, "bench/goals.py", "--markdown", str(out),
                            "--svg", str(plot)], cwd=ROOT, capture_output=True, text=True,
                           timeout=120, check=False)
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == goals_doc.markdown(results).strip()
    lines = ET.parse(plot).getroot().findall("{http://www.w3.org/2000/svg}polyline")
    assert len(lines) == len(goals_doc.SERIES) + 1  # and the line of 2× the floor

    page = tmp_path / "performance.md"
    page.write_text(f"intro\n{goals_doc.BEGIN}\nold table\n{goals_doc.END}\noutro\n",
                    encoding="utf-8")
    assert goals_doc.main([str(out), "--doc", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"intro\n{goals_doc.BEGIN}\n`python bench/goals.py --quick")
    assert "old table" not in text and text.endswith(f"{goals_doc.END}\noutro\n")
    assert "| cold 30, stem-linked |" in text
    page.write_text("no markers\n", encoding="utf-8")
    assert goals_doc.main([str(out), "--doc", str(page)]) == 2
    assert page.read_text(encoding="utf-8") == "no markers\n"


def test_unreadable_results_are_one_line_and_exit_2(tmp_path: Path, capsys) -> None:
    assert goals_doc.main([str(tmp_path / "none.json")]) == 2
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert goals_doc.main([str(tmp_path / "bad.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err
