"""newuser41 #8: ``o`` in the Index view opened the linked memory, not MEMORY.md at the line
(the index could be edited only from the Block view), while the footer said "o Edit". Now
``o`` there opens MEMORY.md at the cursor's line and ``O`` opens the memory it links."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_o_opens_the_index_at_the_line_and_O_the_memory(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    said = tmp_path / "args.txt"
    editor = tmp_path / "vi"  # a name memtui passes +LINE to
    editor.write_text(f'#!/bin/sh\necho "$@" >> {said}\n', encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("VISUAL", str(editor))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.query_one("#index-view", AuditTable)
        keys = [r.key for r in view.shown]
        view.table.move_cursor(row=keys.index("L3"))  # - [User role](memory/user-role.md)
        await pilot.pause()
        await pilot.press("o")
        await wait_for(pilot, lambda: said.exists())
        await pilot.press("O")
        await wait_for(pilot, lambda: len(said.read_text().splitlines()) == 2)
    first, second = said.read_text().splitlines()
    assert first == f"+3 {workspace / 'MEMORY.md'}"
    assert second.endswith(str(workspace / "memory/user-role.md"))
