"""The rule registry: every kind the audit emits is a rule, and each rule's examples do
what they say when audited for real."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.checks.findings import KINDS
from memtui.core.checks.rules import BY_ID, RULES, Rule
from memtui.core.config import load_config
from memtui.core.reporting.suppress import apply_to
from tests.core.helpers import make_ws, run_audit


def _kinds(tmp: Path, example: tuple[tuple[str, str | bytes], ...]) -> set[str]:
    """The kinds reported, as ``memtui audit`` reports them (the inline comments applied:
    ``unused_ignore`` is found there)."""
    ws = make_ws(tmp, dict(example))
    config = load_config(ws)
    result = apply_to(run_audit(ws, stale_days=90, exclude=config.exclude), config,
                      hidden=True)
    return {f.kind for f in result.findings}


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_each_rules_example_fires_and_its_quiet_example_does_not(
        rule: Rule, tmp_path: Path) -> None:
    assert rule.id in _kinds(tmp_path / "fires", rule.example_fires)
    assert rule.id not in _kinds(tmp_path / "quiet", rule.example_quiet)


def test_every_kind_the_audit_emits_is_a_rule() -> None:
    import re

    source = (Path(__file__).resolve().parents[2] / "memtui" / "core").rglob("*.py")
    emitted = {m for p in source
               for m in re.findall(r'finding\(\s*"(\w+)"', p.read_text(encoding="utf-8"))}
    emitted |= {m for p in (Path(__file__).resolve().parents[2] / "memtui" / "core").rglob("*.py")
                for m in re.findall(r'Finding\(\s*"(\w+)"', p.read_text(encoding="utf-8"))}
    assert emitted, "the audit's finding() calls were not found"
    assert emitted <= set(BY_ID), emitted - set(BY_ID)
    assert list(KINDS) == [r.id for r in RULES]
