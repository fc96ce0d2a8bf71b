"""A baseline's entry for a finding about the workspace as a whole (``stale``, path ``.``):
named ``(stale .)`` when it matched nothing (newuser42 #11), and its fingerprint was its
text, digits aside: "2 memories older than 90 days" → "1 memory …" when one old memory was
edited, so the entry went stale and the finding came back new. It is known by its kind
now; a baseline written before (the text's fingerprint) still accepts it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from memtui.core.checks.findings import finding
from memtui.core.reporting.suppress import legacy_fingerprint
from tests.core.helpers import memory

ROOT = Path(__file__).resolve().parents[1]
OLD = "date: 2001-01-01\n"


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "w"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [A](a.md) — about a\n- [B](b.md) — about b\n")
    for name in ("a", "b"):
        (ws / f"{name}.md").write_text(memory(name, f"Fact {name}.\n", extra=OLD))
    return ws


def new_stale(ws: Path, base: Path) -> tuple[list[str], str]:
    run = memtui("audit", str(ws), "--baseline", str(base), "--json", "--fail-on", "never")
    return [f["message"] for f in json.loads(run.stdout)["findings"]
            if f["kind"] == "stale"], run.stderr


def test_the_entry_survives_a_count_and_is_named_plainly(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    base = tmp_path / "baseline.json"
    assert memtui("audit", str(ws), "--write-baseline", str(base)).returncode == 0
    (ws / "a.md").write_text(memory("a", "Fact a, checked today.\n"))  # one old memory left
    found, err = new_stale(ws, base)
    assert found == [] and "match no finding" not in err, (found, err)
    (ws / "b.md").write_text(memory("b", "Fact b, checked today.\n"))  # none
    _found, err = new_stale(ws, base)
    assert "(stale (workspace))" in err, err


def test_a_baseline_written_before_still_accepts_it(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    base = tmp_path / "baseline.json"
    assert memtui("audit", str(ws), "--write-baseline", str(base)).returncode == 0
    data = json.loads(base.read_text())
    for row in data["findings"]:  # as an older memtui wrote it: the text's fingerprint
        if row["path"] == ".":
            row["fingerprint"] = legacy_fingerprint(finding(
                row["rule"], ".", None, row["message"], files=("a.md",)))
    assert [row["rule"] for row in data["findings"] if row["path"] == "."] == ["stale"]
    base.write_text(json.dumps(data))
    found, err = new_stale(ws, base)
    assert found == [] and "match no finding" not in err, (found, err)
