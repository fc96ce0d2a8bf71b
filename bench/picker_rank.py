"""What the repoint picker costs per keystroke: ``rank`` (Textual's fuzzy matcher over
every memory's path, title and description) for each prefix of a typed query, over N
memories of the synthetic workspace shape; CPU time (user+sys) per call, median and range.
The empty query (the list as first shown) is measured too. Nothing is asserted.

    PYTHONPATH=$PWD nice python bench/picker_rank.py [--memories 2000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memtui.tui.dialogs.memory_picker import Candidate, rank


def candidates(n: int) -> list[Candidate]:
    kinds = ("user", "feedback", "project", "reference")
    return [Candidate(f"memory/{kinds[i % 4]}_topic_{i:05d}_line-{i % 37}.md",
                      f"Topic {i} of line {i % 37}",
                      f"what the agent keeps about topic {i}, shift {i % 3}")
            for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ns = ap.parse_args()
    cands = candidates(ns.memories)
    suggestions = [c.path for c in cands[:3]]
    query = "line 12 shift"
    print(f"{ns.memories} memories, query typed letter by letter: {query!r}; "
          f"CPU ms (user+sys) of one rank()")
    for prefix in ["", *(query[:k] for k in (1, 4, 7, len(query)))]:
        times = []
        for _ in range(ns.repeat):
            t0 = time.process_time()
            found = rank(prefix, cands, suggestions)
            times.append((time.process_time() - t0) * 1000)
        print(f"  {prefix!r:16} {len(found):5} match  median {statistics.median(times):8.2f} ms "
              f"({min(times):.2f}-{max(times):.2f})")


if __name__ == "__main__":
    main()
