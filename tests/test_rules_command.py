"""``memtui rules`` and ``memtui rules ID``, run for real."""

from __future__ import annotations

import pytest

from memtui.cli import main
from memtui.core.checks.rules import RULES


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[:2] for ln in lines] == [[r.id, r.severity] for r in RULES]


def test_rules_id_prints_one_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "secret"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("secret (error): Secrets\n")
    assert "Fires on:" in out and "ADMIN_PASSWORD=" in out
    assert "Fix: memtui fix redact" in out


def test_an_unknown_rule_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("memtui rules: error: no rule 'nope'") and err.count("\n") == 1
