"""secfix35: credentials by their structure, whatever the language of the words around them —
random letters of one case beside a label (a mail provider's authorization code, a TOTP seed
of letters, maybe in groups of four), a second label after a label line's value, a login
after a credentials word, a host name or an introduction, a keypad code in a sentence, a
label's value as an aside in brackets, a seed phrase under its word count — and the public
formats and references that are none. Texts and values written here, random or made up,
none of a blind set's; every case runs the real detector, each rule with its negatives."""

from __future__ import annotations

import pytest

from memtui.core.creds import values
from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# -- random letters of one case beside a label ------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("发信走企业邮箱，客户端授权码 QWHRKPZTMVYBNXEL （每年换一次）。\n", "QWHRKPZTMVYBNXEL"),
    ("IMAP app password: ptkvqzwhrmxnbcjd\n", "ptkvqzwhrmxnbcjd"),
    ("Clé secrète du compte : MVKRTQZWPHLNXBJDCFGSQTRWZMPKHVLN\n",
     "MVKRTQZWPHLNXBJDCFGSQTRWZMPKHVLN"),
    ("2FA-Schlüssel (für die App): KQWR ZMTP HXVB NCDL\n", "KQWR ZMTP HXVB NCDL"),
])
def test_random_letters_of_one_case_beside_a_label_are_a_value(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "API key: YOURAPITOKENHERE\n",             # a placeholder's words
    "secret: REPLACEWITHREALVALUE\n",
    "token: INTERNATIONALIZATION\n",           # a word: too little spread
    "Passwort: ABCDEFGHIJKLMNOPQ\n",           # the alphabet typed
    "Status: QWHRKPZTMVYBNXEL\n",              # no label of a credential
    "token: GITHUB_TOKEN_VALUE\n",             # a constant's name
    "Geheim: ABCD EFGH IJKL MNOP\n",           # groups of the alphabet
    "Schlüssel: hauptverwaltungsgebaeude\n",   # a word: a word's share of vowels
    "token: verantwoordelijkheid\n",
])
def test_letters_that_are_no_value_are_left_alone(text: str) -> None:
    assert _values(text) == []


# -- a whole-line comment in a code block ------------------------------------------------------

def test_a_whole_line_comment_in_a_code_block_is_read_as_prose() -> None:
    text = "```python\n# 授权码 wzqkrtmhvpxncbld\nserver.login(user, code)\n```\n"
    assert _values(text) == ["wzqkrtmhvpxncbld"]


def test_a_comment_naming_a_credential_without_a_value_is_none() -> None:
    text = "```python\n# password is read from the environment\n# token = os.environ['X']\n```\n"
    assert _values(text) == []


# -- a second label after a label line's value -------------------------------------------------

def test_a_second_label_and_value_after_the_first_on_a_label_line() -> None:
    text = "- SMS API 키: HVQZKRTMWPLNBXCD / 시크릿 ZKMWQRTPHVNLBXCDFGJSRTWQZMPKHVNL\n"
    assert _values(text) == ["HVQZKRTMWPLNBXCD", "ZKMWQRTPHVNLBXCDFGJSRTWQZMPKHVNL"]


def test_words_after_a_label_lines_value_are_no_second_value() -> None:
    assert _values("- password: Xk8#mPq2zL / see the vault for the token\n") == ["Xk8#mPq2zL"]


# -- a login after a credentials word -----------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Cassa del bar: credenziali `bottega/limone42` (le usa il turno serale).\n", "limone42"),
    ("the credentials kiosk / Harbor77x open the back office\n", "Harbor77x"),
])
def test_a_user_and_password_right_after_a_credentials_word(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "credentials `openai/gpt4o-mini` in the model list\n",   # a model's id
    "credentials docs/v2.1.0 in the wiki\n",                 # a version
    "one OAuth2 credential (`BzBgoySp12`) stored\n",          # a stored credential's name
])
def test_a_credentials_word_then_no_login(text: str) -> None:
    assert _values(text) == []


# -- a keypad code in a sentence ----------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("The side gate opens with 8352# after ten, the bins are left of it.\n", "8352#"),
    ("Magazyn: 61740* i klucz u ochrony.\n", "61740*"),
    ("ბინის კარი 90417# — მეოთხე სართული.\n", "90417#"),
    ("Schuppen:5081* (hinten links)\n", "5081*"),
])
def test_a_keypad_code_in_a_sentence(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Founded 2019* in Berlin, the team grew.\n",    # a year with a footnote mark
    "Price €1999* only this week\n",               # a price
    "Call +1 555 1234# and wait\n",                # a phone number's last group
    "Hotline +49 30 880 1200, then 4471# for sales\n",  # dialled after a phone number
    "Balance: dial *1000# on the phone\n",         # a USSD code
    "仓库在1203#楼的一层\n",                          # a building's number
    "```\nx = 4096*\n```\n",                       # code
])
def test_numbers_with_a_mark_that_are_no_keypad_code(text: str) -> None:
    assert _values(text) == []


