"""Writes ``lexicon_derived.json`` (`memtui.core.creds.derived`): the lexicon's word lists
as the code works them out now. ``python -m memtui.core.creds.derived_make`` after a change
to ``lexicon.json`` or to how its words are written; ``tests/core/test_lexicon_derived.py``
fails until then."""

from __future__ import annotations

import hashlib
import json
import sys

from memtui.core.creds import derived, lexicon, structure


def build() -> dict:
    """The lists, worked out from ``lexicon.json`` by the code (nothing shipped is read)."""
    made = lexicon.worked_out_entries()
    return {"_doc": "Made by `python -m memtui.core.creds.derived_make` from lexicon.json: "
                    "do not edit.",
            "lexicon_sha256": hashlib.sha256(derived.SOURCE.read_bytes()).hexdigest(),
            "hints": sorted([w, v] for w, v in structure.worked_out_hint_words().items()),
            **{name: sorted([v, kind, lang, sorted(glue)] for v, kind, lang, glue in rows)
               for name, rows in zip(derived.AUTOMATA, made, strict=True)}}


def dumps(made: dict) -> str:
    """``made`` as the file holds it: one entry a line, so that a change reads as one."""
    parts = []
    for key, value in made.items():
        if isinstance(value, list):
            rows = ",\n".join("  " + json.dumps(row, ensure_ascii=False) for row in value)
            parts.append(f"{json.dumps(key)}: [\n{rows}\n]")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main() -> int:
    derived.FILE.write_text(dumps(build()), encoding="utf-8")
    print(f"wrote {derived.FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
