"""secfix32b: the credential detector and ``fix redact`` on newuser32's findings and real32
(texts written here, none of a blind set's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from memtui.edit import memory_ops
from tests.edit.conftest import do, read, write_tree

_BODY = ["MIIEowIBAAKCAQEAt2vQx9Lm3Kp8Rz1Wn5Ya7Hc4Fe6Jg0Td2Ub9Vs3Xo1Qi8Ny",
         "Zr5Pw2Km7Lj4Hg6Fd3Sa9Qw1Ex8Rt5Yu2Io7Pa4Sd6Fg9Hj3Kl0Zx5Cv8Bn2Mq",
         "Qw1Er2Ty3Ui4Op5As6Df7Gh8Jk9Lz0Xc1Vb2Nm3Qa4Ws5Ed6Rf7Tg8Yh9Uj0Ik",
         "bG9uZ2VyIGJvZHkgbGluZSBvZiB0aGUga2V5IGJsb2Nr=="]


def _block(first: str) -> str:
    return ("deploy key:\n-----BEGIN RSA PRIVATE KEY-----\n" + first + "\n"
            + "\n".join(_BODY[1:]) + "\n-----END RSA PRIVATE KEY-----\nafter\n")


def test_a_key_block_under_a_redaction_mark_is_still_reported() -> None:
    """newuser32 #14: the whole block is judged, not its first body line."""
    hits = scan_text(_block("[REDACTED]"))
    assert [(h.line, h.kind) for h in hits] == [(4, "private key block")]


def test_an_encrypted_key_block_is_reported_past_its_headers() -> None:
    text = ("-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,"
            "0A1B2C3D\n\n" + "\n".join(_BODY) + "\n-----END RSA PRIVATE KEY-----\n")
    assert [h.line for h in scan_text(text)] == [5]


def test_redact_takes_the_whole_key_block(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"MEMORY.md": "", "k.md": "---\nname: k\n---\n"
                                 + _block(_BODY[0])})
    cs = do(root, memory_ops.redact, "k")
    after = read(root, "k.md")
    assert not any(line in after for line in _BODY)
    assert after.count("[REDACTED]") == 4
    assert "-----END RSA PRIVATE KEY-----\nafter\n" in after
    assert "replaced 1 credential" in cs.summary
    assert not scan_text(after)


def test_a_second_password_said_in_the_same_sentence() -> None:
    """newuser32 #39: "… and the other one is X": a value said to be one after the first."""
    hits = scan_text("The office pass phrase is Tq4$vBn8Lw2e and the backup one is "
                     "Wd6&hJr1Ks5y, both rotate.")
    assert [h.value for h in hits] == ["Tq4$vBn8Lw2e", "Wd6&hJr1Ks5y"]
    assert len(scan_text("The office password is Tq4$vBn8Lw2e and the host is web-01.")) == 1


@pytest.mark.parametrize("text,found", [
    ("NAS login root Pz5%cVb7Nm1q", ["Pz5%cVb7Nm1q"]),
    ("The panel: login admin interface, v2.0", []),
    ("login admin ChangeMe", []),
])
def test_a_login_word_an_account_and_a_value(text: str, found: list[str]) -> None:
    """newuser32 #39: a login word, a well-known account, then a made-up value."""
    assert [h.value for h in scan_text(text)] == found


def test_redact_takes_the_second_password(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"MEMORY.md": "", "w.md": "---\nname: w\n---\nThe office "
                                 "password is Tq4$vBn8Lw2e and the backup one is Wd6&hJr1Ks5y."
                                 "\n"})
    do(root, memory_ops.redact, "w")
    assert read(root, "w.md").endswith(
        "password is [REDACTED] and the backup one is [REDACTED].\n")


@pytest.mark.parametrize("text", [
    'const authToken = await storage.loadJson(CRED_FILE, "utf8");',
    "token = await store.fetchOne(TOKEN_ROW, opts)",
    "token = issueToken(claims, PRIVATE_PEM)",
    "password = derive(userSalt, MASTER_SEED)",
])
def test_a_value_that_is_a_call_is_no_literal(text: str) -> None:
    """newuser32 #2: a dotted name opening a bracket, or a bracket of names closed on the
    line, is a call."""
    assert scan_text(text) == []


def test_a_bracket_in_a_made_up_value_stays_one_of_its_characters() -> None:
    assert [h.value for h in scan_text("token = Qw8.Zx(9kLmP2vR")] == ["Qw8.Zx(9kLmP2vR"]
    assert [h.value for h in scan_text("password=Lp0(oKm9Ij8u")] == ["Lp0(oKm9Ij8u"]


@pytest.mark.parametrize("text", [
    "邮箱的SMTP授权码: `zvkqhtrwmpxbnsdl`",
    "新授权码（zvkqhtrwmpxbnsdl）已更新",
])
def test_an_authorization_code_of_random_letters(text: str) -> None:
    """real32: sixteen letters of no word (few vowels, spread) after a code label."""
    assert [h.value for h in scan_text(text)] == ["zvkqhtrwmpxbnsdl"]


@pytest.mark.parametrize("text", [
    "The shader draws two passes — `FrontFace` first.",  # an everyday word, a name in code
    "- Salted hashing replaced Base64 passwords, CloudSQL failover fix",  # a word, not alike
    "## Stage 3: Node / Deno2Bun",  # a heading's title names two things
    "- PAT: export SEARCH_API_BASE=https://search.example.org/v2",  # a name set to a URL
    "当前token为HS256签名，exp=1767225600=2026-01-01",  # a number, then its date
])
def test_real32_shapes_that_are_no_value(text: str) -> None:
    assert scan_text(text) == []


def test_a_field_pair_under_no_label_word_is_still_found() -> None:
    assert [h.value for h in scan_text("1C server: `buh / vdX5%d#7c`")] == ["vdX5%d#7c"]
