"""What near_duplicate costs at 10,000 memories, against the cold audit (issue 34: < 20 %).

    python -m bench.near_duplicate [--files 10000] [--runs 3]

Generates a workspace (`bench.generate`), then measures CPU time (user + system) of:
the cold audit, ``memtui audit WS --json`` in a child with an empty cache folder (the whole
audit, near-duplicates included); the same audit with the rule's work taken out (the scan's
``sketch`` made to return nothing: no sketch made, stored or paired); and in this process the
near-duplicate work alone over the same files: every sketch
(`memtui.core.checks.near_duplicate.sketch`) and the pairing (`pairs`). Medians of
``--runs``, the three measured in turn (a shared machine's load changes by the minute), and
with more than one run each run's ratios and their medians.

Two figures: the work alone over the cold audit (what this bench reported first), and what
the audit pays for it, (cold - cold without it) / cold. The second is the honest one: it is
what an operator's audit saves without the rule, and it counts what the first leaves out
(the sketch's cost inside a process whose heap holds 10,000 scans, and the sketches stored).

Recall: ``--recall N`` memories (seeded) each get a copy with chunks swapped for another
memory's text; a pair counts by its exact Jaccard similarity (every shingle of the whole
text, no cap) as 70–80 % or 80–90 % alike, and is found when `pairs` pairs it.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import memtui.core.checks.near_duplicate_sketch as nds
from bench.generate import generate
from memtui.core.checks.near_duplicate import pairs, shingle_hashes, sketch
from memtui.core.scanner.memory_file import parse_memory

ROOT = Path(__file__).resolve().parents[1]


#: ``python -m memtui`` with the scan's sketch returning nothing (the rule's work left out).
WITHOUT = ("import memtui.core.scanner.scan as s; s.sketch = lambda *_: b''; "
           "from memtui.cli import entry; entry()")


def cold_audit_cpu(ws: Path, near: bool = True) -> float:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XDG_CACHE_HOME=cache, PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        how = ["-m", "memtui"] if near else ["-c", WITHOUT]
        subprocess.run([sys.executable, *how, "audit", str(ws), "--json",
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


def exact_jaccard(a: str, b: str) -> float:
    """The Jaccard similarity of the two texts' whole shingle sets (the caps lifted)."""
    caps = {k: getattr(nds, k) for k in ("MAX_CHARS", "MAX_CJK")}
    try:
        for k in caps:
            setattr(nds, k, 10**9)
        x, y = shingle_hashes(a), shingle_hashes(b)
    finally:
        for k, v in caps.items():
            setattr(nds, k, v)
    return len(x & y) / len(x | y) if x | y else 0.0


def recall(texts: list[str], n: int) -> dict[str, tuple[int, int]]:
    """(found, pairs) per band of exact similarity, over ``n`` edited copies."""
    rng = random.Random(34)
    out = {"70-80 %": [0, 0], "80-90 %": [0, 0]}
    for _ in range(n):
        a, other = rng.sample(texts, 2)
        chunks = 20
        size = max(1, len(a) // chunks)
        parts = [a[i * size:(i + 1) * size] for i in range(chunks)] + [a[chunks * size:]]
        for i in rng.sample(range(chunks), rng.choice((1, 2, 3))):
            start = rng.randrange(max(1, len(other) - size))
            parts[i] = other[start:start + size]
        b = "".join(parts)
        j = exact_jaccard(a, b)
        band = "70-80 %" if 0.7 <= j < 0.8 else "80-90 %" if 0.8 <= j < 0.9 else None
        if band:
            out[band][1] += 1
            out[band][0] += bool(pairs({0: sketch(a), 1: sketch(b)}))
    return {k: (v[0], v[1]) for k, v in out.items()}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--recall", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ws = generate(Path(tmp) / "ws", args.files)
        texts = {}
        for p in sorted((ws / "memory").rglob("*.md")):
            mf = parse_memory(str(p), p.read_text(encoding="utf-8"))
            texts[str(p)] = f"{mf.description or ''}\n{mf.body}"
        colds, withouts, runs = [], [], []
        for _ in range(args.runs):  # interleaved: a shared machine's load hits all alike
            colds.append(cold_audit_cpu(ws))
            withouts.append(cold_audit_cpu(ws, near=False))
            runs.append(near_cpu(texts))
        cold = statistics.median(colds)
        without = statistics.median(withouts)
        paid = [(c - w) / c for c, w in zip(colds, withouts, strict=True)]
        sk = statistics.median(r[0] for r in runs)
        pa = statistics.median(r[1] for r in runs)
        ratios = [(r[0] + r[1]) / c for r, c in zip(runs, colds, strict=True)]
        print(f"{len(texts)} memories: cold audit {cold:.2f} s CPU; near-duplicates "
              f"{sk + pa:.3f} s (sketches {sk:.3f} s, pairing {pa:.3f} s) = "
              f"{(sk + pa) / cold:.1%} of the cold audit; {runs[0][2]} memories paired")
        if args.runs > 1:
            print("each run's near-duplicates / cold audit: "
                  + ", ".join(f"{r:.1%}" for r in ratios)
                  + f"; median {statistics.median(ratios):.1%}")
        print(f"as the audit pays it: cold audit without the rule {without:.2f} s; "
              "each run's (cold - without) / cold: "
              + ", ".join(f"{c:.2f} - {w:.2f} = {p:.1%}"
                          for c, w, p in zip(colds, withouts, paid, strict=True))
              + f"; median {statistics.median(paid):.1%}")
        if args.recall:
            found = recall(list(texts.values()), args.recall)
            print("recall: " + "; ".join(f"{band} alike {f}/{t} = {f / max(t, 1):.1%}"
                                          for band, (f, t) in found.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
