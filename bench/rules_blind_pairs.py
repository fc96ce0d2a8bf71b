"""Score ``near_duplicate`` on a blind set per labelled pair and per difficulty (issue 34).

A group (a pair, or a triple) is found when the audit reports every one of its files as a
``near_duplicate`` finding (a file found through another pair counts too, as
``bench/rules_blind.py`` counts files); its files are counted one by one too. Look-alike
pairs are quiet when neither file is reported. Audits in this process, with no cache.

    python -m bench.rules_blind_pairs FOLDER
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from pathlib import Path

from memtui.core.audit import audit


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    os.environ["MEMTUI_NO_CACHE"] = "1"
    found: Counter[str] = Counter()
    total: Counter[str] = Counter()
    files: Counter[str] = Counter()
    files_found: Counter[str] = Counter()
    loud = 0
    lookalikes = 0
    for case in json.loads((args.folder / "labels.json").read_text("utf-8")):
        ws = args.folder / case["workspace"]
        got = {f.path for f in audit(ws).findings if f.kind == "near_duplicate"}
        for pair, level in zip(case.get("pairs", []), case.get("difficulty", []), strict=False):
            total[level] += 1
            hit = all(p in got for p in pair)
            found[level] += hit
            files[level] += len(pair)
            files_found[level] += sum(p in got for p in pair)
            if not hit:
                print(f"missed {level:<8} {case['workspace']} {' / '.join(pair)}")
        for pair in case.get("lookalike_pairs", []):
            lookalikes += 1
            if any(p in got for p in pair):
                loud += 1
                print(f"loud lookalike {case['workspace']} {' / '.join(pair)}")
    for level in sorted(total):
        print(f"{level:<9} groups {found[level]}/{total[level]} (every file found), "
              f"files {files_found[level]}/{files[level]}")
    print(f"look-alike pairs with a finding: {loud}/{lookalikes}")


if __name__ == "__main__":
    main()
