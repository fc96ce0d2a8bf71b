"""What near_duplicate costs at 10,000 memories, against the cold audit (issue 34: < 20 %).

    python -m bench.near_duplicate [--files 10000] [--runs 3]

Generates a workspace (`bench.generate`), then measures CPU time (user + system) of:
the cold audit, ``memtui audit WS --json`` in a child with an empty cache folder (the whole
audit, near-duplicates included); and in this process the near-duplicate work alone over the
same files: every sketch (`memtui.core.near_duplicate.sketch`) and the pairing (`pairs`).
Medians of ``--runs``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.generate import generate
from memtui.core.memory_file import parse_memory
from memtui.core.near_duplicate import pairs, sketch

ROOT = Path(__file__).resolve().parents[1]


def cold_audit_cpu(ws: Path) -> float:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XDG_CACHE_HOME=cache, PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json",
                        "--fail-on", "never"], env=env, stdout=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def near_cpu(texts: dict[str, str]) -> tuple[float, float, int]:
    t0 = time.process_time()
    sketches = {rel: sketch(text) for rel, text in texts.items()}
    t1 = time.process_time()
    found = pairs(sketches)
    t2 = time.process_time()
    return t1 - t0, t2 - t1, len(found)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ws = generate(Path(tmp) / "ws", args.files)
        texts = {}
        for p in sorted((ws / "memory").rglob("*.md")):
            mf = parse_memory(str(p), p.read_text(encoding="utf-8"))
            texts[str(p)] = f"{mf.description or ''}\n{mf.body}"
        cold = statistics.median(cold_audit_cpu(ws) for _ in range(args.runs))
        runs = [near_cpu(texts) for _ in range(args.runs)]
        sk = statistics.median(r[0] for r in runs)
        pa = statistics.median(r[1] for r in runs)
        print(f"{len(texts)} memories: cold audit {cold:.2f} s CPU; near-duplicates "
              f"{sk + pa:.3f} s (sketches {sk:.3f} s, pairing {pa:.3f} s) = "
              f"{(sk + pa) / cold:.1%} of the cold audit; {runs[0][2]} memories paired")
    return 0


if __name__ == "__main__":
    sys.exit(main())
