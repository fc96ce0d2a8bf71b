"""newuser40 #12: the Files view's filter matched only what its cells show, so `/`
``Postgres`` gave "0 of 2 match" though a memory's description (shown in the preview) says
"The primary Postgres is pg-main-2"; a Japanese word in a description the same. It matches
a memory's name, description and path, and its placeholder says so."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import switch


def folder(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    notes = {"db-primary": "The primary Postgres is pg-main-2, failover to pg-main-3",
             "release-notes": "リリース手順とチェックリスト",
             "style": "Code style preferences"}
    for stem, description in notes.items():
        (root / "memory" / f"{stem}.md").write_text(
            f"---\nname: {stem}\ndescription: {description}\ntype: project\n---\nbody\n",
            encoding="utf-8")
    (root / "MEMORY.md").write_text(
        "".join(f"- [{s}](memory/{s}.md)\n" for s in notes), encoding="utf-8")
    return root


async def test_the_files_filter_finds_a_memory_by_its_description(tmp_path: Path) -> None:
    app = open_app(folder(tmp_path / "ws"), watch=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=90)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        box = files.query_one(".filter", Input)
        assert "descriptions" in box.placeholder
        await wait_for(pilot, lambda: files.table.row_count == 3)
        await pilot.press("/", *"Postgres")
        await wait_for(pilot, lambda: files.filter_text == "Postgres")
        assert [r.key for r in files.shown] == ["memory/db-primary.md"]
        for word, stem in (("リリース", "release-notes"), ("style", "style")):
            box.value = word
            await wait_for(pilot, lambda w=word: files.filter_text == w)
            assert [r.key for r in files.shown] == [f"memory/{stem}.md"], word


def test_a_result_from_the_derived_cache_makes_no_scan_for_the_filter() -> None:
    """A result from the derived cache makes a scan when asked for: the rows read only the
    scans made (10,000 memories are not scanned on the screen's thread for a filter)."""
    from types import SimpleNamespace

    from memtui.core.caches.derived import StoredScans
    from memtui.tui.views.files import description_of

    asked: list[str] = []

    def make(rel: str) -> object:
        asked.append(rel)
        return SimpleNamespace(memory=SimpleNamespace(description="made"))

    scans = StoredScans(["a.md", "b.md"], make)
    result = SimpleNamespace(scans=scans)
    assert description_of(result, "a.md") == "" and asked == []  # type: ignore[arg-type]
    scans["b.md"]
    assert description_of(result, "b.md") == "made"  # type: ignore[arg-type]
    assert description_of(SimpleNamespace(scans={}), "c.md") == ""  # type: ignore[arg-type]
