"""`Settled` walks a folder's chain once, not once for each of its files (issue 35).

A scan is kept by its listing's key only when no folder on its path changed while it was
read (redteam35); the audit asks for every file twice. Each folder's ``stat`` was taken
once already, but the walk up to the workspace was made again for every ask: ~0.1 s of
CPU at 10,000 memories. The answer for a file is its folder's, remembered; a folder
changed since the walk began still answers no for every file under it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from memtui.core.caches.scans import Settled

N = 300


def test_a_folders_chain_is_walked_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    root = tmp_path / "ws"
    deep = root / "memory" / "notes"
    deep.mkdir(parents=True)
    files = [str(deep / f"m{i}.md") for i in range(N)]
    for f in files:
        Path(f).write_text("x\n", encoding="utf-8")
    settled = Settled(time.time_ns() + 10**10, str(root))
    real = os.path.dirname
    ups: list[str] = []

    def dirname(p: str) -> str:
        ups.append(p)
        return real(p)

    monkeypatch.setattr(os.path, "dirname", dirname)
    assert all(settled.path(f) for f in files * 2)
    monkeypatch.undo()
    assert len(ups) <= 2 * N + 5, len(ups)  # one a file (its folder), the chain once

    # a folder changed after the walk began: every file under it answers no, twice
    later = Settled(0, str(root))
    assert not any(later.path(f) for f in files * 2)
    assert later.path(str(tmp_path / "elsewhere.md")) is False
