"""What near_duplicate reads and names (newuser35 #2 and #21; examples written here, none of
the new user's text):

- SPEC §1's section labels, ``Why:`` and ``How to apply:`` bold or not and in the languages
  missing_why reads, are structure every feedback and project memory of a folder holds,
  not words two memories share: two unrelated feedback memories whose plain labels made
  them 20 % alike are no pair;
- two daily notes of one small vocabulary sharing no line are a journal, not "a day's note
  copied into another day's", and a real copy's message gives the wording's share (its
  lines), not the words' set's;
- the message names what a pair shares: the values both write, or, sharing none, says so
  and names the words both hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.helpers import messages

_TABS = ("---\nname: tabs\ndescription: Indent the parser code with tabs\nmetadata:\n"
         "  type: feedback\n---\n"
         "Always indent the parser module with tabs, never spaces.\n"
         "{why} the team agreed on it after a long argument.\n"
         "{how} whenever you edit or create parser files here.\n")
_STANDUP = ("---\nname: standup\ndescription: Keep the standup summary short\nmetadata:\n"
            "  type: feedback\n---\n"
            "Always keep the daily standup summary to a few bullets.\n"
            "{why} the team reads it on their phones while commuting.\n"
            "{how} whenever you write the summary for the channel.\n")


@pytest.mark.parametrize("why,how", [("Why:", "How to apply:"),
                                     ("- Why:", "- How to apply:"),
                                     ("Reason:", "How to apply it:")])
def test_the_formats_plain_labels_are_no_shared_words(tmp_path: Path, why: str,
                                                      how: str) -> None:
    """On integ: "holds the same facts as … in other words (only 21 % of the wording
    alike)" — the labels' three words (why, how, apply) were a third of what the two
    unrelated memories shared."""
    index = "- [Tabs](feedback_tabs.md) — tabs\n- [Standup](feedback_standup.md) — standup\n"
    got = messages(tmp_path, "near_duplicate",
                   {"MEMORY.md": index,
                    "feedback_tabs.md": _TABS.format(why=why, how=how),
                    "feedback_standup.md": _STANDUP.format(why=why, how=how)})
    assert got == {}


def test_a_label_in_another_language_is_no_shared_word() -> None:
    """On integ 20.5 % alike, the type their one fact in common: a pair."""
    # (a memory's description's line, then its body: what the audit sketches)
    tabs = ("Parser mit Tabs einrücken\n"
            "Den Parser im Projekt immer mit Tabs einrücken, nie mit Leerzeichen.\n"
            "Warum: das Team hat es nach langem Streit beschlossen.\n"
            "Anwendung: immer wenn du Dateien im Parser bearbeitest.\n")
    standup = ("Die Standup-Notiz kurz halten\n"
               "Die tägliche Standup-Notiz im Projekt immer auf wenige Punkte kürzen.\n"
               "Warum: das Team liest sie unterwegs auf dem Telefon.\n"
               "Anwendung: immer wenn du die Notiz für den Kanal schreibst.\n")
    from memtui.core.checks.near_duplicate import pairs, sketch
    with_labels = pairs({"a": sketch(tabs, "feedback"), "b": sketch(standup, "feedback")})
    assert with_labels == {}


def test_a_restatement_in_the_format_is_still_a_pair(tmp_path: Path) -> None:
    rule = ("---\nname: tabs\ndescription: Indent the parser with tabs\nmetadata:\n"
            "  type: feedback\n---\n"
            "Indent everything under `src/parser/` with tabs, never spaces.\n"
            "Why: the grammar generator emits tabs and mixed files broke the diff in PR 412.\n"
            "How to apply: set the editor to tabs before touching `src/parser/`.\n")
    again = ("---\nname: parser-tabs\ndescription: Tabs in the parser folder\nmetadata:\n"
             "  type: feedback\n---\n"
             "Files in `src/parser/` use tabs for indentation (no spaces).\n"
             "Why: PR 412 showed that the generator's tabs and hand-typed spaces make "
             "unreadable diffs.\n"
             "How to apply: switch the editor to tabs for `src/parser/`.\n")
    got = messages(tmp_path, "near_duplicate",
                   {"MEMORY.md": "- [a](a.md) — a\n- [b](b.md) — b\n",
                    "a.md": rule, "b.md": again})
    assert set(got) == {"a.md", "b.md"}
    # the message names what they share: the values both write
    assert "both write" in got["a.md"] and "`src/parser/`" in got["a.md"]


_WORDS = ("deploy", "cache", "runner", "billing", "tenant", "region", "replica", "backup",
          "canary", "metric")


def _journal_day(day: str, seed: int) -> str:
    lines = []
    for i in range(6):
        words = [_WORDS[(seed * 7 + i * 3 + k * (i + 2)) % len(_WORDS)] for k in range(9)]
        lines.append("- " + " ".join(words).capitalize() + ".")
    return f"# {day}\n\n" + "\n".join(lines) + "\n"


def test_two_days_of_one_vocabulary_sharing_no_line_are_a_journal(tmp_path: Path) -> None:
    """On integ: "repeats memory/2026-03-05.md (100 % alike): a day's note copied into
    another day's" — every word of one note is in the other, no line is."""
    a, b = _journal_day("2026-03-05", 1), _journal_day("2026-05-03", 2)
    assert set(a.splitlines()[2:]).isdisjoint(b.splitlines()[2:])
    got = messages(tmp_path, "near_duplicate",
                   {"memory/2026-03-05.md": a, "memory/2026-05-03.md": b})
    assert got == {}


def test_a_copied_days_note_says_how_many_lines_it_repeats(tmp_path: Path) -> None:
    day = ("# 2026-04-16\n\n- Moved the NAS backup job from 02:00 to 03:30 because the scrub "
           "overlaps.\n- Asked Ann about the invoice template; she wants the VAT line split "
           "out.\n- Renewed the domain for two years and noted the new expiry in the wiki.\n"
           "- The printer in room 4 still drops jobs over Wi-Fi; try a static lease.\n")
    copy = day.replace("2026-04-16", "2026-04-17") + "- Ordered a new toner cartridge.\n"
    got = messages(tmp_path, "near_duplicate",
                   {"memory/2026-04-16.md": day, "memory/2026-04-17.md": copy})
    assert set(got) == {"memory/2026-04-16.md", "memory/2026-04-17.md"}
    assert all("(4 of 4 lines repeated)" in m and "% alike" not in m for m in got.values())
