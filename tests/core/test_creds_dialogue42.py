"""secfix42: a value bound by the exchange it is given in (issue 32 point 1, set31) — the
answer to a turn of a chat that names the slot (after a clarifying question or not, with a
time stamp or a speaker's name before it), a question's answer alone on the next line, and
a turn of a chat pasted in a code block read as the prose it is, a correction inheriting the
slot of the value it corrects, an answer under a quoted question; and what an answer is not:
a value promised, a time, a number dialled, a key of a file. Texts and values written here
(made up, none of a blind set's), in languages set31 lacks (Estonian, Norwegian, Afrikaans,
Galician, Luxembourgish); every case runs the real detector."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[tuple[int, str]]:
    return [(h.line, h.value) for h in scan_text(text)]


@pytest.mark.parametrize(("text", "found"), [
    # a turn naming the slot, a turn asking back, the answer alone
    ("Ema: uus wifi parool on olemas\nMina: milline?\nEma: Kask&Kadakas77\n"
     "Ema: ära teistele ütle\n", (3, "Kask&Kadakas77")),
    # a question and its answer, the answer followed by filler
    ("Spørsmål: hva er passordet til ruteren?\nSvar: Fjord-Lys-2024, med store forbokstaver\n"
     "Spørsmål: takk\n", (2, "Fjord-Lys-2024")),
    # the same speaker giving the slot and then its value, digits read out, time stamps
    ("[08:15] Pa: die wagwoord van die hek het verander\n[08:16] Pa: 4 9 1 7\n"
     "[08:20] Anna: dankie!\n", (2, "4 9 1 7")),
    # a question line and the answer alone under it
    ("Wat is die wagwoord vir die wifi?\nKoedoe#1987\n", (2, "Koedoe#1987")),
    # a chat export pasted in a code block: the turn's words are prose
    ("```\n12/05/2026, 10:02 - Xoán: o contrasinal é Pedra.Negra44\n"
     "12/05/2026, 10:03 - Uxía: grazas\n12/05/2026, 10:04 - Xoán: de nada\n```\n",
     (2, "Pedra.Negra44")),
    # a correction asked for: the new value inherits the slot of the turn that gave the old
    ("Bestefar: koden til garasjeporten er 3 9 1 4\nJeg: 3914?\n"
     "Bestefar: beklager, 3941. Som bryllupsdagen vår.\n", (3, "3941")),
    # the answer under a quoted question (a quote level ends the turn), filler after it
    ("> wat was weer julle wifi-wagwoord?\nDuinebessie_7 – met 'n hoofletter D\n"
     "(Antwoord van Marike)\n", (2, "Duinebessie_7")),
])
def test_an_answer_inherits_its_question_slot(text: str, found: tuple[int, str]) -> None:
    assert found in _values(text)


@pytest.mark.parametrize("text", [
    # the value promised, not given
    "Ema: uus wifi parool on olemas\nMina: milline?\nEma: ütlen õhtul\n",
    # a number dialled, a time
    "Mina: mis on wifi parool?\nEma: 5123 4567 helista mulle\n",
    "Spørsmål: når kommer passordet?\nSvar: 18:30\n",
    # an answer that asks again, a turn naming nothing
    "Mamm: wéi ass d'Passwuert vum Router?\nJang: wéi gëtt et?\nMamm: Merci!\n",
    # a quoted question answered by a promise; a correction asked for, answered by none
    "> wat was weer julle wifi-wagwoord?\nEk stuur dit vanaand vir jou.\n",
    "Bestefar: koden til garasjeporten er fortsatt hemmelig\nJeg: hvilken?\n"
    "Bestefar: Nei, ring meg i kveld.\n",
    # a file's keys are no speakers
    "```\nname: db\ndescription: wat is die wagwoord?\nname: koedoe1987\n```\n",
    # a list of settings: no one speaks twice and no one asks
    "Host: db.example.org\nNote: wagwoord by die admin\nOwner: koedoe1987\n",
])
def test_an_exchange_giving_no_value_is_quiet(text: str) -> None:
    assert _values(text) == []
