"""What a warm audit of 50,000 memories does per file, cut to what it must: the inline
ignores are read again only from files that hold one (a memory whose scan saw no ignore
comment is not read a second time: it read 15,000), and a path's names are looked at part
by part only when the whole path is not plainly portable."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import memtui.core.reporting.suppress as suppress
from memtui.core.config import Config
from tests.core.helpers import make_ws, memory, run_audit


def test_only_files_with_an_ignore_comment_are_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n",
        "memory/a.md": memory("a", "Fixed tomorrow.\n"),  # a relative_date finding
        "memory/b.md": memory("b", "Fixed tomorrow. <!-- memtui: ignore relative_date -->\n"),
        "memory/c.md": memory("c", "Not linked from the index.\n"),  # an orphan
    })
    result = run_audit(ws)
    read: list[str] = []
    real = suppress.read_file

    def counting(root: Path, rel: str, limit: int) -> bytes:
        read.append(rel)
        return real(root, rel, limit)

    monkeypatch.setattr(suppress, "read_file", counting)
    suppress.apply_to(result, Config())
    kinds = {(f.path, f.kind) for f in result.findings}
    assert ("memory/a.md", "relative_date") in kinds
    assert ("memory/b.md", "relative_date") not in kinds
    assert [(s.finding.path, s.cause) for s in result.suppressed] == [("memory/b.md", "inline")]
    assert "memory/b.md" in read and "memory/a.md" not in read and "memory/c.md" not in read


@pytest.mark.parametrize("rel", [
    "memory/a.md", ".hidden/a.md", "memory/.a.md", "memory/a.md.", "memory/a /b.md",
    "memory./a.md", "memory/a .md", "memory/a:b.md", "memory/con.md", "CON/a.md",
    "memory/com1", "memory/lpt¹.txt", "memory/console.md", "memory/nul.x/y.md", "a\x01b.md",
    "memory/aux", "memory/conin$.md", "memory/a?.md", "memory/prn./x.md", "",
])
def test_a_path_is_portable_at_a_glance_exactly_when_every_part_is(rel: str) -> None:
    from memtui.core import agent_paths

    every = all(agent_paths.unportable(part) is None for part in rel.split("/"))
    assert agent_paths._portable_path(rel) is every


def test_portable_at_a_glance_on_random_paths() -> None:
    from memtui.core import agent_paths

    rng = random.Random(5)
    pieces = ["a", "con", "CoM1", "lpt²", "nul", ".", " ", "/", ":", "md", "x", "$", "conin$"]
    for _ in range(20_000):
        rel = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        every = all(agent_paths.unportable(part) is None for part in rel.split("/"))
        assert agent_paths._portable_path(rel) is every, rel
