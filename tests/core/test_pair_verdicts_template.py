"""newuser37 #31: up to ``ALL_PAIRS`` memories the pairing leaves the workspace's template out
of each pair that agrees as written, and no verdict was kept for such a pairing: after one
index line or one memory changed, the audit judged every pair of a templated folder again
(25,217 pairs of 242 memories: as slow as a cold audit). A verdict is now kept there too,
keyed by each sketch's digest with the template shingles among its bottom hashes, so the
audit after an index line changed judges no pair again and the one after a memory changed
judges that memory's pairs; each says what an audit with no cache says. Real files, the
real audit, the user cache of the test's own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks import near_duplicate
from memtui.core.checks.near_duplicate import ALL_PAIRS, Verdicts, pairs, sketch
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, uncached

COUNT = 60  # up to ALL_PAIRS: the template read
TOPICS = ("build", "deploy", "cache", "queue", "auth", "export")


def _templated() -> dict[str, str]:
    """Memories of one template with a provenance line every one ends with (the template
    shingles) and two values of their own each, as a long-lived agent writes them."""
    files = {"MEMORY.md": "".join(f"- [M{i}](memory/m{i}.md) — memory {i}\n"
                                  for i in range(COUNT))}
    for i in range(COUNT):
        t = TOPICS[i % len(TOPICS)]
        files[f"memory/m{i}.md"] = (
            f"---\nname: m{i}\ndescription: {t} note\ntype: project\n---\n"
            f"The {t} subsystem: component {t} uses setting {t.upper()} = {100 + 7 * i} "
            f"and was reviewed by the team during sprint {1 + i}.\n\n"
            "Source: noted by the agent during the evening admin session, checked twice.\n")
    return files


def _audit(root: Path) -> dict[str, object]:
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=False)).run())


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pairs the pairing judged whole (`near_duplicate.agree` called)."""
    calls = [0]
    agree = near_duplicate.agree

    def counted(*args: object, **kwargs: object) -> bool:
        calls[0] += 1
        return agree(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(near_duplicate, "agree", counted)
    return calls


def _judged_by(judged: list[int], root: Path) -> tuple[int, dict[str, object]]:
    judged[0] = 0
    report = _audit(root)
    return judged[0], report


def test_an_index_line_or_a_memory_changed_judges_only_what_changed(
        tmp_path: Path, cache: Path, judged: list[int]) -> None:
    root = make_ws(tmp_path / "ws", _templated(), days_ago=3)
    cold, _ = _judged_by(judged, root)
    assert cold > COUNT  # look-alikes: many pairs judged whole
    index = root / "MEMORY.md"
    index.write_text(index.read_text(encoding="utf-8") + "- [Again](memory/m1.md) — again\n",
                     encoding="utf-8")
    os.utime(index, (NOW - DAY, NOW - DAY))
    again, report = _judged_by(judged, root)
    assert again == 0  # integ: every pair judged again (the cold count)
    with uncached():
        assert report == _audit(root)
    path = root / "memory/m7.md"
    path.write_text(path.read_text(encoding="utf-8") + "One more line.\n", encoding="utf-8")
    os.utime(path, (NOW - DAY, NOW - DAY))
    edited, report = _judged_by(judged, root)
    assert 0 < edited < cold // 5  # m7's own pairs
    with uncached():
        assert report == _audit(root)


def test_a_verdict_kept_under_one_template_is_not_read_under_another(
        judged: list[int]) -> None:
    texts = _templated()
    sketches = {rel: sketch(text) for rel, text in texts.items() if rel != "MEMORY.md"}
    assert len(sketches) <= ALL_PAIRS
    kept = Verdicts()
    plain = pairs(sketches)
    assert pairs(sketches, verdicts=kept) == plain and kept.known
    judged[0] = 0
    assert pairs(sketches, verdicts=Verdicts(dict(kept.known))) == plain
    assert judged[0] == 0
    # half the memories lose the provenance line: the template changes, and so do the
    # digests of the sketches that held its shingles
    fewer = {rel: sketch(text.replace("Source: noted by the agent", "Noted")
                         if int(rel[8:-3]) % 2 else text) for rel, text in texts.items()
             if rel != "MEMORY.md"}
    assert pairs(fewer, verdicts=Verdicts(dict(kept.known))) == pairs(fewer)
