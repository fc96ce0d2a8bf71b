"""What journaling costs the agent's writes: one ``edit_file`` call of the chat agent's
tools, journaled (as now) against the same call written without a journal (as before issue
20: the checked atomic write only), in alternating pairs in one process.

    PYTHONPATH=$PWD nice python bench/agent_journal.py [--memories 300] [--pairs 15]

Two files: MEMORY.md of the synthetic workspace (one line per memory) and a 512 KiB memory
(the journal keeps its before bytes, base64). CPU time (user+sys) of the call, median and
range per side, and the median of the paired ratios. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("MEMTUI_NO_CACHE", "1")

import memtui.agent.tools as tools
from bench.bench_edit import build
from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace, open_workspace
from memtui.edit.changeset import Changeset, Turn
from memtui.edit.safe_write import digest, write_file

JOURNALED = tools.apply_locked


def unjournaled(ws: Workspace, cs: Changeset) -> dict[str, Any]:
    """The write as the tools made it before: checked and atomic, no journal record."""
    for ch in cs.changes:
        write_file(ws.root, ch.path, ch.after, digest(ch.before))
    return {"id": 0}


def cpu_ms(box: ToolBox, path: str, old: str, new: str) -> float:
    t = time.process_time()  # user+sys of this process, at the clock's resolution
    out = box.call("edit_file", {"path": path, "old_string": old, "new_string": new})
    spent = time.process_time() - t
    assert out.ok, out.result
    return spent * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=300)
    ap.add_argument("--pairs", type=int, default=15)
    ns = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        build(root, ns.memories)
        big = "---\nname: big\ndescription: big\n---\nMARK-\n"
        (root / "memory" / "big.md").write_text(big + ("y" * 79 + "\n") * 6500)
        ws = open_workspace(root)
        box = ToolBox(ws)
        box.turn = Turn("bench", 1)
        box.audit()
        print(f"{ns.memories} memories, MEMORY.md {(root / 'MEMORY.md').stat().st_size:,} "
              f"bytes, memory/big.md {(root / 'memory/big.md').stat().st_size:,} bytes; "
              f"{ns.pairs} pairs, CPU ms (user+sys) of one edit_file call")
        for path, mark in (("MEMORY.md", "# Memory"), ("memory/big.md", "MARK-")):
            sides: dict[str, list[float]] = {"journaled": [], "unjournaled": []}
            ratios = []
            n = 0
            for i in range(ns.pairs):
                pair = {}
                order = ("journaled", "unjournaled") if i % 2 else ("unjournaled", "journaled")
                for side in order:
                    tools.apply_locked = JOURNALED if side == "journaled" else unjournaled
                    text = (root / path).read_text()
                    line = next(ln for ln in text.splitlines() if ln.startswith(mark))
                    new = f"{mark}{n}"
                    n += 1
                    pair[side] = cpu_ms(box, path, line, new)
                    sides[side].append(pair[side])
                ratios.append(pair["journaled"] / max(pair["unjournaled"], 1e-3))
            tools.apply_locked = JOURNALED
            for side, xs in sides.items():
                print(f"  {path:<14} {side:<11} median {statistics.median(xs):7.2f} ms "
                      f"({min(xs):.2f}-{max(xs):.2f})")
            print(f"  {path:<14} journaled/unjournaled, median of paired ratios: "
                  f"{statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
