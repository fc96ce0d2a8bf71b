"""secfix33: credentials by where a value sits and what it looks like, whatever its label
says (``memtui.core.creds.shaped``). Texts and values written here (random, none of a blind
set's); the labels are made-up words no lexicon holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.creds.detector import scan_text

_TYPED = "SOwpdx65LUxbhQ"
_MACHINE = "7CNowMUeAPdiJFOB6AFYFwnil5OfBPTxvZIruSHmP1cp"


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize("text", [
    f"Vrokt zamil: {_TYPED}\n",
    f"- Vrokt zamil: `{_TYPED}` (set by the user)\n",
    f"Log in to the panel with the quorble `{_TYPED}`, then restart.\n",
    f"| thing | value |\n|---|---|\n| Vrokt zamil | {_TYPED} |\n",
    f"```ini\n[svc]\nzamil = {_TYPED}\n```\n",
    f"```java\nconnect(\"db\", \"svc\", \"{_TYPED}\");\n```\n",
])
def test_a_key_shaped_value_in_a_slot_is_found_whatever_its_label(text: str) -> None:
    assert _values(text) == [_TYPED]


@pytest.mark.parametrize("prefix", ["zq_", "zqx-live-", "qq-ab-v2-", "brn_api_"])
def test_a_vendor_prefix_shape_with_a_long_random_run_is_found_unlabelled(prefix: str) -> None:
    key = prefix + _MACHINE
    assert _values(f"Wizmo: {key}\n") == [key]
    assert _values(f"The helper reads {key} at start.\n") == [key]


@pytest.mark.parametrize("text", [
    f"Vrokt id: {_TYPED}\n",  # the label says id
    "Invoice ref: `inv_SOwpdx65LUxbhQ`\n",  # a prefix and a short run: an object's id
    "Model: qwen9.5-coder-13b-instruct\n",  # names and versions joined
    "Commit: dcde32defa002a4af378d3fb2af10285\n",  # hex
    "Request: 0b6f4c1e-2a3d-4f5e-8a9b-1c2d3e4f5a6b\n",  # a UUID
    "Fixture: `eyJmb28iOiJiYXIiLCJiYXoiOjQyfQ==`\n",  # base64 of readable text
    "| peer | PublicKey |\n|---|---|\n| a | 7CNowMUeAPdiJFOB6AFYFwnil5OfBPTx= |\n",
    "Wallet: `9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`\n",  # base58: an address
])
def test_what_says_it_is_no_secret_is_left_alone(text: str) -> None:
    assert _values(text) == []


def test_the_audit_reports_a_key_under_a_label_no_lexicon_knows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_text("- [panel](panel.md) — the panel\n")
    (memory / "panel.md").write_text(
        "---\nname: panel\ndescription: the panel\ntype: reference\n---\n"
        f"Vrokt zamil: {_TYPED}\n")
    main(["audit", str(tmp_path), "--json"])
    out = capsys.readouterr().out
    assert _TYPED not in out
    found = json.loads(out)
    assert "SO…hQ" in json.dumps(found, ensure_ascii=False)


def test_a_run_of_key_characters_is_read_once() -> None:
    """Each run of a key's characters is a token's start once: ``a!a!a!…`` (every ``a`` a
    word start before) took 25 s at 64 kB; now it is linear."""
    import time

    start = time.process_time()
    assert _values("Vrokt: " + "a!" * 200_000 + "\n") == []
    assert time.process_time() - start < 5
