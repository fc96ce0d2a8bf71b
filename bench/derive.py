"""What a full derivation costs over cached scans (issue 21: drop the incremental structure if
it is at most 60 ms of CPU at 10,000 files), and the memoised re-derivations the app makes.

    python bench/generate.py /tmp/ws10k --files 10000
    python bench/derive.py /tmp/ws10k [--repeat 7]

In one process: every file scanned once (not measured), then ``--repeat`` times each (CPU
ms, median and range): ``full``, the derivation with an empty memo (MEMORY.md's parse kept,
as it is a scan); ``memo``, again with the memo of the previous one (nothing changed);
``one file``, ``Auditor.run(changed={rel})`` after one memory gained a wikilink.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.derivation.memo import Memo
from memtui.core.workspace import open_workspace


def ms(xs: list[float]) -> str:
    return f"{statistics.median(xs) * 1000:.0f} ms ({min(xs) * 1000:.0f}-{max(xs) * 1000:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path")
    parser.add_argument("--repeat", type=int, default=7)
    ns = parser.parse_args()
    ws = open_workspace(ns.path)
    auditor = Auditor(ws, AuditOptions(file_tokens=False, keep_texts=False, tokenizers=()),
                      autosave=False)
    gc.disable()
    auditor.run()
    scans = {rel: pair[1] for rel, pair in auditor._scans.items()}
    index = auditor._index_parts()
    full, memo, one = [], [], []
    for _ in range(ns.repeat):
        auditor._memo = Memo()
        auditor._memo.once("index", ("kept",), lambda: index)
        auditor._index_parts = lambda: index  # type: ignore[method-assign]
        t = time.process_time()
        auditor._derive(scans)
        full.append(time.process_time() - t)
        t = time.process_time()
        auditor._derive(scans)
        memo.append(time.process_time() - t)
    del auditor._index_parts
    rel = next(iter(scans))
    path = ws.root / rel
    original = path.read_bytes()
    try:
        for i in range(ns.repeat):
            path.write_bytes(original + f"\nsee [[note_{i:05d}]]\n".encode())
            t = time.process_time()
            auditor.run(changed={rel})
            one.append(time.process_time() - t)
    finally:
        path.write_bytes(original)
    print(f"{len(scans)} files: full {ms(full)}; memo {ms(memo)}; one file {ms(one)}")


if __name__ == "__main__":
    main()
