"""newuser42 #23: ``stale-days = 120`` in ``.memtui.toml`` was echoed as ``stale-days =
120.0``; a group of near duplicates showed as its example the first pair by name (90 %),
not its strongest (the 95 % copy)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from memtui.core.checks.findings import finding
from memtui.core.reporting.grouping import Group, draw_items

ROOT = Path(__file__).resolve().parents[2]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\nfact {0}\n"


def test_stale_days_is_echoed_as_written(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "a.md").write_text(MEMORY.format("a"), encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("- [a](memory/a.md) — a\n", encoding="utf-8")
    (tmp_path / ".memtui.toml").write_text("stale-days = 120\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(tmp_path)],
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"})
    assert ".memtui.toml sets stale-days = 120 (without it 90)" in out.stdout, out.stdout
    assert "120.0" not in out.stdout


def test_a_near_duplicate_groups_example_is_its_strongest_pair() -> None:
    pairs = [("ab-tests.md", "colas.md", 90), ("colas.md", "ab-tests.md", 90),
             ("dns.md", "envios.md", 91), ("envios.md", "dns.md", 91),
             ("pagos.md", "reembolsos.md", 95), ("reembolsos.md", "pagos.md", 95)]
    findings = [finding("near_duplicate", a, None,
                        f"says nearly what {b} says ({n}% alike): merge them into one memory",
                        "warning") for a, b, n in pairs]
    (group,) = [i for i in draw_items(findings, {}, frozenset()) if isinstance(i, Group)]
    assert group.wording().startswith("e.g. pagos.md  says nearly what reembolsos.md says "
                                      "(95% alike)"), group.wording()
