"""newuser34 #3: under OpenClaw, a MEMORY.md past its per-file cap had ``index.loaded_lines``
702 beside ``dropped_lines`` [142, 662]: the lines the 70 % head / 20 % tail cut drops were
counted as loaded. ``loaded_lines`` now leaves them out. Real files, the real command."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli


def test_loaded_lines_leave_out_the_dropped_middle(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nCalm.\n", encoding="utf-8")
    lines = [f"- fact {i}: the deploy of service {i} runs on host {i * 7}" for i in range(700)]
    (ws / "MEMORY.md").write_text("# Memory\n" + "\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / ".openclaw" / "openclaw.json").write_text(
        json.dumps({"agents": {"defaults": {"bootstrapMaxChars": 12000}}}), encoding="utf-8")
    index = json.loads(cli("audit", ws, "--json").stdout)["index"]
    first, last = index["dropped_lines"]
    assert index["lines"] == 701
    assert index["loaded_lines"] == 701 - (last - first + 1) < 701
