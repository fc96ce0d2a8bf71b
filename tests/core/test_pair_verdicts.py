"""newuser29 #47: the near-duplicate pairing's verdicts kept between runs, so that an audit
after one file changed (or was only touched) in a workspace of look-alike memories judges
that file's pairs alone, and says exactly what an audit with no cache says."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

import pytest

from memtui.core import audit as audit_module
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.caches.checks_version import version
from memtui.core.caches.pair_verdicts import PairVerdicts
from memtui.core.checks import near_duplicate
from memtui.core.checks.near_duplicate import ALL_PAIRS, Verdicts, pairs, sketch
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, uncached

COUNT = ALL_PAIRS + 40  # past ALL_PAIRS: no template, the verdicts kept


def _templated(n: int = COUNT) -> dict[str, str]:
    """Memories made from one template (the lead's 3,000 of newuser29 #47, fewer)."""
    files = {"MEMORY.md": "".join(f"- [M{i}](memory/m{i}.md) — memory {i}\n"
                                  for i in range(1, 21))}
    for i in range(1, n + 1):
        files[f"memory/m{i}.md"] = (
            f"---\nname: m{i}\ndescription: memory number {i} about topic {i}\n"
            f"type: project\n---\nFact {i}: the build on runner {i} takes {i} minutes.\n\n"
            "**Why:** measured.\n**How to apply:** plan for it.\n")
    return files


def _audit(root: Path) -> dict[str, object]:
    """A report's audit (no texts kept) of ``root``, as JSON data."""
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=False)).run())


def _fresh(root: Path) -> dict[str, object]:
    """The audit of ``root`` with no cache at all."""
    with uncached():
        return _audit(root)


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


def _set_time(path: Path, days: float) -> None:
    os.utime(path, (NOW - days * DAY, NOW - days * DAY))


def test_a_touch_or_an_edit_judges_only_the_changed_file_s_pairs(
        tmp_path: Path, cache: Path, judged: list[int]) -> None:
    root = make_ws(tmp_path / "ws", _templated(), days_ago=3)
    cold, first = _judged_by(judged, root)
    assert cold > COUNT  # look-alikes: many pairs judged whole
    assert first["findings"]
    _set_time(root / "memory/m5.md", 2)  # touched: the same text, another time
    touched, report = _judged_by(judged, root)
    assert touched == 0  # main: every pair judged again (the cold count)
    assert [p.name for p in cache.glob("pair-verdicts-*")] == [
        f"pair-verdicts-{version()}-v1.marshal"]  # named by the checks' version
    assert report == _fresh(root)
    path = root / "memory/m7.md"
    path.write_text(path.read_text(encoding="utf-8") + "One more line.\n", encoding="utf-8")
    _set_time(path, 1)
    appended, report = _judged_by(judged, root)
    assert 0 < appended < cold // 10  # m7's own pairs
    assert report == _fresh(root)


def test_a_re_audit_after_each_kind_of_change_says_what_a_cold_one_says(
        tmp_path: Path, cache: Path, judged: list[int]) -> None:
    root = make_ws(tmp_path / "ws", _templated(), days_ago=3)
    _audit(root)
    memory = root / "memory"

    def append() -> None:
        path = memory / "m9.md"
        path.write_text(path.read_text(encoding="utf-8") + "It was 9 minutes in May.\n",
                        encoding="utf-8")
        _set_time(path, 1)

    def add() -> None:
        (memory / "new.md").write_text(
            "---\nname: new\ndescription: memory number 12 about topic 12\ntype: project\n"
            "---\nFact 12: the build on runner 12 takes 13 minutes.\n\n**Why:** measured.\n"
            "**How to apply:** plan for it.\n", encoding="utf-8")
        _set_time(memory / "new.md", 1)

    changes = {
        "touch": lambda: _set_time(memory / "m5.md", 2),
        "append": append,
        "rename": lambda: (memory / "m11.md").rename(memory / "m11-renamed.md"),
        "delete": lambda: (memory / "m13.md").unlink(),
        "add": add,
    }
    for name, change in changes.items():
        change()
        again, report = _judged_by(judged, root)
        assert report == _fresh(root), name
        assert again < COUNT, name  # the changed file's pairs, not every pair


def test_verdicts_kept_give_what_judging_gives(tmp_path: Path, judged: list[int]) -> None:
    texts = _templated()
    sketches = {rel: sketch(text) for rel, text in texts.items() if rel != "MEMORY.md"}
    plain = pairs(sketches)
    cold = judged[0]
    kept = Verdicts()
    assert pairs(sketches, verdicts=kept) == plain
    assert len(kept.known) == cold == kept.added
    judged[0] = 0
    again = Verdicts(dict(kept.known))
    got = pairs(sketches, verdicts=again)
    assert got == plain and judged[0] == 0
    assert [type(sim) for found in got.values() for sim, _ in found] == \
        [type(sim) for found in plain.values() for sim, _ in found]
    # stored and read back whole; a file of another length is not read
    path = tmp_path / "verdicts.marshal"
    store = PairVerdicts(path)
    store.known.update(kept.known)
    store.added = 1
    store.save()
    assert dict(PairVerdicts(path).known) == dict(kept.known)
    path.write_bytes(marshal.dumps(marshal.loads(path.read_bytes()) + b"x"))
    assert not PairVerdicts(path).known


def test_a_wrong_verdict_kept_is_used_only_for_its_two_sketches(judged: list[int]) -> None:
    """The key is both sketches' digests: a verdict of other texts is never read for these."""
    texts = _templated(ALL_PAIRS + 5)
    sketches = {rel: sketch(text) for rel, text in texts.items() if rel != "MEMORY.md"}
    kept = Verdicts()
    plain = pairs(sketches, verdicts=kept)
    changed = dict(sketches)
    changed["memory/m3.md"] = sketch(texts["memory/m3.md"].replace("runner 3", "runner 300"))
    assert pairs(changed, verdicts=kept) == pairs(changed)
    assert plain == pairs(sketches)


def test_the_second_audit_of_files_just_written_scans_none(
        tmp_path: Path, cache: Path, real_tick: None, monkeypatch: pytest.MonkeyPatch,
        judged: list[int]) -> None:
    """newuser29 #12: on 20,000 memories copied a moment before (their ctime: now), the
    second audit was as slow as the first. Every file was read within a clock's tick of its
    last change, so its key could not vouch for it; since the first half of #47 the second
    audit checks those files by their content and scans none, derives nothing, pairs
    nothing (counted, not timed)."""
    scanned = [0]
    scan_file = audit_module.scan_file

    def counted(*args: object, **kwargs: object) -> object:
        scanned[0] += 1
        return scan_file(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(audit_module, "scan_file", counted)
    root = make_ws(tmp_path / "ws", _templated(), days_ago=3)  # ctime: now (all ambiguous)
    first = _audit(root)
    assert scanned[0] == COUNT
    scanned[0] = judged[0] = 0
    assert _audit(root) == first
    assert scanned[0] == 0 and judged[0] == 0
