"""newuser30 #5: a memory deleted or renamed while ``audit`` ran (after the listing, before
its stat) was dated from mtime 0: "1 memory older than 90 days (oldest 20793 days; 1 by
mtime)", beside its own read problem "cannot be read (No such file or directory)". A file
with no mtime has an unknown age, and is never called stale."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import memtui.core.audit as audit_module
from memtui.core.audit import audit
from memtui.core.results import AuditOptions

MEMORY = "---\nname: {0}\ndescription: memory {0}\ntype: project\n---\nFact {0}.\n"


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "flat"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# M\n- [A](a.md) — a\n- [B](b.md) — b\n")
    for name in ("a", "b"):
        (ws / f"{name}.md").write_text(MEMORY.format(name))
    return ws


def test_a_memory_gone_after_the_listing_has_no_age_and_is_not_stale(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = workspace(tmp_path)
    real = audit_module.discover

    def discover_then_rename(*a: object, **k: object) -> object:
        found = real(*a, **k)  # type: ignore[arg-type]
        os.rename(ws / "b.md", ws / "b2.md")  # gone between the listing and its read
        return found
    monkeypatch.setattr(audit_module, "discover", discover_then_rename)
    result = audit(ws, AuditOptions(stale_days=90))
    gone = next(f for f in result.files if f.path == "b.md")
    assert (gone.age_source, gone.age_days) == ("unknown", 0)
    assert [f.kind for f in result.findings if f.path == "b.md"] == ["read_problem"]
    assert not [f for f in result.findings if f.kind == "stale"]


def test_a_memory_dated_1970_by_its_mtime_is_of_unknown_age(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    os.utime(ws / "b.md", (0, 0))
    result = audit(ws, AuditOptions(stale_days=90))
    dated = next(f for f in result.files if f.path == "b.md")
    assert dated.age_source == "unknown"
    assert not [f for f in result.findings if f.kind == "stale"]