# -- a login after a host name ------------------------------------------------------------------

def test_a_user_and_password_after_a_host_name() -> None:
    text = "SFTP is files.example.org with bodega / Lantern2024x since May.\n"
    assert _values(text) == ["Lantern2024x"]


@pytest.mark.parametrize("text", [
    "example.com with owner / repo-name on GitHub\n",       # a repository's path
    "files.example.org with bodega / lantern-2024 today\n",  # small letters: a name
    "api.example.org uses React / NextJs14 now\n",         # names, no user
])
def test_a_host_then_a_pair_that_is_no_login(text: str) -> None:
    assert _values(text) == []


# -- a login line under its introduction --------------------------------------------------------

def test_a_login_line_alone_under_its_introduction() -> None:
    text = "Kassa-PC (Windows), log in with\nkassa Meridian7x\nDo not change it.\n"
    assert _values(text) == ["Meridian7x"]


@pytest.mark.parametrize("text", [
    "Config:\nhost Db01Host2\nport 5432\n",                           # a block of settings
    "the value is set through the\nflag Zeta9Kappa and then\nread\n",  # a wrapped sentence
    "Done.\nshop Meridian7x\n",                                       # the sentence above ended
    "Next, build it with\nmake Target.v2x\n",                          # a command's argument
])
def test_a_two_word_line_that_is_no_login(text: str) -> None:
    assert _values(text) == []


# -- a label's value as an aside in brackets ----------------------------------------------------

def test_a_labels_value_in_brackets_is_judged_by_its_shape() -> None:
    assert _values("Poczta firmowa (xyzq: Qz7Lm2025!) zmienia się co miesiąc.\n") == \
        ["Qz7Lm2025!"]


@pytest.mark.parametrize("text", [
    "the build (commit: a8F3e2D1c4b5x) passed\n",
    "the run (model: Qwen2.5-Coder-7B) finished\n",
    "the bot (user id: Ab3dEf9hIjK2) joined\n",
])
def test_an_aside_naming_an_id_or_a_name_is_none(text: str) -> None:
    assert _values(text) == []


# -- a seed phrase under its word count ---------------------------------------------------------

_PHRASE = ("orbit velvet candle harbor mirror plastic shadow tunnel wisdom zebra copper "
           "lantern")


def test_a_seed_phrase_under_a_line_counting_its_words_in_brackets() -> None:
    assert _values(f"Cüzdan kurtarma ifadesi (12 kelime)\n{_PHRASE}\n") == [_PHRASE]


@pytest.mark.parametrize("above", ["Top 12 tags this week", "Tags (this week)",
                                   "Tags (13 found)"])
def test_words_under_a_line_without_their_count_are_no_seed(above: str) -> None:
    assert _values(f"{above}\n{_PHRASE}\n") == []


# -- a value before "as the token", a value closing a bracket -----------------------------------

def test_a_long_token_before_as_the_token() -> None:
    token = "AZqr7VkP2mXw9LtN4bHc8JfD3sYg6RuE1oKi5WnT0aQv7ZpM2xLc9BjF4hGd8SyU3tRe6"
    assert _values(f"the user pasted `{token}` as the token and left.\n") == [token]


def test_a_key_word_then_a_made_up_run_closing_a_bracket() -> None:
    key = "AQzr7VkP2mXw9LtN4bHc8JfD3sYg6-RuE1oKi5Wn"
    assert _values(f"Для бота (ключ {key}) и всё.\n") == [key]


# -- public formats and references --------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Base `appR7kQ2mXv9LtN4b`, table `tblW3zP8sYg6RuE1o`, view `viwK5wNtT0aQv7Zpx`.\n",
    "| Service | API key | Note |\n|---|---|---|\n| Razorpay | rzp_live_Q7mX2vL9tN4bHc | ok |\n",
    "钉钉应用\nAppKey: dingq7mx2vl9tn4bhc8j\n",
    "- DB password: `kv/prod/billing#password`\n",
])
def test_public_ids_and_a_stores_path_are_no_credential(text: str) -> None:
    assert _values(text) == []


def test_each_public_format_is_named() -> None:
    assert values.public_format("tblW3zP8sYg6RuE1o") == ("an Airtable object id", "a public id")
    assert values.public_format("pk_live_abc") == ("a Stripe publishable key", "public key")
    assert values.public_format("rzp_live_Q7mX2vL9tN4bHc") == ("a Razorpay key id", "a public id")
    assert values.public_format("Xk8#mPq2zL9") is None


@pytest.mark.parametrize("text, value", [
    ("Razorpay key secret: Kx8mPq2zLw9vTr4sYb6nQe3j\n", "Kx8mPq2zLw9vTr4sYb6nQe3j"),
    ("password: kv/prod/Xk8#mPq2zL9\n", "kv/prod/Xk8#mPq2zL9"),
])
def test_a_secret_beside_a_public_format_is_still_found(text: str, value: str) -> None:
    assert _values(text) == [value]
