"""A kept auditor (the app) finds the claims two memories hold again only when a memory's
claims changed (issue 35): the step was keyed by the near-duplicate findings' dict, made
anew whenever any sketch changed, so a body edit that changes a sketch and no claim found
every claim held twice again (`held_twice` over every memory: ~30 ms at 10,000). The
pairing's told memories are passed over after (`said` filters the output alone); each
report is what an audit with no cache says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.derivation import derive
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, uncached

BODIES = {
    "pump-limit": "The pump pressure limit is 40 bar on line two.",
    "pump-limit-old": "The pump pressure limit is 45 bar on line two.",
    "anneal": "Anneal the lot for 30 minutes before the etch step.",
    "operator-notes": "Operators hand the shift over at the east door every evening.",
}


def _files() -> dict[str, str]:
    files = {"MEMORY.md": "".join(f"- [{n}](memory/{n}.md) — {n}\n" for n in BODIES)}
    for name, body in BODIES.items():
        files[f"memory/{name}.md"] = (f"---\nname: {name}\ndescription: {name} notes\n"
                                      f"metadata:\n  type: project\n---\n{body}\n")
    return files


@pytest.fixture
def found(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times every memory's claims were compared (`contradiction_findings`)."""
    calls = [0]
    real = derive.contradiction_findings

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(derive, "contradiction_findings", counted)
    return calls


def _one_shot(root: Path) -> dict[str, object]:
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=False)).run())


def test_a_body_edit_without_a_claim_compares_no_claims_again(
        tmp_path: Path, cache: Path, found: list[int]) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    auditor = Auditor(open_workspace(root), AuditOptions(now=NOW), autosave=False)
    first = auditor.run()
    assert found[0] == 1
    assert any(f.kind == "contradiction" for f in first.findings)
    rel = "memory/operator-notes.md"
    sketch = first.scans[rel].sketch
    path = root / rel
    path.write_text(path.read_text(encoding="utf-8") +
                    "Keep the east door closed during the night shift handover.\n",
                    encoding="utf-8")
    os.utime(path, (NOW - DAY, NOW - DAY))
    result = auditor.run(changed={rel})
    assert result.scans[rel].sketch != sketch  # the near-duplicate step ran again
    assert found[0] == 1  # integ: 2 (every claim compared again)
    report = to_json(result)
    with uncached():
        assert report == _one_shot(root)
