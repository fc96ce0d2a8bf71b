"""A monorepo's CI run, paired against a base tree (issue 41, newuser41 #10): N demo copies
under one root, ``memtui audit ROOT --discover`` with ``--json`` (base and this tree),
``--format sarif`` and ``--baseline FILE`` (this tree), each run alternately, warm, in one
process (``--jobs 1``); prints the median user+sys of each and its stdout's size.

    python bench/discover_ci.py BASE_TREE [--workspaces 6] [--runs 5] [--dir DIR]

BASE_TREE: a checkout of the base whose ``memtui`` is importable from it (the native module
built there). Scratch folders (the root, caches, the baseline) go under ``--dir`` (default:
a new temporary folder).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = str(HERE.parent)


def run(tree: str, root: Path, args: list[str], cache: Path, config: Path
        ) -> tuple[float, int, int]:
    """(user+sys of the run, its exit status, its stdout's bytes)."""
    env = {**os.environ, "PYTHONPATH": tree, "MEMTUI_CACHE_DIR": str(cache),
           "MEMTUI_CONFIG_DIR": str(config)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(root), "--discover",
                           "--jobs", "1", *args], env=env, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, proc.returncode, len(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--workspaces", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default=None)
    ns = parser.parse_args()
    work = Path(ns.dir or tempfile.mkdtemp(prefix="memtui-discover-ci-"))
    root = work / "mono"
    sys.path.insert(0, TREE)
    from memtui.demo import demo_copy

    if not root.exists():
        (root / "agents").mkdir(parents=True)
        for i in range(ns.workspaces):
            demo_copy(work / f"copy{i}").rename(root / "agents" / f"w{i}")
    baseline, config = work / "baseline.json", work / "config"
    run(TREE, root, ["--write-baseline", str(baseline)], work / "cache-tree", config)
    cases = [("base --json", ns.base, ["--json"], work / "cache-base"),
             ("tree --json", TREE, ["--json"], work / "cache-tree"),
             ("tree --format sarif", TREE, ["--format", "sarif"], work / "cache-tree"),
             ("tree --baseline FILE", TREE, ["--json", "--baseline", str(baseline)],
              work / "cache-tree")]
    for _name, tree, args, cache in cases:  # warm each cache
        run(tree, root, args, cache, config)
    found: dict[str, list[tuple[float, int, int]]] = {name: [] for name, *_ in cases}
    for _ in range(ns.runs):
        for name, tree, args, cache in cases:
            found[name].append(run(tree, root, args, cache, config))
    with open("/proc/loadavg", encoding="ascii") as f:
        print(f"load {f.read().split()[0]}")
    for name, rows in found.items():
        times = sorted(r[0] for r in rows)
        print(f"{name:22s} user+sys median {times[len(times) // 2]:.2f} s (min {times[0]:.2f},"
              f" max {times[-1]:.2f}); exit {rows[0][1]}; stdout {rows[0][2]:,} B")


if __name__ == "__main__":
    main()
