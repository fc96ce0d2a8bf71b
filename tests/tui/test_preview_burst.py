"""The preview while the cursor moves (newuser23 #20: a move cost 45–60 ms of CPU with the
preview shown): the first move after a rest draws its file at once, in that move's turn
(no wait, no placeholder first); a burst of moves draws only the last row's file, once the
keys stop; and whichever way it comes, the file shown is the row's, as audited now."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui import widgets
from memtui.tui.app import MemtuiApp
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.markdown_body import MarkdownBody
from memtui.tui.widgets.preview import CHANGED, MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_resize_cursor import indexed


def title(preview: MemoryPreview) -> str:
    return str(preview.query_one("#preview-title", Static).render())


def fact(path: str) -> str:
    """The body text ``indexed`` gives ``memory/fNN.md``."""
    return f"Fact {int(path[-5:-3])}."


async def files_view(pilot, app: MemtuiApp) -> tuple[AuditTable, MemoryPreview]:  # type: ignore[no-untyped-def]
    await started(pilot, app)
    await switch(pilot, app, "2")
    files = app.query_one("#files-view", AuditTable)
    preview = app.query_one(MemoryPreview)
    await wait_for(pilot, lambda: files.current_row() is not None and not preview.busy
                   and preview.path == files.current_row().path)  # type: ignore[union-attr]
    return files, preview


def shows(preview: MemoryPreview, path: str, text: str) -> bool:
    """The preview names ``path`` and shows ``text`` in its body, drawn and on show."""
    body = preview.body
    return (preview.path == path and title(preview).startswith(path)
            and body.display and text in body.source and not preview.busy)


async def test_the_first_move_after_a_rest_draws_its_file_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Were the move's file drawn once the cursor rests, the test would wait 5 s for it.
    monkeypatch.setattr(widgets.preview, "SETTLE", 5.0)
    monkeypatch.setattr(widgets.preview, "monotonic", lambda: 1000.0 + len(calls) * 10,
                        raising=False)
    calls: list[None] = []
    app = MemtuiApp(open_workspace(indexed(tmp_path, 12)), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        files, preview = await files_view(pilot, app)
        for _ in range(3):
            calls.append(None)  # 10 s since the last move: at rest
            await pilot.press("j")
            await pilot.pause()
            row = files.current_row()
            assert row is not None and row.path is not None
            assert shows(preview, row.path, fact(row.path)), (
                row.path, title(preview), preview.path, preview.body.display, preview.busy)
            assert not preview._timer  # nothing left to draw later


async def test_a_burst_of_moves_draws_the_last_rows_file_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sources: list[str] = []
    show = MarkdownBody.show

    def shown(self: MarkdownBody, source: str, palette: object = None) -> None:
        sources.append(source)
        show(self, source, palette)  # type: ignore[arg-type]

    # (keys more than SETTLE apart under a loaded machine's Pilot would each be a rest)
    monkeypatch.setattr(widgets.preview, "SETTLE", 1.5)
    app = MemtuiApp(open_workspace(indexed(tmp_path, 30)), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        files, preview = await files_view(pilot, app)
        await pilot.pause(1.6)  # at rest
        monkeypatch.setattr(MarkdownBody, "show", shown)
        passed = []
        for _ in range(9):  # faster than SETTLE apart: keys held down
            await pilot.press("j")
            passed.append(files.current_row().path)  # type: ignore[union-attr]
        row = files.current_row()
        assert row is not None and row.path is not None and len(set(passed)) == 9
        # meanwhile, the title follows the keys and no other file's body is on show
        assert title(preview).startswith(row.path)
        assert not preview.body.display or fact(row.path) in preview.body.source
        await wait_for(pilot, lambda: shows(preview, row.path, fact(row.path)))
        # drawn: the first move's file (at once) and the last one's, none between
        drawn = [s for s in sources if "Fact" in s]
        assert len(drawn) <= 2 and fact(row.path) in drawn[-1], drawn


async def test_after_a_file_changes_the_preview_shows_its_new_text(tmp_path: Path) -> None:
    root = indexed(tmp_path, 12)
    app = MemtuiApp(open_workspace(root), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        files, preview = await files_view(pilot, app)
        await pilot.press("j")
        row = files.current_row()
        assert row is not None and row.path is not None
        await wait_for(pilot, lambda: shows(preview, row.path, fact(row.path)))
        changed = row.path
        target = root / changed
        target.write_text(target.read_text(encoding="utf-8")
                          .replace(fact(changed), "A fact written since."), encoding="utf-8")
        # away and back in a burst, then after a rest: never the text the audit did not read
        await pilot.press("j", "k")
        # (the rows' announcements may reach the preview after the keys: wait for the
        # notice, which comes only from reading the changed file again)
        await wait_for(pilot, lambda: preview.path == changed and not preview.busy
                       and preview.body.source == CHANGED)
        assert title(preview).startswith(changed)
        audits = app.audits
        app.start_audit({changed})  # its own audit (the watcher's, with watching on)
        await wait_for(pilot, lambda: app.audits > audits)
        await wait_for(pilot, lambda: shows(preview, changed, "A fact written since."))
        # and a move away and back, at rest, draws the new text, not a body kept from before
        await pilot.pause(0.4)
        await pilot.press("j")
        await pilot.pause(0.4)
        await pilot.press("k")
        await wait_for(pilot, lambda: shows(preview, changed, "A fact written since."))
        assert fact(changed) not in preview.body.source
