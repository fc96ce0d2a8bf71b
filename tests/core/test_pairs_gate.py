"""account_pairs reads a line with its two patterns only when it holds what every match of
them holds: an account word or an ``@``, and a slash or a colon."""

from __future__ import annotations

import random

from memtui.core.creds import pairs

PIECES = ["admin", "administrator", "root", "guest", "sa", "postgres", "me@x.com", "a@b.io",
          "/", "／", ":", "：", " ", " / ", "(", ")", "Secr3tPassw0rd!", "8Uf0kLq2Zx", "→ ",
          "x", "帳號", "Admin", "ROOT", "\t", "-", "_", "root cause：", "admin：", "sa:"]


def gate(text: str, colon: bool) -> bool:
    named = "@" in text or any(a in text for a in pairs._ACCOUNT_WORDS)
    if colon:  # an account glued to its colon
        return named and any(a + c in text for a in ACCOUNTS for c in ":：")
    return named and any(c in text for c in "/／")


ACCOUNTS = ("admin", "administrator", "root", "guest", "sa", "postgres")


def test_every_match_passes_the_gate() -> None:
    rnd = random.Random(35)
    matched = 0
    for _ in range(20_000):
        text = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 12)))
        for pattern, colon in ((pairs.ACCOUNTPAIR, False), (pairs._ACCOUNT_COLON, True)):
            if pattern.search(text) is not None:
                matched += 1
                assert gate(text, colon), text
    assert matched > 1000  # the fuzz reaches both patterns


def test_pairs_are_still_found() -> None:
    found = [got.value for got in pairs.account_pairs("(admin/Xk8#pL2qZ)", 0)]
    assert found == ["Xk8#pL2qZ"]
    assert list(pairs.account_pairs("- [a](memory/a.md) — about a", 0)) == []
    found = [got.value for got in pairs.account_pairs("→ admin:qTUo8#kZ2x", 0)]
    assert found == ["qTUo8#kZ2x"]
    assert list(pairs.account_pairs("root cause：qTUo8#kZ2x", 0)) == []
