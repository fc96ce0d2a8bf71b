"""An operation that asks where entries go takes the index its snapshot parsed, not a
second parse of the same text (issue 35, newuser28 #34: ~0.3 s at 10,000 entries); a
changed or differently written text is parsed anew, with the same answer as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.scanner import index as index_module
from memtui.core.workspace import INDEX_NAME, open_workspace
from memtui.edit import index_ops
from memtui.edit.changeset import Plan
from memtui.edit.snapshot import Snapshot
from tests.core.helpers import memory

INDEX = ("# Memory\n\n" + "".join(f"- [N{i}](memory/n{i}.md) — about n{i}\n" for i in range(8))
         + "\n## Packed\n\n- [A](memory/n8.md), [B](memory/n9.md)\n")


def workspace(root: Path, index: str = INDEX) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in range(14):
        (root / "memory" / f"n{i}.md").write_text(memory(f"n{i}", "Body.\n"),
                                                   encoding="utf-8")
    (root / INDEX_NAME).write_bytes(index.encode("utf-8"))
    return root


def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = index_module.parse_index

    def counting(text: str) -> index_module.Index:
        seen.append(text)
        return real(text)

    monkeypatch.setattr(index_ops, "parse_index", counting)
    return seen


def test_add_to_index_parses_the_index_once(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    snap = Snapshot.read(open_workspace(workspace(tmp_path / "ws")))
    seen = parses(monkeypatch)
    cs = index_ops.add_to_index(snap, [], all_unreachable=True)
    assert seen == []
    after = next(c.after for c in cs.changes if c.path == INDEX_NAME)
    assert after is not None
    lines = after.decode().splitlines()
    # after the last hot entry (line 10), before the packed section
    assert lines[10].startswith("- [N10](memory/n10.md)")


@pytest.mark.parametrize("index", [INDEX, INDEX.replace("\n", "\r\n"), "\ufeff" + INDEX,
                                   INDEX.rstrip("\n")])
def test_the_place_is_the_one_a_fresh_parse_gives(tmp_path: Path, index: str) -> None:
    snap = Snapshot.read(open_workspace(workspace(tmp_path / "ws", index)))
    raw = Plan(snap).raw(INDEX_NAME)
    assert index_ops.insertion_point(raw, None, snap) == index_ops.insertion_point(raw, None)
    texts = raw.texts()
    assert index_ops.last_hot_entry(texts, snap) == index_ops.last_hot_entry(texts) == 10
    raw.insert(3, ["- [X](memory/n12.md) — x"])  # an edited plan: parsed anew
    texts = raw.texts()
    assert index_ops.last_hot_entry(texts, snap) == index_ops.last_hot_entry(texts) == 11
