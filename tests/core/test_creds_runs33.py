"""secfix33b: credentials by their form on the page (``memtui.core.creds.runs`` and the
quoted seed phrase of ``memtui.core.creds.mnemonic``). Texts and values written here
(random, none of a blind set's); labels are made-up words no lexicon holds."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


CODES = ["q7kz2-m4xtp", "8wd3n-r6vhb", "cj5ua-2y9fe", "t4p8s-kq3wn"]


@pytest.mark.parametrize("marker", ["- ", "1. ", "", "* `"])
def test_a_run_of_same_shaped_codes_under_a_label_is_each_a_value(marker: str) -> None:
    close = "`" if marker.endswith("`") else ""
    body = "\n".join(f"{marker}{c}{close}" for c in CODES)
    assert sorted(_values(f"Zorvek — blamtok:\n{body}\n\nKept.\n")) == sorted(CODES)
    assert sorted(_values(f"## Zorvek\n\n{body}\n")) == sorted(CODES)


@pytest.mark.parametrize("body", [
    "- node-01\n- node-02\n- node-03\n",                     # names, not codes
    "- 2026-11-01\n- 2026-11-02\n- 2026-11-03\n",           # dates
    "- q7kz2-m4xtp\n- 8wd3n-r6vhb\n",                        # two: not a run
    "- q7kz2-m4xtp\n- 8wd3n-r6vh\n- cj5ua-2y9fe\n",          # not one shape
    "- q7kz2-m4xtp\n- q7kz2-m4xtp\n- q7kz2-m4xtp\n",         # repeated
])
def test_lists_that_are_not_one_time_codes_are_left_alone(body: str) -> None:
    assert _values(f"Zorvek:\n{body}") == []
    assert _values(f"Zorvek — blamtok\nplain words\n{body}") == []


SEED = "MZXW6YTBOI4TQ2LQNR5GK3DFN5XXE43U"


@pytest.mark.parametrize("text", [
    f"Zorvek (blamtok):\n`{SEED}`\n",
    f"Zorvek: {SEED}\n",
    f"Put `{SEED}` into the app.\n",
])
def test_a_base32_seed_standing_alone_is_found(text: str) -> None:
    assert _values(text) == [SEED]


@pytest.mark.parametrize("text", [
    "Zorvek: `JBSWY3DPEHPK3PXP`\n",                     # the documented example
    "Zorvek: `ABCDEFGHABCDEFGHABCDEFGHABCDEFGH`\n",     # no digits
    "Zorvek: `MZXW6YTBOI4TQ2LQNR5GK3DFN5XXE4`\n",        # 30: not a seed's length
])
def test_what_is_not_a_base32_seed_is_left_alone(text: str) -> None:
    assert _values(text) == []


def test_a_keypad_code_under_any_label_is_found() -> None:
    assert _values("zorvek blamtok: 418207#\n") == ["418207#"]
    assert _values("zorvek blamtok: 5931*\n") == ["5931*"]
    assert _values("zorvek blamtok: *100#\n") == []       # a USSD code
    assert _values("zorvek blamtok: 12*\n") == []


def test_a_password_after_the_user_name_on_a_login_line() -> None:
    text = "Zorvek:\n    ssh deploy@box-4.example.net\n    deploy Tq7#mWz2p\n"
    assert _values(text) == ["Tq7#mWz2p"]
    # the user name not seen as user@host above: a command and its argument
    assert _values("Zorvek:\n    ssh box-4.example.net\n    deploy Tq7#mWz2p\n") == []
    assert _values("Zorvek:\n    ssh deploy@box-4\n    deploy staging\n") == []


def test_two_values_after_the_same_word_in_one_sentence() -> None:
    line = "Grendo: vopla `ci`, zamil harbor42; Tusk zamil Vb3#kLq9Wz.\n"
    assert sorted(_values(line)) == sorted(["harbor42", "Vb3#kLq9Wz"])
    assert _values("Grendo zamil harbor42; Tusk plimp Vb3#kLq9Wz.\n") == []
    assert _values("We used port 8080; then port 9090 worked.\n") == []
    assert _values("Release v1.2.3; then release v1.2.4 shipped.\n") == []


PHRASE = "cactus ripple hollow winter gadget ember nickel ozone raven sturdy plume basket"


def test_a_quoted_phrase_standing_alone_is_a_seed_phrase() -> None:
    text = f"Zorvek: Blamtok\nplain words here.\n\n> {PHRASE}\n"
    assert _values(text) == [PHRASE]
    # in a paragraph of prose, or not quoted: left alone
    assert _values(f"Zorvek: Blamtok\nplain words here.\n> {PHRASE}\nmore\n") == []
    assert _values(f"Zorvek: Blamtok\nplain words here.\n\n{PHRASE}\n") == []


def test_a_made_up_piece_after_an_underscore_is_no_name_of_words() -> None:
    # a vendor's key whose random part starts with ``_``: a piece with capitals where no
    # word starts is made up, wherever the ``_`` stands
    for key in ("zqtok-_vRpWmkQTaZbXnHcLsYe", "zqtok-v_RpWmkQTaZbXnHcLsYe"):
        assert _values(f"```\nAPI_TOKEN={key}\n```\n") == [key]
    assert _values("```\nLOG_LEVEL=debug_verbose-mode\n```\n") == []


def test_a_webhook_url_whose_query_key_is_a_uuid_is_whole() -> None:
    url = "https://bots.example.com/cgi-bin/webhook/send?key=6f1c2a9e-3b7d-4e21-9c55-0a8b7e3d2f14"
    assert _values(f"Zorvek → {url}\n") == [url]
    # an id in the query, or a short key: no credential
    assert _values("see https://example.com/webhooks/events?id=6f1c2a9e-3b7d-4e21-9c55-"
                   "0a8b7e3d2f14\n") == []
    assert _values("see https://example.com/webhook/docs?key=value\n") == []


def test_a_short_prefix_and_a_long_run_of_one_case_is_a_key() -> None:
    key = "xk-qwzrtplmnbvcxhgfdsjk4qzrtyplmnbcvxhgfdsjk9w"
    assert _values(f"- Zorvek: {key}\n") == [key]
    assert _values("slug ab-thequickbrownfoxjumpsoverthelazydog2andrunsaway\n") == []
    assert _values("- Zorvek: id-qwzrtplmnbvcxhgfdsjk4qzrtyplmnbcvxhgfdsjk9w\n") == []
