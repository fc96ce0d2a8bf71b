"""newuser31 #34: removing a link from the index on a line that is no entry (a sentence, a
line introducing a list) keeps the link's words as plain text; an entry (a list item) with no
other link still goes whole, a packed one loses only the link."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import memory

INDEX = ("# Memory\n"
         "Our API is described in [the notes](notes.md) and [api/main.py](api/main.py).\n"
         "The pipeline lives at [scripts/legal/](scripts/legal/):\n"
         "- [Notes](notes.md) — the notes\n"
         "- [Gone](api/main.py) — a dead entry\n"
         "- [Old](scripts/legal/) — x · [Notes](notes.md) — y\n")


@pytest.mark.parametrize(("target", "expected"), [
    ("api/main.py", "# Memory\n"
     "Our API is described in [the notes](notes.md) and api/main.py.\n"
     "The pipeline lives at [scripts/legal/](scripts/legal/):\n"
     "- [Notes](notes.md) — the notes\n"
     "- [Old](scripts/legal/) — x · [Notes](notes.md) — y\n"),
    ("scripts/legal/", "# Memory\n"
     "Our API is described in [the notes](notes.md) and [api/main.py](api/main.py).\n"
     "The pipeline lives at scripts/legal/:\n"
     "- [Notes](notes.md) — the notes\n"
     "- [Gone](api/main.py) — a dead entry\n"
     "- x · [Notes](notes.md) — y\n"),  # (a packed entry: the link only, as before)
])
def test_a_link_on_a_prose_line_becomes_its_text(tmp_path: Path, target: str,
                                                  expected: str) -> None:
    (tmp_path / "MEMORY.md").write_text(INDEX)
    (tmp_path / "notes.md").write_text(memory("notes", "Notes.\n"))
    assert main(["fix", "remove-link", str(tmp_path), target]) == 0
    assert (tmp_path / "MEMORY.md").read_text() == expected
    assert main(["undo", str(tmp_path)]) == 0
    assert (tmp_path / "MEMORY.md").read_text() == INDEX
