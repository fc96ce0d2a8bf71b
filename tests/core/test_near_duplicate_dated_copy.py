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


# A short day's note (under 32 shingles) carried over whole into the next day and extended:
# its lines are the next day's (one routine line's time changed), blind sets rules21/rules22.
_SHORT_DAY = ("# 2026-05-02\n\n## Morning\n- 07:00 Boiler checked, pressure normal.\n"
              "## Events\n- 11:00 The bakery on Elm Street will take 30 loaves a day from "
              "June, paid within 14 days.\n## To do\n- Send the contract to Mr Novak.\n")


def _workspace(tmp_path, days: dict[str, str]):
    from memtui.core.audit import audit
    (tmp_path / "memory").mkdir()
    for name, text in days.items():
        (tmp_path / "memory" / name).write_text(text, "utf-8")
    return {f.path for f in audit(tmp_path).findings if f.kind == "near_duplicate"}


def test_a_short_days_note_carried_over_whole_is_a_copy(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    carried = _SHORT_DAY.replace("2026-05-02", "2026-05-03").replace("07:00", "07:05") + \
        "- 15:10 Contract sent.\n"
    assert _workspace(tmp_path, {"2026-05-02.md": _SHORT_DAY, "2026-05-03.md": carried}) == {
        "memory/2026-05-02.md", "memory/2026-05-03.md"}


def test_a_short_rule_extended_or_quoted_the_next_day_stays_apart(tmp_path,
                                                                   monkeypatch) -> None:
    """A rule with an exception added to its line, or quoted inside another line to say it
    changed, is another day's note (look-alikes of rules21): its words held, its line not."""
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    rule = ("# 2026-05-02\n\n## Morning\n- 07:00 Reception open.\n## Notes\n"
            "- 13:00 Rule: guests may not cook in their rooms.\n")
    extended = rule.replace("2026-05-02", "2026-05-03").replace(
        "rooms.", "rooms, except guests staying 7 nights or more, who may use a rice cooker.")
    quoted = rule.replace("2026-05-02", "2026-05-04").replace(
        "- 13:00 Rule: guests may not cook in their rooms.",
        '- 13:00 The note of 2 May said "Rule: guests may not cook in their rooms." No '
        "longer so: the owners allow a kettle from June.")
    assert not _workspace(tmp_path, {"2026-05-02.md": rule, "2026-05-03.md": extended,
                                     "2026-05-04.md": quoted})
