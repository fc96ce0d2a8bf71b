"""Shared helpers: small workspaces on disk, tree hashes, the CLI as a subprocess."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

USER_ROLE = """---
name: user-role
description: The user is a process engineer
metadata:
  type: user
---
The user is a process engineer. See [[Yield_Source]] and [source](yield-source.md).
"""
YIELD_SOURCE = """---
name: yield-source
description: "Where yield numbers come from"
metadata:
  type: project
---
Yield numbers come from the MES export.

**Why:** the user said so.
**How to apply:** ask for the export. Back to [[user-role|the user]].
"""
LINE_A = """---
name: line-a
description: Line A runs two shifts
metadata:
  type: project
---
Two shifts.
"""
LINE_B = """---
name: line-b
description: Line B is being retooled
metadata:
  type: project
---
Retooling. Compare [[line-a]].
"""
LONELY = """---
name: lonely_note
description: A note nothing links to
metadata:
  type: reference
---
Nobody links here.
"""
CREDS = """---
name: creds
description: Database access
metadata:
  type: reference
---
The db password = "Tr0ub4dor&3xyz" for staging.
Nothing secret on this line.
"""
INDEX = """# Memory

## People
- [User role](memory/user-role.md) — process engineer, Cpk needs no explanation

## Projects
- [Yield source](memory/yield-source.md) — where yield numbers come from
- [Gone](memory/gone.md) — broken link
- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md)
"""
COLD_LINE = "- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md)\n"


def with_hot(*lines: str) -> str:
    """INDEX with ``lines`` added where new entries go: after the last hot entry."""
    return INDEX.replace(COLD_LINE, "".join(lines) + COLD_LINE)


BASE = {
    "MEMORY.md": INDEX,
    "memory/user-role.md": USER_ROLE,
    "memory/yield-source.md": YIELD_SOURCE,
    "memory/line-a.md": LINE_A,
    "memory/line-b.md": LINE_B,
    "memory/lonely_note.md": LONELY,
    "memory/creds.md": CREDS,
}


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """The standard small item workspace."""
    return write_tree(tmp_path / "ws", BASE)


def tree(root: Path, include_state: bool = False) -> dict[str, str]:
    """path → sha256 of every file under ``root`` (memtui's state folder left out)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        if not include_state:
            dirnames[:] = [d for d in dirnames if d != ".memtui"]
        for name in filenames:
            p = Path(dirpath) / name
            out[p.relative_to(root).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def read(root: Path, rel: str) -> str:
    return (root / rel).read_bytes().decode("utf-8")


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=120)


def do(root: Path, op: object, *args: object, **kwargs: object) -> object:
    """Plan ``op`` on a fresh snapshot of ``root`` and apply it; returns the changeset."""
    from memtui.core.workspace import open_workspace
    from memtui.edit.apply import apply
    from memtui.edit.snapshot import Snapshot

    w = open_workspace(root)
    cs = op(Snapshot.read(w), *args, **kwargs)  # type: ignore[operator]
    apply(w, cs)
    return cs


def snapshot(root: Path) -> object:
    from memtui.core.workspace import open_workspace
    from memtui.edit.snapshot import Snapshot

    return Snapshot.read(open_workspace(root))


def agent_rewrites_index(ws: Path, line: str = "") -> None:
    """The agent rewrites MEMORY.md: every line re-saved (a trailing space each), ``line``
    appended. No hunk of memtui's still applies, so an undo of an operation that wrote it
    leaves it as it is (an edit of other lines alone is merged: newuser39 #3)."""
    index = ws / "MEMORY.md"
    text = index.read_text(encoding="utf-8")
    index.write_text("".join(ln.rstrip("\n") + " \n" for ln in text.splitlines(True)) + line,
                     encoding="utf-8")
