"""Score the secret checks on a blind set: recall and precision, per language and per form.

A blind set is a JSON list of {id, text, values, form, lang, note}, written by someone who
had not read the detector (bench/RESULTS.md says who and when). A found value counts for a
labelled one when it is the same string, or when one holds the other and the shorter is at
least half the longer, or it is the first body line of a labelled key block (the detector
reports a block by that line); any other found value is a false alarm.

    python -m bench.blind SET.json [--errors]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from memtui.core.creds.detector import scan_text


def same(found: str, want: str) -> bool:
    if found == want:
        return True
    if want.startswith("-----BEGIN") and found in [
            line.strip() for line in want.replace("\\n", "\n").split("\n")[1:2]]:
        return True  # a key block is found by its first body line, however long the block,
        # indented (a YAML block scalar) or not, its lines broken by newlines or by ``\n``
        # escapes (a JSON string)
    short, long = sorted((found, want), key=len)
    return short in long and 2 * len(short) >= len(long)


def score(items: list[dict]) -> tuple[dict, list[str]]:
    """Counts (tp, fn, fp) overall and per language and form, and the errors in words."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    errors: list[str] = []
    for item in items:
        got = [h.value for h in scan_text(item["text"])]
        keys = ("ALL", "lang " + item["lang"], "form " + item["form"])
        for want in item["values"]:
            hit = any(same(g, want) for g in got)
            for k in keys:
                counts[k][0 if hit else 1] += 1
            if not hit:
                errors.append(f"{item['id']} missed {want!r} ({item['form']}, {item['lang']})")
        for g in got:
            if not any(same(g, w) for w in item["values"]):
                for k in keys:
                    counts[k][2] += 1
                errors.append(f"{item['id']} false {g!r} ({item['form']}, {item['lang']})")
    return counts, errors


def table(counts: dict) -> str:
    rows = []
    for key in sorted(counts, key=lambda k: (k != "ALL", k)):
        tp, fn, fp = counts[key]
        rec = f"{tp / (tp + fn):.1%}" if tp + fn else "-"
        pre = f"{tp / (tp + fp):.1%}" if tp + fp else "-"
        rows.append(f"{key:<26} found {tp:>3}/{tp + fn:<3} recall {rec:>6}  false {fp:>3}  "
                    f"precision {pre:>6}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--errors", action="store_true", help="list every miss and false alarm")
    args = ap.parse_args(argv)
    items = [i for p in args.sets for i in json.loads(p.read_text(encoding="utf-8"))]
    counts, errors = score(items)
    print(f"{len(items)} items, {sum(1 for i in items if i['values'])} with credentials")
    print(table(counts))
    if args.errors:
        print("\n".join(errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
