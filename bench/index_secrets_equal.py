"""MEMORY.md's credential check by blocks gives what the whole reading gives (issue 35).

    cd /tmp && PYTHONPATH=TREE python TREE/bench/index_secrets_equal.py [--every 2] [INDEX.md ...]

`memtui.core.scanner.index_secrets.index_secrets` against `continued_lines.scan_joined` (hits
as line, kind and value; the cut) on each INDEX.md given, then on every folded set's texts
(`tests/core/blind/*.json`, the memories of `tests/core/blind_rules/*/`) joined as an index two
ways — each text under an entry of its own, each line of each text an entry's hook — 20
texts an index (more hold `MAX_HITS` credentials, and the whole text is read). Counts the
indexes read by blocks (the others fell back to the whole reading). ``--every 2`` cuts at
every other allowed place, blocks of at most 4 lines (the harshest). Prints each set as it
is done and each difference.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def indexes(texts: list[str], each: int = 20) -> Iterator[tuple[str, str]]:
    """The texts joined as an index, two ways, ``each`` texts an index (more would hold
    `MAX_HITS` credentials: a whole reading's bound, read whole)."""
    for k in range(0, len(texts), each):
        yield from _joined(texts[k:k + each], k)


def _joined(texts: list[str], at: int) -> Iterator[tuple[str, str]]:
    under: list[str] = []
    hooks: list[str] = []
    for n, t in enumerate(texts, at):
        first, *rest = t.split("\n")
        under.append(f"- [item {n}](memory/item_{n:05d}.md) — {first}")
        under.extend(rest)
        hooks.extend(f"- [line {n}.{k}](memory/item_{n:05d}.md) — {ln}"
                     for k, ln in enumerate(t.split("\n")))
    yield f"texts {at}", "\n".join(under)
    yield f"lines {at}", "\n".join(hooks)


def main() -> int:
    from memtui.core.scanner import index_secrets as m
    from memtui.core.scanner.continued_lines import scan_joined
    from memtui.core.scanner.keywords import KeywordProbe
    from memtui.core.scanner.scan import _expect_keywords

    ap = argparse.ArgumentParser()
    ap.add_argument("index", nargs="*")
    ap.add_argument("--every", type=int, default=2)
    args = ap.parse_args()
    _expect_keywords()
    sets: dict[str, list[tuple[str, str]]] = {
        p: [("as is", Path(p).read_text(encoding="utf-8"))] for p in args.index}
    for p in sorted((ROOT / "tests/core/blind").glob("*.json")):
        texts = [d["text"] for d in json.loads(p.read_text(encoding="utf-8"))]
        sets[p.name] = list(indexes(texts))
    for d in sorted(p for p in (ROOT / "tests/core/blind_rules").iterdir() if p.is_dir()):
        texts = [f.read_text(encoding="utf-8", errors="replace")
                 for f in sorted(d.rglob("*.md"))]
        sets[d.name] = list(indexes(texts))
    m._EVERY, m._MIN_LINES = args.every, 2 * args.every
    m._read_once.append(True)
    real = m.scan_joined
    whole_read: list[str] = []

    def counted(text: str, *a, **k):  # (the whole text read: the blocks not used)
        whole_read.append(text)
        return real(text, *a, **k)

    bad = total = blocked = 0
    t0 = time.process_time()
    for name, pieces in sets.items():
        for how, text in pieces:
            whole = scan_joined(text, probe=KeywordProbe(text))
            m._kept = {}
            whole_read.clear()
            m.scan_joined = counted
            try:
                got = m.index_secrets(text, KeywordProbe(text))
            finally:
                m.scan_joined = real
            total += 1
            blocked += not any(t is text for t in whole_read)
            w = ([(h.line, h.kind, h.value) for h in whole[0]], whole[1])
            g = ([(h.line, h.kind, h.value) for h in got[0]], got[1])
            if w != g:
                bad += 1
                print("DIFF", name, how, sorted(set(w[0]) ^ set(g[0]))[:6], w[1], g[1])
        print(name, "done: indexes", total, "read by blocks", blocked, "differing", bad,
              flush=True)
    print(f"indexes {total}, read by blocks {blocked}, differing {bad}, "
          f"{time.process_time() - t0:.0f} s CPU")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
