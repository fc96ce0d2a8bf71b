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
