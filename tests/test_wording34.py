"""newuser34 #18: ``memtui rules duplicate_entry`` said an exact copy counts against the
store's limit, where the audit's own finding (and the Load limits row) count it once; and
``--summary-tokens`` claimed a Codex config memtui never reads. The real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def memtui(*args: str) -> str:
    env = {**os.environ, "COLUMNS": "200"}
    proc = subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return " ".join(proc.stdout.split())


def test_the_duplicate_entry_rule_agrees_with_the_finding() -> None:
    text = memtui("rules", "duplicate_entry")
    assert "still counts against" not in text
    assert "Hermes drops an exact copy at load (the limit counts it once)" in text


def test_summary_tokens_names_no_codex_config() -> None:
    text = memtui("audit", "--help")
    part = text.split("--summary-tokens N", 2)[2][:160]
    assert "(default: .memtui.toml's summary-tokens, else 2,500)" in part, part
