"""real36: a bold why title longer than eight words was no label.

``**Why the retry path is effectively dead in the importer** (despite the flag): …`` opens a
paragraph that gives the reason; its bold phrase is nine words, past the eight a label may
hold, so the memory was reported without its **Why:** line. A bold phrase alone (or a
heading) that opens with a why or how-to-apply word is a section's title however long; a
long phrase ended by a colon, or one whose why word comes later, is still no label.
"""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

PROJECT = "---\nname: {n}\ndescription: about {n}\ntype: project\n---\n{body}"


def missing(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, str]]:
    index = "".join(f"- [{n}]({n}) — a note\n" for n in files)
    ws = make_ws(tmp_path / "memory", {"MEMORY.md": index, **files})
    return sorted((f.path, f.message.split(" without ")[1].split(" line")[0])
                  for f in run_audit(ws).findings if f.kind == "missing_why")


def test_a_long_bold_why_title_is_a_why_label(tmp_path: Path) -> None:
    assert missing(tmp_path, {
        "importer.md": PROJECT.format(n="importer", body=(
            "The importer retries each batch once.\n\n"
            "**Why the retry path is effectively dead in the importer** (despite the flag): "
            "every batch is validated before it is sent.\n\n"
            "**How to apply**: do not test the retry path against real batches.\n")),
        "deploys.md": PROJECT.format(n="deploys", body=(
            "Canary before bulk writes.\n\n**Why:** a bulk run failed at record 40.\n\n"
            "**How to apply:** run five records first.\n")),
    }) == []


def test_a_long_phrase_whose_why_word_comes_late_is_no_label(tmp_path: Path) -> None:
    assert missing(tmp_path, {
        "importer.md": PROJECT.format(n="importer", body=(
            "The importer retries each batch once.\n\n"
            "**The retry path in the importer is dead and here is why** (despite the flag): "
            "every batch is validated before it is sent.\n\n"
            "**How to apply**: do not test the retry path against real batches.\n")),
        "deploys.md": PROJECT.format(n="deploys", body=(
            "Canary before bulk writes.\n\n**Why:** a bulk run failed at record 40.\n\n"
            "**How to apply:** run five records first.\n")),
    }) == [("importer.md", "a **Why:**")]
