"""The audit after a change, paired between trees (newuser29 #47): a workspace made warm for
each tree (its own user cache), then in each round ``touch`` of one memory, then one line
appended to another, then one line appended to the index (newuser37 #31: a link to a memory
already linked), then nothing — after each change every tree audits it once, the trees
alternated round by round; CPU (user + sys) of each child from ``os.wait4``, medians. The
memories are ``WS/memory/*.md``, or the folder's own ``*.md`` but MEMORY.md (a flat
folder: Claude Code's).

    python bench/touch_pair.py WS --rounds 3 --tree /tmp/main-copy --tree /work/wt/branch

Each tree is put first on the child's ``PYTHONPATH`` (its compiled kernel too, when built
there); the caches live under ``--caches`` (default a temporary folder), one per tree. The
workspace is changed (a touched file, appended lines): run it on a copy.
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


def audit_cpu(tree: Path, ws: Path, cache: Path) -> float:
    """CPU seconds (user + sys) of one ``memtui audit ws`` run by ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "MEMTUI_CACHE_DIR": str(cache),
           "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("MEMTUI_PURE_PYTHON", None)
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "audit", str(ws)], env=env,
                            cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


def append_line(path: Path, line: str) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(line + "\n")


STEPS = ("touched", "appended", "indexed", "warm")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ws", type=Path)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tree", type=Path, action="append", required=True)
    ap.add_argument("--caches", type=Path, default=None)
    args = ap.parse_args()
    ws: Path = args.ws.resolve()
    memories = sorted((ws / "memory").glob("*.md")) or sorted(
        p for p in ws.glob("*.md") if p.name != "MEMORY.md")
    index = ws / "MEMORY.md"
    if len(memories) < 2:
        print(f"touch_pair: {ws}/memory holds fewer than two memories", file=sys.stderr)
        return 2
    caches = args.caches or Path(tempfile.mkdtemp(prefix="touch_pair-"))
    trees = [t.resolve() for t in args.tree]
    folders = {t: caches / f"cache-{n}" for n, t in enumerate(trees)}
    for tree in trees:  # cold, then warm twice: every cache made and settled
        for _ in range(3):
            audit_cpu(tree, ws, folders[tree])
    got: dict[tuple[str, Path], list[float]] = {}
    for r in range(args.rounds):
        order = trees if r % 2 == 0 else trees[::-1]
        touched, appended = memories[r % len(memories)], memories[-1 - r % len(memories)]
        steps = [("touched", lambda p=touched: os.utime(p)),
                 ("appended", lambda p=appended, r=r: append_line(p, f"One more line, {r}.")),
                 ("indexed", lambda p=touched, r=r: append_line(
                     index, f"- [Again {r}]({p.relative_to(ws).as_posix()}) — linked again")),
                 ("warm", lambda: None)]
        for name, change in steps:
            change()
            time.sleep(0.05)
            for tree in order:
                cpu = audit_cpu(tree, ws, folders[tree])
                got.setdefault((name, tree), []).append(cpu)
        load = os.getloadavg()[0]
        print(f"round {r + 1} (load {load:.1f}): " + "; ".join(
            f"{name} " + " / ".join(f"{got[name, t][-1]:.3f}" for t in trees)
            for name in STEPS), flush=True)
    for name in STEPS:
        meds = [statistics.median(got[name, t]) for t in trees]
        print(f"{name}: " + "  ".join(f"{t}: {m:.3f} s" for t, m in zip(trees, meds, strict=True))
              + (f"  ({meds[-1] / meds[0]:.3f}× the first)" if meds[0] else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
