"""Two procedures with the same numbered steps in another order are two procedures, not a
copy (session 31, blind set rules19's look-alikes): every word is shared, so the words alone
merged them. A copy whose steps keep their order (a word changed, a step added) is still a
copy; an unnumbered list reordered is a set written again. Examples written here."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import near_duplicate_texts
from memtui.core.checks.near_duplicate_order import reordered

_STEPS = ("Changing the filter cartridge\n"
          "1. Close the inlet valve and wait until the gauge reads zero.\n"
          "2. Unscrew the housing and take the old cartridge out.\n"
          "3. Rinse the housing with clean water before the new cartridge goes in.\n"
          "4. Open the inlet valve slowly and check the seal for drips.\n")


def _swap(text: str, i: int, j: int, marker: str = ".") -> str:
    head, *steps = text.rstrip("\n").split("\n")
    bodies = [s.split(". ", 1)[1] for s in steps]
    bodies[i], bodies[j] = bodies[j], bodies[i]
    return "\n".join([head, *(f"{n}{marker} {b}" for n, b in enumerate(bodies, 1))]) + "\n"


def test_the_same_steps_in_another_order_are_two_procedures() -> None:
    other = _swap(_STEPS, 0, 1)
    assert reordered(_STEPS, other)
    assert near_duplicate_texts([("a.md", _STEPS), ("b.md", other)]) == {}
    assert reordered(_STEPS, _swap(_STEPS, 1, 3, ")"))  # another marker
    zh = ("换滤芯\n1. 先关进水阀，等压力表归零。\n2. 再拧开滤壳，取出旧滤芯。\n"
          "3. 最后用清水冲洗滤壳。\n")
    zh_b = ("换滤芯\n1. 先拧开滤壳，取出旧滤芯。\n2. 再关进水阀，等压力表归零。\n"
            "3. 最后用清水冲洗滤壳。\n")
    assert reordered(zh, zh_b)  # the order words (先/再) changed with the steps


def test_a_copy_in_the_same_order_or_an_unnumbered_list_is_still_a_copy() -> None:
    edited = _STEPS.replace("drips", "any drips") + "5. Write the date on the housing.\n"
    assert not reordered(_STEPS, edited)
    assert near_duplicate_texts([("a.md", _STEPS), ("b.md", edited)])
    bullets = _STEPS.replace("1. ", "- ").replace("2. ", "- ").replace("3. ", "- ") \
        .replace("4. ", "- ")
    swapped = _swap(_STEPS, 0, 1).replace("1. ", "- ").replace("2. ", "- ") \
        .replace("3. ", "- ").replace("4. ", "- ")
    assert not reordered(bullets, swapped)
    assert near_duplicate_texts([("a.md", bullets), ("b.md", swapped)])
    # two lists that share a step or two only: not the same steps
    other = ("Cleaning the pump\n1. Close the inlet valve and wait until the gauge reads zero.\n"
             "2. Drain the pump through its bottom plug into a bucket.\n"
             "3. Brush the impeller and refit the plug.\n")
    assert not reordered(_STEPS, other)
