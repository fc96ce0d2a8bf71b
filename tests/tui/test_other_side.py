"""The Findings view opens the other side of a finding: a near-duplicate's other memory."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for

_FACT = ("The nightly build on the shared runner fails when the cache volume is full, so "
         "the cleanup job must run before midnight and the disk alarm goes to the on-call "
         "engineer who empties the cache by hand.\n")


def _mem(name: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: about {name}\nmetadata:\n  type: user\n---\n{body}"


async def test_shift_o_opens_the_other_memory_of_a_near_duplicate(
        tmp_path: Path, monkeypatch: Any) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md)\n- [B](memory/b.md)\n", encoding="utf-8")
    (ws / "memory/a.md").write_text(_mem("a", _FACT), encoding="utf-8")
    (ws / "memory/b.md").write_text(_mem("b", _FACT + "Twice.\n"), encoding="utf-8")
    opened = tmp_path / "opened.txt"
    editor = tmp_path / "editor.sh"
    editor.write_text(f'#!/bin/sh\nfor a in "$@"; do f="$a"; done\necho "$f" >> {opened}\n',
                      encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("VISUAL", str(editor))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.press("6")
        view = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: app.focused is not None
                       and view in app.focused.ancestors)
        await wait_for(pilot, lambda: any(r.key.startswith("near_duplicate:memory/a.md")
                                          for r in view.shown))
        view.table.move_cursor(row=[r.key.startswith("near_duplicate:memory/a.md")
                                    for r in view.shown].index(True))
        await pilot.press("O")
        await wait_for(pilot, opened.exists)
        assert opened.read_text().split() == [str(ws / "memory/b.md")]
        await pilot.press("o")
        await wait_for(pilot, lambda: len(opened.read_text().split()) == 2)
        assert opened.read_text().split()[1] == str(ws / "memory/a.md")


async def test_shift_o_opens_the_memory_sharing_a_duplicate_name(
        tmp_path: Path, monkeypatch: Any) -> None:
    """newuser21 #16: on "name 'cpk-target' is also used by memory/superseded/cpk-target-2025.md"
    `O` said the finding "names no other file"."""
    ws = tmp_path / "ws"
    (ws / "memory/superseded").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [T](memory/target.md)\n", encoding="utf-8")
    (ws / "memory/target.md").write_text(_mem("target", "Cpk 1.33.\n"), encoding="utf-8")
    (ws / "memory/superseded/target-2025.md").write_text(_mem("target", "Cpk 1.0.\n"),
                                                  encoding="utf-8")
    opened = tmp_path / "opened.txt"
    editor = tmp_path / "editor.sh"
    editor.write_text(f'#!/bin/sh\nfor a in "$@"; do f="$a"; done\necho "$f" >> {opened}\n',
                      encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("VISUAL", str(editor))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.press("6")
        view = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: app.focused is not None
                       and view in app.focused.ancestors)
        key = "duplicate_name:memory/target.md"
        await wait_for(pilot, lambda: any(r.key.startswith(key) for r in view.shown))
        view.table.move_cursor(row=[r.key.startswith(key) for r in view.shown].index(True))
        await pilot.press("O")
        await wait_for(pilot, opened.exists)
        assert opened.read_text().split() == [str(ws / "memory/superseded/target-2025.md")]
