"""Credential forms by structure, from the false alarms real folders nobody tuned for raised
(/work/notes/real27-creds.md; bench/RESULTS.md, "Issue 32: the credential detector on blind
set14"), written as new texts: a label word that is only the end of a protocol's name, a
credential word set beside a value, a quotation after prose, a list under a sentence naming
users."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- one capital before a capitalised word is one word ------------------------------------

@pytest.mark.parametrize("text", [
    "Set up 2026-05-11. OAuth project: `acme-console-2031` (internal audience only).",
    "OAuth consent screen: `orbit-sync-prod-7`",
])
def test_oauth_is_one_word_and_no_auth_label(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ('OAuthToken = "Xk9pQ2vLm7RtZ4wNc8Ys"', "Xk9pQ2vLm7RtZ4wNc8Ys"),
    ('myAPIKey = "Qz8vLm2Rt7Xk4WnPc9Ys"', "Qz8vLm2Rt7Xk4WnPc9Ys"),
    ("X-Auth-Token: Vb7Kq2Lm9Rt4Wz8Pn3Cs", "Vb7Kq2Lm9Rt4Wz8Pn3Cs"),
])
def test_identifiers_still_split_at_their_words(text: str, value: str) -> None:
    assert found(text) == [value]


# --- a credential word names a login or a stored credential ------------------------------

def test_a_value_set_beside_a_credential_word_is_its_id() -> None:
    assert found("All five Slack nodes reuse one OAuth2 credential (`Qm7TvXa2LpR9wE3k`). "
                 "Split it later.") == []


@pytest.mark.parametrize("text,value", [
    ("Credentials: deploy / Xy7!kq2Lmw", "Xy7!kq2Lmw"),
    ("Deploy credentials: `Xy7kq2Lmw4Rt`", "Xy7kq2Lmw4Rt"),
])
def test_a_credential_after_its_separator_is_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- words in quotes after prose are a quotation -------------------------------------------

def test_a_quotation_words_after_a_label_word_is_no_passphrase() -> None:
    assert found('- [bisect job](x.md) — check both ends first (all-pass→fail run '
                 '"fixture cache stale again"+logs); retry') == []


@pytest.mark.parametrize("text", [
    'The vault passphrase is "granite walrus velvet orbit".',
    'Passphrase: "granite walrus velvet orbit"',
    'Die Passphrase lautet "Granit Walross Samt Umlauf"',
])
def test_a_passphrase_beside_its_label_is_found(text: str) -> None:
    assert len(found(text)) == 1


# --- a list under a sentence naming users ---------------------------------------------------

def test_a_field_name_under_a_sentence_naming_the_user_is_no_value() -> None:
    text = ("Scope — always the team board.\n\n"
            "When filing bugs for the user or their team, always set:\n"
            "- `project`: INFRA\n"
            '- `customfield_20417` (Team, single select): `{"value": "Infra"}`\n')
    assert found(text) == []


def test_pairs_under_a_heading_naming_accounts_are_found() -> None:
    assert found("Router accounts:\n- admin / Xy7!kq2Lmw\n- guest / Pq4$zz81Lk\n") == \
        ["Xy7!kq2Lmw", "Pq4$zz81Lk"]


# --- a code comment after a value saying what it is ----------------------------------------

@pytest.mark.parametrize("text", [
    '    const val KIOSK_APP_KEY = "9c41d2e07ab35f6810c2de94f7a3b615"  // 앱에 포함되는 공개 키',
    'WIDGET_KEY = "Zx8Lq2Vm7Rk4Wn9Tc3Pb"  # example token from the vendor docs',
])
def test_a_comment_naming_the_value_public_or_an_example_silences_it(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ('    const val SERVER_APP_KEY = "9c41d2e07ab35f6810c2de94f7a3b615"  // 서버 전용 키',
     "9c41d2e07ab35f6810c2de94f7a3b615"),
    ("- DB root pw: Vq7^Lm2#Xk9p   # rotated in March, tell ops if you change it",
     "Vq7^Lm2#Xk9p"),
])
def test_a_comment_that_names_no_public_kind_keeps_the_value(text: str, value: str) -> None:
    assert found(text) == [value]


# --- a made-up run joined by a dash is no name -------------------------------------------------

@pytest.mark.parametrize("value", ["qhwTRKZmbvLPx-Ds", "Wz.mqpRTLkvbXn"])
def test_letters_with_capitals_where_no_word_starts_joined_are_a_password(value: str) -> None:
    assert found(f'  STAGING_DB_PASSWORD: "{value}"') == [value]


@pytest.mark.parametrize("text", ['  login_route: "src/pages/Auth.tsx"',
                                  "- token source: `BuildConfig.KAKAO_NATIVE_KEY`"])
def test_names_joined_stay_quiet(text: str) -> None:
    assert found(text) == []


# --- SQL statements that set a password ----------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("CREATE USER grafana_ro WITH PASSWORD 'Vb7kq2Lm9Rt4';", "Vb7kq2Lm9Rt4"),
    ("    CREATE USER 'sync'@'%' IDENTIFIED BY 'Lobo4471?';", "Lobo4471?"),
    ('`ALTER USER etl IDENTIFIED BY "Qw8-zz81Lkp" ACCOUNT UNLOCK;`', "Qw8-zz81Lkp"),
    ("ALTER USER x IDENTIFIED WITH caching_sha2_password BY 'Pq9#zz81Lk';", "Pq9#zz81Lk"),
    ("CREATE LOGIN rpt WITH PASSWORD = 'Qz8!vLm2Rt';", "Qz8!vLm2Rt"),
])
def test_a_password_set_by_an_sql_statement_is_found(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "ALTER USER bob IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';",
    "CREATE ROLE app WITH LOGIN ENCRYPTED PASSWORD 'md53175bce1d3201d16594cebf9d7eb3f9d';",
])
def test_a_password_hash_in_sql_is_no_password(text: str) -> None:
    assert found(text) == []


# --- XML: an element named by a label, a plist key and its string ---------------------------

def test_an_xml_element_named_by_a_label_holds_its_value() -> None:
    text = ('<resource name="jdbc/Orders">\n  <username>orders_app</username>\n'
            "  <password>Rk2mX9vLq7Tz</password>\n</resource>\n")
    assert found(text) == ["Rk2mX9vLq7Tz"]


def test_a_plist_key_names_the_string_after_it() -> None:
    text = ("<dict>\n  <key>PublicToken</key>\n  <string>pk.Qz8vLm2Rt7Xk4WnPc9YsAb3</string>\n"
            "  <key>UploadSecretToken</key>\n"
            "  <string>sk.Hq8Lz2Xv9Rk4Wm7Tn1Pc5Bj3Yd6Qa0</string>\n"
            "  <key>SERVER_KEY</key><string>Zw3Nq8Lm2Vk7Rt4Xp9Cs</string>\n</dict>\n")
    assert found(text) == ["sk.Hq8Lz2Xv9Rk4Wm7Tn1Pc5Bj3Yd6Qa0", "Zw3Nq8Lm2Vk7Rt4Xp9Cs"]


@pytest.mark.parametrize("text", [
    "<key>GCM_SENDER_ID</key>\n<string>072444548200</string>\n<key>token</key>",
    "<password>${DB_PASSWORD}</password>",
    "<secret-ref>vault/billing/db</secret-ref>",
])
def test_xml_ids_templates_and_references_stay_quiet(text: str) -> None:
    assert found(text) == []


# --- delimited exports: a header field names a column ------------------------------------------

def test_a_csv_header_naming_a_password_labels_its_column() -> None:
    text = ("```csv\nlogin,password,role\nmaria.kos@shop-qa.example,Trvq82kLmz,admin\n"
            "p.novak@shop-qa.example,\"Hv4!rtQ9\",clerk\n```\n")
    assert found(text) == ["Trvq82kLmz", "Hv4!rtQ9"]


def test_a_tsv_header_and_rows_with_another_count_of_fields() -> None:
    text = "host\tuser\tpassword\ndb-1\tetl\tZq7vLm2Rt8\nnotes: rotate monthly\tsoon\n"
    assert found(text) == ["Zq7vLm2Rt8"]


@pytest.mark.parametrize("text", [
    "id,token_count,model\n1,2048,gpt-4o\n2,4096,claude-3-5\n",
    "name,password_policy,min_length\nstaff,strict,14\n",
    "user,password,note\nalice,<set on first login>,new\nbob,changeme,temp\n",
])
def test_delimited_counts_policies_and_placeholders_stay_quiet(text: str) -> None:
    assert found(text) == []


# --- full-width equals; values named by their own shape -----------------------------------

@pytest.mark.parametrize("text,value", [
    ("ロッカーの暗証番号＝4417", "4417"),
    ("服务器密码＝Kq7vLm2Rt8", "Kq7vLm2Rt8"),
])
def test_a_full_width_equals_sign_separates_label_and_value(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    'db_secret_arn = "arn:aws:secretsmanager:us-east-2:123456789012:secret:stage/api-Qw12ab"',
    "POSTHOG_KEY=phc_Zx8Lq2Vm7Rk4Wn9Tc3PbYd6Hq8Lz2Xv9Rk4Wm7",
    "api_token=[MASKED]",
    "Slack's docs sign with the signing secret `8f742231b10e8888abcd99yyyzzz85a5`.",
])
def test_resource_names_public_keys_masks_and_documented_examples_stay_quiet(text: str
                                                                            ) -> None:
    assert found(text) == []


def test_a_quoted_name_with_an_ending_glued_on_is_a_word() -> None:
    assert found("Das neue Kennwort gilt auch in der `tnsnames`-Datei von Jenkins.") == []
    assert found("Das Kennwort ist `Xk9pQ2vL7`.") == ["Xk9pQ2vL7"]
    assert found("パスワードは「Xk9!pQ2vL」を使う") == ["Xk9!pQ2vL"]


# --- Urdu and Bengali labels; a note in brackets right before the separator ----------------

@pytest.mark.parametrize("text,value", [
    ("سرور کا پاس ورڈ: Qv8#Lm2Rt7zk", "Qv8#Lm2Rt7zk"),
    ("এনএএস-এর পাসওয়ার্ড: Hk4!Zq9Lm2", "Hk4!Zq9Lm2"),
])
def test_urdu_and_bengali_password_labels(text: str, value: str) -> None:
    assert found(text) == [value]


def test_a_bracketed_note_naming_an_id_before_the_separator_wins() -> None:
    assert found("The signing key rotates monthly; the current one (key id): "
                 "`kid_2b7c41e09fa3`") == []


def test_a_call_pairing_a_constant_named_by_a_label_with_a_literal() -> None:
    text = ('props.put(Context.SECURITY_PRINCIPAL, "uid=svc-sync,ou=apps,dc=corp");\n'
            'props.put(Context.SECURITY_CREDENTIALS, "Wq7-zLm2Rt9k");\n'
            'props.put(Context.PROVIDER_URL, "ldaps://ldap.corp:636");\n')
    assert found(text) == ["Wq7-zLm2Rt9k"]


def test_a_sentence_about_a_passphrase_is_no_passphrase() -> None:
    assert found("---\nname: deploy-key\ndescription: passphrase for the staging deploy key\n"
                 "---\nAsk before using it.\n") == []
    assert found("seed phrase: river meadow velvet cinder harbor") == \
        ["river meadow velvet cinder harbor"]
