"""secfix34: credentials by their structure (a login line after any label, a password split
over a table's cells, a column of one-time codes, codes listed in a sentence, seed phrases as
list items, in backticks or with accents) and the senses that make a credential word
something else (a keyword, a postal or tracking code, an id-suffixed label). Texts and values
written here, random or made up, none of a blind set's; every case runs the real detector."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# -- a login line after a label -------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Skovhytte-routeren: admin Lq8!vTrek3\nHusk nøglen.\n", "Lq8!vTrek3"),
    ("- ssh: deploy Wm4#pazRu9\n", "Wm4#pazRu9"),
    ("खेत का राउटर: root Tz6@hollo2\n", "Tz6@hollo2"),
])
def test_a_user_and_a_password_after_a_label_are_a_login(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Build: gradle assembleRelease2\n",        # no symbol: a task's name
    "Next: see issue#4412\n",                   # no capital
    "Deploy: rsync Site-Build/v2!\n",          # a path
    "Contact: mail Kim.Lee5!@example.org\n",    # an address
    "Release: tag v2.4-Beta!\n",               # a version
])
def test_lines_that_are_no_login_are_left_alone(text: str) -> None:
    assert _values(text) == []


# -- a password split over a table's cells ------------------------------------------------

SPLIT_COLUMN = """---
name: gedeeld-wachtwoord
description: het wachtwoord van het archief, in tweeën
---
| Deel | Waarde | Wie |
|---|---|---|
| Eerste | Hav | Mette |
| Laatste | rn%Lyng81 | Joost |
"""

SPLIT_ROW = """Hasło do szafy serwerowej, w dwóch kawałkach:
| kawałek 1 | kawałek 2 |
|---|---|
| Pq7w | ez!Lom4 |
"""


def test_a_password_split_down_a_column_is_each_piece() -> None:
    assert _values(SPLIT_COLUMN) == ["Hav", "rn%Lyng81"]


def test_a_password_split_along_a_row_is_each_piece() -> None:
    assert _values(SPLIT_ROW) == ["Pq7w", "ez!Lom4"]


@pytest.mark.parametrize("text", [
    SPLIT_COLUMN.replace("het wachtwoord van", "de planken van"),  # no password named
    SPLIT_ROW.replace("Hasło do szafy serwerowej", "Numery szafy serwerowej"),
    SPLIT_ROW.replace("| kawałek 1 | kawałek 2 |", "| user | id |"),     # id / user columns
    SPLIT_ROW.replace("| Pq7w | ez!Lom4 |", "| Pq7w pa | ez!Lom4 |"),     # a space: words
    SPLIT_ROW.replace("| Pq7w | ez!Lom4 |", "| alpha | beta |"),          # words alone
])
def test_tables_that_split_no_password_are_left_alone(text: str) -> None:
    assert _values(text) == []


# -- a column of one-time codes -----------------------------------------------------------

CODE_COLUMN = """Backup codes of the mail account (each works once):

