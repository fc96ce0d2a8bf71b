"""The credential lexicon (``memtui/core/creds/lexicon.json``), tested per language: every
word of every language labels a value in a label line and in a table header, and a word
that negates a label (public key, token count, password policy) takes that away."""

from __future__ import annotations

import pytest

from memtui.core.creds import lexicon
from memtui.core.creds.detector import scan_text

VALUE = "Xq7#mK2pLz9w"
DATA = lexicon.data()
LANGUAGES = sorted(DATA["labels"])


def _value_words(lang: str) -> list[str]:
    return [w for kind, words in DATA["labels"][lang].items() if kind in lexicon.VALUE_KINDS
            for w in words]


def test_the_lexicon_covers_twenty_languages_or_more() -> None:
    """Twenty languages or more whole (password, login, a negating word); a language added
    whole later keeps only the words no other language holds (one word, one language:
    secfix37), so some lack a kind another language's word covers (Belarusian "пароль"),
    yet each labels a value."""
    whole = [lang for lang in LANGUAGES if DATA["labels"][lang].get("password")
             and DATA["labels"][lang].get("login") and DATA["not"].get(lang)]
    assert len(whole) >= 20
    for lang in LANGUAGES:
        assert _value_words(lang), lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_labels_a_value_in_a_label_line(lang: str) -> None:
    missed = [w for w in _value_words(lang)
              if [h.value for h in scan_text(f"- {w}: {VALUE}\n")] != [VALUE]]
    assert missed == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_names_a_table_column(lang: str) -> None:
    missed = []
    for w in _value_words(lang):
        table = f"| host | {w} |\n|---|---|\n| db1 | `{VALUE}` |\n"
        if [h.value for h in scan_text(table)] != [VALUE]:
            missed.append(w)
    assert missed == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if DATA["not"].get(lang)])
def test_a_negating_word_takes_the_label_away(lang: str) -> None:
    """Every negating word is one, and the language's first (its word for "public") takes
    a label away on either side of it, in a label line and in prose (its key and password
    words, those it holds)."""
    assert [n for n in DATA["not"][lang] if not lexicon.negated(n)] == []
    n = DATA["not"][lang][0]
    kinds = DATA["labels"][lang]
    for word in [kinds[k][0] for k in ("key", "password") if kinds.get(k)]:
        for text in (f"- {n} {word}: {VALUE}\n", f"- {word} {n}: {VALUE}\n",
                     f"the {n} {word} is {VALUE}\n"):
            assert scan_text(text) == [], text


def test_a_finding_names_the_label_it_matched() -> None:
    (hit,) = scan_text("mdp : Azerty123!x\n")
    assert hit.kind == 'password label "mdp" + 11-character mixed value'


def test_two_credentials_in_one_server_note_are_both_found() -> None:
    """Issue 30 §5: an SSH password in prose and a token in the same note."""
    note = ("## prod-web-2\n"
            "SSH as deploy, the password is Kp9#vXw2Lq, sudo works.\n"
            "Deploy token: ghp_7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u\n")
    assert [h.value for h in scan_text(note)] == [
        "Kp9#vXw2Lq", "ghp_7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u"]
    same_line = "root password Kp9#vXw2Lq, API token ghp_7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u"
    assert len(scan_text(same_line)) == 2


def test_a_variable_is_no_credential() -> None:
    """Issue 30 §5: ``cfg.api_token = apiToken`` (it was reported by one round)."""
    assert scan_text("cfg.api_token = apiToken  // from the settings form\n") == []


def test_no_space_without_the_pattern_is_the_pattern() -> None:
    """The words' and characters' test of a script without spaces (no ``re`` compile)
    answers as the character class does, on every code point and on every lexicon word."""
    for i in range(0x110000):
        c = chr(i)
        assert lexicon._no_space_char(c) == lexicon.no_space(c), hex(i)
    words = [e[0] for rows in lexicon.worked_out_entries() for e in rows]
    assert any(lexicon.no_space(w) for w in words) and not all(lexicon.no_space(w) for w in words)
    for w in words:
        assert lexicon._no_space_word(w) == lexicon.no_space(w), w
