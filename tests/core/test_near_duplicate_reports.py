"""Reports an agent writes each night from one template are not copies of each other (issue
34, session 37; real36's OpenClaw "dreaming" reports: 44 findings "a day's note copied into
another day's" on nightly stubs). A line that many daily logs of a workspace write (its
counts masked) is the template's, not a note's own: two nights whose only lines in common
are those share nothing of their own. Examples written here, none of the real folder's
text. A day's note really copied is still paired beside such reports."""

from __future__ import annotations

from pathlib import Path

from memtui.core.checks.near_duplicate import Buckets, pairs, sketch
from tests.core.helpers import messages

_SWEEP = ("# Inbox sweep\n\n- Sorted {a} message(s) into their folders.\n"
          "- Flagged {b} message(s) that wait for a reply.\n{extra}"
          "\n# Inbox sweep\n\n- Sorted {b} message(s) into their folders.\n"
          "- Flagged {a} message(s) that wait for a reply.\n{extra}")
_NIGHTS = {f"memory/sweeps/2026-05-{d:02d}.md": _SWEEP.format(
    a=a, b=b, extra="- Archived the read threads older than a month.\n" if d % 3 == 0 else "")
    for d, a, b in ((1, 12, 3), (2, 12, 3), (3, 7, 0), (4, 5, 1), (5, 12, 3), (6, 9, 2),
                    (7, 4, 4), (8, 12, 3))}
_DAY = ("# 2026-04-16\n\n- Moved the NAS backup job from 02:00 to 03:30 because the scrub "
        "overlaps.\n- Asked Ann about the invoice template; she wants the VAT line split "
        "out.\n- Renewed the domain for two years and noted the new expiry in the wiki.\n"
        "- The printer in room 4 still drops jobs over Wi-Fi; try a static lease.\n")


def test_nightly_reports_of_one_template_are_no_copies(tmp_path: Path) -> None:
    """On integ: "memory/sweeps/2026-05-01.md repeats memory/sweeps/2026-05-02.md (4 of 4
    lines repeated): a day's note copied into another day's" — every line of both is the
    report's template, written by all eight nights."""
    got = messages(tmp_path, "near_duplicate",
                   {"MEMORY.md": "# Memory\n", **_NIGHTS})
    assert got == {}


def test_a_copied_note_beside_the_reports_is_still_paired(tmp_path: Path) -> None:
    copy = _DAY.replace("2026-04-16", "2026-04-17") + "- Ordered a new toner cartridge.\n"
    got = messages(tmp_path, "near_duplicate",
                   {"MEMORY.md": "# Memory\n", **_NIGHTS,
                    "memory/2026-04-16.md": _DAY, "memory/2026-04-17.md": copy})
    assert set(got) == {"memory/2026-04-16.md", "memory/2026-04-17.md"}
    assert all("(4 of 4 lines repeated)" in m for m in got.values())


def test_three_nights_are_too_few_for_a_template() -> None:
    """A line three notes write may be a note carried over twice: still their own."""
    three = {k: sketch(v) for k, v in list(_NIGHTS.items())[:2]}
    three["memory/sweeps/2026-05-05.md"] = sketch(_NIGHTS["memory/sweeps/2026-05-05.md"])
    assert set(pairs(three)) == set(three)


def test_the_live_auditor_counts_the_template_lines_as_pairs_does() -> None:
    """`Buckets` gives what `pairs` gives as nights are added: paired while three notes
    write the lines, not once a fourth does."""
    items = [(k, sketch(v)) for k, v in _NIGHTS.items()]
    order = {k: n for n, (k, _) in enumerate(items)}
    live = Buckets(dict(items[:2]), order)
    assert set(live.found()) == {items[0][0], items[1][0]}
    for n in range(2, len(items)):
        live.update(dict(items[n:n + 1]))
        now = pairs(dict(items[:n + 1]))
        assert {k: live.pairs_of(k) for k in now} == dict(now)
        assert all(not live.pairs_of(k) for k, _ in items[:n + 1] if k not in now)
    assert pairs(dict(items)) == {}
