"""newuser29 #21: a credential on an index line past the load limit was said to be "in the
injected index": it is in MEMORY.md, past the lines the agent loads (still counted, still an
error: the agent's file tools can read it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _audit(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_credential_past_the_load_limit_is_not_said_injected(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(
        "# M\n- db password: Xq7&mWp2Lz9k\n- [a](a.md) — a\n- wifi password: Gh5&kLp9Qw2z\n",
        encoding="utf-8")
    (tmp_path / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                                   encoding="utf-8")
    (tmp_path / ".memtui.toml").write_text("max-lines = 2\n", encoding="utf-8")
    got = _audit(tmp_path, "--json")
    assert got.returncode == 1, got.stderr
    secrets = {f["line"]: f["message"] for f in json.loads(got.stdout)["findings"]
               if f["kind"] == "secret"}
    assert secrets[2].endswith(") in the injected index"), secrets
    assert secrets[4].endswith(") in MEMORY.md past the lines the agent loads (not "
                               "injected; its file tools can still read it)"), secrets


def test_a_credential_in_the_middle_openclaw_drops_is_not_said_injected(tmp_path: Path) -> None:
    """newuser31 #11: OpenClaw keeps MEMORY.md's head (70 %) and tail (20 %) past its cap; a
    credential in the dropped middle is in MEMORY.md, not in what the agent is given."""
    (tmp_path / "memory").mkdir()
    lines = [f"- note {i}: one plain line of the long-lived index" for i in range(800)]
    lines[5] = "- db password: Xq7&mWp2Lz9k"
    lines[400] = "- wifi password: Gh5&kLp9Qw2z"
    lines[795] = "- vpn password: Rt4&nBv8Kc3m"
    (tmp_path / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "memory" / "2026-01-01.md").write_text("# 2026-01-01\n\nA day.\n")
    got = _audit(tmp_path, "--json", "--profile", "openclaw")
    report = json.loads(got.stdout)
    first, last = report["index"]["dropped_lines"]
    assert first <= 401 <= last and first > 6 and last < 796
    secrets = {f["line"]: f["message"] for f in report["findings"] if f["kind"] == "secret"}
    assert secrets[6].endswith(") in the injected index"), secrets
    assert secrets[796].endswith(") in the injected index"), secrets
    assert secrets[401].endswith(") in MEMORY.md in the middle the agent's cut drops (not "
                                 "injected; its file tools can still read it)"), secrets
