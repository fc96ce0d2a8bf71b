"""Two memories of one template whose bodies open with a label naming the instance (``Saturday
breakfast:`` / ``Sunday breakfast:``, ``Server web1:`` / ``Server web2:``) and then hold the
same list with one item changed are two instances, not a copy (session 32, blind set
rules20's look-alikes): the words alone merged them. A copy under the same label (a clause
added) is still a copy; a label reworded with the other side's word in its text is a
rewording. Examples written here, not the set's text."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import near_duplicate_texts


def _pair(a: str, b: str) -> dict:
    return near_duplicate_texts([("a.md", a), ("b.md", b)])


def test_a_label_naming_another_instance_keeps_two_lists_apart() -> None:
    sat = "Saturday breakfast\nSaturday breakfast: yoghurt with honey, cheese pie, fruit, coffee."
    sun = "Sunday breakfast\nSunday breakfast: yoghurt with honey, spinach pie, fruit, coffee."
    assert _pair(sat, sun) == {}
    web1 = "Server web1\nServer web1: 64 GB RAM, 2 x 1.9 TB NVMe, role database, rack A3."
    web2 = "Server web2\nServer web2: 64 GB RAM, 2 x 1.9 TB NVMe, role frontend, rack A4."
    assert _pair(web1, web2) == {}
    # the same figures, the day named in the description and the label: two days' plans
    mon = ("Bake plan for Monday\nMonday: 80 rye loaves, 40 spelt loaves, 200 rolls, 30 "
           "buns.\n**Why:** standing orders.\n**How to apply:** print it the evening before.")
    fri = mon.replace("Monday", "Friday")
    assert _pair(mon, fri) == {}


def test_a_copy_under_the_same_label_or_a_label_reworded_is_still_a_copy() -> None:
    sat = "Saturday breakfast\nSaturday breakfast: yoghurt with honey, cheese pie, fruit, coffee."
    grown = ("Saturday breakfast menu\nSaturday breakfast: yoghurt with honey, cheese pie, "
             "fruit, coffee, served until ten.")
    assert _pair(sat, grown)
    # the label's word swapped for one the other text holds elsewhere: a rewording
    menu = ("Weekend breakfast\nBreakfast menu: yoghurt with honey, cheese pie, fruit and "
            "coffee on the weekend tables.")
    again = ("Weekend breakfast\nWeekend breakfast: yoghurt with honey, cheese pie, fruit and "
             "coffee on the breakfast menu tables.")
    assert _pair(menu, again)
