"""The lexicon's word lists as shipped (`memtui.core.creds.derived`): the same as the code
works out, used only when made from the installed lexicon, and the same whatever the
interpreter's hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.creds import derived, derived_make, lexicon, structure

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_file_is_what_the_code_works_out() -> None:
    # If this fails, run `python -m memtui.core.creds.derived_make` and commit the file.
    assert derived.FILE.read_text(encoding="utf-8") == derived_make.dumps(derived_make.build())
    derived.shipped.cache_clear()
    assert derived.shipped() is not None
    assert derived.hints() == structure.worked_out_hint_words()
    for name, rows in zip(derived.AUTOMATA, lexicon.worked_out_entries(), strict=True):
        assert sorted(derived.entries(name)) == sorted(rows)


@pytest.fixture
def shipped_at(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Point the module at a copy of the shipped file and of the lexicon in ``tmp_path``."""
    file, source = tmp_path / "lexicon_derived.json", tmp_path / "lexicon.json"
    file.write_bytes(derived.FILE.read_bytes())
    source.write_bytes(derived.SOURCE.read_bytes())
    monkeypatch.setattr(derived, "FILE", file)
    monkeypatch.setattr(derived, "SOURCE", source)
    derived.shipped.cache_clear()
    yield file, source
    derived.shipped.cache_clear()


def test_a_copy_made_from_the_installed_lexicon_is_used(shipped_at) -> None:
    assert derived.hints() == structure.worked_out_hint_words()


def test_a_file_made_from_another_lexicon_is_not_used(shipped_at) -> None:
    _file, source = shipped_at
    source.write_bytes(source.read_bytes().replace(b'"password"', b'"passwort"', 1))
    assert derived.shipped() is None
    assert derived.hints() is None and derived.entries("words") is None


@pytest.mark.parametrize("text", ["", "{", "[]", '{"lexicon_sha256": 5}', "\udcff"])
def test_an_unreadable_file_is_not_used(shipped_at, text: str) -> None:
    file, _source = shipped_at
    file.write_text(text, encoding="utf-8", errors="surrogateescape")
    assert derived.shipped() is None


def test_malformed_rows_are_not_used(shipped_at) -> None:
    file, _source = shipped_at
    made = json.loads(file.read_text(encoding="utf-8"))
    made["words"][3] = ["api key", "key"]
    made["hints"][0] = 7
    file.write_text(json.dumps(made), encoding="utf-8")
    assert derived.shipped() is not None
    assert derived.entries("words") is None and derived.hints() is None
    assert derived.entries("nots") is not None


def _automata_under(seed: str) -> str:
    code = ("import json; from memtui.core.creds import lexicon\n"
            "print(json.dumps(sorted([k, v[1], v[2], sorted(v[3])]"
            " for a in lexicon._automata() for k, v in a.items())))")
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    # worked out, not read from the shipped file: its lexicon digest made not to match
    code = ("from memtui.core.creds import derived; derived.shipped = lambda: None\n" + code)
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def test_the_gluing_does_not_depend_on_the_hash_seed() -> None:
    """A form listed by two languages takes both gluings, and only that form (the union
    once leaked into the word's later forms, in an order the hash seed decides)."""
    runs = {_automata_under(seed) for seed in ("1", "2", "3", "4")}
    assert len(runs) == 1
