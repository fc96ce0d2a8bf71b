"""Time the curation engine on a synthetic workspace: read, plan, apply, undo.

    python bench/bench_edit.py [--memories 300] [--repeat 5]

Prints the median wall time of each step (ms). Nothing is asserted: this is a measurement.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("MEMTUI_NO_CACHE", "1")

from memtui.core.workspace import open_workspace
from memtui.edit import index_ops, memory_ops
from memtui.edit.apply import apply
from memtui.edit.journal import undo
from memtui.edit.safe_write import atomic_write
from memtui.edit.snapshot import Snapshot


def build(root: Path, n: int) -> None:
    """``n`` memories, all indexed and linked to their neighbours, plus ``n // 10`` loose ones
    (neither indexed nor linked)."""
    (root / "memory").mkdir(parents=True)
    index = ["# Memory", ""]
    for i in range(n):
        name = f"note-{i:04d}"
        links = " ".join(f"[[note-{(i + k) % n:04d}]]" for k in (1, 2, 3))
        body = (f"---\nname: {name}\ndescription: \"Fact number {i}, one line\"\n"
                f"metadata:\n  type: project\n---\nA fact. See {links} and "
                f"[next](note-{(i + 1) % n:04d}.md).\n\n**Why:** because.\n"
                "**How to apply:** carefully.\n")
        (root / "memory" / f"{name}.md").write_text(body)
        index.append(f"- [Note {i}](memory/{name}.md) — fact number {i}")
    for i in range(n // 10):
        (root / "memory" / f"loose-{i:04d}.md").write_text(
            f"---\nname: loose-{i:04d}\ndescription: loose {i}\n---\nNobody links here.\n")
    (root / "MEMORY.md").write_text("\n".join(index) + "\n")


def timed(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    ns = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        build(root, ns.memories)
        ws = open_workspace(root)
        rows: list[tuple[str, float]] = []
        rows.append(("snapshot read", timed(lambda: Snapshot.read(ws), ns.repeat)))

        def rename_cycle() -> None:
            apply(ws, memory_ops.rename(Snapshot.read(ws), "note-0005", "renamed"))
            undo(ws)

        rows.append(("plan rename (read included)", timed(
            lambda: memory_ops.rename(Snapshot.read(ws), "note-0005", "renamed"), ns.repeat)))
        rows.append(("rename: read + plan + apply + undo", timed(rename_cycle, ns.repeat)))

        def add_cycle() -> None:
            apply(ws, index_ops.add_to_index(Snapshot.read(ws), [], all_unreachable=True))
            undo(ws)

        rows.append(("add-to-index --all-unreachable + undo", timed(add_cycle, ns.repeat)))
        rows.append(("dry-run diff of a rename", timed(
            lambda: memory_ops.rename(Snapshot.read(ws), "note-0005", "x").diff(), ns.repeat)))
        big = Path(tmp) / "big.md"
        for size in (1 << 20, 50 << 20):
            data = b"x" * size
            rows.append((f"atomic_write {size >> 20} MB (fsync)", timed(
                lambda d=data: atomic_write(big, d), ns.repeat)))
    print(f"{ns.memories} memories, median of {ns.repeat}")
    for label, ms in rows:
        print(f"  {label:<42} {ms:9.1f} ms")


if __name__ == "__main__":
    main()
