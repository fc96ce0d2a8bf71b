"""Issue 35, the CLI's peak at 50,000 memories: each memory's claims (the sentences holding a
value, `contradiction.claims`: ~500 bytes a memory, ~25 MB) were held from its scan to the
derivation's end. A one-shot run (``memtui audit``) finds the claims two memories hold as
its derivation starts and lets go of every memory's claims then, before the pairing; the
report is the one a kept auditor makes, and the scan cache still holds every claim (the
next run reads them back)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.caches.scans import ScanStore
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, uncached


def _files() -> dict[str, str]:
    files = {"MEMORY.md": "".join(f"- [M{i}](memory/m{i}.md) — about m{i}\n" for i in range(6))}
    for i in range(6):
        files[f"memory/m{i}.md"] = (
            f"---\nname: m{i}\ndescription: about m{i}\ntype: project\n---\n"
            f"Note {'abcdef'[i]}: the {('kiln', 'oven', 'press')[i % 3]} in hall "
            f"{'abcdef'[i]} was serviced and logged by the evening shift crew.\n\n"
            f"The staging API of the billing service listens on port {8080 + (i == 5)} "
            "behind the gateway, as the runbook says.\n")
    return files


def test_a_one_shot_run_lets_go_of_each_memory_s_claims(tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    result = Auditor(open_workspace(root), opts, one_shot=True).run()
    assert all(s.claims == "" for s in result.scans.values())  # integ: every one held
    report = to_json(result)
    assert any(f["kind"] == "contradiction" for f in report["findings"])
    with uncached():
        kept = Auditor(open_workspace(root), opts).run()
    assert kept.scans["memory/m1.md"].claims  # a kept auditor holds them
    assert to_json(kept) == report
    stored = ScanStore(open_workspace(root).root)
    entry = stored.get("memory/m1.md", stored.entries["memory/m1.md"][:4])
    assert entry is not None and entry[0].claims  # the scan cache holds every claim
    again = Auditor(open_workspace(root), opts, one_shot=True).run()
    assert to_json(again) == report
