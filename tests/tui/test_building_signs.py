"""What the app says while it builds (newuser28 #33, #34): a view whose rows are still
being built after the audit was shown says so over its area (not "auditing …" under a
header that has its counts), and `A` says it is drafting before its form is up; an `A`
pressed while the Orphans view's rows are still coming is not lost."""

from __future__ import annotations

import html
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from memtui.edit import index_draft
from memtui.tui import audit_worker, curate
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import memory
from tests.tui.conftest import wait_for

HELD = 60.0  # the most a test holds a worker (a failure must not hang the run)


def workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in range(12):
        (root / "memory" / f"n{i}.md").write_text(memory(f"n{i}", "Body.\n"),
                                                   encoding="utf-8")
    (root / "MEMORY.md").write_text(
        "# Memory\n\n" + "".join(f"- [N{i}](memory/n{i}.md) — about n{i}\n" for i in range(6)),
        encoding="utf-8")
    return root


def screen_text(app: Any) -> str:
    """The screen's words, as drawn (the cover over a view is drawn in its place)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def hold_rows(monkeypatch: pytest.MonkeyPatch, pid: str) -> threading.Event:
    """The worker's rows of view ``pid`` wait for the event returned."""
    go = threading.Event()
    real = audit_worker.prepare_rows

    def prepare_rows(result: Any, palette: Any, caches: Any = None,
                     only: set[str] | None = None, pause: Any = None) -> Any:
        if only == {pid}:
            go.wait(HELD)
        return real(result, palette, caches, only, pause)

    monkeypatch.setattr(audit_worker, "prepare_rows", prepare_rows)
    return go


async def test_a_view_whose_rows_are_built_says_so(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    go = hold_rows(monkeypatch, "files")
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: app.shown >= 1, 60)
            await pilot.press("2")
            view = app.query_one("#files-view", AuditTable)
            await wait_for(pilot, lambda: view.loading, 30)
            await pilot.pause(0.2)
            text = screen_text(app)
            assert "building this view's rows (12 memory files audited) …" in text
            assert "auditing …" not in text  # the audit is done: the header has its counts
            go.set()
            await wait_for(pilot, lambda: not view.loading and view.table.row_count == 12, 60)
            await pilot.pause(0.2)
            assert "building this view" not in screen_text(app)
    finally:
        go.set()


async def test_a_says_it_drafts_before_its_form(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`A` on the Orphans view, its rows still coming: the key is taken, the status line
    says what is being drafted while the drafting thread runs, then the form opens."""
    rows_go = hold_rows(monkeypatch, "orphans")
    draft_go, drafting = threading.Event(), threading.Event()
    real = index_draft.draft_entries

    def draft_entries(*args: Any) -> Any:
        drafting.set()
        draft_go.wait(HELD)
        return real(*args)

    monkeypatch.setattr(curate, "draft_entries", draft_entries)
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: app.shown >= 1, 60)
            await pilot.press("3")
            view = app.query_one("#orphans-view", AuditTable)
            await wait_for(pilot, lambda: view.loading, 30)
            screens = len(app.screen_stack)
            await pilot.press("A")
            await wait_for(pilot, drafting.is_set, 30)
            await pilot.pause(0.1)
            assert app.notice == "drafting index entries for 6 memories …"
            assert "drafting index entries for 6 memories …" in screen_text(app)
            assert len(app.screen_stack) == screens  # no form yet: still drafting
            draft_go.set()
            rows_go.set()
            await wait_for(pilot, lambda: len(app.screen_stack) > screens, 60)
            assert type(app.screen).__name__ == "AddToIndexScreen"
            await pilot.press("escape")
    finally:
        draft_go.set()
        rows_go.set()


async def test_a_key_for_a_view_whose_rows_are_coming_is_refused_aloud(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser29 #27: `G` typed while the Orphans view's rows were still being built did
    nothing, without a word. Now the status line says it was not taken (the view has no
    rows to move in); once the rows are shown the same key moves the cursor."""
    go = hold_rows(monkeypatch, "orphans")
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: app.shown >= 1, 60)
            await pilot.press("3")
            view = app.query_one("#orphans-view", AuditTable)
            await wait_for(pilot, lambda: view.loading, 30)
            await pilot.press("G")
            await pilot.pause(0.1)
            assert app.notice == ("G: not taken — this view's rows are still being built; "
                                  "press it again once they are shown")
            go.set()
            await wait_for(pilot, lambda: not view.loading and view.table.row_count == 6, 60)
            await pilot.pause(0.1)
            assert view.table.cursor_row == 0  # the refused key did not act later
            view.table.focus()
            await pilot.press("G")
            await wait_for(pilot, lambda: view.table.cursor_row == 5, 10)
    finally:
        go.set()
