"""secfix38: the forms that carried from one stranger's set to the next, by structure — a key
word right before a run of hex, a key's hex alone on the line below its label, a key named
by a URL's query parameter, a code word opening its clause after the thing it opens, a
well-known account then its typed password with no separator. Texts and values written
here (random or made up, none of a blind set's); every case runs the real detector, each
form with its negatives, and one the audit of a real folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.helpers import found, make_ws, memory, run_audit


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


_HEX40 = "5b0e3c9d1f7a2468ace013579bdf2468ace01357"
_HEX64 = "c0ffee12b4d6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081"


# -- a key word right before a hex run ----------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    (f"Para la API de facturas usa la clave {_HEX40}, caduca en marzo.\n", _HEX40),
    (f"Maksurajapinnan salausavain {_HEX64}\n", _HEX64),
])
def test_a_key_word_right_before_a_hex_run(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "La clave primaria de la tabla es `id`.\n",
    "GPG-avain 330DF0BD039F42C048841C9CBE46B1ED4605D38F on julkinen.\n",  # capitals: a print
    f"La clave de caché {_HEX40} se recalcula sola.\n",                   # words between
    f"The cache key {_HEX40}.\n",                                           # no key label
])
def test_no_key_before_the_hex(text: str) -> None:
    assert _values(text) == []


# -- a key's hex alone on the line below its label ------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    (f"Webhook signing key:\n{_HEX64}\n(rotated monthly)\n", _HEX64),
    (f"JWT-ийн гарын үсгийн түлхүүр\n`{_HEX40}`\n", _HEX40),
    (f"Az exportáló szolgáltatás (Nordkap) kulcsa:\n`{_HEX64}`\nNapi 200 hívás.\n", _HEX64),
])
def test_a_key_alone_below_its_label(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    f"Last deploy commit:\n{_HEX40}\n",                       # a commit, no key word
    f"Public key fingerprint:\n{_HEX40.upper()}\n",           # said public
    f"Signing key:\nsee the vault entry {_HEX40[:8]}\n",      # no key's bytes alone
])
def test_no_key_below(text: str) -> None:
    assert _values(text) == []


# -- a key named by a URL's query parameter -----------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("Widget fetches https://api.example-weather.io/v2/now?city=Porto&appid="
     "0f8e2d4c6b8a0e2f4d6c8b0a2e4f6d8c&units=metric every hour.\n",
     "0f8e2d4c6b8a0e2f4d6c8b0a2e4f6d8c"),
    ("`curl 'https://maps.example.net/geo?q=Lyon&api_key=Zq81vLmRt2XwK9pB7nYc4HdJ6sFa3Ge0'`\n",
     "Zq81vLmRt2XwK9pB7nYc4HdJ6sFa3Ge0"),
])
def test_a_key_in_a_url_query(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Docs: https://api.example-weather.io/v2/now?city=Porto&appid=YOUR_APP_ID\n",
    "Steam page https://store.example.com/app?appid=1091500 has the trailer.\n",
    "Bundle https://cdn.example.com/app.js?v=0f8e2d4c6b8a0e2f4d6c8b0a2e4f6d8c is cached.\n",
    "Config: appid=0f8e2d4c6b8a0e2f4d6c8b0a2e4f6d8c in no URL at all.\n",
    "https://example.org/search?key=shoes&page=2\n",
])
def test_no_key_in_that_query(text: str) -> None:
    assert _values(text) == []


# -- a code word opening its clause, after the thing it opens -------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("- locker 41 at the pool, code 6619\n", "6619"),
    ("Die Alarmanlage im Keller ist nachts scharf – Code 2957, binnen 30 s eingeben.\n",
     "2957"),
    ("Bike shed by the back gate: code 8305 (changed every spring).\n", "8305"),
])
def test_a_code_after_the_thing_it_opens(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "The office is in Lyon, zip code 69002.\n",           # a word before the code word
    "The garage door opener, model code 4410.\n",
    "Door sensor report. Code 4012 means low battery.\n",  # another sentence
    "- locker 12 at the gym, code is on the fridge\n",      # no number
    "Alarm panel: code 2026 was the year we moved in\n",    # the number goes on
])
def test_no_code_there(text: str) -> None:
    assert _values(text) == []


# -- a well-known account, then its typed password ------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("Novi server 10.4.2.9, pristup root Vx3!kq9Lm dok ne stignu ključevi.\n", "Vx3!kq9Lm"),
    ("ماشین مجازی: admin — Kestrel#4471 (نام شبکه: HomeNet)\n", "Kestrel#4471"),
    ("Winbox:\n```\nadmin Orbit552&Q\n```\n", "Orbit552&Q"),
])
def test_an_account_then_its_password(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Run it with sudo -u root my_tool-2 first.\n",
    "```\nsudo -u root backup_db-2.sh\nroot web_app-1\n```\n",
    "The admin user-42x page is slow.\n",
    "Logged in as root (uid 0) on node-14.example, then ran the job.\n",
    "admin admin@example.com gets the reports\n",
    "chown root:root file-1.txt\n",
])
def test_no_account_pair(text: str) -> None:
    assert _values(text) == []


def test_a_folder_with_a_key_below_its_label(tmp_path: Path) -> None:
    """The audit of a real folder: a key's hex under its label and a locker's code are
    reported; a commit under its label and a zip code are not."""
    ws = make_ws(tmp_path / "ws", {
        "memory/keys.md": memory("keys", f"Webhook signing key:\n{_HEX64}\n"),
        "memory/gym.md": memory("gym", "- locker 41 at the pool, code 6619\n"),
        "memory/deploy.md": memory("deploy", f"Last deploy commit:\n{_HEX40}\n"
                                   "The office is in Lyon, zip code 69002.\n"),
    })
    assert found(run_audit(ws), "secret") == [("memory/gym.md", 7), ("memory/keys.md", 8)]
