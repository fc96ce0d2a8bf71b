"""Score ``near_duplicate`` on a blind set per labelled pair and per difficulty (issue 34).

A group (a pair, or a triple) is found when the audit reports every one of its files as a
``near_duplicate`` finding (a file found through another pair counts too, as
``bench/rules_blind.py`` counts files); its files are counted one by one too. Look-alike
pairs are quiet when neither file is reported; a loud one is *paired* when the audit names
one of its files as the other's most alike (a finding's ``files``): a file that is loud only
through its own true duplicate is not a look-alike reported as one. Audits in this
process, with no cache.

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
    loud = paired = 0
    lookalikes = 0
    for case in json.loads((args.folder / "labels.json").read_text("utf-8")):
        ws = args.folder / case["workspace"]
        nd = [f for f in audit(ws).findings if f.kind == "near_duplicate"]
        got = {f.path for f in nd}
        named = {(f.path, other) for f in nd for other in f.files}
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
                a, b = pair
                together = (a, b) in named or (b, a) in named
                paired += together
                print(f"loud lookalike {case['workspace']} {' / '.join(pair)}"
                      + (" (paired)" if together else ""))
    for level in sorted(total):
        print(f"{level:<9} groups {found[level]}/{total[level]} (every file found), "
              f"files {files_found[level]}/{files[level]}")
    print(f"look-alike pairs with a finding: {loud}/{lookalikes}")
    print(f"look-alike pairs reported as a pair: {paired}/{lookalikes}")


if __name__ == "__main__":
    main()
