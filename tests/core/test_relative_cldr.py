"""relative_date read only the languages its own patterns held: "om två dagar", "příští
týden" or "через пять дней" passed in a project memory (blind set rules23: 15 of 34 missed).
The words of the other languages come from CLDR's relative-time fields
(`memtui.core.checks.relative_cldr`, written by bench/cldr_relative_words.py): a deictic
day / week / month word, "next" or "last" with a weekday, an offset from now whose number is
digits or a word. A date beside it, code, and a short Latin word that is one elsewhere
(Hungarian "ma", today) stay quiet; the rule's own exceptions stand ("Morgen", the morning)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.checks.relative_cldr import PHRASES
from memtui.core.checks.relative_date import CLDR_ANCHORS, cldr_pattern
from tests.core.helpers import make_ws, run_audit

WHY = "\n\n**Why:** a reason.\n**How to apply:** a way.\n"


def _project(text: str) -> str:
    return f"---\nname: x\ndescription: x\nmetadata:\n  type: project\n---\n{text}{WHY}"


def test_cldr_relative_words_of_other_languages_are_relative_dates(tmp_path: Path) -> None:
    sentences = {
        "da": "Leverandøren ringer i overmorgen.",
        "cs_offset_word": "Audit proběhne za pět dní.",
        "lt_deictic": "Susitikimas bus kitą savaitę.",
        "sk_weekday": "Školenie je budúci štvrtok.",
        "bg_offset_digits": "Срокът изтича след 3 седмици.",
        "th_unspaced": "ทีมจะส่งงานสัปดาห์หน้าแน่นอน",
        "dated": "Leverandøren ringer i overmorgen (2026-05-07).",
        "code": "Run `i overmorgen` as a literal.",
        "hu_short": "Ma a kód a tárolóban van.",
        "de_morning": "Guten Morgen, das Team.",
    }
    files = {f"memory/{k}.md": _project(v) for k, v in sentences.items()}
    files["MEMORY.md"] = "".join(f"- [{k}](memory/{k}.md) — {k}\n" for k in sentences)
    result = run_audit(make_ws(tmp_path, files))
    flagged = sorted(f.path for f in result.findings if f.kind == "relative_date")
    assert flagged == ["memory/bg_offset_digits.md", "memory/cs_offset_word.md",
                       "memory/da.md", "memory/lt_deictic.md", "memory/sk_weekday.md",
                       "memory/th_unspaced.md"], flagged


def test_every_cldr_phrase_is_found_and_holds_its_anchor() -> None:
    """Each phrase of the table holds the word it is filed under (the keyword probe looks
    for that word), and the pattern of the whole table finds it whole in a line."""
    assert set(CLDR_ANCHORS) == set(PHRASES)
    pattern = cldr_pattern(tuple(p for words in PHRASES.values() for p in words))
    wrong = [(word, p) for word, phrases in PHRASES.items() for p in phrases
             if word not in p or (m := pattern.search(p.replace("{0}", "7"))) is None
             or m.group().lower() != p.replace("{0}", "7")]
    assert wrong == []
