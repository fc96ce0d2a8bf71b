"""newuser27 #27: an OpenClaw MEMORY.md over its per-file cap keeps its first 70 % and last
20 %; the lines in between never reach the agent. The Index view strikes them out as
``cut`` and the header counts them, as for Claude Code's lines past its limit, and the JSON
report names them (``index.dropped_lines``, a key added: the others are as they were)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from memtui.core.profiles.openclaw import trim_file
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.test_app import header_text, started

ROOT = Path(__file__).resolve().parents[2]
MEMORY = "# Memory\n" + "".join(
    f"- fact {i:04d}: the quick brown fox jumps over the lazy dog again\n"
    for i in range(1, 1000))


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    return ws


def test_the_dropped_middle_is_named_in_the_json(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    index = json.loads(got.stdout)["index"]
    first, last = index["dropped_lines"]
    # the lines the agent loads: the head and the tail, the dropped middle left out
    # (newuser34 #3: 702 loaded beside a middle of [142, 662] dropped)
    assert index["loaded_lines"] == 1000 - (last - first + 1)
    # What OpenClaw injects: every line outside [first, last] is seen (in part at the
    # edges), every line inside is not.
    injected = trim_file(MEMORY, "MEMORY.md", 20_000)[0]
    lines = MEMORY.split("\n")
    assert not any(lines[n - 1] in injected for n in range(first, last + 1))
    assert lines[first - 2][-20:] in injected or lines[first - 2][:20] in injected
    assert lines[last][:20] in injected or lines[last][-20:] in injected
    assert (first, last) == (225, 936)


async def test_the_index_view_strikes_out_the_dropped_middle(tmp_path: Path) -> None:
    app = open_app(_workspace(tmp_path), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "openclaw"
        index = app.query_one("#index-view", AuditTable)
        kinds = {r.key: r.cells[1].plain for r in index.rows}
        assert kinds["L224"] != "cut" and kinds["L937"] != "cut"
        assert {kinds[f"L{n}"] for n in range(225, 937)} == {"cut"}
        summary = index.summary(app.result, index.palette)
        assert "712 non-blank lines past the load limit (struck out)" in str(summary)
        assert "never loaded" in header_text(app)
