"""Credential forms by structure, from newuser29's findings (#4, #16, #18, #25, #40) and the
false alarms of real folders nobody tuned for (/work/notes/real29-creds.md), written as new
texts: an adjective of size is no negator; a time span, a place in source code, a sum's
result, a range's end, a count of pins are no values; a label line's label is the words of
its own sentence; a block scalar's lines are one text; a bracket can be a password's
character."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# --- newuser29 #4: "Short password:" ---------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("Short password: Vb3#kLm8Qe2r", "Vb3#kLm8Qe2r"),
    ("- short admin password: Pw4tRz8nQx", "Pw4tRz8nQx"),
    ("Short PIN: 6093", "6093"),
])
def test_a_size_adjective_before_a_password_word_is_no_negator(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "SMS short code: 48213",
    "Text the short code 73361 to opt in.",
])
def test_a_short_code_is_still_a_phone_number(text: str) -> None:
    assert found(text) == []


# --- newuser29 #16: a time span after a key word ---------------------------------------------

@pytest.mark.parametrize("text", [
    "- Ads: raise bids (heures clés : 8h-13h + 18h-22h Paris)",
    "Key hours: 09:30-16:00 CET, then pause the campaign.",
    "- horas clave: 7am-11am",
])
def test_a_time_span_is_no_key(text: str) -> None:
    assert found(text) == []


# --- newuser29 #18: a label word in the sentence before a label line -------------------------

def test_a_label_word_in_the_sentence_before_labels_nothing() -> None:
    text = ("Watching launches with Birdeye for each new token listing. NOVA mint: "
            "7Hq2wYtPzLmN4cVbX9aKsD3fGjR8eTuW1oZpyQm5pump")
    assert found(text) == []


def test_a_label_after_a_sentence_still_labels_its_value() -> None:
    assert found("We rotated everything today. API token: Zq81mXv0LpTs7Wk2Yb4N") == \
        ["Zq81mXv0LpTs7Wk2Yb4N"]


# --- newuser29 #25: a YAML block scalar wrapped over lines -----------------------------------

@pytest.mark.parametrize("marker", [">", "|", ">-"])
def test_a_password_wrapped_in_a_block_scalar_is_found(marker: str) -> None:
    text = ("---\nname: staging\ndescription: " + marker + "\n  How to reach staging; the admin"
            " password is\n  Hv6%pQ2mTz9w until Friday\n---\nbody\n")
    hits = scan_text(text)
    assert [(h.line, h.value) for h in hits] == [(5, "Hv6%pQ2mTz9w")]


def test_a_block_scalar_of_counts_is_no_value() -> None:
    text = "notes: >\n  the token budget is\n  120000 per day for the whole team\n"
    assert found(text) == []


# --- newuser29 #40: a bracket inside a password ----------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("- [panel](https://ops.example.net/signin?user=ops&password=Qx7(mB4nLz2w) — ops",
     "Qx7(mB4nLz2w"),
    ("db url: https://h.example.net/?password=Qx7(mB4nLz2w&tls=1", "Qx7(mB4nLz2w"),
    ("password: Rt5(hN8vKc3j.", "Rt5(hN8vKc3j"),
])
def test_a_bracket_left_open_is_part_of_the_password(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "the token comes from (refresh_token(ctx)) on each call",
    "see `make_secret(\"prod\")` for how the key is made",
])
def test_a_call_is_still_no_value(text: str) -> None:
    assert found(text) == []


def test_redaction_takes_the_whole_password_with_its_bracket(tmp_path: Path) -> None:
    from memtui.core.creds.placed import placed

    text = "- [grafana](https://g.example.org/login?user=admin&password=Wd2(pL9xCv4s) — board\n"
    (tmp_path / "MEMORY.md").write_text(text, encoding="utf-8")
    read = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    hits = placed(read, scan_text(read))
    assert [h.value for h in hits] == ["Wd2(pL9xCv4s"]


# --- real29: Turkish "kod", ArduPilot's pins -------------------------------------------------

@pytest.mark.parametrize("text", [
    "- Adım 2 ✅ kod dökümü. frontend 2210 / backend 1804 / testler 950 = **4964 satır** toplam.",
    "- toplam kod/belge farkı (a41f9e2→b77c0d1, ana dal): 9 dosya",
    "| Gereksinim | Kod | Durum |\n|---|---|---|\n| hız kaydı | `speed_logger:88` yazıyor | ✅ |",
    "Kablo: güç modülü 6-pin JST-GH → POWER2, akım sensörü ayrı.",
])
def test_a_sum_a_range_a_source_line_or_a_pin_count_is_no_value(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize("text,value", [
    ("Kapı kodu: 4827", "4827"),
    ("PIN for the safe = 5530", "5530"),
])
def test_a_code_beside_its_label_is_still_found(text: str, value: str) -> None:
    assert found(text) == [value]


# --- set16: structures of values nobody tuned for (new texts) -------------------------------

@pytest.mark.parametrize("text,value", [
    ("- nytt lösenord: Smörgås48!Tåg", "Smörgås48!Tåg"),
    ("PWD=Förråd2291#", "Förråd2291#"),
    ("mot de passe temporaire Fête0612&Lune", "Fête0612&Lune"),
])
def test_a_password_with_accented_latin_letters_is_whole(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "contraseña: está en el gestor",
    "Regeln: Passwort mindestens 12 Zeichen, Postleitzahl: 80331 München.",
    "Schlüssel-ID: `sig-2025-11` (öffentlich)",
])
def test_words_a_nearer_label_or_a_dated_name_are_no_values(text: str) -> None:
    assert found(text) == []


def test_a_jdbc_url_without_slashes_then_user_then_password() -> None:
    text = 'Connection c = DriverManager.getConnection("jdbc:oracle:thin:@erp9:1521/FIN", ' \
        '"fin_ro", "Ux7qLm2VbT9zKa4w");'
    assert found(text) == ["Ux7qLm2VbT9zKa4w"]


# --- set16: a login as two label lines in a language the lexicon does not know -------------

def test_the_line_under_a_user_name_in_code_holds_its_password() -> None:
    text = "Tovuti ya klabu:\n\n- Jina la mtumiaji: `juma`\n- Neno la siri: Simba47!Pwani\n"
    assert found(text) == ["Simba47!Pwani"]


@pytest.mark.parametrize("text", [
    "- Repo: `memtui`\n- Version: V2.4.1-Beta\n",
    "- Service: `api`\n- Trace: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\n",
    "- Branch: `main`\n- Commit: 9f3e2a1c\n",
    "- Owner: `ops`\n\n- Token budget: Max8kPerDay\n",
])
def test_a_version_an_id_or_a_line_apart_is_no_password(text: str) -> None:
    assert found(text) == []


# --- set16: a setter called without brackets; a header set by a directive -------------------

@pytest.mark.parametrize("text,value", [
    ("signingConfigs {\n    release {\n        keyPassword 'Quince#vault'\n    }\n}",
     "Quince#vault"),
    ('    proxy_set_header Authorization "Bearer Hq4wNz8TpLx2Vm6Rk0Ys";',
     "Hq4wNz8TpLx2Vm6Rk0Ys"),
])
def test_a_directive_and_its_literal(text: str, value: str) -> None:
    assert found(text) == [value]


@pytest.mark.parametrize("text", [
    "        keyAlias 'release'",
    "    storePassword System.getenv('STORE_PW')",
    'Send the Authorization "header" only over TLS.',
])
def test_a_directive_naming_no_secret(text: str) -> None:
    assert found(text) == []
