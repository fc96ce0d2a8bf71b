"""A re-audit of a copied folder (every memory one modification time: their ages unknown)
listed the files of its ``unknown_age`` finding in name order with a natural-order key made
for each name, every time (issue 35: ~6,000 keys, ~20 ms of every re-audit of a copied
folder of 10,000 memories in the app). The paths are in that order already: their places
give it, and the finding is kept while the same files share the copy's moment. Each report
is what an audit with no cache says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.derivation import gathered
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, uncached

COUNT = 30


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many natural-order keys the copy's finding made (`gathered.name_key`)."""
    calls = [0]
    real = gathered.name_key

    def counted(name: str) -> str:
        calls[0] += 1
        return real(name)
    monkeypatch.setattr(gathered, "name_key", counted)
    return calls


def _copied(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "".join(f"- [n{i}](memory/note-{i}.md) — note {i}\n" for i in range(COUNT)),
        encoding="utf-8")
    for i in range(COUNT):
        (root / f"memory/note-{i}.md").write_text(
            f"---\nname: note-{i}\ndescription: note {i}\nmetadata:\n  type: project\n---\n"
            f"Body of note {i}: the valve {i} was cleaned.\n", encoding="utf-8")
    for path in [root / "MEMORY.md", *(root / "memory").iterdir()]:
        os.utime(path, (NOW - 3 * DAY, NOW - 3 * DAY))  # one moment: a copy
    return root


def test_a_copied_folder_re_audit_makes_no_name_key(
        tmp_path: Path, cache: Path, keys: list[int]) -> None:
    root = _copied(tmp_path / "ws")
    auditor = Auditor(open_workspace(root), AuditOptions(now=NOW), autosave=False)
    first = auditor.run()
    said = [f for f in first.findings if f.kind == "unknown_age"]
    assert said and len(said[0].files) == COUNT
    assert list(said[0].files)[:3] == ["memory/note-0.md", "memory/note-1.md",
                                      "memory/note-2.md"]  # natural order (10 after 9)
    keys[0] = 0
    for n, i in enumerate((7, 12)):
        rel = f"memory/note-{i}.md"
        path = root / rel
        path.write_text(path.read_text(encoding="utf-8") + "One more line.\n",
                        encoding="utf-8")
        os.utime(path, (NOW - DAY, NOW - DAY))
        result = auditor.run(changed={rel})
        said = [f for f in result.findings if f.kind == "unknown_age"]
        assert len(said[0].files) == COUNT - 1 - n
        report = to_json(result)
        with uncached():
            assert report == to_json(Auditor(open_workspace(root), AuditOptions(
                now=NOW, keep_texts=False)).run())
        assert keys[0] == 0  # integ: a key for each file of the finding, each re-audit
        keys[0] = 0
