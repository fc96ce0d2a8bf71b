"""A label word that is a part of a name, and values that are names, paths, calls or
placeholders (issue 32/#25, blind set 11): what a coding agent's memory holds beside real
keys. Each look-alike sits next to a credential the detector must still find. Written from
the classes of the errors, not from the texts they were seen in."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text

PW = "Vq8#mZ2rKx4!"


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize("text", [
    # the value holds its own label as a part of a name
    'GateKind = { CastlePass = "CastlePass", Open = "Open" }',
    "`IslandPass = \"IslandPass\"` keeps the enum a string on purpose.",
    "A guard (`SpawnWaveToken`) was added so a late timer does nothing.",
    "| skip turn | S | `InputKey_SkipTurn` |\n|---|---|---|\n"
    "| pass turn | P | `InputKey_PassTurn` |",
    'Const.SILVER_KEY_GATE = "Gate_SilverKey_02"',
    # the value goes on the token the label is part of
    "Django's `PasswordChangeTokenMaker` builds the link.",
    "Task: lobby-pass-bridge-locked-spawn-and-camera-fix (done).",
    "The style build makes `--token-accent-700: #1f2937` in colors.css.",
    "Keys look like `pass:weekly:2026-11-30` and `token:store:981`.",
])
def test_a_label_inside_a_name_is_no_label(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text", [
    'The config holds "token": "__AGENTX_REDACTED__", and the gateway fills it at run time.',
    "password: [[MASKED_VALUE]]",
    'local user = GameSys.RequireModule("Scripts.Common.Enums")',
    "Signing key: `D:\\Work\\keys\\android\\upload-release.jks`; the password stays with the user.",
    "account C:\\Users\\builder\\Desktop\\Tower\\Content\\Scripts\\Main.lua was edited",
])
def test_a_path_a_call_or_a_placeholder_is_no_value(text: str) -> None:
    assert found(text) == []


def test_a_code_name_after_an_everyday_word_in_prose_is_no_value() -> None:
    assert found("The second search pass found no `LoadUGCLevelPlayerSpawn` at all.") == []


@pytest.mark.parametrize(("text", "value"), [
    # a real value beside each look-alike class above
    ('GateKind = { CastlePass = "CastlePass" }\nDB_PASSWORD="' + PW + '"', PW),
    ("`PasswordChangeTokenMaker` builds the link; admin password: `" + PW + "`", PW),
    ('"token": "__AGENTX_REDACTED__" here, but "api_key": "k7Qx9wLm2ZpR4vTn8sYb" there',
     "k7Qx9wLm2ZpR4vTn8sYb"),
    ("pass:weekly:2026-11-30 is a key; password: " + PW, PW),
    # a value holding a label word that is not its own label, or that the label is not part of
    ('apiKey = "Zt4pLm9QwX2vRk7n"', "Zt4pLm9QwX2vRk7n"),
    ("DB_PASS=Tq7wPass9Lx", "Tq7wPass9Lx"),
    # an escaped newline before a key body is no name part
    ('"private_key": "-----BEGIN PRIVATE KEY-----\\n'
     'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCq7\\n-----END PRIVATE KEY-----\\n"',
     "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCq7"),
])
def test_a_real_value_beside_them_is_still_found(text: str, value: str) -> None:
    assert value in found(text)


@pytest.mark.parametrize("text", [
    "The first pass used one `ZoneID` for every map; fixed later.",
    "It keeps a token so a stale timer does nothing, and may persist `QMRK_ShieldBuff` too.",
])
def test_a_code_name_in_prose_is_no_value(text: str) -> None:
    assert found(text) == []


def test_a_passphrase_in_camel_case_in_prose_is_still_found() -> None:
    assert "PurpleWalrusKettleOrbit" in found("The wifi password is PurpleWalrusKettleOrbit.")


@pytest.mark.parametrize("text", [
    "Deploy notices go to https://hooks.slack.com/services/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",
    "`ALERT_HOOK=https://hooks.slack.com/services/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`",
])
def test_a_webhook_url_is_the_credential(text: str) -> None:
    assert any(v.startswith("https://hooks.slack.com/services/") for v in found(text))


@pytest.mark.parametrize(("text", "value"), [
    ('log: headers={"Authorization":"Bearer Qp4~Zr8-Lm2xWv7nKc1tYb9s~Hd3fJg6","X-Id":"7f3e"}',
     "Qp4~Zr8-Lm2xWv7nKc1tYb9s~Hd3fJg6"),
    ("`Cookie: theme=dark; sessionid=7c2e91ab04f35d68e1b9c0a4f7d2e863`",
     "7c2e91ab04f35d68e1b9c0a4f7d2e863"),
])
def test_a_header_as_a_dict_key_and_a_session_cookie_are_found(text: str, value: str) -> None:
    assert found(text) == [value]


def test_a_cookie_of_settings_and_analytics_stays_quiet() -> None:
    assert found("Cookie: theme=dark; lang=en-US; _ga=GA1.2.1234567.1700000000") == []


def test_a_negator_of_the_clause_before_a_full_width_comma_leaves_the_next_label() -> None:
    text = ("应用 AppID `wxf1e2d3c4b5a69788`（公开），"
            "AppSecret `9c0d8e7f6a5b4c3d2e1f0a9b8c7d6e5f`（只放服务器）")
    assert found(text) == ["9c0d8e7f6a5b4c3d2e1f0a9b8c7d6e5f"]


@pytest.mark.parametrize(("text", "value"), [
    ("KEYSTORE_PASSWORD=Mavi.Bogaz.73", "Mavi.Bogaz.73"),
    ("router password: «tn=Q482kdWpX»", "tn=Q482kdWpX"),
])
def test_capitalised_dotted_words_under_a_password_label_are_a_password(text: str,
                                                                         value: str) -> None:
    assert value in found(text)


@pytest.mark.parametrize("text", [
    "password: color.primary.500",
    "限流用令牌桶（token bucket）：`refill_rate=5`，与鉴权无关。",
])
def test_an_attribute_path_or_another_names_setting_is_no_value(text: str) -> None:
    assert found(text) == []


def test_a_quoted_call_between_a_label_and_its_value_is_passed() -> None:
    text = ("Token de la API de facturas, para `enviar_facturas()`: "
            "`7be2c41f09d83a5e6f1b2c7d8e9a0f3b`.")
    assert found(text) == ["7be2c41f09d83a5e6f1b2c7d8e9a0f3b"]


@pytest.mark.parametrize(("text", "value"), [
    ("웹훅 서명 비밀은 `whsec_Q7mZ2pLx9RvT4nWk8sYb3cHd6fJg1aUe`.",
     "whsec_Q7mZ2pLx9RvT4nWk8sYb3cHd6fJg1aUe"),
    ("mail:\n  api: key-7e1c9a0b3d5f2e4a6c8b0d1f3e5a7c9b", "key-7e1c9a0b3d5f2e4a6c8b0d1f3e5a7c9b"),
    ("the old script still uses `sk-Zq81LmT0pWx4RvN7kYb2cHs5dJf9gAe3uIo6QmXrBvUzNp1a` today",
     "sk-Zq81LmT0pWx4RvN7kYb2cHs5dJf9gAe3uIo6QmXrBvUzNp1a"),
    ("push: `AAAAx7Lm2Qp:APA91b" + "Zr8Lm2xWv7nKc1tYb9sHd3fJg6_-" * 5 + "`",
     "AAAAx7Lm2Qp:APA91b" + "Zr8Lm2xWv7nKc1tYb9sHd3fJg6_-" * 5),
])
def test_a_format_that_names_itself_is_found_anywhere(text: str, value: str) -> None:
    assert value in found(text)


@pytest.mark.parametrize("text", [
    "- API Key SID: `SK0a1b2c3d4e5f60718293a4b5c6d7e8f9`",
    'UserFactory(password="correct horse battery staple") in the test fixtures',
    "sk-" + "a" * 48,  # no capitals, no digit: no key of that format
])
def test_an_id_or_the_documented_example_stays_quiet(text: str) -> None:
    assert found(text) == []
