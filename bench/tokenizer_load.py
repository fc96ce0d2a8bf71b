"""What building a tokenizer costs, paired against an earlier commit (issue 35 §1).

    git worktree add --detach /tmp/base35 main
    python bench/tokenizer_load.py --base /tmp/base35 [--repeat 9]

For each vocabulary and each commit, the CPU time (user + system) of a child process that
imports `memtui.core.counting.tokens` and builds the encoder (``encoder(name)``), less the same
child that only imports it: ``packaged`` with ``MEMTUI_NO_CACHE=1`` (the ranks parsed from
the packaged file), ``cached`` with a cache folder a first run filled (the parsed ranks
read from the user cache). Medians of ``--repeat`` rounds, the commits alternating.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.engine import cpu, env_for  # noqa: E402

BUILD = "from memtui.core.counting.tokens import encoder; import tiktoken; encoder({name!r})"
IMPORT = "import memtui.core.counting.tokens, tiktoken"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the earlier commit's tree")
    parser.add_argument("--repeat", type=int, default=9)
    ns = parser.parse_args()
    codes = {"base": ns.base.resolve(), "new": ROOT}
    runs: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        caches = {c: str(Path(tmp) / c) for c in codes}
        for name, code in codes.items():  # fill each commit's cache (not measured)
            for vocab in ("qwen", "cl100k"):
                cpu([sys.executable, "-c", BUILD.format(name=vocab)],
                    env_for(code, MEMTUI_CACHE_DIR=caches[name]), code)
        for _ in range(ns.repeat):
            for name, code in codes.items():
                py = [sys.executable, "-c"]
                bare = cpu([*py, IMPORT], env_for(code, MEMTUI_NO_CACHE="1"), code)
                for vocab in ("qwen", "cl100k"):
                    for how, env in (("packaged", env_for(code, MEMTUI_NO_CACHE="1")),
                                     ("cached", env_for(code, MEMTUI_CACHE_DIR=caches[name]))):
                        runs.setdefault(f"{vocab} {how} {name}", []).append(
                            cpu([*py, BUILD.format(name=vocab)], env, code) - bare)
    for key, xs in runs.items():
        print(f"{key:24} {statistics.median(xs):.3f} s  "
              f"({min(xs):.3f}-{max(xs):.3f})")


if __name__ == "__main__":
    main()
