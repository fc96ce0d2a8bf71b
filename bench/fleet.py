"""Benchmark the fleet audit: N generated workspaces of F files each, audited cold.

    python bench/fleet.py [--workspaces 1000] [--files 100] [--jobs 2] [--root DIR]

Generates the fleet under bench/out/fleet-N-F (once; reused when present), then runs
``memtui audit ROOT --discover --json`` with an empty token cache folder and prints wall
time, CPU time of the whole process tree (user+sys) and the largest resident set of any one
process (the parent or a worker): memory stays bounded by one workspace, not by the fleet.
``--root DIR`` audits a fleet made before (a copy moved out of the repository: bench/out
lies inside memtui's checkout, so the fleet there is inside a git repository).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.generate import generate  # noqa: E402


def make_fleet(root: Path, workspaces: int, files: int) -> Path:
    done = root / ".complete"
    if done.exists():
        return root
    for i in range(workspaces):
        generate(root / f"item-{i:05d}", files, seed=i)
    done.write_text("ok\n")
    return root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workspaces", type=int, default=1000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--root", type=Path)
    ns = parser.parse_args()
    root = ns.root.resolve() if ns.root else make_fleet(
        HERE / "out" / f"fleet-{ns.workspaces}-{ns.files}", ns.workspaces, ns.files)
    with tempfile.TemporaryDirectory(prefix="memtui-bench-cache-") as cache:
        env = {**os.environ, "MEMTUI_CACHE_DIR": cache}
        env.pop("MEMTUI_NO_CACHE", None)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(root),
                               "--discover", "--json", "--jobs", str(ns.jobs)],
                              cwd=HERE.parent, env=env, capture_output=True, text=True,
                              check=False)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        sys.stderr.write(proc.stderr)
        return 1
    rows = json.loads(proc.stdout)["workspaces"]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of RUSAGE_CHILDREN: the largest of any one waited-for descendant, in KiB
    print(f"{len(rows):,} workspaces of {ns.files} files, {ns.jobs} jobs, cold cache: "
          f"wall {wall:.1f} s, CPU {cpu:.1f} s, largest process {after.ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
