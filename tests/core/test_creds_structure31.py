"""Credential forms by structure, round 31 (branch secfix31), written as new texts — none of
set16's, set17's or newuser30's: a qualifier before a password word is no negator; a script's
own colon ends a label as ``:`` does; a postal code in an address, a web app's public config
key, a count or a setting are no values; a word passphrase, a seed phrase and a raw EVM key
after their label are."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- newuser30 #3: "Sample password:" / "Example password:" ----------------------------------

@pytest.mark.parametrize("text,value", [
    ("Sample password: Rt6vWq2zLp9x", "Rt6vWq2zLp9x"),
    ("- example admin password: Mz4kQe8tVb3n", "Mz4kQe8tVb3n"),
])
def test_sample_or_example_before_a_password_word_is_no_negator(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "for example password: hunter2",
    "sample size: 1200 rows",
])
def test_placeholders_and_counts_stay_unfound(text: str) -> None:
    assert found(text) == []


# --- a script's own colon ----------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("የይለፍ ቃል፦ Qw7rTz2mKx", "Qw7rTz2mKx"),  # Ethiopic preface colon
    ("ពាក្យសម្ងាត់៖ Vn8pLq3sWd", "Vn8pLq3sWd"),  # Khmer colon
    ("password∶ Jk5tRm9wQz", "Jk5tRm9wQz"),  # the ratio sign
])
def test_a_scripts_own_colon_ends_the_label(text: str, value: str) -> None:
    assert found(text) == [value]


def test_a_scripts_colon_in_prose_without_a_label_finds_nothing() -> None:
    assert found("ሰዓት፦ 9 ሰዓት እስከ 5 ሰዓት") == []


# --- a postal code closing an address ----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Ship to: Unit 5, Andheri East, Mumbai, PIN code 400069.",
    "पता: गली 4, लाजपत नगर, नई दिल्ली, पिन कोड 110024",
    "Hantar ke: Lot 9, Jalan Ampang, Kuala Lumpur, poskod 50450, Malaysia.",
])
def test_a_postal_code_closing_an_address_is_no_pin(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("Card PIN 482913", "482913"),
    ("Door: PIN 58213, then the key box.", "58213"),
    ("Router: SSID Office, WPA2, WPS PIN 48213957", "48213957"),
])
def test_a_pin_outside_an_address_is_still_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- JSON inside a JSON string -----------------------------------------------------------------

def test_a_password_in_json_inside_a_json_string_is_found() -> None:
    text = '{"event": "{\\"svc\\": \\"billing\\", \\"password\\": \\"Tq8vLm3RxK7pWz2N\\"}"}'
    assert found(text) == ["Tq8vLm3RxK7pWz2N"]


def test_escaped_json_without_a_credential_finds_nothing() -> None:
    assert found('{"msg": "{\\"token_count\\": 4096, \\"status\\": \\"ok\\"}"}') == []


# --- a mail login given as literals: account, password, host -----------------------------------

def test_the_literal_between_a_mail_account_and_its_host_is_the_password() -> None:
    text = 'a := smtp.PlainAuth("", "alerts@shop.example", "Vq3mLx9tRk2wPz7n", "smtp.shop.example")'
    assert found(text) == ["Vq3mLx9tRk2wPz7n"]


def test_a_subject_between_an_account_and_a_host_is_no_password() -> None:
    assert found('auth.send("ops@shop.example", "Weekly report", "mail.shop.example")') == []


# --- a connection string's value in braces -----------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("Driver={ODBC Driver 17};Server=db7;Uid=rep;Pwd={Zr8;kQ2}}vLm5};", "Zr8;kQ2}}vLm5"),
    ("Data Source=db7;User ID=rep;Password={Tw(o)rds#4x};Encrypt=True;", "Tw(o)rds#4x"),
])
def test_a_braced_connection_string_value_runs_to_its_closing_brace(text: str, value: str
                                                                    ) -> None:
    assert found(text) == [value]


def test_a_braced_driver_name_or_reference_is_no_password() -> None:
    assert found("Driver={ODBC Driver 17};Server=db7;Password={env:DB_PASS};") == []


# --- a year after a preposition ends no passphrase ---------------------------------------------

def test_a_sentence_ending_on_a_year_is_no_passphrase() -> None:
    assert found("La parola d'ordine della rete non è mai stata toccata dal 2021.") == []


def test_a_passphrase_with_a_number_is_still_found() -> None:
    phrase = "harbor lantern 73 meadow quill"
    assert found("seed phrase: " + phrase) == [phrase]


# --- a seed phrase on its own line under its label -------------------------------------------

_SEED = "meadow quartz lantern bishop cradle orbit fossil velvet tundra ember salmon pioneer"


@pytest.mark.parametrize("text", [
    "Wallet recovery words (12):\n\n" + _SEED + "\n",
    "Фраза восстановления:\n```\n" + _SEED + "\n```\n",
])
def test_a_seed_phrase_under_a_line_ending_in_a_colon_is_found(text: str) -> None:
    assert found(text) == [_SEED]


@pytest.mark.parametrize("text", [
    "Hardhat's default mnemonic:\n\n" + "test " * 11 + "junk\n",  # a word repeated
    "Notes:\n\nwe went over the plan and then agreed to ship early next week\n",  # a sentence
    _SEED + "\n",  # no label above
])
def test_a_word_line_that_is_no_seed_phrase_stays_unfound(text: str) -> None:
    assert found(text) == []


# --- a raw EVM private key after its label -----------------------------------------------------

_EVM = "0x" + "9c41d07be52a3f86" * 4


@pytest.mark.parametrize("text", [
    f"Deployer private key: `{_EVM}`",
    f"- Chave privada da carteira: {_EVM}",
])
def test_0x_and_64_hex_after_a_key_label_is_a_key(text: str) -> None:
    assert found(text) == [_EVM]


@pytest.mark.parametrize("text", [
    f"tx hash: {_EVM}",
    "Deployer address: 0x" + "9c41d07be52a3f86" * 2 + "9c41d07b",
    "mask: 0xFFFF0000",
])
def test_a_hash_an_address_or_a_hex_literal_is_no_key(text: str) -> None:
    assert found(text) == []


# --- a chat turn's topic after "User:" ---------------------------------------------------------

def test_a_name_ending_in_a_colon_then_words_is_a_topic_not_a_password() -> None:
    assert found("- Candidate: User: IPMA/MeteoDados: o relatório passou a usar colunas") == []


def test_a_password_ending_in_a_colon_at_the_end_of_its_line_is_still_found() -> None:
    assert found("Login: admin / Tq7vLm2Rx9:") == ["Tq7vLm2Rx9:"]
