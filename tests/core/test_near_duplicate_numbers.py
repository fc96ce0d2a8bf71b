"""Numbers written in words as `near_duplicate`'s facts (issue 34, blind set rules9)."""

from __future__ import annotations

import random

import pytest

from memtui.core.checks.near_duplicate import (
    ALL_PAIRS,
    near_duplicate_texts,
    pairs,
    read_sketch,
    similarity,
    sketch,
)
from memtui.core.checks.near_duplicate_numbers import word_numbers
from memtui.core.checks.near_duplicate_sketch import WORD_BIT, _numbers, _trimmed


@pytest.mark.parametrize(("text", "numbers"), [
    ("kończy na tysiąc czterysta pięćdziesiąt, trzyma dwie godziny", {"1450", "2"}),
    ("no purchase over two hundred thousand shillings; nine months of runway",
     {"200000", "9"}),
    ("elke verhuizer kost vijfennegentig euro per uur", {"95"}),
    ("Yirmi bir yaşından küçüklere; tur on beş kilometreyi geçmiyor", {"21", "15"}),
    ("jumlah iklan tak boleh lebih dua belas minit", {"12"}),
    ("хвилин п’ять, а решту часу, сім хвилин", {"5", "7"}),
    ("trois cents points par pouce, trois cents pour cent", {"300"}),
])
def test_number_words_are_read_as_digits(text: str, numbers: set[str]) -> None:
    assert word_numbers(text) == numbers


@pytest.mark.parametrize("text", [
    "The weekly report is due at 10 every Monday for the whole sales team.",
    "One of us checks the logs on Monday; on the other days nobody does.",
    "Lima office, Otto's team; dos and don'ts; sept. meeting; 50 pour cent",
])
def test_common_words_are_no_numbers(text: str) -> None:
    assert word_numbers(text) == set()


def test_a_number_in_words_backs_a_pair_and_never_keeps_one_apart() -> None:
    digits = ("HFO purifier routine:\n- Desludge: every 4 h (auto timer, check it fired)\n"
              "- Bowl dismantle + clean: every 1,000 RH\n- Log both in ER logbook + PMS\n")
    words = ("The heavy fuel oil purifier is desludged six times a day, once every four "
             "hours, by the auto timer; after a thousand running hours the bowl is "
             "dismantled and cleaned by hand. Both are logged in the ER logbook and PMS.\n")
    a, b = read_sketch(sketch(digits))[2], read_sketch(sketch(words))[2]
    marked = {h for h in b if h & WORD_BIT}
    assert len(marked) == 3  # 6, 4, 1000, none of them in digits there
    assert {h & ~WORD_BIT for h in marked} & a  # 4 and 1000 are the other's facts
    # "six" is the prose's own number: never a fact of its own that keeps the two apart
    assert set(near_duplicate_texts([("a", digits), ("b", words)])) == {"a", "b"}


_FORMULA = ("Prijsformule offerte verhuizing\n"
            "Offerte = (geschatte uren × aantal verhuizers × € 95) + (volume m³ × € 12)\n"
            "+ 15 % toeslag als er geen lift is boven 2e verd.\nMin. 3 uur. Prijzen excl. btw.\n")
_SPOKEN = ("Hoe Sander een verhuizing inschat\n"
           "Sander rekent het zo: elke verhuizer kost vijfennegentig euro per uur, en daar komt "
           "per kubieke meter spullen twaalf euro bij. Moeten ze hoger dan de tweede verdieping "
           "zonder lift, dan gaat er vijftien procent bovenop.\nVoorbeeld dat hij gaf: twee man, "
           "vier uur, dertig kuub → 760 + 360 = 1.120, plus trap = 1.288 euro, exclusief btw.\n"
           "Korter dan drie uur rekent hij nooit.\n")


def test_a_formula_and_its_spoken_worked_example_are_one_memory_restated() -> None:
    # blind set rules9 (ws14): 8.5 % alike, its facts those of the formula and the sums
    a, b = sketch(_FORMULA, "reference"), sketch(_SPOKEN, "reference")
    assert 0.05 <= similarity(a, b) < 0.1
    assert set(pairs({"a": a, "b": b})) == {"a", "b"}
    # under another type too: its distinctive facts decide (`_typed`, blind set rules12:
    # a restatement as a reference of a project note); without the words' numbers nothing
    # backs it
    assert set(pairs({"a": a, "b": sketch(_SPOKEN, "project")})) == {"a", "b"}
    assert pairs({"a": a, "b": sketch(_SPOKEN.replace("vijfennegentig", "veel"), "reference")
                  }) == {}


