"""Instructions of one cold ``memtui audit WS --json``, counted by valgrind, per commit.

    git worktree add /tmp/base a554972
    python bench/instructions.py --trees /tmp/base . [--sizes 261 2000 10000]
                                 [--work /tmp/memtui-engine-bench]

CPU seconds on this shared machine move by ±10% from run to run; an instruction count
does not (the same binary, input and hash seed give the same count, whatever else the
machine does), so a difference of 2% between two commits shows here when paired CPU
times cannot tell it from noise. Each run is ``MEMTUI_NO_CACHE=1`` (everything read,
scanned and linked), with bytecode as installed and ``PYTHONHASHSEED=0``; workspaces come
from ``bench/generate.py`` as for ``bench/engine.py``. Valgrind slows a run about 50×:
10,000 files take two minutes per commit.
"""

from __future__ import annotations

import argparse
import compileall
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.engine import audit_cmd, env_for  # noqa: E402
from bench.generate import generate  # noqa: E402


def instructions(tree: Path, ws: Path) -> int:
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *audit_cmd(ws)],
        cwd=tree, env=env_for(tree, MEMTUI_NO_CACHE="1", PYTHONHASHSEED="0"),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode not in (0, 1) or found is None:
        raise SystemExit(f"{tree}: failed: {proc.stderr[-1500:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trees", type=Path, nargs="+", required=True)
    parser.add_argument("--sizes", type=int, nargs="+", default=[261, 2000, 10000])
    parser.add_argument("--work", type=Path, default=Path("/tmp/memtui-engine-bench"))
    ns = parser.parse_args()
    for tree in ns.trees:
        compileall.compile_dir(tree / "memtui", quiet=1)
    for n in ns.sizes:
        ws = ns.work / f"ws{n}"
        if not (ws / "MEMORY.md").exists():
            generate(ws, n)
        counts = [instructions(tree.resolve(), ws) for tree in ns.trees]
        first = counts[0]
        print(n, "  ".join(f"{tree}: {c:,} ({c / first - 1:+.1%})"
                           for tree, c in zip(ns.trees, counts, strict=True)), flush=True)


if __name__ == "__main__":
    main()
