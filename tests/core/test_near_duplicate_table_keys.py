"""Two tables under one header whose rows are keyed by other first cells are two instances,
not one table twice (issue 34, session 38; blind set rules35: two seasons' ice times, the
same slots under other days, 81 % alike). Examples written here, none of the set's text: a
copy keeps its rows' keys and is still paired."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.checks.near_duplicate_order import keys_apart

_HEAD = "---\nname: {name}\ndescription: {desc}\ntype: project\n---\n"


def _findings(root: Path, files: dict[str, str]) -> dict[str, str]:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return {f.path: f.message for f in audit(root).findings if f.kind == "near_duplicate"}


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


_POOL = ("| day | juniors | seniors |\n|---|---|---|\n"
         "| {0} | 16:00–17:00 | 17:00–18:30 |\n| {1} | 16:30–17:30 | 17:30–19:00 |\n"
         "| {2} | 09:00–10:00 | 10:00–11:30 |\n")


def test_two_tables_under_one_header_keyed_by_other_days_are_two_instances(
        tmp_path: Path) -> None:
    """On integ: "pool-winter.md says nearly what pool-summer.md says (…% alike)" — the same
    lane times, another season's days (blind set rules35's structure: two seasons' ice
    times)."""
    a = _HEAD.format(name="pool-winter", desc="winter pool lanes") + _POOL.format(
        "monday", "wednesday", "saturday")
    b = _HEAD.format(name="pool-summer", desc="summer pool lanes") + _POOL.format(
        "tuesday", "thursday", "sunday").replace("09:00–10:00 | 10:00", "10:00–11:00 | 11:00")
    got = _findings(tmp_path, {"MEMORY.md": "- [w](memory/pool-winter.md)\n"
                               "- [s](memory/pool-summer.md)\n",
                               "memory/pool-winter.md": a, "memory/pool-summer.md": b})
    assert got == {}


def test_a_table_copied_with_its_days_is_still_a_copy(tmp_path: Path) -> None:
    a = _HEAD.format(name="pool", desc="winter pool lanes") + _POOL.format(
        "monday", "wednesday", "saturday")
    b = _HEAD.format(name="pool-copy", desc="pool lanes in winter") + _POOL.format(
        "monday", "wednesday", "saturday")
    got = _findings(tmp_path, {"MEMORY.md": "- [a](memory/pool.md)\n"
                               "- [b](memory/pool-copy.md)\n",
                               "memory/pool.md": a, "memory/pool-copy.md": b})
    assert set(got) == {"memory/pool.md", "memory/pool-copy.md"}


def test_keys_apart_needs_three_keyed_rows_under_one_header() -> None:
    days = _POOL.format("monday", "wednesday", "saturday")
    assert keys_apart(days, _POOL.format("tuesday", "thursday", "sunday"))
    assert not keys_apart(days, _POOL.format("monday", "thursday", "sunday"))  # one shared
    assert not keys_apart(days, days.replace("| day |", "| weekday |"))  # another header
    two = "| day | juniors |\n|---|---|\n| monday | 16:00 |\n| friday | 17:00 |\n"
    assert not keys_apart(two, two.replace("monday", "tuesday").replace("friday", "sunday"))
