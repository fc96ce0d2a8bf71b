"""Credential places read by structure (issue 32, blind set12's classes, not its texts): a
signed URL's signature and its scope, a webhook URL, a session cookie wherever it is
written, a command's password flag after its user flag. Each with the look-alikes it must
leave alone; every value here is made up for the test."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.creds.commands import forms
from memtui.core.creds.detector import scan_text, scan_text_bounded
from memtui.core.creds.structure import code_pairs, encrypted_lines, netrc_lines

SIG = "9c1f0e7d2b4a68c3e5f7091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- a signed URL: the signature is the secret, the credential parameter its scope ---------

@pytest.mark.parametrize("query, value", [
    (f"X-Amz-Date=20250101T000000Z&X-Amz-Signature={SIG}", SIG),
    (f"X-Goog-Expires=600&X-Goog-Signature={SIG}", SIG),
    ("sv=2023-01-03&sp=r&sig=Qk3nV8pZr2LmX0aTyB6cWd1Ef9Gh4Ij7Kl5Mn%2Bo%3D",
     "Qk3nV8pZr2LmX0aTyB6cWd1Ef9Gh4Ij7Kl5Mn%2Bo%3D"),
    ("Expires=1767225600&Signature=Tr0Wq8Lm3Nx5Vb7Cz9As1Dg4Fh6Jk2Pl0Oi8Uy",
     "Tr0Wq8Lm3Nx5Vb7Cz9As1Dg4Fh6Jk2Pl0Oi8Uy"),
])
def test_a_signed_urls_signature_is_the_credential(query: str, value: str) -> None:
    assert found(f"Download: https://files.example.net/a/b.tar?{query}\n") == [value]


def test_a_signing_scope_is_no_credential() -> None:
    url = ("https://storage.example.com/b/o?X-Goog-Credential=svc%40proj.iam.example.com%2F"
           f"20250101%2Feu%2Fstorage%2Fgoog4_request&X-Goog-Signature={SIG}")
    assert found(url) == [SIG]


@pytest.mark.parametrize("line", [
    "https://x.example.com/a?sig=short1",            # too short to be a signature
    "https://x.example.com/a?signature=${SIG_VALUE}",  # a template
    "see the `sig=` parameter of the SAS token",
])
def test_signature_look_alikes(line: str) -> None:
    assert found(line) == []


# --- a webhook URL: the whole URL, when a segment after the webhook one is a token ---------

@pytest.mark.parametrize("url", [
    "https://chat.example.org/api/webhooks/881234567890123456/aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1v",
    "https://team.example.com/webhookb2/2f0c1d2e@7a8b/IncomingWebhook/Zx81Qw73Er65Ty49Ui27Op",
    "https://hooks.example.io/hooks/catch/12345/Ab12Cd34Ef56Gh78Ij90Kl",
])
def test_a_webhook_url_is_the_credential(url: str) -> None:
    assert found(f'let hook = "{url}";') == [url]
    assert found(f"Alerts post to {url}.") == [url]


@pytest.mark.parametrize("line", [
    "Docs: https://docs.example.com/en/webhooks/about-webhooks-and-events",
    "https://api.example.com/repos/o/r/hooks/123456789",
    "https://example.com/webhooks/2f0c1d2e-9a8b-4c7d-8e6f-5a4b3c2d1e0f",  # an id alone
])
def test_webhook_look_alikes(line: str) -> None:
    assert found(line) == []


# --- a session cookie, in a header, a curl flag or prose -----------------------------------

@pytest.mark.parametrize("text, value", [
    ("curl -b 'SESSIONID=q8w7e6r5t4y3u2i1o0p9a8s7' https://x.example.com",
     "q8w7e6r5t4y3u2i1o0p9a8s7"),
    ("Copied from DevTools: `app_sess=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5`, valid for a day.",
     "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5"),
    ("document.cookie = \"my.sid=s%3AabC12dEf34GhI56jKl.Mn78Op/Qr90\";",
     "s%3AabC12dEf34GhI56jKl.Mn78Op/Qr90"),
])
def test_a_session_cookie_is_a_credential(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("line", [
    "The session=3 setting keeps sessions short.",
    "Set SESSION_TIMEOUT=1800 in the env.",
    "cookie sessionid=${SESSION} from the login step",
])
def test_session_cookie_look_alikes(line: str) -> None:
    assert found(line) == []


# --- a command's password flag after its user flag ----------------------------------------

@pytest.mark.parametrize("command", [
    "mosquitto_sub -h mq.example.net -u meter7 -P Kest-rel-91 -t t/#",
    "sqlcmd -S db01 -U sa -P Wq3!zLm8 -Q \"select 1\"",
    "mongosh --host h -u admin -p Tb7xQ2mKz",
])
def test_a_password_flag_after_a_user_flag(command: str) -> None:
    value = command.split(" -P " if " -P " in command else " -p ")[1].split()[0]
    assert found(command) == [value]


@pytest.mark.parametrize("line", [
    "mysql -u app -P 3306 -h db",              # a port
    "scp -P 2222 -u x file host:",             # a port, and no user flag before it
    "mkdir -p build && cp -u a b",
    "psql -U postgres -p 5432 mydb",
])
def test_password_flag_look_alikes(line: str) -> None:
    assert found(line) == []


# --- cost: each place's pattern is linear in a hostile line --------------------------------

HOSTILE = ["https://a/webhooks/" * 200, "sess" * 1000 + "=", "-u a " * 800 + "-p",
           "?sig=&" * 700, "https://h/hooks/" + "a1" * 2000, "x_sessid" * 500]


@pytest.mark.parametrize("line", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_line_is_cheap(line: str) -> None:
    text = "\n".join(line + str(i) for i in range(50))
    start = time.process_time()
    scan_text_bounded(text)
    assert time.process_time() - start < 2.0


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["https://h/", "webhooks/", "hooks/", "-u ", "-P ", "x ",
                                 "sess", "=", "; ", "?sig=", "&", "Ab12Cd34Ef56Gh78Ij90",
                                 "%2F", "_request", " "]), min_size=1, max_size=12))
def test_any_mix_of_these_places_is_cheap(pieces: list[str]) -> None:
    line = ("".join(pieces) * (3000 // max(1, len("".join(pieces))) + 1))[:3900]
    start = time.process_time()
    scan_text_bounded("\n".join(line + str(i) for i in range(20)))
    assert time.process_time() - start < 2.0


# --- names that are no values: a resource name, a class name, a key chord, a reference
# number, a CSS custom property; a header's value ends at a closing backtick ---------------

@pytest.mark.parametrize("text", [
    "The job reads `arn:aws:secretsmanager:us-west-2:111122223333:secret:app/db-Ab3Xy9`.",
    "Role: arn:aws:iam::111122223333:role/token-Refresher7 only.",
    "Auth lives here:\n- `TokenRefreshScheduler` — renews the access token\n"
    "- `SecretRotationJob#run`",
    "Credentials code:\n- `ApiKeyValidator` checks the key\n- `PasswordPolicyService#check`",
    "ユーザーのキー割り当て：\n- `Alt+Shift+F` 整形\n- `Cmd+K` 検索",
    "Ticket token: `INC-2025-00412`; the ERC-20 token is `ABC`.",
    "| token | value |\n|---|---|\n| `--accent-token-bg` | `#123456` |\n"
    "| `--secret-fg-main` | `#abc` |",
])
def test_names_that_hold_a_credential_word_are_no_values(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text, value", [
    ("Secret: Rq7TvLm2Xc9Wz", "Rq7TvLm2Xc9Wz"),              # a made-up value still is one
    ("password: CorrectHorseBatteryStaple9", "CorrectHorseBatteryStaple9"),
    ("Header: `Authorization: Bearer Zq81Lm72Xn63Pw54Tr`.", "Zq81Lm72Xn63Pw54Tr"),
])
def test_beside_those_names_a_value_is_still_read(text: str, value: str) -> None:
    assert found(text) == [value]


# --- code: a setter named by a label, a quoted name/value pair; netrc; encrypted YAML ------

@pytest.mark.parametrize("text, value", [
    ('cfg = Pool.builder().user("svc").password("Kq7!vR2mZx").build();', "Kq7!vR2mZx"),
    ('local ok = conn:auth("b7Hx2Lq9Zm4Wv1Np")', "b7Hx2Lq9Zm4Wv1Np"),
    ("client.setApiKey('Zp4Qw8Er2Ty6Ui0Op3As');", "Zp4Qw8Er2Ty6Ui0Op3As"),
    ('req.Headers.Add("x-api-key", "7f3e9a1c5b2d4f6e8a0c1e3b5d7f9a2c");',
     "7f3e9a1c5b2d4f6e8a0c1e3b5d7f9a2c"),
    ('os.environ.setdefault("DB_PASSWORD", "Wn4#pL8qRz")', "Wn4#pL8qRz"),
])
def test_a_quoted_literal_in_a_labelled_call_or_pair(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    'pw = vault.getPassword("db-main-2")',
    's = store.fetchSecret("stripe_live_2")',
    'headers.Add("api-key", apiKey);',
    'print("password", "is required")',
    'ask("token", "refresh")',
])
def test_calls_and_pairs_that_name_a_credential(text: str) -> None:
    assert found(text) == []


def test_a_netrc_password_in_a_block_and_on_one_line() -> None:
    block = "```\nmachine api.example.com\n  login me@example.com\n  password Zx8-Qw7-Er6-Ty5\n```"
    assert found(block) == ["Zx8-Qw7-Er6-Ty5"]
    assert found("machine h.example.org login bob password Lm3Nb8Vc2X") == ["Lm3Nb8Vc2X"]
    assert found("```\npassword Lm3Nb8Vc2X\n```") == []  # no netrc entry: a word, a value?


def test_values_under_an_encrypted_yaml_key_are_ciphertext() -> None:
    sealed = ("```yaml\nkind: SealedSecret\nspec:\n  encryptedData:\n"
              "    api_token: AgC4q8Zr7Wm2Xv9Nb3Lk5Pj1Hg6Fd0Sa8Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz\n"
              "  template:\n    metadata:\n      name: x\n```")
    assert found(sealed) == []
    plain = sealed.replace("encryptedData", "stringData")
    assert found(plain) == ["AgC4q8Zr7Wm2Xv9Nb3Lk5Pj1Hg6Fd0Sa8Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz"]


@pytest.mark.parametrize("unit", ['("password", "x"), ', '.password("', 'auth("a' * 3,
                                  '.setApiKey("Ab1', "machine password ",
                                  "encryptedData:\n password: ab1\n"], ids=range(6))
def test_code_pairs_netrc_and_encrypted_keys_are_cheap(unit: str) -> None:
    """What these places add to a hostile text: each line's calls and pairs read at most a
    few times, netrc and encrypted keys one pass (the rest of the scan has its own budget,
    tests/core/test_secret_budget.py)."""
    line = (unit * (4000 // len(unit) + 1))[:4000]
    lines = [line + str(i) for i in range(256)]
    start = time.process_time()
    for i, ln in enumerate(lines):
        list(code_pairs(ln, i))
        list(forms(ln))
    list(netrc_lines(lines))
    encrypted_lines(lines)
    assert time.process_time() - start < 2.0


# --- public by design: a JWT of the anonymous role, RevenueCat's per-store SDK keys --------

def _jwt(claims: str) -> str:
    import base64

    def enc(s: str) -> str:
        return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")

    head = enc('{"alg":"HS256","typ":"JWT"}')
    return f"{head}.{enc(claims)}.Qm9ndXNTaWduYXR1cmVYeTEyMzQ1Njc4OQ"


def test_an_anon_role_jwt_is_public_and_a_service_role_jwt_is_not() -> None:
    anon = _jwt('{"iss":"x","role":"anon","exp":4102444800}')
    service = _jwt('{"iss":"x","role":"service_role","exp":4102444800}')
    text = f"```\nPUBLIC_ANON_KEY={anon}\nSERVICE_KEY={service}\n```"
    assert found(text) == [service]


def test_revenuecat_public_sdk_keys_are_public() -> None:
    text = ('Purchases.configure(withAPIKey: "goog_Zq8Wm3Lk7Xv2Nb5Rt9Yp")\n'
            'Analytics.setup(secretKey: "sk_Hq7Lm2Zx9Wv4Bn6Rt3Yp8Kd")')
    assert found(text) == ["sk_Hq7Lm2Zx9Wv4Bn6Rt3Yp8Kd"]


# --- two languages the lexicon lacked: Hungarian and Greek labels --------------------------

@pytest.mark.parametrize("text, value", [
    ("A NAS admin jelszava: Tk8-Rv3-Lq9", "Tk8-Rv3-Lq9"),
    ("- jelszó: `Zm4Wq8Xr2`", "Zm4Wq8Xr2"),
    ("Κωδικός εφαρμογής: abcd efgh ijkl mnop".replace("abcd efgh", "hqzw rtkv"),
     "hqzw rtkv ijkl mnop"),
    ("Κωδικός πρόσβασης: Pl7-Xc2-Vb9", "Pl7-Xc2-Vb9"),
])
def test_hungarian_and_greek_labels(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "A jelszó legalább 12 karakter legyen.",
    "Ο κωδικός προϊόντος είναι στο κουτί.",
])
def test_hungarian_and_greek_words_without_a_value(text: str) -> None:
    assert found(text) == []


# --- a format that names itself: NVIDIA's nvapi- key, alone on a line or after a word ------

def test_an_nvidia_key_names_itself() -> None:
    key = "nvapi-" + "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz9Xc8Vb7Nm6Qw5Er4Ty3Ui2Op1As0Df9Gh8J"
    assert len(key) == 70
    assert found(f"```\n{key}\n```") == [key]
    assert found(f"api {key}") == [key]
    assert found("the key starts with nvapi- and is 70 characters long") == []
