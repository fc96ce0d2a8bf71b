"""Paired runs: the small-batch encoder against the full encoder, on generated indexes.

Each run is a fresh interpreter counting one index (the text and its lines, a first audit's
batch) with both vocabularies, ranks already cached; it prints the CPU seconds spent building
the encoders and counting. Runs alternate small/full, so both share the machine's state.

    python bench/small_batch.py [pairs]
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys

SHAPES = ("ascii", "cjk", "mixed")
SIZES = (1_000, 10_000, 50_000)

CHILD = r"""
import sys, time
from memtui.core import tokens
from memtui.core.tokens import vocabulary
how, shape, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, "bench")
from small_batch import index_text
text = index_text(shape, size)
texts = [text, *text.splitlines()]
ranks = {n: vocabulary(n) for n in tokens.TOKENIZERS}  # cached marshal: not measured
tokens.vocabulary = lambda name, store=True: ranks[name]
t = time.process_time()
counts = []
for name in tokens.TOKENIZERS:
    enc = tokens.small_batch_encoder(name, texts) if how == "small" else tokens.encoder(name)
    counts.append([len(enc.encode_ordinary(x)) for x in texts])
import hashlib
print(time.process_time() - t, hashlib.sha256(repr(counts).encode()).hexdigest())
"""


def index_text(shape: str, size: int) -> str:
    """A MEMORY.md-like index of about ``size`` UTF-8 bytes."""
    rng = random.Random(f"{shape}{size}")
    ascii_words = ["memory", "project", "user", "feedback", "build", "deploy", "review",
                   "testing", "python", "release", "notes", "config", "the", "and", "of"]
    cjk = "记忆项目用户反馈构建部署评审测试发布笔记配置的和是在有这个我们他们时间问题方法"
    lines = ["# Memory index", ""]
    total = 0
    n = 0
    while total < size:
        n += 1
        if shape == "ascii" or (shape == "mixed" and n % 2):
            desc = " ".join(rng.choice(ascii_words) for _ in range(rng.randint(5, 12)))
            title = " ".join(rng.choice(ascii_words) for _ in range(2)).title()
        else:
            desc = "".join(rng.choice(cjk) for _ in range(rng.randint(10, 30)))
            title = "".join(rng.choice(cjk) for _ in range(4))
        line = f"- [{title}](memory/note_{n}.md) — {desc}"
        lines.append(line)
        total += len(line.encode()) + 1
    return "\n".join(lines) + "\n"


def run(how: str, shape: str, size: int) -> tuple[float, str]:
    out = subprocess.run([sys.executable, "-c", CHILD, how, shape, str(size)],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), out[1]


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"{'shape':6} {'size':>7}  small ms (median, min-max)   full ms (median, min-max)  "
          "small/full")
    for shape in SHAPES:
        for size in SIZES:
            small, full = [], []
            for _ in range(pairs):
                s, hs = run("small", shape, size)
                f, hf = run("full", shape, size)
                assert hs == hf, "the counts differ"
                small.append(s * 1000)
                full.append(f * 1000)
            ms, mf = statistics.median(small), statistics.median(full)
            print(f"{shape:6} {size:>7}  {ms:6.1f} ({min(small):5.1f}-{max(small):5.1f})"
                  f"          {mf:6.1f} ({min(full):5.1f}-{max(full):5.1f})"
                  f"         {ms / mf:5.2f}")


if __name__ == "__main__":
    main()
