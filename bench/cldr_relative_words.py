"""Write ``memtui/core/checks/relative_cldr.py``: the relative-date phrases of CLDR (the
Unicode Common Locale Data Repository), per language, for the ``relative_date`` rule.

CLDR's ``dateFields`` name, per language, the deictic words of a day, a week, a month, a
year, a quarter and each weekday ("relative-type": yesterday, tomorrow, next week, last
Tuesday) and the offsets from now ("relativeTime": "in {0} days", "{0} weeks ago"). A
weekday with the "next"/"last" word of a week or a month ("nästa tisdag", "próximo
domingo") is one too: the modifier is what the week's or the month's phrase holds besides
the unit's own word. The data comes from the npm package ``cldr-dates-full`` (Unicode
License v3), read from a folder it was unpacked into; the rule itself needs nothing at run
time (the table is a Python module, reviewed as code):

    npm pack cldr-dates-full@48.2.0 && tar xzf cldr-dates-full-48.2.0.tgz
    python -m bench.cldr_relative_words package/main
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

#: The languages read (ISO 639-1). Chinese, Japanese and Korean are left to the rule's own
#: patterns: written without spaces, their compounds that hold a date word but are none
#: need the rule's exceptions (`relative_date._CJK_NOT`).
LANGS = ("af", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "da", "de", "el", "en", "es",
         "et", "fa", "fi", "fil", "fr", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is",
         "it", "ka", "kk", "kn", "ky", "lt", "lv", "mk", "ml", "mn", "mr", "ms", "nb", "ne",
         "nl", "pa", "pl", "pt", "ro", "ru", "sk", "sl", "sq", "sr", "sv", "sw", "ta", "te",
         "th", "tr", "uk", "ur", "uz", "vi")
UNITS = ("day", "week", "month", "year", "quarter")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
#: The offsets of these units are dates; an hour's or a minute's are not.
OFFSET_UNITS = ("day", "week", "month", "year")
OUT = Path(__file__).resolve().parents[1] / "memtui" / "core" / "checks" / "relative_cldr.py"


def _modifiers(fields: dict, display: dict[str, str]) -> set[str]:
    """The words a week's, month's or year's ±1 phrase holds besides the unit's own word
    (a word sharing its first three letters with the unit's name): "nästa", "förra"."""
    out: set[str] = set()
    for unit in ("week", "month", "year"):
        name = display.get(unit, "").lower()
        for key in ("relative-type--1", "relative-type-1"):
            phrase = fields.get(unit, {}).get(key, "").lower()
            words = phrase.split()
            rest = [w for w in words if not (len(name) >= 3 and w[:3] == name[:3])]
            if len(words) == 2 and len(rest) == 1:
                out.add(rest[0])
    return out


def phrases(folder: Path, lang: str) -> list[str]:
    """The relative-date phrases of ``lang``, lower-cased, ``{0}`` for a number."""
    fields = json.loads((folder / lang / "dateFields.json").read_text("utf-8"))
    fields = fields["main"][lang]["dates"]["fields"]
    days = json.loads((folder / lang / "ca-gregorian.json").read_text("utf-8"))
    days = days["main"][lang]["dates"]["calendars"]["gregorian"]["days"]
    out: set[str] = set()
    for unit in (*UNITS, *WEEKDAYS):
        for key, value in fields.get(unit, {}).items():
            if key.startswith("relative-type-"):
                out.add(value.lower())
            elif key.startswith("relativeTime-type-") and unit in OFFSET_UNITS:
                out.update(v.lower() for v in value.values())
    display = {u: fields.get(u, {}).get("displayName", "") for u in UNITS}
    names = {days[form]["wide"][d].lower() for form in ("format", "stand-alone")
             for d in WEEKDAYS}
    for mod in _modifiers(fields, display):
        out.update(f"{mod} {name}" for name in names)
        out.update(f"{name} {mod}" for name in names)
    return sorted(p for p in out if p.strip())


#: A phrase of one Latin word this short is a common word elsewhere (Hungarian "ma", today).
SHORTEST_WORD = 4
_TOKEN = re.compile(r"[\s\u200c\u200d]+")


#: CLDR words that are common words of another language the table holds: Azerbaijani
#: "sabah" (tomorrow) is the Turkish morning, Swahili "jana" (yesterday) a given name.
COMMON_ELSEWHERE = frozenset({"sabah", "jana"})


def kept(lang: str, phrase: str) -> bool:
    """Whether the rule's table holds ``phrase``: not one the rule's own patterns already
    find (its exceptions stand: "Morgen" is the German morning), not one short Latin word."""
    from memtui.core.checks.relative_date import hand_found

    if not anchor(phrase) or phrase in COMMON_ELSEWHERE:
        return False
    if hand_found(phrase.replace("{0}", "several")):  # a number in words too
        return False
    words = _TOKEN.split(phrase)
    return not (len(words) == 1 and phrase.isascii() and len(phrase) < SHORTEST_WORD)


def anchor(phrase: str) -> str:
    """The word a text holding ``phrase`` surely holds, for the keyword probe: its longest
    (a number aside)."""
    words = [w.replace("{0}", "") for w in _TOKEN.split(phrase)]
    return max((w for w in words if any(c.isalpha() for c in w)), key=len, default="")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="cldr-dates-full's main/ folder")
    args = parser.parse_args()
    by_anchor: dict[str, set[str]] = {}
    for lang in LANGS:
        for phrase in phrases(args.folder, lang):
            word = anchor(phrase)
            # a word of fewer than four ASCII letters is a piece of too many English
            # words ("mes" in "times") for the probe's first look: such a phrase is left out
            if kept(lang, phrase) and (len(word) >= SHORTEST_WORD or not word.isascii()):
                by_anchor.setdefault(anchor(phrase), set()).add(phrase)
    lines = ['"""The relative-date phrases of CLDR 48.2 (npm ``cldr-dates-full``, Unicode License',
             "v3), lower-cased, ``{0}`` for a number, by the word each surely holds (its longest,",
             "for the keyword probe): those the rule's own patterns do not find. Languages:",
             *(", ".join(LANGS[i:i + 19]) + "," for i in range(0, len(LANGS) - 19, 19)),
             ", ".join(LANGS[len(LANGS) - 1 - (len(LANGS) - 1) % 19:]) + ". Written by",
             "``python -m bench.cldr_relative_words``; do not edit. It is past 500 lines on",
             "purpose: a generated table of data, one entry per key word, no code. The licence of",
             'the data: LICENSES/Unicode-3.0-CLDR.txt."""', "",
             "PHRASES: dict[str, tuple[str, ...]] = {"]
    for word in sorted(by_anchor):
        one = f"    {word!r}: {tuple(sorted(by_anchor[word]))!r},"
        if len(one) <= 100:
            lines.append(one)
        else:
            lines.append(f"    {word!r}: (")
            lines.extend(f"        {phrase!r}," for phrase in sorted(by_anchor[word]))
            lines.append("    ),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n", "utf-8")
    print(f"{OUT}: {sum(map(len, by_anchor.values()))} phrases, {len(by_anchor)} anchors")


if __name__ == "__main__":
    main()
