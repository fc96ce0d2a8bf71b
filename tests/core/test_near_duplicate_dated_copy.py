"""Two daily logs (files named by their date) are a journal repeating itself, never paired —
unless one is a copy of the other: the same text under two dates, or a day's whole note
carried over into the next and extended (real30's OpenClaw folders: four byte-identical
dated files, and a daily note holding ~96 % of the day before). A routine line written again
beside a day's own (ndfix27's journal) stays apart. Examples written here."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import near_duplicate_texts

_DAY = ("# 2026-04-16\n\n## Done\n"
        "- Moved the backup job on the NAS from 02:00 to 03:30 because the scrub overlaps.\n"
        "- Asked Ann about the invoice template; she wants the VAT line split out.\n"
        "- Renewed the domain for two years and noted the new expiry in the wiki.\n"
        "## Open\n- The printer in room 4 still drops jobs over Wi-Fi; try a static lease.\n")
_OTHER_DAY = ("# 2026-04-17\n\n## Done\n"
              "- Restarted the mail relay after the certificate renewal failed at night.\n"
              "- Wrote the onboarding checklist for the new intern, still missing the VPN.\n"
              "## Open\n- The printer in room 4 still drops jobs over Wi-Fi; try a static "
              "lease.\n")


def _paired(a: str, b: str) -> bool:
    found = near_duplicate_texts([("memory/2026-04-16.md", a), ("memory/2026-04-17.md", b)])
    return bool(found)


def test_a_dated_file_copied_under_another_date_is_a_copy() -> None:
    assert _paired(_DAY, _DAY)


def test_a_days_note_carried_over_whole_and_extended_is_a_copy() -> None:
    carried = _DAY.replace("2026-04-16", "2026-04-17") + \
        "- Ordered a new toner cartridge for the printer.\n"
    assert _paired(_DAY, carried)  # (its own date in its heading asks no facts)


def test_two_days_sharing_their_headings_and_a_line_stay_a_journal() -> None:
    assert not _paired(_DAY, _OTHER_DAY)
    routine = ("Morning routine: disk at 9.8 GB, heartbeat ran, the blockers are unchanged: "
               "the campaign status, the second batch, the three videos to shoot.\n")
    assert not _paired(routine, routine + "Same again.\n")


def test_a_days_note_copied_into_the_next_is_not_told_to_merge() -> None:
    """newuser32 #9: two OpenClaw daily notes were told to "merge them into one memory";
    a dated journal keeps one note a day, so the advice is to drop the copied lines."""
    from memtui.core.checks.near_duplicate import findings_of
    carried = _DAY.replace("2026-04-16", "2026-04-17") + \
        "- Ordered a new toner cartridge for the printer.\n"
    found = findings_of(near_duplicate_texts(
        [("memory/2026-04-16.md", _DAY), ("memory/2026-04-17.md", carried)]))
    messages = [f.message for fs in found.values() for f in fs]
    assert messages and all("merge them into one memory" not in m for m in messages)
    assert all("never merged" in m for m in messages)
