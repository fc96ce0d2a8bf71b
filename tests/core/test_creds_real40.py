"""Issue 32 (session 40): real40's false credential kinds and its two misses, by structure —
prose after a label's own separator, a phone number's group, a redaction mark glued in a
key's shape, and a password known by its slot (``host / db / user / password``). Examples
written for the issue in several languages (none is real40's text)."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text

NOT_CREDENTIALS = [
    # prose after the label's separator: a later short word is the sentence's, no copula
    "Palavra-chave: o cliente quer a entrega até sexta-feira sem falta.",
    # one group of a phone number after a label
    "PIN: 0176 12345678",
    "Passwort: Hotline 030 1234567",
    "Kod PIN: tel. 601 234 5678",
    # a redaction mark in capitals glued inside a key's shape
    "api key: sk-REDACTEDREDACTED1234",
    "token: ghp_REDACTEDREDACTED0000abcd",
    # slots that are no login: names, files, a version
    "node.js / react / typescript / Next.js14",
    "example.com | home | about | ContactUs!",
    "github.com / owner / repo / MainBranch2",
]

CREDENTIALS = [
    ("db01.internal / shopdb / shopuser / Xq7$kP2m!Lz", "Xq7$kP2m!Lz"),
    ("db01.internal | shopdb | shopuser | Xq7$kP2m!Lz", "Xq7$kP2m!Lz"),
    ("MySQL: 10.0.0.5 / wp_prod / wpadmin / h8G#2kLm9Qz", "h8G#2kLm9Qz"),
    ("- 192.168.1.20:3306 / erp / erp_rw / Vb4nT8qLz2", "Vb4nT8qLz2"),
]

STILL_FOUND = [
    ("Google backup codes:\n1. 94610529\n2. 16836410", "94610529"),
    ("PIN: 4829", "4829"),
    ("PIN do cofre: 0122 5808", "0122 5808"),
    ("Palavra-passe: Xk92!mzQ4r", "Xk92!mzQ4r"),
    ("user admin (pw: Tr0ub4dor&3x) for now", "Tr0ub4dor&3x"),
    ("api key: sk-proj-4fG7hK2mN9pQ1rS5tV8wX3yZ6bC0dE", "sk-proj-4fG7hK2mN9pQ1rS5tV8wX3yZ6bC0dE"),
]


@pytest.mark.parametrize("text", NOT_CREDENTIALS)
def test_not_a_credential(text: str) -> None:
    assert scan_text(text) == []


@pytest.mark.parametrize(("text", "value"), CREDENTIALS)
def test_password_by_its_slot(text: str, value: str) -> None:
    assert [h.value for h in scan_text(text)] == [value]


@pytest.mark.parametrize(("text", "value"), STILL_FOUND)
def test_still_found(text: str, value: str) -> None:
    assert value in [h.value for h in scan_text(text)]
