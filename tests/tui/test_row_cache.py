"""Rows built again only for what a re-audit changed, and always the same as built afresh."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import Auditor
from memtui.core.workspace import open_workspace
from memtui.tui.audit_worker import prepare_rows
from memtui.tui.palette import Palette
from memtui.tui.views.index import IndexView
from memtui.tui.widgets.audit_table import Row, RowCache


def _same(a: list[Row], b: list[Row]) -> bool:
    return [(r.key, r.digest, r.sort, r.path, r.line, r.about) for r in a] == \
        [(r.key, r.digest, r.sort, r.path, r.line, r.about) for r in b]


def test_a_re_audit_rebuilds_only_the_rows_of_what_changed(workspace: Path) -> None:
    auditor = Auditor(open_workspace(str(workspace)))
    palette = Palette()
    caches: dict[str, RowCache] = {}
    first = prepare_rows(auditor.run(), palette, caches)

    lonely = workspace / "memory" / "lonely.md"
    lonely.write_text(lonely.read_text(encoding="utf-8") + "More about it.\n",
                      encoding="utf-8")
    result = auditor.run({"memory/lonely.md"})
    again = prepare_rows(result, palette, caches)

    fresh = prepare_rows(result, palette)
    for pid in fresh:
        assert _same(again[pid], fresh[pid]), pid
    files = {r.key: r for r in first["files"]}
    rebuilt = [r.key for r in again["files"] if r is not files[r.key]]
    assert rebuilt == ["memory/lonely.md"]  # its size and tokens changed
    assert all(a is b for a, b in zip(first["index"], again["index"], strict=True))
    assert all(a is b for a, b in zip(first["orphans"], again["orphans"], strict=True))


TARGETS = [c.key for c in IndexView.COLUMNS].index("targets")


def test_a_link_state_change_rebuilds_the_index_row_that_shows_it(workspace: Path) -> None:
    auditor = Auditor(open_workspace(str(workspace)))
    palette = Palette()
    caches: dict[str, RowCache] = {}
    first = {r.key: r for r in prepare_rows(auditor.run(), palette, caches)["index"]}
    gone = next(r for r in first.values() if "memory/gone.md" in r.about)
    assert "✗" in gone.cells[TARGETS].plain  # type: ignore[union-attr]

    (workspace / "memory" / "gone.md").write_text(
        "---\nname: gone\ndescription: back\nmetadata:\n  type: project\n---\nBack.\n",
        encoding="utf-8")
    again = {r.key: r for r in prepare_rows(auditor.run(None), palette, caches)["index"]}
    assert again[gone.key] is not gone
    assert "✗" not in again[gone.key].cells[TARGETS].plain  # type: ignore[union-attr]
    unchanged = [k for k in first if k != gone.key and again[k] is first[k]]
    assert unchanged  # the other lines kept their rows


def test_another_palette_builds_every_row_afresh(workspace: Path) -> None:
    auditor = Auditor(open_workspace(str(workspace)))
    caches: dict[str, RowCache] = {}
    result = auditor.run()
    first = prepare_rows(result, Palette(), caches)
    second = prepare_rows(result, Palette(error="magenta"), caches)
    assert not any(a is b for a, b in zip(first["files"], second["files"], strict=True))


def test_shown_rows_narrowed_and_sorted_once_equal_the_plain_filter_and_sort() -> None:
    """`ShownRows` (newuser24 #31: typing into a 40,034-row filter sorted every row again at
    each key) gives what filtering and sorting afresh gives, whatever the words typed,
    removed or replaced, the order, or new rows: from the last filter's rows only when its
    words each hold one of the last ones."""
    import random

    from memtui.tui.widgets.table_rows import ShownRows

    rng = random.Random(31)
    vocab = ["line", "39", "999", "prose", "a", "ab", "b", "x"]

    def rows() -> list[Row]:
        return [Row(f"k{i}", (f"{i}",), (rng.randrange(5), rng.choice(["b", "a", None])),
                    search=" ".join(rng.sample(vocab, 3)) + f" {i}") for i in range(200)]

    made, shown, sorts = rows(), ShownRows(), 0
    words: list[str] = []
    for step in range(400):
        pick = rng.random()
        if pick < 0.05:
            made = rows()
        elif pick < 0.5 and words:
            words[-1] += rng.choice(["9", "e", "b", ""])  # typing on
        elif pick < 0.7:
            words.append(rng.choice(vocab)[:rng.randrange(1, 4)])
        elif words:
            words.pop() if rng.random() < 0.5 else words.__setitem__(-1, words[-1][:-1])
        column = rng.choice([None, 0, 1]) if step % 50 == 0 else (None if step < 50 else 1)
        reverse = step % 100 >= 50
        want = [r for r in made if all(w in r.search for w in words if w)]
        if column is not None:
            want = sorted(want, key=lambda r, c=column: r.sort_key(c), reverse=reverse)
        got = shown.of(made, column, reverse, [w for w in words if w])
        assert [r.key for r in got] == [r.key for r in want], (step, words, column)
        sorts += got is not want
    assert sorts
