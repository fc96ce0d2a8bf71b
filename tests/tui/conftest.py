"""Fixtures for the app tests: a small real workspace on disk, config and cache in tmp."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

INDEX = """# Memory

- [User role](memory/user-role.md) — process engineer; Cpk/Ppk need no explanation
- [Yield source](memory/yield-source.md) — where yield numbers come from
- Cold: [a](memory/a.md) · [b](memory/b.md)
- [Gone](memory/gone.md) — was deleted
"""

FILES = {
    "user-role.md": "---\nname: user-role\ndescription: \"the user's role\"\nmetadata:\n"
                    "  type: user\n---\nThe user is a process engineer. See [[yield-source]] "
                    "and [[Yield_Source]] and [[nobody]].\n",
    "yield-source.md": "---\nname: yield-source\ndescription: where yield numbers come from\n"
                       "metadata:\n  type: reference\n---\nYield comes from the MES export. "
                       "Also [[helper]].\n",
    "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\nA body.\n",
    "b.md": "---\nname: b\ndescription: b\nmetadata:\n  type: project\n---\nB body.\n",
    "helper.md": "---\nname: helper\ndescription: helper\nmetadata:\n  type: project\n---\n"
                 "Helper, an orphan reachable by a wikilink.\n",
    "lonely.md": "---\nname: lonely\ndescription: lonely\nmetadata:\n  type: feedback\n---\n"
                 "An unreachable orphan.\n",
}


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    for name, text in FILES.items():
        (root / "memory" / name).write_text(text, encoding="utf-8")
    return root


async def wait_for(pilot: Pilot[object], condition: Callable[[], object],
                   timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {condition}")
        await pilot.pause(0.05)


def journaled(root: Path) -> Path:
    """``root`` with one operation journaled (a new, indexed memory written through the
    journal), so that ``u`` has something to undo and the footer offers it."""
    from memtui.edit import memory_ops
    from tests.edit.conftest import do

    do(root, memory_ops.new, "journaled-note", "user", "a note memtui wrote", True)
    return root
