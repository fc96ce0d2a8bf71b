"""A label read from a heading or a line above, and a value that is a path or a model id:
words, names, versions and paths are no credential unless their own shape is a secret's
(issue 32, the real folders of session 26)."""

from __future__ import annotations

import time

import pytest

from memtui.core.creds.detector import scan_text
from memtui.core.creds.values import plain_name


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize("value", [
    "src/app/pages/", "logs/2031/11", "acme-chat/orbit-large-3-1", "zeta7.2b-instruct",
    "vector-store-2-small", "AB-42", "WebP/AV1", "8h-17h", "lighthouse", "Build-Tool.ps1"])
def test_words_numbers_and_units_joined_are_a_name(value: str) -> None:
    assert plain_name(value)


@pytest.mark.parametrize("value", [
    "Qm7xWp2Lr9", "Harbor2029", "4821", "qwrt-plmk", "bdfgh-trew",
    "KXQW-P7RT-MNBV", "QpZxWvTrYs", "abc/Xk9Qm2Lp7Wr"])
def test_a_secret_s_shape_is_no_name(value: str) -> None:
    assert not plain_name(value)


def test_a_heading_label_does_not_carry_to_names_below_it() -> None:
    text = ("Key settings:\n\n**API Key** is in the vault; the gateway is set:\n"
            "- Model: zeta7.2b-instruct\n- Vectors: vector-store-2-small\n")
    assert found(text) == []
    assert found('## 🔑 Trigger words\n\n- `"lighthouse"` → read the plan first\n') == []


def test_a_heading_label_still_carries_a_secret_below_it() -> None:
    assert found("## API keys\n\n- staging: Zq8Xv2Lm9Pw4Rt7Ny3Kb\n") == ["Zq8Xv2Lm9Pw4Rt7Ny3Kb"]
    assert found("## Passwords\n\n- Xk9Qm2Lp7Wr\n") == ["Xk9Qm2Lp7Wr"]


@pytest.mark.parametrize("text", [
    "- The stale targets in this `.cache` pass were `logs/2031/11`, `tmp/cache/`",
    "- code-agent → `nimbus-llm/orbit-sonnet-4-5`",
])
def test_a_path_or_a_model_id_is_no_value(text: str) -> None:
    assert found(text) == []


def test_a_user_and_password_still_found() -> None:
    assert found("Server: `deploy / Xk9Qm2Lp7Wr`") == ["Xk9Qm2Lp7Wr"]
    assert found("Server: `deploy / acme-chat-2`") == []


def test_a_name_is_cheap_on_a_long_line() -> None:
    value = "-".join(["word"] * 20_000)
    started = time.process_time()
    plain_name(value)
    found("## API keys\n\n- x: " + value[:4000])
    assert time.process_time() - started < 1.0


# --- a key, token or secret word followed by words: no value follows ---------------------

@pytest.mark.parametrize("text", [
    "- ✅ **Push layer DONE**: `apps/push.py` (FCM, background thread, STALE token cleanup "
    "via alert+content-available for widgets)",
    "- **API Secret (PRIVATE)** — base64-encoded secret used for signing requests",
    "Hardening: `settings.py` refuses unsafe defaults (SECRET_KEY default / "
    "ALLOWED_HOSTS=*) ImproperlyConfigured raised at boot",
])
def test_words_after_a_key_word_are_no_key(text: str) -> None:
    assert found(text) == []


def test_a_key_and_a_passphrase_beside_their_labels_still_found() -> None:
    assert found("- **Deploy token** — `Zq8Xv2Lm9Pw4Rt7Ny3Kb`") == ["Zq8Xv2Lm9Pw4Rt7Ny3Kb"]
    assert found("password: Blue-Sky-Door-42") == ["Blue-Sky-Door-42"]


def test_words_joined_ending_an_assignment_are_a_value() -> None:
    assert found("DEPLOY_TOKEN=ci-bot-deploy-4417") == ["ci-bot-deploy-4417"]


# --- tables: a row's label cell gives its value to the cell right after it ----------------

def test_a_row_label_does_not_reach_a_far_cell() -> None:
    text = ("| Provider | Key Reference | Use Case | Cost Tier |\n|---|---|---|---|\n"
            "| **Orbit (Lyra)** | `LYRA_API_KEY` | Long reviews, architecture notes | "
            "~$0.004/1K tokens (Large) |")
    assert found(text) == []


def test_a_row_label_gives_the_cell_after_it() -> None:
    text = "| Service | Env | Value |\n|---|---|---|\n| mailer | `SMTP_PASSWORD` | `Xk9Qm2Lp7Wr` |"
    assert found(text) == ["Xk9Qm2Lp7Wr"]


# --- design tokens and a type named after a code: names, not values ------------------------

def test_a_style_class_after_design_tokens_is_no_token() -> None:
    text = ("Some tokens are fixed on purpose, not rem-based:\n\n"
            "- **Card height `h-[96px]`** — kept so the layout holds\n"
            "- **`text-[11px]` caption labels** — smallest legible size on phones")
    assert found(text) == []


def test_a_type_named_after_a_code_is_no_code() -> None:
    text = "- SINGLE-USE KOD system (user request): `VoucherCode` model (plan=monthly|yearly)"
    assert found(text) == []
    assert found('Password: "SunnyPass"') == ["SunnyPass"]


# --- a login label, then a user and a password each in its quotes, joined by a slash ------

@pytest.mark.parametrize("text", [
    "- Login: `ops@harbor.io` / `482915`",
    "- **Login:** `ops@harbor.io` / `482915`",
    "It boots from the root → `http://localhost:6006/`. Login: `ops@harbor.io` / `482915`. "
    "Local API: `http://localhost:54321`.",
])
def test_a_quoted_login_pair_gives_its_password(text: str) -> None:
    assert found(text) == ["482915"]


@pytest.mark.parametrize("text", [
    "Login: `ops@harbor.io` / `<password>`",
    "- Login: `Settings` / `Profile`",
    "See **Login:** `Settings` / `Profile` tabs",
])
def test_a_quoted_pair_of_names_or_placeholders_is_none(text: str) -> None:
    assert found(text) == []


def test_a_quoted_login_pair_is_cheap_on_a_long_line() -> None:
    line = "Login: `a` / " * 20_000
    started = time.process_time()
    found(line)
    assert time.process_time() - started < 2.0


# --- a quoted key of an object after a code word: no value --------------------------------

def test_an_object_s_key_is_no_value() -> None:
    text = ('How to apply: `errText` reads `{"error":"kod","detail":"human message"}` '
            "(detail taken, error code skipped)")
    assert found(text) == []
    assert found('PIN "4821": front door') == ["4821"]
    assert found('"password": "Zq8Xv2Lm", "user": "bob"') == ["Zq8Xv2Lm"]


def test_a_heading_word_meaning_important_carries_no_names() -> None:
    text = ("## Résultats clés\n\n- Dosage retenu: KSM-66\n- Format vidéo: WebM/VP9\n"
            "- Créneau: 9h-14h")
    assert found(text) == []
