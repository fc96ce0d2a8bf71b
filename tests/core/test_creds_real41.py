"""Issue 32 (session 41): real41's false credential kinds and its misses, by structure — what
a value *is* by its slot and shape (a file's path as the label, a version, an image's tag, a
template's fallback, words counted, runs of a sequence, an example URL's id, a key's comment,
a security mode, a type's name in a table) and what binds one (every line repeating it, a
password opening with ``@`` beside a password word or in a user's pair, random letters quoted
after a code word, a value base64-encoded again, a vault's command). Examples invented for
the issue (none is real41's text)."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text

NOT_CREDENTIALS = [
    # a file-integrity list: a path whose last part is a label word, then the file's digest
    "- /usr/bin/passwd → 9c1d7e5a3b2f4d6c8e0a1b3c5d7e9f2a4b6c8d0e1f3a5b7c9d2e4f6a8b0c1d3e",
    "- /etc/pam.d/passwd   → 1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1a3c",
    # a package list: a name, then its version (an epoch, dotted numbers, a build)
    "passwd 1:4.13.2-1debian4",
    # an image's name and its tag after ``name:``
    "```yaml\nservices:\n  db:\n    image: postgres:14-alpine\n    environment:\n"
    "      POSTGRES_PASSWORD: ${PG_PASS}\n```",
    # a template's fallback, written for anyone who sets none
    "      - ADMIN_PASSWORD=${ADMIN_PASSWORD:-Changeit456!}",
    "      - ADMIN_EMAIL=${ADMIN_EMAIL:-ops@example.org}",
    # words naming the thing, then a count from one
    "DB_PASSWORD=YourSecurePassword123!",
    "Senha do banco: MinhaSenhaForte1234!",
    # two runs of a sequence joined: a docs' stand-in
    'botToken: "456:xyz"',
    # a wireless network's security mode as the "value"
    "- **Contraseña:** WPA3-SAE (mínimo 12 caracteres)",
    # a type's name in code font in a table cell
    "| Password part | Class |\n|---|---|\n| store | `QXRMSTokenStoreV4` |\n"
    "| bridge | `QXRMSBridgeV2` |",
    # a backup's copy of a file
    "Token refresh fixed in `vx-bundle-Qa7dkP2w.js.bak.20251130_0915` (kept).",
    # an example URL's id given as the token
    "Open https://xxx.larksuite.com/docx/Qm4Tz8pLk2\n\ntoken: `Qm4Tz8pLk2`",
    # a key's comment: its owner at a host
    "Added the deploy SSH key: builder@ci-runner-20251201",
]

CREDENTIALS = [
    # a password opening with ``@`` beside a password word or in a user's pair
    ("- Senha: @Jardim4821", "@Jardim4821"),
    ("**Credenciais:** admin / @Varanda3377", "@Varanda3377"),
    ("2. ✅ Login: marta / @Cozinha6612", "@Cozinha6612"),
    ("| Dispositivo | IP | Usuário | Senha |\n|---|---|---|---|\n"
     "| Roteador | 10.1.1.1 | admin | @Quintal5590 |", "@Quintal5590"),
    # random letters in four groups, quoted right after a code word, no colon
    ('Użyj kod "rtkv ghsn wmcp dlfa" przy logowaniu', "rtkv ghsn wmcp dlfa"),
    ('## Wpisz kod "rtkv ghsn wmcp dlfa"', "rtkv ghsn wmcp dlfa"),
    # a vault opened by its master password as the command's argument
    ("```bash\nbw unlock Brass-Kettle-91\n```", "Brass-Kettle-91"),
]


@pytest.mark.parametrize("text", NOT_CREDENTIALS)
def test_not_a_credential(text: str) -> None:
    assert scan_text(text) == [], text


@pytest.mark.parametrize(("text", "value"), CREDENTIALS)
def test_found(text: str, value: str) -> None:
    assert value in [h.value for h in scan_text(text)], text


def test_every_line_repeating_a_value_is_a_finding() -> None:
    block = "  {name}:\n    environment:\n      - BROKER_URL=redis://:Hv4pRt9sKm2@cache:6379/0\n"
    text = "```yaml\n" + "".join(block.format(name=n) for n in ("api", "worker", "beat")) + "```\n"
    lines = [h.line for h in scan_text(text) if h.value == "Hv4pRt9sKm2"]
    assert lines == [4, 7, 10]


def test_a_found_value_base64_encoded_again() -> None:
    text = 'Kod aplikacji: kod "rtkv ghsn wmcp dlfa"\n\nbase64 code: cnRrdiBnaHNuIHdtY3AgZGxmYQ==\n'
    assert [(h.line, h.value) for h in scan_text(text)] == [
        (1, "rtkv ghsn wmcp dlfa"), (3, "cnRrdiBnaHNuIHdtY3AgZGxmYQ==")]


STILL_FOUND = [
    # a label that is no path
    ("DB password: Xq7$kP2m!Lz", "Xq7$kP2m!Lz"),
    # a fallback's default is no value; a value set outright still is
    ("ADMIN_PASSWORD=Rk8#vQ2mLp", "Rk8#vQ2mLp"),
    # a password made of a word and digits with no count from one
    ("Senha: JardimFlor4821!", "JardimFlor4821!"),
]


@pytest.mark.parametrize(("text", "value"), STILL_FOUND)
def test_still_found(text: str, value: str) -> None:
    assert value in [h.value for h in scan_text(text)], text
