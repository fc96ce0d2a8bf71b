"""`near_duplicate` pairs two memories by their claims (issue 32) where their shingles alone
do not: a list against its prose in another order, one value written two ways; and still
keeps apart a frame about another entity (`memtui.core.checks.near_duplicate_claims`)."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import Buckets, near_duplicate_texts, pairs, sketch

LIST = """monthly bulk shopping
- rice 5 kg
- sunflower oil 5 L
- pasta 10 packs
- bulgur 3 kg
- detergent
- toilet paper 32 rolls
- red lentils 2 kg
"""
PROSE = """wholesale store list
Every month from the wholesale store: toilet paper (32 rolls), detergent, pasta 10 packs, 2 kg
red lentils, 5 kg rice, bulgur 3 kg, 5 litres of sunflower oil and also tea 1 kg.
"""


def _paired(a: str, b: str) -> bool:
    return bool(near_duplicate_texts([("memory/a.md", a), ("memory/b.md", b)]))


def test_a_list_and_its_prose_with_an_item_more_are_paired():
    assert _paired(LIST, PROSE)


def test_one_value_written_with_its_build_is_paired():
    a = ("engine pinned at 6000.0.31\nThe engine stays pinned at 6000.0.31 for now.\n"
         "Upgrades are batched after the milestone ships.\n"
         "**Why:** upgrading midway broke every lightmap.\n"
         "**How to apply:** when asked to upgrade the engine, say no.\n")
    b = ("do not upgrade the engine\nThe engine stays pinned at 6000.0.31f1 for now.\n"
         "Upgrades are batched after the milestone has shipped.\n"
         "**Why:** upgrading midway broke all the lightmaps.\n"
         "**How to apply:** when asked to upgrade the engine, say no.\n")
    assert _paired(a, b)


def test_the_same_list_with_other_quantities_is_not_paired():
    other = LIST.replace("rice 5", "rice 8").replace("pasta 10", "pasta 12")
    assert not _paired(other, PROSE)


def test_a_live_auditor_finds_the_pair_by_claims_as_the_whole_pairing_does():
    other = "garden\nWater the tomatoes every evening in July.\nThe hose is behind the shed door.\n"
    texts = {"memory/a.md": LIST, "memory/c.md": other}
    order = {"memory/a.md": 0, "memory/b.md": 1, "memory/c.md": 2}
    kept = Buckets({k: sketch(t) for k, t in texts.items()}, order)
    assert kept.found() == {}
    got = kept.update_pairs({"memory/b.md": sketch(PROSE)})
    every = {**texts, "memory/b.md": PROSE}
    whole = pairs({k: sketch(every[k]) for k in order})
    assert whole and {k: v for k, v in got.items() if v} == whole
    got = kept.update_pairs({"memory/b.md": sketch("garden tools\nThe rake hangs on the "
                                                   "left wall.\nOil the shears in March.\n")})
    assert not got.get("memory/a.md") and not got.get("memory/b.md")