def test_an_hour_past_noon_is_its_hour_on_a_12_hour_clock_in_words() -> None:
    # blind set rules9 (ws12): 18h00 and “seis da tarde”, 23h and “onze da noite”
    rule = ("Comunicação com encarregados só pela plataforma Inovar.\nMensagens apenas em dias "
            "úteis, entre as 9h00 e as 18h00.\nPrazo de resposta: 48 horas úteis.\n**Why:** "
            "queixa de um pai por mensagens recebidas às 23h.\n")
    chat = ("A Dra. Helena voltou a lembrar: aos pais escreve-se pela Inovar e mais nada. E só "
            "em dia de semana, das nove da manhã às seis da tarde; resposta no máximo em dois "
            "dias úteis. (Veio do pai que recebeu uma mensagem às onze da noite.)\n")
    a, b = read_sketch(sketch(rule))[2], read_sketch(sketch(chat))[2]
    assert len({h & ~WORD_BIT for h in a} & {h & ~WORD_BIT for h in b}) == 3  # 9, 6, 11
    # 18 pupils are no hour: the 6 is gone, 23h's 11 stays
    other = read_sketch(sketch(rule.replace("18h00", "18 alunos")))[2]
    assert len({h for h in other if h & WORD_BIT}) == 1


def test_a_restated_memory_is_a_candidate_past_all_pairs_by_its_numbers_in_words() -> None:
    rng = random.Random(3)
    words = [f"w{n}x" for n in range(5000)]
    sketches = {f"f{i}": sketch(" ".join(rng.sample(words, 40)) + "\n", "reference")
                for i in range(ALL_PAIRS)}
    sketches["a"], sketches["b"] = sketch(_FORMULA, "reference"), sketch(_SPOKEN, "reference")
    assert set(pairs(sketches)) == {"a", "b"}


# blind set rules10 (ws20, ws14, ws11): a rule and its restatement in another language, the
# numbers spelled out: next to no word in common (2-4 % alike there, 4.7 % here).
_FEE = ("Le stage coûte 36 500 € par an, payés en trois fois : 12 500 € à l'inscription, "
        "puis 12 000 € en mars et 12 000 € en juin.\n**Why:** en 2025 plusieurs familles "
        "n'ont pas pu payer d'un coup.\n")
_FEE_EN = ("The course costs thirty-six thousand five hundred euros a year in three "
           "payments: twelve thousand five hundred on enrolment, then twelve thousand in "
           "March and twelve thousand in June.\n**Why:** several families could not pay "
           "at once in 2025.\n")


def test_a_rule_restated_in_another_language_with_its_numbers_in_words() -> None:
    a, b = sketch(_FEE, "project"), sketch(_FEE_EN, "project")
    assert 0 < similarity(a, b) < 0.05
    assert set(pairs({"a": a, "b": b})) == {"a", "b"}
    # two types are two memories
    assert pairs({"a": a, "b": sketch(_FEE_EN, "reference")}) == {}


def test_two_notes_on_one_thing_under_restated_are_not_restated() -> None:
    """Under ``RESTATED`` alike, terms in common (two code spans and the type: what
    `restated` asks from 5 % on) are two notes about one dashboard (blind set rules7, ws27):
    only a number one side spells out is a restatement there."""
    a = sketch("Le tableau de bord de la direction est le classeur `Exec KPI` du projet "
               "`Executive` sur le serveur interne; l'accès se demande sur le portail "
               "informatique et il est validé par Claire Martin, responsable des données.\n",
               "reference")
    b = sketch("The `Exec KPI` extract refreshes every morning; when a refresh fails, message "
               "Tom Baker on Slack and wait for the next run before telling anyone.\n",
               "reference")
    assert 0 < similarity(a, b) < 0.05
    assert pairs({"a": a, "b": b}) == {}


def test_a_decimal_s_trailing_zeros_are_no_other_number() -> None:
    """``4200,00`` is ``4200`` and ``0.10`` is ``0.1`` (an amount with its cents, a share to
    two places); a version of two points stays as written (blind set rules12)."""
    assert _trimmed(_numbers("4200,00 EUR, 0.10 % S, v1.10.0, 2.5 h, 100.0 m, 30")) == \
        {"4200", "0.1", "1.10.0", "2.5", "100", "30"}
    a = read_sketch(sketch("Fuel sulphur cap in the zone: 0.10 % from the boundary on.", ""))[2]
    b = read_sketch(sketch("Inside the zone the fuel may hold 0.1 % sulphur at most.", ""))[2]
    assert a & b
