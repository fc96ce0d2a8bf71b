"""Two memories compared by their claims (`memtui.core.checks.near_duplicate_claims`, issue
32): a list against its prose in another order, a superset, one value written two ways, a
table row against a line of times are one memory's; the same frame about another entity
(a label's value, a quoted term, a number changed) is two."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import near_duplicate_texts
from memtui.core.checks.near_duplicate_claims import claims, same_claims
from memtui.core.checks.near_duplicate_template import rare_partners

LIST = """packing for the cabin trip
- sleeping bags for everyone
- camping stove with two gas canisters
- headlamps and spare batteries
- waterproof matches in a jar
- first aid kit from the hall cupboard
"""
PROSE = """what to bring to the cabin
Bring the first aid kit from the hall cupboard, waterproof matches in a jar, headlamps and
spare batteries, sleeping bags for everyone, and the camping stove with two gas canisters.
"""


def test_a_list_and_its_prose_in_another_order_say_the_same():
    assert same_claims(LIST, PROSE)
    assert near_duplicate_texts([("memory/list.md", LIST), ("memory/prose.md", PROSE)])


def test_a_superset_holds_the_smaller_memory_whole():
    more = PROSE + ("Also check the firewood shed is unlocked.\n"
                    "Call the ranger station before leaving on Friday.\n")
    assert same_claims(LIST, more)


def test_a_version_written_with_its_build_is_the_same_value():
    a = ("pin the engine version\nThe engine is pinned to 6000.0.31 for this project.\n"
         "Upgrades wait until the milestone ships.\nThe lightmaps broke the last time.\n")
    b = ("engine pin\nThe engine is pinned to 6000.0.31f1 for this project.\n"
         "Upgrades wait until after the milestone ships.\nThe lightmaps all broke last time.\n")
    assert same_claims(a, b)


def test_a_table_row_and_a_line_of_times_hold_the_same_values():
    line = ("lesson times\nlesson 1 08:30-09:15, lesson 2 09:25-10:10, lesson 3 10:30-11:15, "
            "lesson 4 11:25-12:10.\n")
    table = ("the bells\n| no | starts | ends |\n|---|---|---|\n| 1 | 8:30 | 9:15 |\n"
             "| 2 | 9:25 | 10:10 |\n| 3 | 10:30 | 11:15 |\n| 4 | 11:25 | 12:10 |\n")
    assert same_claims(line, table)


def test_one_label_with_another_value_is_another_instance():
    a = ("tester profile\n- Role: external tester\n- Platform: Windows handheld\n"
         "- Reports: every Wednesday evening\n- Contact: chat handle sato\n")
    b = ("tester profile\n- Role: external tester\n- Platform: laptop only\n"
         "- Reports: every Wednesday evening\n- Contact: chat handle sato\n")
    assert not same_claims(a, b)


def test_a_number_changed_is_a_correction_not_a_copy():
    a = ("deposit\nThe hall deposit is 4500 rupees, paid at booking.\n"
         "The balance is due a week before the concert.\nReceipts go in the blue folder.\n")
    b = ("deposit fixed\nThe hall deposit is 6000 rupees, paid at booking.\n"
         "The balance is due a week before the concert.\nReceipts go in the blue folder.\n")
    assert not same_claims(a, b)


def test_a_quoted_term_changed_is_another_rule():
    a = ("term\nTranslate the word «server» always as «khadim», never as «sirfar».\n"
         "The client's glossary says so.\nSearch for «sirfar» before delivery.\n")
    b = ("term\nTranslate the word «cloud» always as «sahaba», never as «ghayma».\n"
         "The client's glossary says so.\nSearch for «ghayma» before delivery.\n")
    assert not same_claims(a, b)


def test_another_name_in_the_same_frame_keeps_two_people_apart():
    a = ("nurse\nNurse Amina Said works the night shift on ward three.\n"
         "She covers the maternity clinic on Mondays.\nHer phone is on the ward board.\n")
    b = ("nurse\nNurse Juma Baraka works the night shift on ward three.\n"
         "He covers the maternity clinic on Mondays.\nHis phone is on the ward board.\n")
    assert not same_claims(a, b)


def test_the_description_line_is_not_a_claim():
    got = [c.tokens for c in claims("one two three four\nfive six seven\n")]
    assert got == [c.tokens for c in claims("x\nfive six seven\n")] == [
        frozenset({"five", "six", "seven"})]


def test_partners_share_rare_shingles():
    bottoms = [[1, 2, 3, 4, 9], [1, 2, 3, 5, 9], [6, 7, 8, 9], [9, 10]]
    got = rare_partners(bottoms, ["a", "b", "c", "d"])
    assert got == {"a": frozenset({"b"}), "b": frozenset({"a"})}


def test_a_word_inflected_otherwise_is_the_same_word():
    a = ("kiln\n- glazes mixed on Mondays\n- firings logged in the kiln book\n"
         "- shelves vacuumed after each firing\n")
    b = ("kiln routine\nGlaze mixing on Monday. Each firing logged in the kiln's book. "
         "Shelf vacuuming after firings.\n")
    assert same_claims(a, b)


# Issue 32, rules41 folded in: a claim reduced to its values (a number written another way,
# a claim reworded whole, a table's header, a short memory whose values tell).

def test_a_number_with_its_thousands_written_otherwise_is_one_value():
    a = ("green coffee price\nWe sell the washed lot at 120,000 per kilo.\n"
         "Buyers collect from the Lam Dong warehouse.\nPayment is due within a week.\n")
    b = ("coffee price rule\nWe sell the washed lot at 120.000 per kilo.\n"
         "Buyers collect from the Lam Dong warehouse.\nPayment is due within a week.\n")
    assert same_claims(a, b)
    assert not same_claims(a, b.replace("120.000", "125.000"))  # another value


def test_a_scale_written_in_words_is_the_same_number():
    a = ("overhaul intervals\nThe bogies are overhauled every 60 000 km.\n"
         "Wheel tyres are replaced after 180 000 km.\n")
    b = ("bogie service\nOverhaul falls due for our bogies at each 60 thousand kilometres; "
         "new tyres go on after 180 thousand.\n")
    assert same_claims(a, b)
    assert not same_claims(a, b.replace("180 thousand", "150 thousand"))


def test_a_claim_reworded_whole_is_held_by_its_numbers():
    a = ("shop hours\nThe shop opens at 9:30 on weekdays.\n"
         "Saturday hours run from 10:00 to 14:00.\nDeliveries arrive around 7:15.\n")
    b = ("when we are open\nweekday mornings the doors unlock 9:30.\n"
         "on saturdays we trade 10:00-14:00.\nthe van comes in about 7:15.\n")
    assert same_claims(a, b)
    assert not same_claims(a, b.replace("7:15", "6:45"))  # a value changed parts them


def test_a_tables_header_names_its_columns_and_is_no_claim():
    table = ("delivery fees\n| distance travelled | fee charged |\n|---|---|\n"
             "| up to 3 km | free |\n| 3–7 km | 40 baht |\n| over 7 km | no delivery |\n")
    assert len(claims(table)) == 3
    prose = ("delivery zones\nDelivery is free within 3 km of the shop.\n"
             "From 3 to 7 km the fee is 40 baht.\nPast 7 km we do not deliver.\n")
    assert same_claims(table, prose)


EN = ("delivery to the client\nUpload to the Northwind SFTP by 18:00 CET the day before.\n"
      "One SRT file per reel, encoded as UTF-8.\nSubtitles run at 25 fps in the Berlin "
      "office.\nNever include speaker names.\n")
RU = ("сдача клиенту\nЗагружать на SFTP накануне до 6 вечера по CET.\n"
      "Один файл SRT на каждую часть, кодировка UTF-8.\nСубтитры идут с частотой 25 кадров "
      "для офиса в Berlin.\nИмена говорящих не указывать никогда.\n")


def test_a_translation_says_the_same_by_its_values():
    assert same_claims(EN, RU)


def test_a_translation_with_a_value_changed_is_another_memory():
    assert not same_claims(EN, RU.replace("25 кадров", "24 кадра"))
    assert not same_claims(EN.replace("Berlin", "Munich"), RU.replace("Berlin", "Paris"))