| # | value |
|---|---|
| 1 | 7fa2c91e |
| 2 | b04d3e6a |
| 3 | 5e19fc70 |
"""


def test_a_column_of_same_shaped_codes_under_a_credential_caption_is_each_a_value() -> None:
    assert _values(CODE_COLUMN) == ["7fa2c91e", "b04d3e6a", "5e19fc70"]


@pytest.mark.parametrize("text", [
    CODE_COLUMN.replace("Backup codes of the mail account", "Deploys of the week"),
    CODE_COLUMN.replace("| # | value |", "| # | commit |"),
    CODE_COLUMN.replace("5e19fc70", "5e19fc7"),        # not one shape
    CODE_COLUMN.replace("5e19fc70", "7fa2c91e"),       # repeated
])
def test_columns_that_are_no_codes_are_left_alone(text: str) -> None:
    assert _values(text) == []


# -- codes listed in one sentence -----------------------------------------------------------

def test_codes_listed_after_a_labelled_first_one_are_each_a_value() -> None:
    text = ("Recovery codes for the forge: qvtkz-mwhpx, rtbnc-jdfsl and plmqw-xvzrt (rest in "
            "the safe).\n")
    assert _values(text) == ["qvtkz-mwhpx", "rtbnc-jdfsl", "plmqw-xvzrt"]


def test_words_after_a_labelled_code_are_no_codes() -> None:
    text = "Recovery codes for the forge: qvtkz-mwhpx, well-known and self-made.\n"
    assert _values(text) == ["qvtkz-mwhpx"]


# -- seed phrases -----------------------------------------------------------------------------

EN = "orbit velvet canyon mango fossil ribbon walnut glacier pepper lantern timber saddle"
ES = "cañón ámbar pulpo nieve brisa cereza dátil águila junco lirio mango sauce"


@pytest.mark.parametrize("text, value", [
    (f"Wallet backup (12 words):\n- {EN}\n", EN),
    (f"Wallet backup (12 words):\n`{EN}`\n", EN),
    (f"Frase de la cartera (12 palabras):\n`{ES}`\n", ES),
    (f"Frase de la cartera (12 palabras):\n- {ES}\n", ES),
])
def test_a_seed_phrase_as_a_list_item_in_code_or_with_accents_is_found(text: str,
                                                                       value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    f"Wallet backup (12 words):\n- {EN.replace('mango', 'the')}\n",       # a sentence word
    f"Wallet backup (11 words):\n- {EN.rsplit(' ', 1)[0]}\n",             # 11 words
    f"Wallet backup (12 words):\n- {EN.replace('mango', 'Mango')}\n",     # a capital
    f"Wallet backup:\n- {EN.replace('mango', 'orbit')}\n",                # a word repeated
])
def test_runs_of_words_that_are_no_seed_are_left_alone(text: str) -> None:
    assert _values(text) == []


# -- what makes a credential word something else ----------------------------------------

@pytest.mark.parametrize("text", [
    "Notas de la campaña:\n- la palabra clave del anuncio es «invierno»\n",
    "Mots-clés du salon : la mot-clé principal est « tricot ».\n",
    "رمز البريد للمستودع 40213.\n",
    "کد پستی خانه: ۱۲۳۴۵۶۷۸۹۰ — کد رهگیری سفارش: 7730018264519\n",
    "کد پستی خانه: 1234567890\n",
    "गोदाम का पता, पिन कोड 560034\n",
    "小程序 openid: oXk2PqLm8ZrT4vBn7YcW1sDf-9\n",
])
def test_a_credential_word_in_another_sense_labels_nothing(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize("text, value", [
    ("Palabra clave del wifi del taller: Tq9!vBx3Lm\n", "Tq9!vBx3Lm"),
    ("الرمز السري للخزنة: 4821\n", "4821"),
    ("लॉकर का पिन 4821 है\n", "4821"),
    ("小程序 secret: oXk2PqLm8ZrT4vBn7YcW1sDf-9\n", "oXk2PqLm8ZrT4vBn7YcW1sDf-9"),
])
def test_the_same_words_in_their_credential_sense_still_label(text: str, value: str) -> None:
    assert _values(text) == [value]


# -- a credential on a line of a fenced log -----------------------------------------------

@pytest.mark.parametrize("line", [
    "[done] admin password set to Hv6!qTz9pLk",
    "2026-12-01 10:00:01 INFO provision: password set to Hv6!qTz9pLk",
    "Dec 02 09:14 setup[811]: password set to Hv6!qTz9pLk",
])
def test_a_log_line_in_a_code_block_is_read_as_its_message(line: str) -> None:
    assert _values(f"Output of the installer:\n```\n{line}\n```\n") == ["Hv6!qTz9pLk"]


@pytest.mark.parametrize("block", [
    "```python\nprint('password set to')  # see below\nx = reset_password(user)\n```",
    "```\n[done] password set to the value in the vault\n```",
    "```\n[done] password policy set to Strict-v2!\n```",
])
def test_log_lines_without_a_credential_are_left_alone(block: str) -> None:
    assert _values(f"Output:\n{block}\n") == []


def test_a_telegram_token_in_the_bot_api_url_is_found() -> None:
    line = "curl https://api.telegram.org/bot7730018264:AAk3PqLm8ZrT4vBn7YcW1sDfQ9xHjWe2UoI/getMe"
    assert _values(f"```\n{line}\n```\n") == ["7730018264:AAk3PqLm8ZrT4vBn7YcW1sDfQ9xHjWe2UoI"]
    robot = line.replace("api.telegram.org/bot", "example.org/robot")
    assert _values(f"```\n{robot}\n```\n") == []


# -- a value's own slot -----------------------------------------------------------------------

DASHED = "-Rk7VqW2nPzL8sXc4YbT6mHd9JfG3aQe5uNw1oEi0Zy"


def test_a_made_up_value_starting_with_a_dash_is_no_option() -> None:
    assert _values(f"```yaml\nsvc:\n  secret: {DASHED}\n```\n") == [DASHED]


@pytest.mark.parametrize("value", ["-Xmx2g", "--max-age=3600", "--color-key-accent"])
def test_options_after_a_label_are_still_options(value: str) -> None:
    assert _values(f"```yaml\nsvc:\n  secret: {value}\n```\n") == []


KEY = "5b0e2a9c41d7f3e86a2c9d0b4e1f7a3c.pL4xTq8WmZ2vRn6K"


def test_a_literal_is_named_by_its_own_member_not_the_one_before() -> None:
    assert _values(f'```json\n{{"model": "glm-4", "key": "{KEY}"}}\n```\n') == [KEY]


@pytest.mark.parametrize("code", [
    '{"key": "x", "model_id": "pL4xTq8WmZ2vRn6KaQ3y"}',
    'user_id("pL4xTq8WmZ2vRn6KaQ3y7")',
])
def test_a_literal_whose_own_name_says_id_is_left_alone(code: str) -> None:
    assert _values(f"```\n{code}\n```\n") == []


# -- a pair after a login word, a quoted value before its label ------------------------------

def test_a_user_in_backticks_a_few_words_after_a_login_word_heads_a_pair() -> None:
    text = "- new shared login for the lab laptop is `lab` / Harbor2031! — use that\n"
    assert _values(text) == ["Harbor2031!"]


@pytest.mark.parametrize("text", [
    "- the login page of the old wiki is at `/wiki` / Main-Page2\n",
    "Login with the usual account and then go to settings / Profile2x\n",
])
def test_slashes_after_a_login_word_that_join_no_pair_are_left_alone(text: str) -> None:
    assert _values(text) == []


def test_a_value_in_backticks_before_as_the_password_is_the_password() -> None:
    text = "The NAS setup page wants `qmrt58zk` as the admin password (printed on the box).\n"
    assert _values(text) == ["qmrt58zk"]


@pytest.mark.parametrize("text", [
    "Use `config.yaml` as the password file.\n",
    "I typed `release-notes` as the password hint\n",
    "Use qmrt58zk as the admin password\n",   # unquoted: a weak place, a weak shape
])
def test_what_stands_before_as_the_password_unquoted_or_named_is_left_alone(text: str) -> None:
    assert _values(text) == []


def test_a_key_word_right_before_a_machine_made_run_ending_its_clause_labels_it() -> None:
    text = "Il sensore legge dal servizio meteo (chiave Qw8rT2xZ-mnbvLk4P, piano base).\n"
    assert _values(text) == ["Qw8rT2xZ-mnbvLk4P"]


@pytest.mark.parametrize("text", [
    "Il punto (chiave del problema, vedi sotto) resta aperto.\n",
    "The key ProjectAlphaRelease, as agreed, ships Friday.\n",
    "Remember the key v2.14.3-rc1, then tag it.\n",
])
def test_a_key_word_before_words_names_or_versions_labels_nothing(text: str) -> None:
    assert _values(text) == []


# -- a value shown masked, then written out ------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Das Panel zeigt „Kennwort: ●●●●●●●●“. Tatsächlich ist es Lake!Stone44 (sagt Papa).\n",
     "Lake!Stone44"),
    ("Password: ●●●●●●\nThe real one is Kq7!mzPa2, says Dad.\n", "Kq7!mzPa2"),
])
def test_the_value_a_mask_hid_written_out_after_it_is_found(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Password: ●●●●●●\nVersion: v2.4.1-RC!\n",                    # another label's value
    "Passwort: ●●●●●●●● (see the vault entry Home-Router_2)\n",  # a name, three kinds
    "Password: ●●●●●●\n\nLater: Lake!Stone44\n",                   # not the next line
])
def test_a_mask_with_no_value_written_out_after_it_gives_none(text: str) -> None:
    assert _values(text) == []
