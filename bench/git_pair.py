"""The tracked git row for two trees of memtui at once: what git costs a cold audit, paired.

    git archive main memtui | tar -x -C /tmp/base
    python bench/git_pair.py --base /tmp/base [--rounds 11] [--commits 591] [--files 100]
                             [--work DIR] [--outside DIR]

`bench/goals.py`'s git row measures one tree (tracked, untracked, outside); a change to the
history walk needs the tree before it in the same rounds, since the load moves the ratio by
more than such a change does. Each round runs, in a rotating order, ``memtui audit WS
--json`` (an empty cache folder each, `bench/git_history.audit_cpu`) on the tracked
workspace of `bench/git_history.make_repo`'s repository and on its copy outside any
repository, for each tree (each run from its own folder, its bytecode compiled first).
Reports each tree's medians, the median of per-round ratios (tracked / outside) and git's
part (tracked − outside, ms).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import git_history  # noqa: E402
from bench.goals import copied  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--commits", type=int, default=591)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--work", type=Path, default=ROOT / "bench" / "out")
    parser.add_argument("--outside", type=Path, required=True,
                        help="a folder in no git repository (the copy is made there)")
    args = parser.parse_args()
    repo = git_history.make_repo(args.work / f"git-history-{args.commits}-{args.files}",
                                 args.commits, args.files)
    spaces = {"tracked": repo / git_history.PREFIX,
              "outside": copied(repo / git_history.PREFIX,
                                args.outside / f"git-ws-{args.files}")}
    trees = {"base": args.base.resolve(), "branch": ROOT}
    for tree in trees.values():
        compileall.compile_dir(tree / "memtui", quiet=1)
    combos = [(t, w) for t in trees for w in spaces]
    got: dict[tuple[str, str], list[float]] = {c: [] for c in combos}
    print(f"load before {os.getloadavg()[0]:.2f}")
    for r in range(args.rounds):
        for t, w in combos[r % len(combos):] + combos[:r % len(combos)]:
            got[(t, w)].append(git_history.audit_cpu(spaces[w], (), trees[t])[0])
    for t in trees:
        tracked, outside = got[(t, "tracked")], got[(t, "outside")]
        ratio = [a / b for a, b in zip(tracked, outside, strict=True)]
        part = [a - b for a, b in zip(tracked, outside, strict=True)]
        print(f"{t}: tracked {statistics.median(tracked):.3f} s, outside "
              f"{statistics.median(outside):.3f} s, tracked/outside "
              f"{statistics.median(ratio):.3f} (per round {min(ratio):.2f}–{max(ratio):.2f}), "
              f"git's part {statistics.median(part) * 1e3:.0f} ms")
    print(f"load after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
