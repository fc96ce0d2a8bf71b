"""Where a cold ``memtui audit WS --json`` spends its CPU, step by step, in one process.

    python bench/scale_phases.py WS            # e.g. a bench/generate.py workspace of 10,000

Runs the command in process (an empty cache folder: cold, the caches written, as
`bench/goals.py`'s scale row) with each named step wrapped by a ``time.process_time``
counter: every part of `memtui.core.scanner.scan.scan_file` (as the scan module calls
it), the scan cache's and the derived cache's writing, the derivation and its steps,
MEMORY.md's parse, line costs and block, the JSON report. Prints the CPU seconds and the
calls of each, largest first. A step's figure holds what it calls (the near-duplicate
sketch is ``scan.sketch``, its pairing ``derive.pairs``); the wrapping adds ~1 µs a call.
Run it at two sizes to see how each step grows (issue 35: is anything superlinear?).
"""

from __future__ import annotations

import collections
import contextlib
import functools
import importlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SCAN_PARTS = ("read_text", "parse_memory", "scan_joined", "KeywordProbe",
              "scan_instructions", "markdown_links_cut", "wikilinks", "hidden_findings",
              "relative_dates", "missing", "sketch", "pack", "references", "spellings",
              "share_scan", "bytes_digest", "name_line", "parse_date", "FileScan")
#: (module, attribute, label, other modules holding the same function by name)
STEPS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("memtui.core.scanner.scan", "scan_file", "scan_file", ("memtui.core.audit",)),
    ("memtui.core.scanner.scan", "sketch_scans", "scan: sketches (a batch at a time)",
     ("memtui.core.audit",)),
    ("memtui.core.caches.scans", "ScanStore.save", "scan cache: save", ()),
    ("memtui.core.caches.scans", "encode", "scan cache: encode", ()),
    ("memtui.core.audit", "Auditor.run", "Auditor.run", ()),
    ("memtui.core.audit", "Auditor._scan_all", "scan_all", ()),
    ("memtui.core.audit", "Auditor._derive", "derivation (with MEMORY.md's parts)", ()),
    ("memtui.core.audit", "Auditor._index_parts", "MEMORY.md: parse, findings, line costs",
     ()),
    ("memtui.core.audit", "Auditor._count_block_now", "MEMORY.md: the block counted", ()),
    ("memtui.core.audit", "Auditor._walk", "walk", ()),
    ("memtui.core.audit", "Auditor.save_cache", "caches saved after the run", ()),
    ("memtui.core.audit", "derive", "derive()", ()),
    ("memtui.core.caches.derived", "save", "derived cache: save", ()),
    ("memtui.core.caches.derived", "entry", "derived cache: entry", ()),
    ("memtui.core.scanner.index_read", "line_costs", "MEMORY.md: line costs", ()),
    ("memtui.core.scanner.scan", "index_findings", "MEMORY.md: own findings",
     ("memtui.core.scanner.index_read",)),
    ("memtui.core.reporting.json_report", "write_json", "JSON report", ()),
    ("memtui.commands.audit", "apply_to", "suppression", ()),
    ("memtui.core.derivation.graph", "Graph.reachable_from", "derive.reachable_from", ()),
    ("memtui.core.derivation.graph", "Resolver.__init__", "derive.Resolver", ()),
    *(("memtui.core.derivation.derive", name, f"derive.{name}", ())
      for name in ("resolve_links", "edges", "file_state", "duplicate_findings", "pairs",
                   "findings_of", "stale_findings", "noise_files", "quiet_noise",
                   "unlinked_mentions", "_link_lists", "memory_shape", "_merged",
                   "copied", "_why_make")))

spent: collections.Counter[str] = collections.Counter()
calls: collections.Counter[str] = collections.Counter()


def timed(f: Callable[..., Any], label: str, once: bool) -> Callable[..., Any]:
    """``f`` counting its CPU under ``label`` (``once``: not again inside itself)."""
    inside = [False]

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if once and inside[0]:
            return f(*args, **kwargs)
        inside[0] = True
        start = time.process_time()
        try:
            return f(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start
            calls[label] += 1
            inside[0] = False
    return wrapper


def wrap_all() -> None:
    for module, attr, label, also in STEPS:
        owner: Any = importlib.import_module(module)
        *path, name = attr.split(".")
        for part in path:
            owner = getattr(owner, part)
        original = getattr(owner, name)
        wrapped = timed(original, label, once=True)
        setattr(owner, name, wrapped)
        for other in also:
            held = importlib.import_module(other)
            if getattr(held, name, None) is original:
                setattr(held, name, wrapped)
    scan = importlib.import_module("memtui.core.scanner.scan")
    for name in SCAN_PARTS:
        setattr(scan, name, timed(getattr(scan, name), f"scan.{name}", once=False))


def main() -> None:
    ws = sys.argv[1]
    cache = tempfile.mkdtemp(prefix="memtui-phases-")
    os.environ["MEMTUI_CACHE_DIR"] = cache
    os.environ.pop("MEMTUI_NO_CACHE", None)
    try:
        wrap_all()
        from memtui.cli import main as cli

        start = time.process_time()
        with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
            cli(["audit", ws, "--json"])
        print(f"{time.process_time() - start:8.3f}           memtui audit WS --json, in process")
        for label, seconds in spent.most_common():
            print(f"{seconds:8.3f}  {calls[label]:7d}  {label}")
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
