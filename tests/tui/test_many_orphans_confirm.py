"""``A`` with hundreds of unreachable memories asks one confirmation, the drafted lines in
one scrolled preview, not a form of two fields per entry (newuser22 #44: 667 orphans in a
2,000-memory folder made 1,334 input fields, ~3 minutes before the form showed, where
``memtui fix add-to-index --all-unreachable`` takes a second). Apply writes what the CLI
writes, byte for byte; undo puts the index back."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from textual.widgets import Button, Input, Log

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.core.helpers import memory
from tests.edit.conftest import cli, tree
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

MEMORIES = 2000
ORPHANS = 667


def generated(root: Path) -> Path:
    """2,000 memories of three types, every third one (667) in no index line."""
    (root / "memory").mkdir(parents=True)
    types = ("project", "feedback", "reference")
    lines = ["# Memory", ""]
    for i in range(MEMORIES):
        name = f"note-{i:04}"
        (root / "memory" / f"{name}.md").write_text(
            memory(name, f"Body of note {i}.\n", types[i % 3], f"what note {i} says"),
            encoding="utf-8")
        if i % 3 != 1:
            lines.append(f"- [Note {i}](memory/{name}.md) — what note {i} says")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_A_on_667_orphans_is_one_confirmation_writing_what_the_cli_writes(
        tmp_path: Path) -> None:
    ws = generated(tmp_path / "ws")
    by_cli = tmp_path / "cli"
    shutil.copytree(ws, by_cli)
    done = cli("fix", "add-to-index", by_cli, "--all-unreachable")
    assert done.returncode == 0, done.stderr
    assert f"+{ORPHANS} entries" in done.stdout, done.stdout
    before = tree(ws)
    index_before = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert sum(not o.reachable for o in app.result.orphans) == ORPHANS
        await switch(pilot, app, "3")
        pressed = time.monotonic()
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen), 60)
        screen = app.screen
        assert isinstance(screen, AddToIndexScreen)
        await pilot.pause(0.3)
        took = time.monotonic() - pressed
        assert screen.many and len(screen.drafts) == ORPHANS
        widgets = list(screen.query("*"))
        assert len(widgets) < 60, len(widgets)  # not 2 fields per entry
        assert not list(screen.query(Input))
        assert took < 30, took  # (minutes before; about a second when the machine is idle)
        text = "\n".join(screen.query_one("#lines", Log).lines)  # every line, drawn in sight
        assert f"{ORPHANS:,} entries" in " ".join(str(w.render()) for w in screen.query("Label"))
        assert text.count("\n") == ORPHANS - 1 and "memory/note-1999.md" in text
        assert screen.focused is screen.query_one("#lines")
        await pilot.press("pagedown")  # the lines scroll
        await pilot.pause(0.2)
        assert screen.query_one("#lines").scroll_y > 0
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, AddToIndexScreen))
        # the index would be 137 % of the Qwen window: asked before the write (newuser30
        # #22), as the CLI says it in a note
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), 60)
        assert "MEMORY.md would be" in " ".join(app.screen.lines)
        assert "MEMORY.md would be" in done.stdout
        app.screen.query_one("#confirm", Button).press()
        await wait_for(pilot, lambda: (ws / "MEMORY.md").read_bytes() != index_before, 30)
        assert (ws / "MEMORY.md").read_bytes() == (by_cli / "MEMORY.md").read_bytes()
        assert tree(ws) == tree(by_cli)
        await pilot.press("u")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), 30)
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: (ws / "MEMORY.md").read_bytes() == index_before, 30)
        assert tree(ws) == before
