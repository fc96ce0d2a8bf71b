"""Numbers past 999 carry separators in the report as everywhere else (newuser26 #33:
"5000002-character line with no link", "2441.4% of 40,960 tokens")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import make_ws, memory


def test_a_long_line_and_a_big_share_have_separators(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = " ".join(f"fact{i}" for i in range(1_500))  # 12,389 characters
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": f"- [A](memory/a.md) — a\n{words}\n",
        "memory/a.md": memory("a", "A."),
    })
    main(["audit", str(root), "--num-ctx", "256"])
    out = capsys.readouterr().out
    assert f"{len(words):,}-character line with no link" in out, out
    share = re.search(r"Share of the window\s+(\S+) of 256 tokens", out)
    assert share is not None, out
    assert re.fullmatch(r"\d{1,3}(,\d{3})+\.\d%", share[1]), share[1]
