"""newuser38 #29: ``memory_char_limit: 0`` in ``~/.hermes/config.yaml`` was taken as the
limit ("2,226 of 0 characters (0%)", an entry_over_limit per entry), though SECURITY.md
says only numbers above 0 are taken: an agent_config warning, and the default applies. The
CLI in a child process, a real Hermes home."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("value", ["0", "-5"])
def test_a_limit_not_above_zero_is_an_agent_config_warning(tmp_path: Path,
                                                           value: str) -> None:
    home = tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "config.yaml").write_text(f"memory:\n  memory_char_limit: {value}\n")
    (home / "memories" / "MEMORY.md").write_text("Fact one.\n§\nFact two.\n")
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(home / "memories"),
                          "--json", "--fail-on", "never"], capture_output=True, text=True,
                         env=env, cwd=ROOT)
    report = json.loads(run.stdout)
    kinds = [f["kind"] for f in report["findings"]]
    assert "agent_config" in kinds and "over_limit" not in kinds, kinds
    assert "entry_over_limit" not in kinds
    said = [f["message"] for f in report["findings"] if f["kind"] == "agent_config"]
    assert any("memory_char_limit" in m and "2,200" in m for m in said), said
