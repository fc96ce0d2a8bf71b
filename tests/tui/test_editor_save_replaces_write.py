"""newuser41 #2: the operator's $EDITOR had MEMORY.md open while the agent in another window
added an index line through memtui (journaled); the editor then saved the buffer it had
read, and the agent's line was gone with no word: the journal called the save "+1 −0
lines" and ``u`` restored a state without the agent's line either. Now the save's record
starts from the version it replaced, which is kept in ``.memtui/displaced/``; the operator
is told which write was replaced, and ``u`` puts the agent's line back."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

from memtui.edit.journal import Journal
from memtui.tui.app import MemtuiApp, open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

ROOT = Path(__file__).resolve().parents[2]


def _editor(tmp_path: Path, meanwhile: str) -> Path:
    """An editor that reads the file, lets ``meanwhile`` run (another memtui writing it),
    then saves its buffer with one line added, as vim does."""
    script = tmp_path / "editor.sh"
    script.write_text(
        '#!/bin/sh\nfor a in "$@"; do f="$a"; done\n'
        'buf=$(cat "$f"; printf x); buf=${buf%x}\n'
        f"{meanwhile}\n"
        'printf "%s" "$buf" > "$f"\nprintf -- "- operator line\\n" >> "$f"\n',
        encoding="utf-8")
    script.chmod(0o755)
    return script


def _new_memory(workspace: Path) -> str:
    return (f'PYTHONPATH={ROOT} {sys.executable} -m memtui fix new {workspace} racer '
            '--type user --description "added by the agent meanwhile" --index >/dev/null')


async def test_a_save_over_a_journaled_write_keeps_it_and_undo_puts_it_back(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    index = workspace / "MEMORY.md"
    monkeypatch.setenv("VISUAL", str(_editor(tmp_path, _new_memory(workspace))))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")  # the Block view: o opens MEMORY.md
        await pilot.press("o")
        await wait_for(pilot, lambda: "edited in $EDITOR" in app.notice, timeout=30)
        text = index.read_text(encoding="utf-8")
        assert "- operator line" in text and "racer" not in text  # the save replaced it
        warned = [n.message for n in app._notifications]
        assert any("while your editor had it open" in m and "displaced" in m
                   for m in warned), warned
        rec = Journal(app.workspace).last_active()
        assert rec is not None and rec["op"] == "edit"
        assert "(+1 −1 lines)" in rec["summary"], rec["summary"]
        kept = list((workspace / ".memtui/displaced").iterdir())
        assert len(kept) == 1 and b"racer" in kept[0].read_bytes()
        await wait_for(pilot, lambda: app.audits >= 2)
        await pilot.press("u")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: f"undid #{rec['id']}" in app.notice)
    assert "racer" in index.read_text(encoding="utf-8")  # the agent's line is back
    assert "- operator line" not in index.read_text(encoding="utf-8")


async def test_a_save_with_no_write_meanwhile_says_nothing_more(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("VISUAL", str(_editor(tmp_path, "true")))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        await pilot.press("o")
        await wait_for(pilot, lambda: "edited in $EDITOR (+1 −0 lines)" in app.notice,
                       timeout=30)
        assert not any("while your editor had it open" in n.message
                       for n in app._notifications)
    assert not (workspace / ".memtui/displaced").exists()

