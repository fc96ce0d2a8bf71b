"""newuser40 #8: a memory that writes its time in its description and again in its body
was told "one claim with another value (14:00 14:00 / 16:00)": each side's value once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_a_value_written_twice_on_one_side_is_named_once(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [Window](deploy-window.md) — when\n"
                                  "- [Policy](deploy-policy.md) — policy\n")
    (ws / "deploy-window.md").write_text(
        "---\nname: deploy-window\ndescription: Deploys happen Tuesday and Thursday after "
        "14:00 UTC; never o\ntype: project\n---\nDeploys happen Tuesday and Thursday after "
        "14:00 UTC; never on Fridays.\n")
    (ws / "deploy-policy.md").write_text(
        "---\nname: deploy-policy\ndescription: when we deploy\ntype: project\n---\n"
        "Deploys happen Tuesday and Thursday after 16:00 UTC; never on Fridays.\n"
        "See [[primary-db]].\nZero\u200bwidth here.\n")
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         capture_output=True, text=True, env={"MEMTUI_NO_CACHE": "1",
                                                              "PATH": "/usr/bin:/bin"},
                         check=False)
    messages = [f["message"] for f in json.loads(out.stdout)["findings"]
                if f["kind"] == "contradiction"]
    assert len(messages) == 2, out.stdout
    for message in messages:
        assert "one claim with another value (14:00 / 16:00)" in message, message
