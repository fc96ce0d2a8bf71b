"""Two tables of the same cells in other rows are two instances of one frame, not one table
twice (issue 34, session 37; blind set rules33: two classes' timetables 89 % alike, every
fact in common). Examples written here, none of the set's text: a row is the set of its
cells, so a copy with its columns swapped or its rows sorted otherwise is still a copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.checks.near_duplicate_order import rows_moved

_HEAD = "---\nname: {name}\ndescription: {desc}\ntype: project\n---\n"
_ROWS = [("first", "maths", "north wing"), ("second", "history", "old library"),
         ("third", "chemistry", "science lab"), ("fourth", "music", "great hall")]


def _table(rows: list[tuple[str, str, str]], cols: tuple[int, int, int] = (0, 1, 2)) -> str:
    head = ("period", "subject", "room")
    lines = ["| " + " | ".join(head[c] for c in cols) + " |", "|---|---|---|"]
    lines += ["| " + " | ".join(row[c] for c in cols) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _findings(root: Path, files: dict[str, str]) -> dict[str, str]:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return {f.path: f.message for f in audit(root).findings if f.kind == "near_duplicate"}


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


def _moved() -> list[tuple[str, str, str]]:
    subjects = [(r[1], r[2]) for r in _ROWS]
    order = (2, 0, 3, 1)
    return [(r[0], *subjects[o]) for r, o in zip(_ROWS, order, strict=True)]


def test_two_timetables_of_the_same_cells_are_two_instances(tmp_path: Path) -> None:
    """On integ: "timetable-7a.md says nearly what timetable-7b.md says (91% alike)" — the
    same subjects and rooms, each grade's in other periods."""
    a = _HEAD.format(name="timetable-7a",
                     desc="eighth grade on mondays: maths, history, chemistry, music") \
        + _table(_ROWS)
    b = _HEAD.format(name="timetable-7b",
                     desc="ninth grade on mondays: chemistry, maths, music, history") \
        + _table(_moved())
    got = _findings(tmp_path, {"MEMORY.md": "- [7a](memory/timetable-7a.md)\n"
                               "- [7b](memory/timetable-7b.md)\n",
                               "memory/timetable-7a.md": a, "memory/timetable-7b.md": b})
    assert got == {}


def test_a_copy_with_its_columns_swapped_or_rows_sorted_is_still_a_copy(tmp_path: Path) -> None:
    a = _HEAD.format(name="timetable", desc="eighth grade on mondays") + _table(_ROWS)
    b = _HEAD.format(name="timetable-copy", desc="eighth grade on mondays") + \
        _table(sorted(_ROWS, key=lambda r: r[1]), (1, 0, 2))
    assert not rows_moved(a, b)
    got = _findings(tmp_path, {"MEMORY.md": "- [A](memory/timetable.md)\n"
                               "- [B](memory/timetable-copy.md)\n",
                               "memory/timetable.md": a, "memory/timetable-copy.md": b})
    assert set(got) == {"memory/timetable.md", "memory/timetable-copy.md"}


def test_rows_moved_needs_tables_of_three_rows() -> None:
    two = _table(_ROWS[:1])
    assert not rows_moved(two, _table(_moved()[:1]))
    assert rows_moved(_table(_ROWS), _table(_moved()))
    assert not rows_moved("no table | here", _table(_ROWS))
