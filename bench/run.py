"""Measure memtui's audit speed on generated workspaces (issue 2, "Performance").

    python bench/run.py [--sizes 261 10000] [--repeat 3] [--out bench/out]

Figures, all wall-clock on this machine:
- ``memtui audit --json`` as a subprocess (interpreter start included), per workspace size:
  ``cold`` with the token-count cache off (MEMTUI_NO_CACHE=1: both vocabularies load and every
  text is tokenized), ``first`` with an empty cache folder (the same work, plus writing the
  cache), ``warm`` with that cache filled (what every later run costs);
- in-process re-audit after one memory file changes (``Auditor.run(changed={rel})``, what the
  TUI does on a file event), warm token cache;
- loading each tokenizer vocabulary, in a fresh interpreter.
Reported numbers are the median of ``--repeat`` runs (min and max alongside); for the
subprocess runs the CPU seconds (user + system) are reported too, since wall time on a shared
machine depends on what else runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.generate import MEDIAN_BYTES, generate  # noqa: E402


def env_with(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("MEMTUI_NO_CACHE", "MEMTUI_CACHE_DIR")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


CPU: list[float] = []  # CPU seconds (user + system) of each child, parallel to wall times


def wall(cmd: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds of one run of ``cmd``; its CPU seconds go to ``CPU``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          cwd=ROOT)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode()}")
    return took


def stats(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def audit_cli(ws: Path, repeat: int, cache: Path) -> dict[str, dict[str, float]]:
    """Subprocess timings; leaves ``cache`` filled for the in-process measurement."""
    cmd = [sys.executable, "-m", "memtui", "audit", str(ws), "--json"]
    CPU.clear()
    cold = [wall(cmd, env_with(MEMTUI_NO_CACHE="1")) for _ in range(repeat)]
    cold_cpu = CPU[:]
    first: list[float] = []
    CPU.clear()
    for _ in range(repeat):
        empty = Path(tempfile.mkdtemp(prefix="memtui-bench-cache-"))
        try:
            first.append(wall(cmd, env_with(MEMTUI_CACHE_DIR=str(empty))))
        finally:
            shutil.rmtree(empty, ignore_errors=True)
    first_cpu = CPU[:]
    shutil.rmtree(cache, ignore_errors=True)
    wall(cmd, env_with(MEMTUI_CACHE_DIR=str(cache)))  # fill the cache, not timed
    CPU.clear()
    warm = [wall(cmd, env_with(MEMTUI_CACHE_DIR=str(cache))) for _ in range(repeat)]
    return {"cold": stats(cold), "first": stats(first), "warm": stats(warm),
            "cold_cpu": stats(cold_cpu), "first_cpu": stats(first_cpu), "warm_cpu": stats(CPU)}


def reaudit(ws: Path, repeat: int, cache: Path) -> dict[str, float]:
    """In process: audit once (warm cache), then change one memory file and re-audit with
    the hint, as the TUI does on a file event."""
    from memtui.core.audit import Auditor
    from memtui.core.counting.tokens import TokenCounter, encoder
    from memtui.core.workspace import open_workspace

    encoder("qwen"), encoder("cl100k")  # loaded once per process; measured separately
    auditor = Auditor(open_workspace(ws),
                      counter=TokenCounter(cache / "token-counts-v1.marshal"))
    rel = sorted(auditor.run().scans)[5]  # a memory, in either layout
    path = ws / rel
    original = path.read_text(encoding="utf-8")
    times: list[float] = []
    try:
        for i in range(repeat + 1):
            path.write_text(original + f"\n追加一行 {i}\n", encoding="utf-8")
            start = time.perf_counter()
            auditor.run(changed={rel})
            if i:  # the first edit pays for tokenizing the new text once; count the rest
                times.append(time.perf_counter() - start)
    finally:
        path.write_text(original, encoding="utf-8")
    return stats(times)


def tokenizer_load(repeat: int) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name in ("qwen", "cl100k"):
        code = ("import time; t = time.perf_counter()\n"
                "from memtui.core.counting.tokens import encoder\n"
                f"encoder({name!r}); print(time.perf_counter() - t)")
        runs = [float(subprocess.run([sys.executable, "-c", code], env=env_with(), cwd=ROOT,
                                     capture_output=True, text=True, check=True).stdout)
                for _ in range(repeat)]
        out[name] = stats(runs)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="memtui audit benchmarks")
    parser.add_argument("--sizes", type=int, nargs="+", default=[261, 10_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--flat", action="store_true",
                        help="Claude Code layout, median 2.9 KB (the workspaces of peers.py)")
    ns = parser.parse_args()
    results: dict[str, object] = {
        "python": platform.python_version(), "machine": platform.machine(),
        "cpus": os.cpu_count(), "load_before": os.getloadavg()[0], "sizes": {}}
    sizes: dict[str, object] = {}
    for n in ns.sizes:
        ws = ns.out / (f"peers/flat-{n}" if ns.flat else f"ws-{n}")
        if not (ws / "MEMORY.md").exists():
            generate(ws, n, layout="flat" if ns.flat else "item",
                     median=2900 if ns.flat else MEDIAN_BYTES)
        cache = ns.out / f"cache-{n}"
        row: dict[str, object] = {"cli": audit_cli(ws, ns.repeat, cache)}
        row["reaudit_one_change"] = reaudit(ws, max(ns.repeat, 5), cache)
        sizes[str(n)] = row
        print(f"{n} files: {json.dumps(row)}", flush=True)
    results["sizes"] = sizes
    results["tokenizer_load"] = tokenizer_load(ns.repeat)
    results["load_after"] = os.getloadavg()[0]
    print(json.dumps(results, indent=2))
    if ns.json:
        ns.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
