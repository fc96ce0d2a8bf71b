"""A first audit makes its scans' near-duplicate sketches a batch at a time
(`memtui.core.scanner.scan.sketch_scans`, issue 34): the same sketches, the same findings and
the same scan cache as one sketch made inside each file's scan."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import memtui.core.audit as audit_mod
from memtui.core.audit import AuditOptions, Auditor, AuditResult
from memtui.core.counting.tokens import TokenCounter
from memtui.core.reporting.json_report import to_json
from memtui.core.scanner.scan import FileScan, scan_file, sketch_scans
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory

FILES = 30
RESTATED = (5, 21)


_WORDS = ("deploy staging runner release payments database rollback cluster invoice "
          "customer backup schedule monitor alert latency budget gateway token ledger "
          "archive mailbox printer firmware laptop warranty contract supplier shipment "
          "harvest garden tomato recipe kitchen oven bakery festival concert ticket")


def workspace(root: Path) -> Path:
    rng, words = random.Random(34), _WORDS.split()
    files: dict[str, str | bytes] = {"MEMORY.md": "".join(
        f"- [m{i}](memory/m{i:02d}.md) — hook {i}\n" for i in range(FILES))}
    body = ""
    for i in range(FILES):
        if i in RESTATED:  # the memory before, a word or two changed: a near-duplicate
            body = body.replace(" the ", " that ", 2)
        else:
            body = " ".join(f"the {' '.join(rng.sample(words, 4))} at {rng.randrange(99)}"
                            for _ in range(8)) + ".\n"
        files[f"memory/m{i:02d}.md"] = memory(f"m{i:02d}", body)
    files["memory/z-bad.md"] = b"---\nname: bad\n---\n\xff\xfe not utf-8\n"
    files["memory/README.md"] = "A folder's readme: documentation, never sketched.\n" * 3
    return make_ws(root, files)


def audit(ws: Path, cache: Path) -> AuditResult:
    counter = TokenCounter(cache / "token-counts-v1.marshal")
    return Auditor(open_workspace(ws), AuditOptions(now=NOW), counter).run()


def test_a_scan_left_to_sketch_gets_the_sketch_made_inside_the_scan(tmp_path: Path) -> None:
    ws = workspace(tmp_path / "ws")
    made = 0
    for path in sorted((ws / "memory").iterdir()):
        rel = f"memory/{path.name}"
        whole = scan_file(str(path), rel, 0.0)
        later: list[FileScan] = []
        scan = scan_file(str(path), rel, 0.0, to_sketch=later)
        assert scan.sketch == b""
        assert later in ([scan], [])
        assert later or not whole.sketch
        sketch_scans(later)
        assert scan.sketch == whole.sketch
        assert type(scan.sketch) is type(whole.sketch)
        made += bool(whole.sketch)
    assert made == FILES


@pytest.mark.parametrize("batch", [1, 4, 64])
def test_an_audit_sketching_in_batches_finds_and_stores_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int) -> None:
    ws = workspace(tmp_path / "ws")
    monkeypatch.setattr(audit_mod, "SKETCH_BATCH", 1)  # a sketch after each file's scan
    (tmp_path / "one").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "one"))
    one = audit(ws, tmp_path / "one")
    monkeypatch.setattr(audit_mod, "SKETCH_BATCH", batch)
    (tmp_path / "many").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "many"))
    many = audit(ws, tmp_path / "many")
    got = json.dumps(to_json(many), sort_keys=True)
    assert got == json.dumps(to_json(one), sort_keys=True)
    assert sum(f.kind == "near_duplicate" for f in many.findings) == 2 * len(RESTATED)
    for rel, scan in many.scans.items():
        assert scan.sketch == one.scans[rel].sketch, rel
        assert scan.sketch == scan_file(str(ws / rel), rel, 0.0).sketch, rel
    # the scan cache holds them: a warm audit from it finds the same
    again = audit(ws, tmp_path / "many")
    assert json.dumps(to_json(again), sort_keys=True) == got
    assert {r: s.sketch for r, s in again.scans.items()} == \
        {r: s.sketch for r, s in many.scans.items()}
