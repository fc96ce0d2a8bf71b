"""newuser37 #25: a Japanese ``[[夜勤-ﾒﾓ-1]]`` (half-width katakana, as an IME in
half-width mode types it) was dangling, while full-width hyphens and spaces were already
fuzzy matches of 夜勤-メモ-1. The fuzzy match folds width too (NFKC), and fix-wikilinks
rewrites it to the exact spelling."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli, write_tree

FRONT = "---\nname: {0}\ndescription: {0}\nmetadata:\n  type: project\n---\n{1}\n"


def test_half_width_katakana_is_a_fuzzy_match(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ja", {
        "MEMORY.md": "# 索引\n- [1](memory/夜勤-メモ-1.md) — 一\n- [b](memory/b.md) — b\n",
        "memory/夜勤-メモ-1.md": FRONT.format("夜勤-メモ-1", "夜勤。"),
        "memory/b.md": FRONT.format("b", "See [[夜勤-ﾒﾓ-1]].")})
    links = json.loads(cli("audit", ws, "--json").stdout)["wikilinks"]
    assert links["dangling"] == []
    assert [(w["target"], w["resolved"]) for w in links["fuzzy"]] == [
        ("夜勤-ﾒﾓ-1", "memory/夜勤-メモ-1.md")]
    assert cli("fix", "fix-wikilinks", ws, "memory/b.md").returncode == 0
    assert "See [[夜勤-メモ-1]]." in (ws / "memory/b.md").read_text(encoding="utf-8")
