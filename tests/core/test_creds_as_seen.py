"""newuser29 #45 #46: one invisible character or look-alike letter hid a credential from the
check (a zero-width space inside an AWS key id or a GitHub token left only a hidden_text
warning; a Cyrillic ``а`` in "password", a full-width ``ｐａｓｓｗｏｒｄ：`` and a no-break space
after ``password:`` hid the value entirely), so ``--fail-on error`` passed. The check reads
the text as its reader sees it (`memtui.core.creds.as_seen`) and reports the value as
written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.creds.as_seen import seen
from memtui.core.creds.detector import scan_text
from tests.core.helpers import memory

DISGUISED = {
    "zero-width in a key id": "The key is A\u200bKIAZ7QX3MPLK4WN2RTY for the bucket.",
    "zero-width in a token": "Token ghp_R4nd0mT0k3nV4lu3\u200cXy7Zq9Lm2Np5Ks8Hj1Wd in CI.",
    "a Cyrillic a in the label": "p\u0430ssword: Tz4!wE7rYu1i",
    "a no-break space after the colon": "password:\u00a0Gh3#jK6lZx9d",
    "full-width letters": "ｐａｓｓｗｏｒｄ： Rt5!yU8iOp2q",
    # newuser30 #3: what a rendered page shows and a model reads through
    "a numeric character reference": "Staging &#112;assword: Hu7kd92xqZ4mWp",
    "a hexadecimal reference": "pass&#x77;ord: Hu7kd92xqZ4mWp",
    "a soft hyphen written as a reference": "pass&shy;word: Hu7kd92xqZ4mWp",
}


@pytest.mark.parametrize("line", DISGUISED.values(), ids=DISGUISED.keys())
def test_a_disguised_credential_fails_the_audit(tmp_path: Path, line: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "w"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "a.md").write_text(memory("a", line + "\n"), encoding="utf-8")
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a fact\n")
    status = main(["audit", str(ws), "--json", "--fail-on", "error"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [(f["kind"], f["line"]) for f in data["findings"] if f["kind"] == "secret"] \
        == [("secret", 7)]


def test_the_value_is_the_span_as_written_and_redact_takes_it_whole() -> None:
    hits = scan_text("The key is A\u200bKIAZ7QX3MPLK4WN2RTY.")
    assert [h.value for h in hits] == ["A\u200bKIAZ7QX3MPLK4WN2RTY"]


def test_text_in_one_script_is_read_as_written() -> None:
    persian = "می\u200cخواهم رمز را عوض کنم"  # a joiner inside a Persian word stays
    assert seen(persian)[0] == persian
    russian = "пароль хранится в Vault"  # a word all Cyrillic is no disguise
    assert seen(russian)[0] == russian
    assert seen("p\u0430ss")[0] == "pass"


def test_a_reference_in_the_value_is_given_back_as_written() -> None:
    hits = scan_text("token: ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5&#65;")
    assert [h.value for h in hits] == ["ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5&#65;"]
    assert [h.value for h in scan_text("password: Hu7kd&amp;92xqZ4mWp")] \
        == ["Hu7kd&amp;92xqZ4mWp"]


def test_an_ampersand_that_is_no_reference_is_read_as_written() -> None:
    assert seen("R&D notes; Q&A: key insight")[0] == "R&D notes; Q&A: key insight"
    assert scan_text("R&D &mdash; the key insight: none yet") == []
