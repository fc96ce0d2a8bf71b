"""newuser39 #21 (issue 35): what a reported near-duplicate pair shares, named in its message
(`near_duplicate_named.named` over both sketches' windows), was made again for every reported
pair after any one file changed: at 3,000 memories of one template ~2,900 pairs, ~1 s of CPU
for one body edit in the app. It is a pure function of the two sketches and is now memoised
by them (`PairVerdicts.named_of`): in memory for a kept auditor (the app), in the user cache
for the next one-shot audit (the CLI). After one memory changed only its own pairs are named
again; each report is what an audit with no cache says. Real files, the real audit, the user
cache of the test's own."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks import near_duplicate
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, uncached

COUNT = 40
TEMPLATES = 8
#: The pairs a memory is in at most, as either side (the other memories of its template):
#: those are named again after it changed, and no other.
MINE = 2 * (COUNT // TEMPLATES - 1)
WORDS = ("valve", "clean", "etch", "operator", "recipe", "anneal", "pump", "yield", "spec",
         "lot", "defect", "alarm", "chamber", "limit", "deposit", "shift", "wafer", "sensor")


def _name(i: int) -> str:
    """A memory's name of words, no number (names that differ only in a number are one
    series, paired only when near-verbatim: ndfix39)."""
    return f"{WORDS[i % len(WORDS)]}-{WORDS[i // len(WORDS)]}"


def _templated() -> dict[str, str]:
    """Memories of a few templates (one small vocabulary), each with a few words of its own
    and a number (as an agent writes them: many near-duplicate pairs reported)."""
    rng = random.Random(39)
    files = {"MEMORY.md": "".join(f"- [M{i}](memory/{_name(i)}.md) — memory {i}\n"
                                  for i in range(COUNT))}
    bases = [[rng.choice(WORDS) for _ in range(40)] for _ in range(TEMPLATES)]
    for i in range(COUNT):
        words = list(bases[i % TEMPLATES])
        for _ in range(4):
            words[rng.randrange(40)] = rng.choice(WORDS)
        files[f"memory/{_name(i)}.md"] = (
            f"---\nname: {_name(i)}\ndescription: {' '.join(rng.sample(WORDS, 4))}\n"
            f"metadata:\n  type: project\n---\n{' '.join(words)} value {1000 + 37 * i}.\n\n"
            f"**Why:** r{i}\n**How to apply:** a{i}\n")
    return files


@pytest.fixture
def named(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pairs had what they share named (`near_duplicate.named` called)."""
    calls = [0]
    real = near_duplicate.named

    def counted(*args: object, **kwargs: object) -> tuple[list[str], list[str]]:
        calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(near_duplicate, "named", counted)
    return calls


def _edit(root: Path, rel: str) -> None:
    path = root / rel
    path.write_text(path.read_text(encoding="utf-8") + "one more line\n", encoding="utf-8")
    os.utime(path, (NOW - DAY, NOW - DAY))


def _one_shot(root: Path) -> dict[str, object]:
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=False)).run())


def test_a_one_shot_audit_names_only_the_changed_memorys_pairs(
        tmp_path: Path, cache: Path, named: list[int]) -> None:
    root = make_ws(tmp_path / "ws", _templated(), days_ago=3)
    _one_shot(root)
    cold = named[0]
    assert cold >= COUNT // 2  # look-alikes: many pairs reported and named
    named[0] = 0
    _edit(root, f"memory/{_name(7)}.md")
    report = _one_shot(root)
    # integ: every reported pair named again (the cold count)
    assert named[0] <= MINE < cold
    with uncached():
        assert report == _one_shot(root)


def test_a_kept_auditor_names_only_the_changed_memorys_pairs(
        tmp_path: Path, cache: Path, named: list[int]) -> None:
    root = make_ws(tmp_path / "ws", _templated(), days_ago=3)
    auditor = Auditor(open_workspace(root), AuditOptions(now=NOW), autosave=False)
    auditor.run()
    cold = named[0]
    assert cold >= COUNT // 2
    for rel in (f"memory/{_name(7)}.md", f"memory/{_name(12)}.md"):
        named[0] = 0
        _edit(root, rel)
        report = to_json(auditor.run(changed={rel}))
        assert named[0] <= MINE < cold  # integ: the cold count
        with uncached():
            assert report == _one_shot(root)
