"""Peak memory of ``memtui audit WS --json`` and of the floor, each the child's own VmHWM
(issue 35: CLI peak RSS at 50,000 files within twice the floor's).

    python bench/rss.py WS [--tree TREE …] [--repeat 3] [--mode cold|fill|warm]

Each run is a fresh child running bench/goals.py's wrappers: the child reads its own
``VmHWM`` from /proc as it ends, which ``ru_maxrss`` cannot give (Linux carries a parent's
peak over ``fork``), and ends the way the CLI does. ``--tree``: source trees run
alternately (the first is the baseline);
``cold``: ``MEMTUI_NO_CACHE=1``; ``fill``: an empty cache folder (the caches written);
``warm``: the cache folder a first run filled. The floor is bench/engine.py's: every file's
bytes read, the qwen vocabulary parsed, MEMORY.md encoded.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.engine import FLOOR  # noqa: E402
from bench.goals import FLOOR_PEAK, MEASURED  # noqa: E402

#: Where a child writes its own peak (goals.MEASURED and goals.FLOOR_PEAK read the path
#: from the place this stands in their arguments).
PEAK = "\0peak"


def peak(code: str, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(peak MiB, CPU seconds) of one child running ``code`` with ``args`` (``PEAK`` in
    them: the file the child writes its peak to)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "hwm"
        argv = [str(out) if a == PEAK else a for a in args]
        # (run in the scratch folder: ``python -c`` puts its working folder first on the
        # path, and from a checkout that would be the checkout's memtui, whatever --tree)
        proc = subprocess.Popen([sys.executable, "-c", code, *argv], env=env, cwd=tmp,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _pid, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            raise SystemExit(f"{args} failed: {proc.stderr.read().decode()[-2000:]}")
        return int(out.read_text()) / 1024, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path")
    parser.add_argument("--tree", action="append", default=[])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mode", choices=("cold", "fill", "warm"), default="cold")
    ns = parser.parse_args()
    ns.path = os.path.abspath(ns.path)
    trees = [Path(t).resolve() for t in ns.tree] or [ROOT]
    got: dict[str, list[tuple[float, float]]] = {"floor": []}
    with tempfile.TemporaryDirectory() as caches:
        for _ in range(ns.repeat):
            got["floor"].append(peak(FLOOR + FLOOR_PEAK, [ns.path, PEAK], dict(os.environ)))
            for tree in trees:
                env = {**os.environ, "PYTHONPATH": str(tree)}
                cache = Path(caches) / tree.name
                if ns.mode == "cold":
                    env["MEMTUI_NO_CACHE"] = "1"
                else:
                    if ns.mode == "fill":
                        shutil.rmtree(cache, ignore_errors=True)
                    elif not cache.exists():
                        peak(MEASURED, [PEAK, "audit", ns.path, "--json"],
                             {**env, "MEMTUI_CACHE_DIR": str(cache)})
                    env["MEMTUI_CACHE_DIR"] = str(cache)
                got.setdefault(str(tree), []).append(
                    peak(MEASURED, [PEAK, "audit", ns.path, "--json"], env))
    for name, runs in got.items():
        mib = [r[0] for r in runs]
        print(f"{name}: peak {statistics.median(mib):.0f} MiB "
              f"({', '.join(f'{m:.0f}' for m in mib)}); "
              f"CPU {statistics.median(r[1] for r in runs):.2f} s")


if __name__ == "__main__":
    main()
