"""Session 33, blind set rules23: a CLDR phrase of a modifier and a unit was read only as
CLDR writes it ("következő hónap", "अगला सोमवार", "příští týden"); the sentence inflects it
("következő hónapban", "अगले सोमवार", "v příštím týdnu") and it passed in a project memory.
Each word of such a phrase is now matched by its stem and a short ending; a word that only
starts like one ("Ensimmäinen", first) is not, nor is an inflected phrase beside a date."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

WHY = "\n\n**Why:** a reason.\n**How to apply:** a way.\n"
SENTENCES = {
    "hu": "A kiállítás a következő hónapban nyílik.",
    "hi": "परीक्षा अगले सोमवार से शुरू है।",
    "cs": "Vydání je v příštím týdnu.",
    "fa": "جلسه هفتهٔ آینده است.",
    "fi_first": "Ensimmäinen viikko meni hyvin.",
    "hu_dated": "A kiállítás a következő hónapban nyílik (2027-03-01).",
}


def test_an_inflected_cldr_phrase_is_a_relative_date(tmp_path: Path) -> None:
    files = {f"memory/{k}.md": f"---\nname: {k}\ndescription: {k}\nmetadata:\n  type: "
                               f"project\n---\n{v}{WHY}" for k, v in SENTENCES.items()}
    files["MEMORY.md"] = "".join(f"- [{k}](memory/{k}.md) — {k}\n" for k in SENTENCES)
    flagged = sorted(f.path for f in run_audit(make_ws(tmp_path, files)).findings
                     if f.kind == "relative_date")
    assert flagged == ["memory/cs.md", "memory/fa.md", "memory/hi.md", "memory/hu.md"]
