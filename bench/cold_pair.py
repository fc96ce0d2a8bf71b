"""Cold ``memtui audit WS --json`` of one or more source trees beside the floor, paired.

    cd /tmp && python /path/to/checkout/bench/cold_pair.py WS [--rounds 3] [--tree DIR ...]

Each round runs every tree once and the floor once, in a rotating order
(`bench.goals.paired`), each run exactly as `bench/goals.py`'s scale row runs it
(`goals.memtui_run`: an empty cache folder, the caches written; `goals.floor_run`): CPU
user + sys of the child and its own peak RSS. Prints each run, the medians, each tree's
median per-round ratio to the floor and the later trees' to the first, and the 1-minute
load average before and after. ``--tree`` defaults to this checkout; a base is made with
``git archive REV memtui bench | tar -x -C DIR``. Run it from outside a checkout (the
children run from their tree's folder; see goals.memtui_run).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import goals  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workspace", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tree", type=Path, action="append", default=None)
    ns = parser.parse_args(argv)
    trees = [t.resolve() for t in (ns.tree or [ROOT])]
    for tree in trees:
        compileall.compile_dir(tree / "memtui", quiet=2)
    ws = ns.workspace.resolve()
    runs: dict[str, goals.Run] = {
        f"t{i}": (lambda tree=tree: goals.memtui_run(ws, tree=tree))
        for i, tree in enumerate(trees)}
    runs["floor"] = lambda: goals.floor_run(ws)
    print(f"load before {os.getloadavg()[0]:.2f} at {time.strftime('%H:%M:%S')}", flush=True)
    got = goals.paired(runs, ns.rounds)
    print(f"load after {os.getloadavg()[0]:.2f} at {time.strftime('%H:%M:%S')}")
    for i, tree in enumerate(trees):
        print(f"t{i} = {tree}")
    for name, values in got.items():
        print(name, [v[0] for v in values], "median", statistics.median(v[0] for v in values),
              "peak MB", max(v[1] or 0 for v in values))
    for name in got:
        if name != "floor":
            print(f"{name} / floor", goals.median_ratio(got, name, "floor"))
    for name in list(got)[1:-1]:
        print(f"{name} / t0", goals.median_ratio(got, name, "t0"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
