"""The command, URL, header and code forms (`memtui.core.creds.commands.forms`) are searched
only in a line holding what every match of their pattern holds: a command's program name
(or ``login``), a URL's ``://`` and ``@``, a header's colon, code's quotes."""

from __future__ import annotations

import random

from memtui.core.creds import commands

PIECES = ["sshpass", "mysql", "mariadb", "mysqldump", "curl", "docker", "podman", "helm",
          "registry", "login", "echo", "smbclient", "redis-cli", "chpasswd", "htpasswd",
          " -p ", " -p", "--password ", " -u ", "--user ", " -a ", " -U ", "%", "<<<", " -b ",
          " | ", "https://", "HTTP://", "u:p", "@", "Authorization", ": ", "Bearer ",
          "X-Api-Key", "auth", "=", "(", "[", "'", '"', ",", "connect", "Secr3tPassw0rd",
          "abc:Xk8#pL2q", " ", "x", "ſ", "\u212a"]


def test_every_match_holds_its_gate() -> None:
    rnd = random.Random(35)
    matched = 0
    for _ in range(40_000):
        text = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 14)))
        for needles, pattern in commands._COMMANDS:
            if pattern.search(text) is not None:
                matched += 1
                assert any(n in text for n in needles), text
        if commands._URL_USERINFO.search(text) is not None:
            matched += 1
            assert "://" in text and "@" in text, text
        if commands._HEADERS.search(text) is not None:
            matched += 1
            assert ":" in text, text
        if commands._CODE.search(text) is not None:
            matched += 1
            assert "'" in text or '"' in text, text
    assert matched > 400  # the fuzz reaches the patterns


def test_forms_are_still_found() -> None:
    kinds = {kind for *_, kind in commands.forms("sshpass -p Xk8#pL2qZ ssh host")}
    assert kinds == {"Credential in a command"}
    got = [value for _, _, value, _ in commands.forms("git clone https://bob:Xk8pL2qZ@host/r")]
    assert got == ["Xk8pL2qZ"]
    got = [value for _, _, value, _ in commands.forms("docker login -u bob -p Xk8pL2qZ9 reg")]
    assert got == ["Xk8pL2qZ9"]
    got = [value for _, _, value, _ in commands.forms("requests.get(u, auth=('bob', 'Xk8pL2qZ'))")]
    assert got == ["Xk8pL2qZ"]
    assert list(commands.forms("root cause: the pin was token-bound")) == []
