"""newuser31 #18: an edit made with the app's own ``o`` ($EDITOR) is journaled as an
operation: ``u`` undoes it first (bytes and age back), then the operation before it, which
the edit no longer blocks; a change made outside memtui names the way out."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from memtui.edit.journal import Journal
from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch

ROOT = Path(__file__).resolve().parents[2]


def _fix(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "memtui", "fix", *args], check=True, cwd=ROOT,
                   capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})


async def test_u_undoes_the_editor_edit_then_the_operation_before(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    _fix("rename", str(workspace), "a", "alpha")  # #1: a.md → alpha.md, the index rewritten
    renamed = workspace / "memory/alpha.md"
    after_rename = renamed.read_bytes()
    os.utime(renamed, ns=(1_600_000_000_000_000_000,) * 2)
    editor = tmp_path / "editor.sh"
    editor.write_text('#!/bin/sh\nfor a in "$@"; do f="$a"; done\n'
                      'printf "Added in the editor.\\n" >> "$f"\n', encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("VISUAL", str(editor))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        files.table.move_cursor(row=keys(files).index("memory/alpha.md"))
        await pilot.press("o")
        await wait_for(pilot, lambda: "(u to undo #2)" in app.notice)
        assert "memory/alpha.md: edited in $EDITOR (+1 −0 lines)" in app.notice
        assert renamed.read_bytes().endswith(b"Added in the editor.\n")
        rec = Journal(app.workspace).last_active()
        assert rec is not None and rec["op"] == "edit"
        await wait_for(pilot, lambda: app.audits >= 2)
        for number in (2, 1):  # the edit, then the rename it no longer blocks
            await pilot.press("u")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
            await pilot.press("tab", "enter")
            await wait_for(pilot, lambda n=number: f"undid #{n}" in app.notice)
            if number == 2:
                assert renamed.read_bytes() == after_rename
                assert renamed.stat().st_mtime_ns == 1_600_000_000_000_000_000
    assert (workspace / "memory/a.md").exists() and not renamed.exists()


async def test_a_change_made_outside_memtui_names_the_way_out(workspace: Path) -> None:
    _fix("rename", str(workspace), "a", "alpha")
    with (workspace / "memory/alpha.md").open("a") as out:
        out.write("by hand\n")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("u")
        await wait_for(pilot, lambda: "cannot undo #1" in app.notice)
        assert "to undo #1, put memory/alpha.md back as it left it" in app.notice
