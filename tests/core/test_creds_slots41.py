"""secfix41: a value by its slot and by what it is (issue 32 point 1, set29) — a value typed
in another script beside its label, digits named in the writer's language (one by one, in
groups read aloud, a country's own spelling alphabet), a second code later in the sentence
of a first, words in emphasis set apart as quoted words are, a code ending its clause after
the thing it opens, a user and a typed password joined by a slash, an old value struck
through under the line introducing it, a typed Latin value in a sentence of another
script, a label with Hebrew's or Arabic's particles glued on, a cookie chain read as pairs
after one found; and what a value is not: a
thing's name when its clause shows the label's value masked. Texts and values written here
(made up, none of a blind set's); every case runs the real detector, each form with its
negatives."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize(("text", "value"), [
    # a value in its own script, judged by its slot
    ("Ο κωδικός του ρούτερ είναι: Κρήτη2031 (με κεφαλαίο Κ).\n", "Κρήτη2031"),
    ("Пароль от кассы: Волга_1987\n", "Волга_1987"),
    # capitalised words joined by a dot and a number, in a password column
    ("| Sitio | Clave |\n|---|---|\n| Tienda | Sevilla.Naranja7 |\n", "Sevilla.Naranja7"),
    # digits named in the writer's language: one by one between blanks, in groups read
    # aloud, or dashed; a country's spelling alphabet of names and digit names
    ("Kassen pin-kode er: syv fire null tre fem, ikke del den.\n", "syv fire null tre fem"),
    ("Panga parool on rühmadena: neli-kaks-üks, null-viis-kuus, seitse-seitse.\n",
     "neli-kaks-üks, null-viis-kuus, seitse-seitse"),
    ("Hasło do skrzynki: Marta, Ola, Kasia, Rafał, trzy, osiem\n",
     "Marta, Ola, Kasia, Rafał, trzy, osiem"),
    ("Das Passwort lautet: M o n d - 4 4 8 1\n", "M o n d - 4 4 8 1"),
    # a code of the first value's shape later in its sentence (old → new)
    ("Alarm PIN changed: 6204 → 8817 since Monday.\n", "8817"),
    ("Gate PIN 5281 → 60937 since May.\n", "60937"),
    # words in emphasis set apart as quotes do
    ("Het archief heeft als wachtwoordzin: **blauwe fiets onder oude brug**. Niet delen.\n",
     "blauwe fiets onder oude brug"),
    # a code ending its clause after the thing it opens
    ("La banca usa la password Ciliegia7781 e poi il PIN carta 40932, non dirlo.\n", "40932"),
    # a user and a typed password joined by a slash, whatever words stand around
    ("Payroll portal (seasonal staff): paydesk / Harbour!42, the office has the token.\n",
     "Harbour!42"),
    ("Para el ERP entra con almacen / Oliva.Verde9 y listo.\n", "Oliva.Verde9"),
    # an old value struck through under its introduction, then the new one
    ("Wachtwoord boekhouding (kas):\n~~Tulp7781!~~ Narcis8890!\n", "Tulp7781!"),
    ("Wachtwoord boekhouding (kas):\n~~Tulp7781!~~ Narcis8890!\n", "Narcis8890!"),
    # a typed Latin value in a sentence of another script
    ("ग्राहकलाई वाइफाइमा जोडिन Himal#2079 टाइप गर्न भन्नू, अरू केही नदिनू।\n", "Himal#2079"),
    ("Шеф каже да се у апликацију улази са Dunav.Most42 и после тражи код.\n",
     "Dunav.Most42"),
    # a label with Hebrew's particles glued on its front
    ("דנה אמרה שהסיסמה לשרת היא Zayit2024! ולא לשתף.\n", "Zayit2024!"),
])
def test_a_value_by_its_slot_is_found(text: str, value: str) -> None:
    assert value in _values(text)


@pytest.mark.parametrize("text", [
    # a word of another script is no value, with one digit or none, nor a phrase
    "пароль: версия2\n",
    "Пароль: Москва 2024\n",
    "密码规则在2024年改了\n",
    # a count, a rule
    "Password rules: one, two, three, four\n",
    # a path or a file after a name and a slash; a word and a short value
    "See docs / README.md2 for the setup.\n",
    "the ratio km / Hour#2x is fine\n",
    # a list of names, nothing spelled
    "Hasło zmieniają: Marta, Ola, Kasia, Rafał\n",
    # a network's or a device's name in a sentence of another script
    "Підключайтеся до мережі TP-Link_4A1C у кабінеті, пароль у адміністратора.\n",
    # a thing's name when the clause shows the label's value masked
    "Token Przelewy24 w panelu widać tylko jako p24_••••••••3f9a — pełny jest u księgowej.\n",
    # a Latin value in a sentence of Latin letters, without a label
    "Tell guests to type Himal#2079 at the front desk.\n",
])
def test_what_is_no_value_by_its_slot(text: str) -> None:
    assert _values(text) == []


def test_a_chain_of_cookies_after_a_token_is_read_as_pairs() -> None:
    text = ("Die Sitzung des Shops, aus dem Browser kopiert:\n"
            "`shop_token=7c1e9a04b2d6f; sess2=b83f0e6a1d9c47f25e0a3b8c6d1f9e72; theme=dark; "
            "_ga=GA1.2.55501234.1700000001`\n")
    assert _values(text) == ["7c1e9a04b2d6f", "b83f0e6a1d9c47f25e0a3b8c6d1f9e72"]


def test_a_year_after_a_code_is_no_second_code() -> None:
    assert _values("PIN: 4821, valid to 2028.\n") == ["4821"]


def test_a_password_before_a_masked_card_stays() -> None:
    assert _values("password: Hund2023!x and the card is ****4821\n") == ["Hund2023!x"]
