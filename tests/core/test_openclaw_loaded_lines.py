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


def test_memory_md_left_out_whole_by_the_total_is_named(tmp_path: Path) -> None:
    """newuser34 #11: when the total cap leaves MEMORY.md out entirely (fewer than 64
    characters left for it), no finding named it; now one does, saying so."""
    ws = tmp_path / "octot"
    (ws / "memory").mkdir(parents=True)
    for name in ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md",
                 "HEARTBEAT.md", "BOOTSTRAP.md"):
        (ws / name).write_text(f"# {name}\n" + "x" * (28 - len(name)) + "\n",
                               encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n" + "".join(
        f"- fact {i}: the deploy runs on host {i}\n" for i in range(40)), encoding="utf-8")
    (ws / "memory/2026-11-01.md").write_text("note\n", encoding="utf-8")
    report = json.loads(cli("audit", ws, "--json", "--bootstrap-total-max-chars", "240",
                            "--fail-on", "never").stdout)
    assert report["profile"] == "openclaw"
    assert "MEMORY.md" not in report["injected_block"]["files"]
    named = [f for f in report["findings"] if f["path"] == "MEMORY.md"
             and f["kind"] == "over_limit"]
    assert len(named) == 1 and "left out whole" in named[0]["message"], report["findings"]
