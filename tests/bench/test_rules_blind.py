"""bench/rules_blind.py on a two-memory set: a finding on a labelled file is true, on an
unlabelled one false, a label with no finding missed."""

from __future__ import annotations

import json
from pathlib import Path

from bench.rules_blind import score

WHY = "**Why:** the release train.\n**How to apply:** check the calendar.\n"


def write_set(top: Path, labels: dict[str, list[str]]) -> None:
    ws = top / "ws01"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [Deploy](memory/deploy.md) — when\n"
                                  "- [Me](memory/me.md) — who\n", encoding="utf-8")
    (ws / "memory/deploy.md").write_text(
        "---\nname: deploy\ndescription: when\nmetadata:\n  type: project\n---\n"
        "We deploy tomorrow.\n" + WHY, encoding="utf-8")
    (ws / "memory/me.md").write_text(
        "---\nname: me\ndescription: who\nmetadata:\n  type: user\n---\n"
        "The user flies home tomorrow.\n", encoding="utf-8")
    (top / "labels.json").write_text(json.dumps([{
        "workspace": "ws01", "lang": "en", "project": None, "pairs": [],
        "files": {"MEMORY.md": [], **labels}}]), encoding="utf-8")


def test_true_false_and_missed(tmp_path: Path) -> None:
    write_set(tmp_path / "right", {"memory/deploy.md": ["relative_date"], "memory/me.md": []})
    counts, errors = score(tmp_path / "right")
    assert counts["relative_date"] == [1, 0, 0] and counts["relative_date en"] == [1, 0, 0]
    assert errors == []

    write_set(tmp_path / "wrong", {"memory/deploy.md": [], "memory/me.md": ["missing_why"]})
    counts, errors = score(tmp_path / "wrong")
    assert counts["relative_date"] == [0, 0, 1] and counts["missing_why"] == [0, 1, 0]
    assert sorted(errors) == ["ws01 memory/deploy.md: false relative_date (en)",
                              "ws01 memory/me.md: missed missing_why (en)"]
