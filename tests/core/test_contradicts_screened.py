"""newuser37 #1: a cold audit of 242 memories written from one template cost 6–8 s of CPU,
nearly all of it `contradicts` reading ~25,000 pairs with difflib, each pair's texts the
same words around other values in several places. A pair whose numbers past the first line
differ in more than ``SPAN`` places can never be one value changed, so it is answered before
the matcher; the findings are the same as when every pair is matched. Real files, a real
audit."""

from __future__ import annotations

import difflib
import random
from pathlib import Path
from typing import Any

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks import near_duplicate, near_duplicate_conflict
from memtui.core.workspace import open_workspace

TOPICS = ("build", "deploy", "cache", "queue", "auth", "export")


def _folder(root: Path, tag: str) -> None:
    """60 memories of one template (10 numbered notes a topic, two values of their own),
    and two that contradict each other (one value changed); ``tag``: words no other test
    in this process judged (`contradicts` remembers its answers)."""
    rng = random.Random(37)
    root.mkdir()
    lines = ["# Memory index", ""]

    def write(name: str, body: str) -> None:
        (root / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: {name.replace('_', ' ')}\ntype: project\n"
            f"---\n{body}\n\n**Why:** keeps it predictable ({tag}).\n\n"
            "**How to apply:** check it before changing it.\n", encoding="utf-8")
        lines.append(f"- [{name}]({name}.md) — {name.replace('_', ' ')}")
    for t in TOPICS:
        for i in range(10):
            write(f"{t}_{i:02d}", f"The {t} subsystem note {i}: component {t}-{i} uses "
                  f"setting {t.upper()}_{i}={rng.randint(1, 999)} and was reviewed by the "
                  f"team during sprint {rng.randint(1, 40)}.")
    for side, port in (("a", 8080), ("b", 9090)):
        write(f"staging_port_{side}", f"The staging API of the {tag} service listens on "
              f"port {port} behind the gateway, as the runbook says.")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _findings(root: Path) -> list[tuple[str, str, str]]:
    result = Auditor(open_workspace(str(root)), AuditOptions(stale_days=None)).run()
    return sorted((f.kind, f.path, f.message) for f in result.findings)


def test_a_template_s_pairs_are_answered_before_the_matcher(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    asked: list[int] = []
    matched: list[int] = []
    contradicts = near_duplicate.contradicts
    real = difflib.SequenceMatcher

    def counted_ask(*args: Any) -> str | None:
        asked.append(1)
        return contradicts(*args)

    def counted(*args: Any, **kwargs: Any) -> difflib.SequenceMatcher[str]:
        matched.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(near_duplicate, "contradicts", counted_ask)
    monkeypatch.setattr(difflib, "SequenceMatcher", counted)
    _folder(tmp_path / "screened", "screened folder")
    got = _findings(tmp_path / "screened")
    assert len(asked) > 1000  # the template's pairs are asked (the test proves something)
    assert 0 < len(matched) < len(asked) // 10  # integ: every pair asked is matched
    assert [f[1] for f in got if f[0] == "contradiction"] == [
        "staging_port_a.md", "staging_port_b.md"]
    # the same findings as when every pair is read by the matcher
    monkeypatch.setattr(near_duplicate_conflict, "_unmatched", lambda *_: False)
    _folder(tmp_path / "matched", "screened folder")
    assert _findings(tmp_path / "matched") == got
