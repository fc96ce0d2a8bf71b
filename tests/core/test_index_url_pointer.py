"""real38: an index line that points at a document by a web link (``[doc](https://…)``) is
a pointer, not a "line with no link": its words are measured as an entry's hook is, and a
line past that is said to link no memory file. A long line with no link at all is still
content in the index."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import audit

MEMORY = "---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\nbody\n"
POINTER = ("The full design for the service lives in the sibling repository at "
           "[`design/service.md`](https://example.org/team/sibling/blob/main/design/service.md)"
           ". It was written while designing the API contract and stayed there to keep the "
           "history in one place.")
PROSE = ("Migrate that document here when active development begins (expected after the next "
         "release). Until then treat the sibling copy as canonical, and do not duplicate it: "
         "update it in one place only, whatever the task.")


def _content(tmp_path: Path, index: str) -> list[tuple[int | None, str]]:
    (tmp_path / "a.md").write_text(MEMORY, encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(index, encoding="utf-8")
    return [(f.line, f.message) for f in audit(tmp_path).findings
            if f.kind == "content_in_index"]


def test_a_web_linked_pointer_line_is_not_content(tmp_path: Path) -> None:
    assert len(POINTER) > 200 and len(PROSE) > 200
    found = _content(tmp_path, f"# Index\n- [A](a.md) — a hook\n\n{POINTER}\n{PROSE}\n")
    assert found == [(5, f"{len(PROSE)}-character line with no link: memory content "
                         "belongs in a memory file")]


def test_a_web_linked_line_stuffed_with_content_is_content(tmp_path: Path) -> None:
    long = POINTER + " " + PROSE * 3
    found = _content(tmp_path, f"# Index\n- [A](a.md) — a hook\n{long}\n")
    assert found == [(3, f"{len(long):,}-character line linking no memory file: memory "
                         "content belongs in a memory file")]
