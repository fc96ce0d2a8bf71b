"""Credential forms by structure, from the false alarms real folders nobody tuned for raised
(/work/notes/real28-creds.md) and blind set15 (bench/RESULTS.md, "Issue 32: the credential
detector on blind set15"), written as new texts: what follows a label word is a result, a
count, an amount, a flow of names or a measure's name, never a value; a sentence ends on a
word the reading passed."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- a value that is a name set to a number or a literal: a result or a setting ------------

@pytest.mark.parametrize("text", [
    "- [10:40] eval_harness.py fixed and now passes: recall_at=0.93x, margin=2.10x.",
    "Run 14 (two probes): Faithful=0.77 (PASS), Sparse=0.41 (FAIL). Redo sparse.",
    "nightly PASS: spread_p90=41% over baseline, drift_rate=3.5 per hour",
    "Review notes: no secrets in the repo, no `verify=False`, no pickle loads.",
])
def test_a_name_set_to_a_number_or_literal_is_no_value(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("Server=db4;Database=shop;User Id=app;Password=58213907;", "58213907"),
    ("the admin password is Rq7=2940xz", "Rq7=2940xz"),
    ("pass: `tn=N349zaWjF`", "tn=N349zaWjF"),
])
def test_a_password_with_an_equals_sign_is_still_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- an amount said roughly or per thing ---------------------------------------------------

@pytest.mark.parametrize("text", [
    "The enrichment pass burned ~8.4M Sonnet tokens (~6k/account) across 1,400 accounts.",
    "Budget: about 2.2M tokens total (~1.9k/row), fine for now.",
])
def test_an_amount_after_a_token_count_is_no_value(text: str) -> None:
    assert found(text) == []


# --- names joined: a flow, a path of words with an acronym, a measure's name ---------------

@pytest.mark.parametrize("text", [
    "- Open gap: token-level attribution and encoder->adapter->decoder tracing, both unclear.",
    "She trusts the app with her bank email+password (security/privacy/2FA-reset worry), "
    "so we keep it optional.",
    "Tokens emitted during high-KL% frames are mostly filler; drop them in rescoring.",
])
def test_names_joined_are_no_value(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("the vault password is Hq8/2FA-x9Lm", "Hq8/2FA-x9Lm"),
    ("token: Zx8%Rt2Lm9Qa", "Zx8%Rt2Lm9Qa"),
])
def test_a_made_up_value_with_those_marks_is_still_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- a sentence ends on a word passed --------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Open question: do the probes pass Lindqvist's Drift/Hold checks? It would show how "
    '"faithful" they are.',
    "mock_router.py PASS: 72% routed, 100% replayed. KV-4 eviction keeps q*_final=3.0 as "
    "before.",
])
def test_a_sentence_ended_on_a_word_passed_ends_the_label(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("Router login: admin, and the password for the guest network is Vq7kZ2pLm9", "Vq7kZ2pLm9"),
    ("the wifi password (the one on the sticker) is Tr4vel!Mug88", "Tr4vel!Mug88"),
])
def test_a_value_in_its_sentence_is_still_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- a token read out in groups, alone on its line -----------------------------------------

def test_a_provider_token_in_spaced_groups_is_one_value() -> None:
    token = "ghp_Qm7T vXa2LpR9 wE3kZx8v Lm2Rt7Xk 4WnPc9Ys"
    text = f"Read back to me in groups:\n\n{token}\n\nJoin before pasting."
    assert found(text) == [token]


@pytest.mark.parametrize("text", [
    "Build ids this week:\n\nb-2431 b-2432 b-2433 b-2434 b-2435\n",
    "Order of the talks:\n\nintro demo break panel close\n",
])
def test_groups_that_are_no_provider_token_are_no_value(text: str) -> None:
    assert found(text) == []


# --- the one literal a call named by a credential word is given ------------------------------

@pytest.mark.parametrize("text,value", [
    ('```lua\nlocal ok = red:auth("qTwbvRLxKe")\n```', "qTwbvRLxKe"),
    ('```js\nawait redis.auth("Pm4xQ9vKz2")\n```', "Pm4xQ9vKz2"),
])
def test_the_sole_literal_of_an_auth_call_is_a_password(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    '```js\napp.use(auth("session"))\nrouter.get("/", auth("Bearer"), handler)\n```',
    '```py\nclient.auth("deploy", scope)\n```',
])
def test_a_word_given_to_an_auth_call_is_no_value(text: str) -> None:
    assert found(text) == []


# --- under a key file's name, the line below is the file's content ---------------------------

def test_the_line_under_a_key_file_s_name_is_its_key() -> None:
    text = "---\nname: deploy keys\n---\nsecrets/signing.key:\n\n8d2f61c0a4b7e93f5d10c2ab47e9f3d1\n"
    assert found(text) == ["8d2f61c0a4b7e93f5d10c2ab47e9f3d1"]


@pytest.mark.parametrize("text", [
    "secrets/signing.key.sha256:\n\n8d2f61c0a4b7e93f5d10c2ab47e9f3d1\n",
    "release-4.2.tar.gz:\n\n8d2f61c0a4b7e93f5d10c2ab47e9f3d1\n",
    "config/credentials.yml.enc:\n\n8d2f61c0a4b7e93f5d10c2ab47e9f3d1\n",
])
def test_the_line_under_a_digest_s_or_an_archive_s_name_is_no_value(text: str) -> None:
    assert found(text) == []


# --- a separator inside inline code opened in the label; a pair that is a digest -------------

@pytest.mark.parametrize("text", [
    'Die Tokens signiert der Schlüssel mit `kid: "3fa9c17e05bd4e62"`; Rotation monatlich.',
    "サーバのホスト鍵の指紋：SHA256:Lq2vT8mZx4RkP9sWc7Nb3Hy6Jd1Fg5Qa0Ue2Io8Yt4",
])
def test_a_key_id_in_code_and_a_fingerprint_are_no_value(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("Set `password: Xy7kq2Lmw4Rt` in the env", "Xy7kq2Lmw4Rt"),
    ("Password for `svc`: Xy7kq2Lmw4Rt", "Xy7kq2Lmw4Rt"),
    ("管理画面：admin:Tq7vLm2Rx9", "Tq7vLm2Rx9"),
])
def test_a_label_in_code_or_before_it_still_labels(text: str, value: str) -> None:
    assert found(text) == [value]


# --- set15: an encoding's name, an attribute set to a word, a product glued to a digit ------

@pytest.mark.parametrize("text", [
    "Kullanıcı parolayı base64 olarak secret'a koydu; bu şifreleme değil.",
    "- `9f1c0e7a` — session cookie SameSite=Strict, HttpOnly=True now",
    "| host | password |\n|---|---|\n| nas01 | (1Password: „Synology NAS\") |\n",
    "Unit tests seed the verifier with the example seed `JBSWY3DPEHPK3PXP`.",
])
def test_names_settings_and_vault_items_are_no_value(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("- 14:02 deploy box reachable; sudo pw `Lq7vTz2Rk9XwMn4Pb8Yc` (keep it handy)",
     "Lq7vTz2Rk9XwMn4Pb8Yc"),
    ("| host | password |\n|---|---|\n| nas01 | `Tq7#vLm2Rx9k` |\n", "Tq7#vLm2Rx9k"),
])
def test_a_quoted_value_right_after_an_everyday_label_word_is_found(text: str, value: str
                                                                     ) -> None:
    assert found(text) == [value]


# --- a provider's token after a label in spaced groups, or broken over two lines ------------

def test_a_provider_token_in_groups_after_a_label_is_one_value() -> None:
    token = "ghp_Qm7TvXa2LpR9 wE3kZx8v Lm2Rt7Xk 4WnPc9Ys"
    assert found(f"Notes from the call.\n\ndeploy token: {token}\n") == [token]


def test_a_provider_token_broken_over_two_lines_is_found_by_its_first() -> None:
    text = ("The CI token, as dictated:\n\nghp_Qm7TvXa2LpR9wE3k\nZx8vLm2Rt7Xk4WnPc9Ys\n\n"
            "Scope: repo.")
    assert found(text) == ["ghp_Qm7TvXa2LpR9wE3k"]


@pytest.mark.parametrize("text", [
    "Two build ids:\n\nghp_release_2026_11\nnightly_2026_12_01\n",
    "Steps: lint test build ship\n",
])
def test_lines_and_groups_that_join_to_no_provider_token_are_no_value(text: str) -> None:
    assert found(text) == []


# --- a key file's name alone, its content on the next line; a Key name set in code ----------

@pytest.mark.parametrize("text", [
    "The user pasted it:\n\nsecrets/signing.key\n8d2f61c0a4b7e93f5d10c2ab47e9f3d1\n",
    "secrets/signing.key\n\n```\n8d2f61c0a4b7e93f5d10c2ab47e9f3d1\n```\n",
])
def test_the_line_under_a_key_file_s_name_alone_is_its_key(text: str) -> None:
    assert found(text) == ["8d2f61c0a4b7e93f5d10c2ab47e9f3d1"]


def test_the_line_under_a_key_file_s_name_that_is_prose_is_no_value() -> None:
    assert found("secrets/signing.key\n\nRotated on 2026-11-02, 3 services use it.\n") == []


def test_a_name_ending_in_key_set_to_a_literal_in_code_is_found() -> None:
    text = ('```swift\nenum Env {\n    static let partnerAdminKey = '
            '"Vq8LmT2xRk9ZpW4nCy7bHs3dJf6gQa1e"\n}\n```\n')
    assert found(text) == ["Vq8LmT2xRk9ZpW4nCy7bHs3dJf6gQa1e"]


# --- command and code forms: lftp -u, requirepass, ConvertTo-SecureString, a URL's user and
# password as literals ----------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("`lftp -u media_sync,Rk4vq9zt2Lmx files.example.net`", "Rk4vq9zt2Lmx"),
    ("redis.conf:\n```\nport 6380\nrequirepass Vb7Kq2Lm9Rt4Wz8Pn3Cs\n```\n",
     "Vb7Kq2Lm9Rt4Wz8Pn3Cs"),
    ('```powershell\n$s = ConvertTo-SecureString "Hx7!pLq29vRt" -AsPlainText -Force\n```\n',
     "Hx7!pLq29vRt"),
    ('```java\nc = DriverManager.getConnection(\n    "jdbc:mysql://db.lan:3306/shop", "shop_rw", '
     '"Qm7TvXa2LpR9wE3k");\n```\n', "Qm7TvXa2LpR9wE3k"),
])
def test_command_and_code_forms_give_their_password(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "In redis.conf the line `# requirepass foobared` stays commented out.",
    '```powershell\n$s = ConvertTo-SecureString $env:PW -AsPlainText -Force\n```\n',
    '```java\nc = DriverManager.getConnection(url, user, password);\n```\n',
])
def test_those_forms_without_a_literal_are_no_value(text: str) -> None:
    assert found(text) == []


# --- a literal holding a quoted literal; a comment after a command in a code block ----------

def test_a_quoted_literal_inside_a_literal_is_read_from_its_inner_quote() -> None:
    text = ('```kotlin\nbuildConfigField("String", "PUSH_API_SECRET", '
            '"\\"Zk8vLq2Rt7Xm4WnPc9YsHb3d\\"")\n```\n')
    assert found(text) == ["Zk8vLq2Rt7Xm4WnPc9YsHb3d"]


@pytest.mark.parametrize("text,value", [
    ("```\n$ ssh ops@203.0.113.9   # password Tq7vLm2Rx9kd\n$ uptime\n```\n", "Tq7vLm2Rx9kd"),
    ("```\n$ ssh ops@203.0.113.9   # пароль Tq7vLm2Rx9kd\n```\n", "Tq7vLm2Rx9kd"),
])
def test_a_comment_after_a_command_is_read_as_prose(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "```\n$ ssh ops@203.0.113.9   # password auth disabled, keys only\n```\n",
    "```\nsed -i 's/#password/password/' conf   # enables the password prompt\n```\n",
])
def test_a_comment_naming_a_password_without_one_is_no_value(text: str) -> None:
    assert found(text) == []


# --- a code word the memory defines as a credential labels its value -------------------------

@pytest.mark.parametrize("text,value", [
    ("物流平台参数：\n\n- 商户号：`88123`\n- 校验码：Hq7vLm2Rx9kTz4Wn8Pc3Ys6dJb1Fg5Qa\n\n"
     "说明：这个校验码就是平台分配给我们的接口密钥，用于签名。",
     "Hq7vLm2Rx9kTz4Wn8Pc3Ys6dJb1Fg5Qa"),
    ("| 항목 | 값 |\n|---|---|\n| 가맹점 ID | S-4410 |\n"
     "| 인증코드 | Zk8vLq2Rt7Xm4WnPc9YsHb3dGf6 |\n\n"
     "인증코드는 헤더 `X-Partner-Auth` 로 보낸다.", "Zk8vLq2Rt7Xm4WnPc9YsHb3dGf6"),
])
def test_a_code_word_defined_as_a_credential_labels_its_value(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "固件包：\n\n- 校验码：3f5c2e1a\n\n这个校验码是 CRC32，用来检查下载是否完整。",
    "发布包：\n\n- 校验码：Hq7vLm2Rx9kTz4Wn8Pc3Ys6dJb1Fg5Qa\n\n校验码只是摘要，不是密钥。",
    "Downloads:\n\n- check code: 9f1c0e7a44d2\n",
])
def test_a_code_word_not_defined_as_a_credential_labels_nothing(text: str) -> None:
    assert found(text) == []


# --- an identifier read by its last two words when a word two away negates it ----------------

def test_a_made_up_password_under_an_account_prefixed_name_is_found() -> None:
    text = ("```yaml\nsmtp:\n  bindManagerDn: cn=ops\n"
            "  bindManagerPasswordSecret: Tq7!vLm2-Rx9k\n```\n")
    assert found(text) == ["Tq7!vLm2-Rx9k"]


@pytest.mark.parametrize("text", [
    '<add assembly="Acme.Web, Version=1.0.0.0, PublicKeyToken=5a9c0e7d12f3b468" />',
    "```yaml\nvault:\n  managerPasswordPolicy: strict\n```\n",
])
def test_an_id_or_a_setting_under_such_a_name_is_no_value(text: str) -> None:
    assert found(text) == []
