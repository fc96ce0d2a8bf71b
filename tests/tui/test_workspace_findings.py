"""Findings about the whole workspace (older format, stale memories, a copy's unknown ages)
in the app: named as such in the Findings view, and the preview lists the files they gather
rather than call the workspace "not a memory file here"."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from textual.widgets import Static

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import messages
from tests.tui.test_app import started, switch

OLD_FORMAT = "---\nname: {n}\ndescription: {n}\ntype: project\n---\nOlder Claude Code format.\n"


def old_format_files(workspace: Path, *names: str) -> None:
    for name in names:
        (workspace / "memory" / f"{name}.md").write_text(OLD_FORMAT.format(n=name),
                                                         encoding="utf-8")


def cell(view: AuditTable, row: int, column: int) -> str:
    return str(view.shown[row].cells[column].plain)  # type: ignore[union-attr]


def workspace_row(view: AuditTable) -> int:
    return next(i for i, r in enumerate(view.shown) if r.data.path == ".")


async def findings_view(pilot: Any, app: MemtuiApp) -> AuditTable:
    """The Findings view, once it shows a finding about the whole workspace."""
    await started(pilot, app)
    await switch(pilot, app, "6")
    findings = app.query_one("#findings-view", AuditTable)
    await wait_for(pilot, lambda: any(r.data.path == "." for r in findings.shown))
    return findings


async def rewrite(pilot: Any, app: MemtuiApp, path: Path, text: str) -> None:
    """Write ``text`` to the memory at ``path`` and wait for its audit."""
    path.write_text(text, encoding="utf-8")
    audits = app.audits
    app.start_audit({path.relative_to(app.workspace.root).as_posix()})
    await wait_for(pilot, lambda: app.audits > audits)
    await pilot.pause()


async def test_workspace_finding_is_named_and_previewed_with_its_files(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    old_format_files(workspace, "old-one", "old-two")
    marker = tmp_path / "editor-ran"
    editor = tmp_path / "editor.sh"
    editor.write_text(f'#!/bin/sh\ntouch "{marker}"\n', encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("VISUAL", str(editor))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        findings = await findings_view(pilot, app)
        i = workspace_row(findings)
        assert cell(findings, i, 2) == "(workspace)"
        assert "." not in [cell(findings, j, 2) for j in range(len(findings.shown))]
        assert cell(findings, i, 3) == "2 memories use top-level `type` (older format; tolerated)"
        findings.table.move_cursor(row=i)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == ".")
        await pilot.pause(0.1)
        title = str(preview.query_one("#preview-title", Static).content)
        meta = str(preview.query_one("#preview-meta", Static).content)
        listed = str(preview.query_one("#preview-findings", Static).content)
        assert title.startswith("(workspace)  findings about the whole workspace")
        assert "not a memory file" not in meta
        assert listed.splitlines() == [
            "info          2 memories use top-level `type` (older format; tolerated)",
            "  memory/old-one.md", "  memory/old-two.md"]
        # No one file to open or copy: o and y say so, and no editor runs on the folder.
        await pilot.press("o")
        await pilot.press("y")
        await pilot.pause()
        assert not marker.exists()
        why = "the finding under the cursor is about the whole workspace (the preview lists " \
              "its files)"
        assert messages(app)[-2:] == [f"nothing to open: {why}", f"nothing to copy: {why}"]
        # Back from another view, the preview follows the cursor row again.
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: preview.path in {r.path for r in files.shown})
        await switch(pilot, app, "6")
        await wait_for(pilot, lambda: preview.path == ".")


async def test_workspace_finding_is_marked_when_a_file_it_gathers_changes(
        workspace: Path) -> None:
    old_format_files(workspace, "old-one")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        findings = await findings_view(pilot, app)
        await rewrite(pilot, app, workspace / "memory/old-one.md",
                      OLD_FORMAT.format(n="old-one") + "More.\n")
        key = findings.shown[workspace_row(findings)].key
        assert key in findings.marked


async def test_preview_follows_the_cursor_when_the_workspace_finding_goes(workspace: Path) -> None:
    old_format_files(workspace, "old-one")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        findings = await findings_view(pilot, app)
        findings.table.move_cursor(row=workspace_row(findings))
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == ".")
        # The file moves to the current format: the finding about the workspace is gone.
        await rewrite(pilot, app, workspace / "memory/old-one.md",
                      "---\nname: old-one\ndescription: d\nmetadata:\n  type: project\n---\n"
                      "Now.\n")
        await pilot.pause(0.5)
        assert not any(r.data.path == "." for r in findings.shown)
        meta = str(preview.query_one("#preview-meta", Static).content)
        assert "not a memory file" not in meta
        row = findings.current_row()
        assert row is not None and preview.path == row.path != "."  # it follows the cursor
