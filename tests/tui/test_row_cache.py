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
