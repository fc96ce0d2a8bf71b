"""Credential forms by structure, from the classes blind set 13 missed or raised falsely
(bench/RESULTS.md, "Issue 32: the credential detector on blind set13"), written as new texts:
a name that only starts like an algorithm's, digests, fingerprints and host names beside a
label, key-named identifiers in code, headers and tables."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- values judged by their own shape ----------------------------------------------------------

@pytest.mark.parametrize("value", ["Shalom7526Yafo", "Shark88Tooth", "RSAnchor2291x",
                                   "Essen4412Koln"])
def test_a_password_that_starts_like_an_algorithm_name_is_still_a_password(value: str) -> None:
    assert found(f"MYSQL_PASSWORD: {value}") == [value]


@pytest.mark.parametrize("text", [
    "hash algorithm: HMAC-SHA256",
    "cipher: aes-256-gcm",
    "password_hasher = pbkdf2_sha256",
    "JWT signing algorithm token: RS256",
])
def test_an_algorithm_name_under_a_label_stays_quiet(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text", [
    "Image ID:       registry.corp.dev/api@sha256:" + "3f1a" * 16,
    "SSH key fingerprint (Schlüssel): `SHA256:q0Zr8uYb3m1/7Lw2Jt+YcQHsUuG8V1kX9fdnZpR4sEo`",
    'token endpoint: "auth.eu-west-1.example-idp.com"',
    'authDomain: "shop-prod-2231.firebaseapp.com"',
    "Header: `Authorization: Basic base64(client_id:client_secret)`",
])
def test_digests_fingerprints_host_names_and_calls_are_no_credentials(text: str) -> None:
    assert found(text) == []


# --- identifiers whose last word is "key" ------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ('    public static final String PARTNER_KEY = "Q7ZK2M9XW4RT8BVN3CJ5HPLD6YF1GA0E";',
     "Q7ZK2M9XW4RT8BVN3CJ5HPLD6YF1GA0E"),
    ('const SigningKey = "pT4vX9qL2mZ8rK5wN1cB7hJ3";', "pT4vX9qL2mZ8rK5wN1cB7hJ3"),
    ('req.set_header("x-tenant-key", "tk_9fLq2ZrX8mW4vN7pB1cK5hJ3")',
     "tk_9fLq2ZrX8mW4vN7pB1cK5hJ3"),
    ("| Name | Value |\n|---|---|\n| WebhookSigningKey | Hq8Lz2Xv9Rk4Wm7Tn1Pc5Bj3Yd6 |",
     "Hq8Lz2Xv9Rk4Wm7Tn1Pc5Bj3Yd6"),
])
def test_a_key_named_identifier_holds_its_random_value(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    'const PUBLIC_KEY = "Q7ZK2M9XW4RT8BVN3CJ5HPLD6YF1GA0E";',
    'const SORT_KEY = "created_at";',
    '.header("x-cache-key", "v2")',
    "| Name | Value |\n|---|---|\n| PrimaryKey | user_id |",
])
def test_a_key_named_identifier_with_a_plain_or_public_value_stays_quiet(text: str) -> None:
    assert found(text) == []


# --- a word and a random tail under a password label --------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("$cfg->DbPassword = 'MontanhaRqXv';", "MontanhaRqXv"),
    ("db.url=jdbc:mysql://db:3306/app?user=app&password=LindenPXwq", "LindenPXwq"),
    ("SMTP password: TortugaWqKZb#", "TortugaWqKZb#"),
])
def test_a_word_with_a_random_tail_under_a_password_label_is_a_password(text: str,
                                                                         value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "password manager: KeePassXC",
    "password reset page: WelcomeHome",
])
def test_words_in_camel_case_under_a_password_label_stay_quiet(text: str) -> None:
    assert found(text) == []


# --- URL user-info and Go DSNs -----------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ('dsn := "billing:Tq8vR2xLm9@tcp(10.0.3.7:3306)/billing"', "Tq8vR2xLm9"),
    ("`reporter:Zx7pQ2wR9k@unix(/run/mysqld/mysqld.sock)/reports`", "Zx7pQ2wR9k"),
    ("staging: `postgresql://svc:${PGPASS}@db:5432/app`, local: `postgresql://app:Hw4kR8zQ2@"
     "localhost/app`", "Hw4kR8zQ2"),
])
def test_a_dsn_or_a_url_gives_its_password(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "`postgresql://reader:${PGPASSWORD}@replica:5432/db` and locally "
    "`postgresql://postgres:postgres@localhost:5432/db`",
    "RabbitMQ locally: amqp://guest:guest@localhost:5672/",
    'sql.Open("mysql", "root:root@tcp(127.0.0.1:3306)/test")',
])
def test_a_password_that_is_its_user_name_is_a_default_not_a_secret(text: str) -> None:
    assert found(text) == []


# --- real27's false alarms: prices and names after a label word ----------------------------------

@pytest.mark.parametrize("text", [
    "Token Optimization — ~$0.05/report, batch the calls",
    "Token price: $0.003/1K",
    "REST API key and workflow pattern for acme-ops.app.n8n.cloud",
])
def test_prices_host_names_and_project_names_after_a_label_are_no_credentials(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("OAuth client secret: `Gq7-xR2v-Lm9k-Zt4w`", "Gq7-xR2v-Lm9k-Zt4w"),
    ("wifi password: `tiger-lamp-2026`", "tiger-lamp-2026"),
])
def test_a_dashed_value_that_is_not_words_or_sits_under_a_password_label_is_kept(
        text: str, value: str) -> None:
    assert found(text) == [value]


# --- a list of codes under a long sentence that introduces it ------------------------------------

@pytest.mark.parametrize("text,values", [
    ("The user gave me the backup codes for the shared billing account, in case the "
     "authenticator phone is lost again. Still valid:\n\n```\n3kf9q-7tzm2\n8pd4w-q1xr6\n```",
     ["3kf9q-7tzm2", "8pd4w-q1xr6"]),
    ("Il cliente mi ha lasciato i codici di recupero rimasti per l'account amministratore "
     "del registrar (ognuno vale una volta sola):\n\n1. `K7QD-2MZX-P9TW`\n2. `R4NB-8VHC-J3LF`",
     ["K7QD-2MZX-P9TW", "R4NB-8VHC-J3LF"]),
])
def test_codes_under_a_sentence_naming_them_are_each_a_value(text: str,
                                                            values: list[str]) -> None:
    assert found(text) == values


def test_a_long_sentence_about_codes_then_plain_words_stays_quiet() -> None:
    text = ("We talked about how the backup codes for the shared account should be stored "
            "from now on, and agreed on these rules:\n\n- keep them in the vault\n"
            "- never paste them in chat\n")
    assert found(text) == []


# --- a bot's webhook addressed by a UUID; a „ closed by a straight quote ------------------------

def test_a_bot_webhook_whose_last_segment_is_a_uuid_is_the_credential() -> None:
    url = ("https://open.larksuite.com/open-apis/bot/v2/hook/"
           "4c1e7a90-2b3d-4f5e-9a8b-7c6d5e4f3a2b")
    assert found(f"Deploy alerts go to the Lark bot: {url} (posted by CI)") == [url]


@pytest.mark.parametrize("text", [
    "Register the hook: https://api.example.com/v1/hooks/",
    "Docs: https://docs.example.com/guide/hook/4c1e7a90-2b3d-4f5e-9a8b-7c6d5e4f3a2b/edit",
])
def test_a_hook_path_without_a_final_uuid_or_token_stays_quiet(text: str) -> None:
    assert found(text) == []


def test_a_passphrase_opened_by_a_low_quote_and_closed_by_a_straight_one() -> None:
    text = ('Borg-Repo auf dem Server. Passphrase laut Nutzerin: „regen fenster kiesel lampe" '
            "— gut merken.")
    assert found(text) == ["regen fenster kiesel lampe"]


# --- providers' own names: Mercado Pago's token, Midtrans' client key, the emulator's key -------

def test_a_mercado_pago_access_token_is_found_by_its_format_and_its_public_key_is_not() -> None:
    token = "APP_USR-7312984410265538-102938-4be1c09d7a3f26e85b0d94c1a7e3f52d-731904412"
    text = (f"producción: `{token}`; la clave pública "
            "`APP_USR-5c2e7a10-3b4d-4e6f-8a9b-0c1d2e3f4a5b` va en el frontend")
    assert found(text) == [token]


@pytest.mark.parametrize("text", [
    "Midtrans client key (frontend, publik): `Mid-client-Zq81LxTr0pW3eYv5`",
    "Azurite locally: `AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDX"
    "J1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==`",
])
def test_a_key_public_by_its_vendors_naming_or_documentation_stays_quiet(text: str) -> None:
    assert found(text) == []
