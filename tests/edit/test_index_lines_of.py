"""``index_lines_of`` (one pass over the index for many memories; newuser22 #44) finds the
lines ``index_line_of`` finds for each memory, markdown links and wikilinks alike."""

from __future__ import annotations

from pathlib import Path

from memtui.core.workspace import open_workspace
from memtui.edit import index_ops
from memtui.edit.snapshot import Snapshot
from tests.core.helpers import memory


def test_one_pass_finds_what_each_lookup_finds(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    for name in ("alpha", "beta", "gamma", "delta", "lone"):
        (ws / "memory" / f"{name}.md").write_text(memory(name), encoding="utf-8")
    (ws / "MEMORY.md").write_text(
        "# Memory\n- [Alpha](memory/alpha.md) — a\n- [[beta]] and [Gamma](memory/gamma.md)\n"
        "- [[Alpha]] again, [[delta|the fourth]]\n- [Beta](memory/beta.md) — b, [[beta]]\n",
        encoding="utf-8")
    snap = Snapshot.read(open_workspace(ws))
    rels = sorted(snap.memories)
    each = {rel: index_ops.index_line_of(snap, rel) for rel in rels}
    assert each["memory/alpha.md"] == [2, 4] and each["memory/beta.md"] == [3, 5]
    assert each["memory/lone.md"] == []
    once = index_ops.index_lines_of(snap, rels)
    assert {rel: once.get(rel, []) for rel in rels} == each
    assert index_ops.index_lines_of(snap, ["memory/delta.md"]) == {"memory/delta.md": [4]}
