"""A fleet row of a workspace unchanged since the last run is taken from its derived result,
as a warm single ``memtui audit`` is (newuser38 #10: a warm ``--discover`` of five 100-memory
Claude Code folders cost 6.2 s of CPU against 1.1 s for the five single audits, every pair
judged again: a row kept every memory's text, which a derived result never holds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import Auditor
from memtui.core.fleet import audit_one, save_worker_caches
from tests.core.helpers import make_ws, memory


def _folder(root: Path) -> Path:
    files = {f"m{i}.md": memory(f"m{i}", f"Fact {i}: the queue {i} drains at {i}:30.\n")
             for i in range(12)}
    files["MEMORY.md"] = "".join(f"- [m{i}](m{i}.md) — fact {i}\n" for i in range(12))
    return make_ws(root, files)


def test_an_unchanged_row_is_not_derived_again(tmp_path: Path, cache: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """On integ: derived on every run (2 of 2)."""
    ws = _folder(tmp_path / "ws")
    derived: list[int] = []
    real = Auditor._derive

    def counting(self: Auditor, scans: object) -> object:
        derived.append(1)
        return real(self, scans)  # type: ignore[arg-type]

    monkeypatch.setattr(Auditor, "_derive", counting)
    first = audit_one(str(ws), {}, "error")
    save_worker_caches()
    again = audit_one(str(ws), {}, "error")
    assert len(derived) == 1
    assert again == first
