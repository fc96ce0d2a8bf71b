"""A warm ``memtui ARGS`` of two or more source trees, paired: CPU user + sys per run.

    python bench/warm_pair.py --tree /tmp/base --tree . --rounds 5 -- audit WS --json

Each tree gets a cache folder of its own (``MEMTUI_CACHE_DIR``), filled by one run first;
then each round runs every tree once, in a rotating order. Prints each run's CPU seconds
(the child's user + sys, from ``os.wait4``), the medians, and the 1-minute load average
before and after (newuser35 #13: the warm audit after ``fix archive``). The children run
from their tree's folder, so ``python -m memtui`` imports that tree's memtui.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(tree: Path, cache: str, args: list[str]) -> float:
    """The CPU seconds (user + sys) of one ``python -m memtui ARGS`` in ``tree``."""
    env = dict(os.environ, MEMTUI_CACHE_DIR=cache, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.Popen([sys.executable, "-m", "memtui", *args], cwd=tree, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, _status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, action="append", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    args = ns.args[1:] if ns.args[:1] == ["--"] else ns.args
    trees = [t.resolve() for t in ns.tree]
    caches = [tempfile.mkdtemp(prefix="warm-pair-") for _ in trees]
    for tree, cache in zip(trees, caches, strict=True):
        run(tree, cache, args)  # fills its caches
    print(f"load before {os.getloadavg()[0]:.2f} at {time.strftime('%H:%M:%S')}", flush=True)
    got: list[list[float]] = [[] for _ in trees]
    for r in range(ns.rounds):
        order = list(range(len(trees)))
        order = order[r % len(order):] + order[:r % len(order)]
        for i in order:
            got[i].append(run(trees[i], caches[i], args))
    print(f"load after {os.getloadavg()[0]:.2f} at {time.strftime('%H:%M:%S')}")
    for tree, values in zip(trees, got, strict=True):
        print(tree, [round(v, 2) for v in values], "median", round(statistics.median(values), 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
