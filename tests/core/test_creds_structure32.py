"""Credential forms by structure, round 32 (branch secfix32), written as new texts — none of
set18's or real31's: a Firebase web config's ``apiKey`` is public; a fence closes on its own
mark alone; an account or an e-mail and a password each in its own quotes are a pair."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- a Firebase web app's config: its apiKey ships in the client bundle ---------------------

KEY = "AIzaPq7RtV2xWm9KcL4nB8dF3hJ6sG1yZ0eUoQa"


@pytest.mark.parametrize("text", [
    "```js\nexport const cfg = {\n  apiKey: \"" + KEY + "\",\n"
    "  authDomain: \"tide-42.firebaseapp.com\",\n  projectId: \"tide-42\",\n};\n```\n",
    "```json\n{\n  \"authDomain\": \"tide-42.firebaseapp.com\",\n"
    "  \"apiKey\": \"" + KEY + "\"\n}\n```\n",
])
def test_a_firebase_web_configs_api_key_is_public(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text", [
    f"Geocoding server key (unrestricted): {KEY}\n",
    "```js\nconst maps = {\n  apiKey: \"" + KEY + "\",\n  region: \"eu\",\n};\n```\n",
    f"apiKey: \"{KEY}\"\n" + "\n" * 12 + "authDomain: \"tide-42.firebaseapp.com\"\n",
])
def test_a_google_key_without_a_web_config_around_it_stays_found(text: str) -> None:
    assert found(text) == [KEY]


# --- a fence closes on its own mark alone (CommonMark) --------------------------------------

def test_a_fence_line_with_an_info_string_inside_a_block_does_not_close_it() -> None:
    text = ("Box:\n```\n┌──┐\n```sql\n└──┘\n```\n\n### Test accounts\n\n"
            "| Name | Mail | Password |\n|---|---|---|\n| Ana | ana@x.io | Qm4!vRt8zK |\n")
    assert found(text) == ["Qm4!vRt8zK"]


def test_a_bare_fence_still_closes_a_block() -> None:
    text = ("```\nrun it\n```\n\n| Name | Mail | Password |\n|---|---|---|\n"
            "| Ana | ana@x.io | Qm4!vRt8zK |\n")
    assert found(text) == ["Qm4!vRt8zK"]


# --- an account and its password, each in its own quotes -----------------------------------

@pytest.mark.parametrize("text,value", [
    ("Staging logins:\n- `ops.lead@harbor.dev` / `Wq7!rTz2Lp`\n", "Wq7!rTz2Lp"),
    ("- **VPS**: root / `zN4^kx#8Pq-2`\n", "zN4^kx#8Pq-2"),
    ("admin / \"Hy6$bVc9Qe\" on the switch\n", "Hy6$bVc9Qe"),
])
def test_an_account_and_a_quoted_password_are_a_pair(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "- `root` / `home`: the two mount points\n",
    "Paths: `root` / `src/main.rs`\n",
    "`admin@x.io` / `<password>`\n",
])
def test_quoted_sides_that_are_no_password_stay_quiet(text: str) -> None:
    assert found(text) == []


# --- a log's counts, verdicts, post ids and results are no values (real31) ----------------

@pytest.mark.parametrize("text", [
    "2. Posted a thread on rate limits: leaky buckets vs refresh tokens in queues (→ 7be1c3a9)",
    "5. Reply to ops: green build = smoke pass with stale cache (→ 0c4d2e19, liked)",
    "  - 4 cases run: known/good=PASS, unknown/good=HOLD, known/bad=DENY",
    "- DNS check: `spf=pass`, DKIM=pass, BIMI=absent_record",
    "- Reran the migrations; every suite pass. v2-schema-notes.md is older than expected",
    "- Forum: lena (amnesty-vs-parole debate, streak counter as first-class metric)",
    "  - Risk weights (OAuth tokens=0.85, 2FA=0.70 weight)",
    "Trust signals for credentials: diplomas=600yr, audits=3yr (slow).",
    "$ make test\n# ✅ PASS: 2210 tests passing (3 skipped)",
    "- Missing: billing API key (OPS-K12)",
])
def test_a_logs_verdicts_counts_and_ids_are_no_values(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("- staging password → Vb8#qLm2Tz", "Vb8#qLm2Tz"),
    ("API tokens: 9f2kQ7LmX4vB8nW3", "9f2kQ7LmX4vB8nW3"),
    ("Door PIN: 4821", "4821"),
    ("Pass: Tm9!xQ2vLr", "Tm9!xQ2vLr"),
])
def test_a_labelled_value_beside_them_stays_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- code calls that send a login, a value led by a dash, a middle dot ----------------------

@pytest.mark.parametrize("text,value", [
    ('    req = client.Get(url).BasicAuth("metrics", "Zr4%wQp8Lx2v")', "Zr4%wQp8Lx2v"),
    ('    .bearer_auth("tk9Wm2QxL7vB4nR8pZ3c")', "tk9Wm2QxL7vB4nR8pZ3c"),
    ('  MAIL_PASSWORD: "-Wb4*q8Rz#Lm2"', "-Wb4*q8Rz#Lm2"),
    ("NAS · Passwort · Hk3mQ9xZr2", "Hk3mQ9xZr2"),
])
def test_calls_a_dash_led_value_and_a_middle_dot(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    '    .bearer_auth(token)',
    '    .bearer_auth("TOKEN_HERE")',
    "token: --color-key-accent",
    "password flag: -Xmx2g",
])
def test_no_literal_or_an_option_stays_quiet(text: str) -> None:
    assert found(text) == []


# --- recovery codes one to a line: a code without a digit in the form of the ones above -----

def test_a_code_without_a_digit_in_the_form_of_the_codes_above_is_one() -> None:
    text = "Backup codes:\n\n```\nq7rt-kw2m\nx9bd-pl4v\nfhzk-wnrt\nm2cx-97qa\n```\n"
    assert found(text) == ["q7rt-kw2m", "x9bd-pl4v", "fhzk-wnrt", "m2cx-97qa"]


def test_a_word_line_after_codes_ends_them() -> None:
    text = "Backup codes:\n\nq7rt-kw2m\nx9bd-pl4v\nsee the vault\n"
    assert found(text) == ["q7rt-kw2m", "x9bd-pl4v"]


# --- an item naming its own field under a credential heading --------------------------------

def test_an_item_naming_its_own_field_is_no_value_of_the_heading() -> None:
    text = ("## 🔑 Box 10.0.0.7\n- SSH: root / Kw8^tq#3Zp-1\n"
            "- Node18: express, pg, dotenv installed\n")
    assert found(text) == ["Kw8^tq#3Zp-1"]


def test_a_value_with_a_one_word_note_under_a_heading_stays_found() -> None:
    assert found("Passwords:\n- Xk9fQ2mLp7: staging\n") == ["Xk9fQ2mLp7"]


def test_an_arrow_in_brackets_right_after_a_label_points_at_a_post() -> None:
    assert found("4. Thread: TTL on refresh tokens (→ 3e9a0c71)") == []


# --- a pair whose value a note in brackets names a password --------------------------------

def test_a_note_opening_with_a_password_word_after_a_pair_names_its_value() -> None:
    assert found("- Kasse: kasse_01 / Mk4#tR9vLq (password set by Ana)") == ["Mk4#tR9vLq"]


@pytest.mark.parametrize("text", [
    "- Kasse: kasse_01 / Mk4#tR9vLq (no password yet)",
    "- Model: gpt / 4o-mini2024 (see the password doc)",
])
def test_a_note_that_does_not_open_with_it_says_nothing(text: str) -> None:
    assert found(text) == []
