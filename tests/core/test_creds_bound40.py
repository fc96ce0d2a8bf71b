"""secfix40: credentials by what binds a value to a secret's slot and by what a value is
(issue 32 point 1, set28) — a spelled or dictated value read as what it spells, a passphrase
of short words, a second value in a password's sentence or on the next line (an old value
and the new one), a value alone under the line that introduces it, a value in emphasis, a
lock's picture as a label; and what a value is not: a device's or a network's name, a long
key read as a typed sequence for a short run inside it. Texts and values written here (made
up, none of a blind set's); every case runs the real detector, each form with its
negatives."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


_KEY = ("sk-ant-api03-Rt5Wq2Zp8Lm4Kx7Vn1Bc9Hd3Fg6Js0YuAsDfGhJkLmNbVcXzQwErTyUiOpLkJhGf"
        "DsAzXcVbNm-Pq7wZxYtAA")


@pytest.mark.parametrize(("text", "value"), [
    # spelled: words giving the case, digit and symbol names, a spelling alphabet
    ("Support read the new router password out:\n"
     "\"capital R, seven, lowercase k, at, capital W, two, lowercase q\" — twice.\n",
     "capital R, seven, lowercase k, at, capital W, two, lowercase q"),
    ("NAS admin password: Kilo Seven mike Quebec two hash\n",
     "Kilo Seven mike Quebec two hash"),
    # characters separated by dashes, dots or blanks, in quotes of any script
    ("Das Passwort ist: R - 7 - k - W - 2 - q, großes R.\n", "R - 7 - k - W - 2 - q"),
    ("ルーターのパスワードは「R 7 k W 2 q」です。\n", "R 7 k W 2 q"),
    # a letter and words saying more of it, units no character is read from (another
    # language's names of digits) standing for a character
    ("Le mot de passe : R comme Romeo, sept, k minuscule, W, deux, q\n",
     "R comme Romeo, sept, k minuscule, W, deux, q"),
    ("Passwort: groß R, sieben, klein k, groß W, zwei, klein q\n",
     "groß R, sieben, klein k, groß W, zwei, klein q"),
])
def test_a_spelled_value_is_read_as_what_it_spells(text: str, value: str) -> None:
    assert value in _values(text)


@pytest.mark.parametrize("text", [
    "Password rules: 8 chars, 1 digit, 1 symbol, 1 capital\n",
    "The password policy asks for a, b, c, d in order\n",
    "PGPASSWORD in env, then pg_dump -h 10.0.0.5 -U reports shop > shop.sql\n",
    "the password is one two three four\n",
])
def test_a_rule_a_count_or_an_address_spells_nothing(text: str) -> None:
    assert not [v for v in _values(text) if " " in v or "," in v]


@pytest.mark.parametrize(("text", "value"), [
    ("WLAN: Kowalski_5G, hasło to `mały kot śpi na kanapie` (ze spacjami).\n",
     "mały kot śpi na kanapie"),
    ("Invitados: Garcia-Guest, contraseña `nieve de enero 41`\n", "nieve de enero 41"),
    ("```yaml\nwifi_password: \"verde Casa in collina\"\n```\n", "verde Casa in collina"),
])
def test_a_passphrase_of_short_words_after_a_password_word(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    'password: "see the team vault"\n',
    "password: `ask the office manager`\n",
    "Hasło reklamowe kampanii: „Smak lata w każdym łyku\". Zatwierdzone.\n",
])
def test_a_note_or_a_slogan_in_quotes_is_no_passphrase(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "values"), [
    # the sentence goes on to a second value of the same label
    ("Do Spotify mam hasło Malina!73 a do HBO używamy JagodaLas5, oba na maila.\n",
     ["Malina!73", "JagodaLas5"]),
    ("The old wifi password Hund2023x → Katze2024x since May.\n", ["Hund2023x", "Katze2024x"]),
    # the next line of the same form, saying only "new"
    ("- Router-Passwort alt: Fuchs2023!\n- neu: Dachs2024!\n", ["Fuchs2023!", "Dachs2024!"]),
    ("Router password: Fuchs2023!\n  → new since May: Dachs2024!\n",
     ["Fuchs2023!", "Dachs2024!"]),
])
def test_a_second_value_takes_the_slot_of_the_first(text: str, values: list[str]) -> None:
    assert _values(text) == values


@pytest.mark.parametrize("text", [
    "password Xk9pwQ7zz for host db01Prod and user Admin2\n",
    "senha do wifi: Casa1234x, rede Escritorio_5G\n",
    "password del Wi-Fi è «tDP8de39AXKq», la rete si chiama Ufficio-Piano3.\n",
    "password: Hund2023!\nhost: db01Prod\nversion: v2Alpha3x\n",
])
def test_a_name_after_a_password_takes_no_slot(text: str) -> None:
    assert len(_values(text)) == 1


@pytest.mark.parametrize(("text", "value"), [
    ("Для DDNS дома — токен Cloudflare с правом Zone.DNS:\n"
     "Pq4Rs8Tu2Vw6Xy0Za3Bc7De1Fg5Hi9Jk2Lm6No4\nПрава только на зону.\n",
     "Pq4Rs8Tu2Vw6Xy0Za3Bc7De1Fg5Hi9Jk2Lm6No4"),
    ("Cloudflare token for DDNS:\n`Pq4Rs8Tu2Vw6Xy0Za3Bc7De1Fg5Hi9Jk2Lm6No4`\n",
     "Pq4Rs8Tu2Vw6Xy0Za3Bc7De1Fg5Hi9Jk2Lm6No4"),
])
def test_a_value_alone_under_the_line_introducing_it(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "token id:\nPq4Rs8Tu2Vw6Xy0Za3Bc7De1Fg5Hi9Jk2Lm6No4\n",
    "`package-lock.json` changed the integrity for `jsonwebtoken@9.0.2`:\n"
    "`sha512-Pq4Rs8Tu2Vw6Xy0Za3Bc7De1Fg5Hi9Jk2Lm6No4Pq4Rs8Tu2Vw6Xy0Za3Bc7De1==`\n",
])
def test_an_id_or_a_digest_under_its_line_is_no_value(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("Si suena la alarma, el PIN es _4096_ y luego OFF.\n", "4096"),
    ("password: *Xk9mQ2Lp7*.\n", "Xk9mQ2Lp7"),
    ("password: ~~Hund2023!~~\n", "Hund2023!"),
    ("Ersatzcodes (jeder nur einmal):\n- 4412 9087\n- ~~5530 2214~~ (benutzt)\n", "5530 2214"),
])
def test_a_value_alone_in_emphasis_is_the_value(text: str, value: str) -> None:
    assert value in _values(text)


@pytest.mark.parametrize(("text", "value"), [
    ("🔒 ingang: 7351\n📺 TV: in die kas\n", "7351"),
    ("- 🔒 Büro → Xk9#mQ2a\n", "Xk9#mQ2a"),
])
def test_a_lock_picture_labels_its_value(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "شبكة الصالة: STC_Home_4A7C\nشبكة المطبخ: STC_Home_4A7C_EXT\nكلمة المرور خلف الراوتر.\n",
    "Сеть в офисе: Vodafone-8C21A\n",
])
def test_a_network_or_device_name_is_no_key(text: str) -> None:
    assert _values(text) == []


def test_a_long_key_holding_a_keyboard_run_is_still_a_key() -> None:
    assert _values(f"New key in .env for the agent: {_KEY}\n") == [_KEY]


def test_a_value_typed_along_the_keyboard_is_still_a_placeholder() -> None:
    assert _values("TELEGRAM_BOT_TOKEN=123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ\n") == []
