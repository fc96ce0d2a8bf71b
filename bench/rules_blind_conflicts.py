"""List the ``contradiction`` findings (newuser29 #10) of a blind ``near_duplicate`` set, pair
by pair, with what the set says of the pair: a labelled duplicate (``pairs``), a look-alike
(``lookalike_pairs``; the workspace's ``notes`` printed, which say which look-alike is a
contradiction: one per workspace from rules18 on), or nothing. Whether a look-alike reported
is the contradiction its notes name is read by hand (the notes are prose). Audits in this
process, with no cache.

    python -m bench.rules_blind_conflicts FOLDER
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from memtui.core.audit import audit


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    os.environ["MEMTUI_NO_CACHE"] = "1"
    counts = {"duplicate": 0, "look-alike": 0, "unlabelled": 0}
    for case in json.loads((args.folder / "labels.json").read_text("utf-8")):
        ws = args.folder / case["workspace"]
        found = {frozenset((f.path, *f.files)): f.message
                 for f in audit(ws).findings if f.kind == "contradiction"}
        dupes = {frozenset(p) for p in case.get("pairs", ())}
        looks = {frozenset(p) for p in case.get("lookalike_pairs", ())}
        for pair, message in sorted(found.items(), key=lambda kv: sorted(kv[0])):
            what = "duplicate" if pair in dupes else "look-alike" if pair in looks \
                else "unlabelled"
            counts[what] += 1
            print(f"{what:<10} {case['workspace']} {' / '.join(sorted(pair))}: {message}")
            if what == "look-alike":
                print(f"           notes: {case.get('notes')}")
    print("contradiction pairs: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
