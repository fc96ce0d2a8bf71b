"""secfix37: a label's reach by the language, not by a set's words — every language's own
words for password, secret, token, key and code (Norwegian, Danish, Icelandic, Afrikaans,
Irish, Welsh, Catalan, Galician, Basque, Malay, Tamil, Kazakh, Uzbek, Azerbaijani,
Albanian, Macedonian, Belarusian…) — and what is
none: a Telegram token's template after its id, an action's or a package's ``name@version``,
a key file's path, a folder stamped with a time, a file named by a UUID, a list item whose
sibling is the next item, a Discord client id. Texts and values written here, random or made
up, none of a blind set's; every case runs the real detector, each rule with its negatives,
and the audit of a real folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.helpers import found, make_ws, memory, run_audit


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# -- labels in languages the lexicon lacked -----------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("Passordet til ruteren er Fjord7731x, ikke del det.\n", "Fjord7731x"),
    ("Adgangskode: Hygge9921q\n", "Hygge9921q"),
    ("Lykilorðið fyrir netið er Hekla8842z\n", "Hekla8842z"),
    ("Die wagwoord vir die kantoor is Protea5510k.\n", "Protea5510k"),
    ("Pasfhocal an ríomhaire: Cnoc4471m\n", "Cnoc4471m"),
    ("Cyfrinair y llwybrydd: Eryri2290t\n", "Eryri2290t"),
    ("La contrasenya del wifi és Rambla3318p\n", "Rambla3318p"),
    ("O contrasinal do servidor: Miño6620r\n", "Miño6620r"),
    ("Pasahitza: Bilbo4419w\n", "Bilbo4419w"),
    ("Katalaluan pelayan: Melaka8806j\n", "Melaka8806j"),
    ("Fjalëkalimi i ruterit: Vlora5537d\n", "Vlora5537d"),
    ("nøkkel: c571765f531131f2fcfc0527f5694e2cef6116ccd86984fd\n",
     "c571765f531131f2fcfc0527f5694e2cef6116ccd86984fd"),
    ("Krypteringsnøkkel for eksporten: 8E1D40A3C2B95F7E6D0A4B3C2E1F0A9B8C7D6E5F\n",
     "8E1D40A3C2B95F7E6D0A4B3C2E1F0A9B8C7D6E5F"),
])
def test_a_label_in_a_language_the_lexicon_lacked(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Nøkkelen til hytta ligger under matta.\n",          # a door key, no value
    "Offentlig nøkkel: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKq\n",  # a public key
    "ట్రాకింగ్ కీ: YY4417803321\n",                          # a parcel's tracking number
    "The key idea is simple: cache the tree.\n",
    "Passordet må ha minst 12 tegn.\n",                     # a rule, no value
])
def test_a_language_word_with_no_value_after_it(text: str) -> None:
    assert _values(text) == []


# -- templates, references, names --------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "TELEGRAM_BOT_TOKEN=987654321:YOUR_TOKEN_HERE\n",
    "TELEGRAM_BOT_TOKEN=987654321:REPLACE_WITH_BOT_TOKEN\n",
    "      - uses: actions/checkout@v4\n",
    "      - uses: some-owner/setup-thing@v2.1\n",
    "- Private key: `secrets/deploy_ed25519`\n- Public key: `secrets/deploy_ed25519.pub`\n",
    "Moved to `.old-backups/agent-memory-export-20261130T101500Z` today\n",
    "[main/sessions/main/0f3a9c12-7b44-4e1d-9a20-5c6e7d8f9a01.jsonl.deleted."
    "2026-11-30T02-00-41.345Z#L2] User: hello\n",
    "Discord owner is `discord:512345678901234567`; keep it\n",
    "  - not part of this hourly pass\n- pipeline progress:\n  - `prj_7c1e9a4b` done\n",
    "*Sync pending on pages: 3162695, 3424833, 3424891*\n",   # emphasis, no enter key
    "- `getPortDot1xSetting`, `getSiteApExist5G` return the radio's state\n",
    "User: agent@host-01:~$ ls -la\n",
    "Cannot find module "
    "'/usr/lib/node_modules/app/dist/core-tools.after-call.runtime-Qx9_aLp2.js'\n",
])
def test_what_is_no_credential(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("TELEGRAM_BOT_TOKEN=987654321:AAHq8kLw3ZpT9xYv2NcRm7sJd4Fb6Ge1Ku0\n",
     "987654321:AAHq8kLw3ZpT9xYv2NcRm7sJd4Fb6Ge1Ku0"),
    ("login: shop/Tulip88x!\n", "Tulip88x!"),          # a word, @ and digits is a password
    ("wifi password: Lahore@4471\n", "Lahore@4471"),
    ("password: getMeIn2024x\n", "getMeIn2024x"),      # ends as a password does
    ("Alarm: press 4471* to arm\n", "4471*"),          # the enter key, no emphasis
    ("- password: `isChxkgSKkOwH`\n", "isChxkgSKkOwH"),  # camelCase, no words
    ("- Recovery codes\n  - 8f3k-22mx-9q0p\n  - 7hh2-kq81-zz0w\n",
     "8f3k-22mx-9q0p"),                                 # a heading with its list below
])
def test_the_same_shapes_that_are_credentials(text: str, value: str) -> None:
    assert value in _values(text)


def test_a_folder_of_workflow_notes_and_a_norwegian_password(tmp_path: Path) -> None:
    """The audit of a real folder: a workflow's actions, a key file's path and a session's
    file report nothing; a password after a Norwegian label is reported."""
    ws = make_ws(tmp_path / "ws", {
        "memory/ci.md": memory("ci", "```yaml\nsteps:\n  - uses: actions/checkout@v4\n"
                               "  - uses: actions/upload-artifact@v4\n```\n"
                               "- Private key: `secrets/ci_ed25519`\n"),
        "memory/ruter.md": memory("ruter", "Passordet til ruteren er Fjord7731x.\n"),
    })
    assert found(run_audit(ws), "secret") == [("memory/ruter.md", 7)]
