"""``memtui audit --help`` named the windows of claude-code and item and said Qwen's was
assumed for every other agent (newuser42 #9), while the reports measured Gemini against
Gemini's 1,048,576 tokens and Codex against gpt-5's 272,000: the help names each profile's
window, the one its report says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from memtui.core.profiles.base import ASSUMED_WINDOW
from memtui.core.profiles.registry import BY_NAME

ROOT = Path(__file__).resolve().parents[1]


def test_the_help_names_each_profiles_window() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "400"}
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", "--help"], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60, check=True)
    text = " ".join(run.stdout.split())
    at = text.index("--num-ctx N context")
    said = text[at:text.index("--stale-days", at)]
    for name, profile in BY_NAME.items():
        if profile.window[1] == ASSUMED_WINDOW:
            assert name in said.split("unknown")[0].rsplit(";", 1)[-1], (name, said)
        else:
            assert f"{name} {profile.window[0]:,}" in said, (name, said)
    assert "gemini 1,048,576" in said and "codex 272,000" in said
