"""newuser40 #9, #26: indexing an orphan that holds a credential said nothing of it; archiving
(or deleting) one said nothing of the copy memtui's undo journal keeps. Each dialog says so
before it writes, and points to the redaction (the CLI's notes say the same)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.edit.conftest import cli
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def folder(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (root / "memory" / "a.md").write_text(
        "---\nname: a\ndescription: a\ntype: user\n---\na\n", encoding="utf-8")
    (root / "memory" / "b.md").write_text(
        f"---\nname: b\ndescription: the deploy token\ntype: reference\n---\n"
        f"GitHub token: {TOKEN}\n", encoding="utf-8")
    return root


async def test_indexing_an_orphan_that_holds_a_credential_asks_first(tmp_path: Path) -> None:
    ws = folder(tmp_path / "ws")
    index = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen), 30)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), 30)
        lines = " ".join(app.screen.lines)
        assert "memory/b.md holds 1 credential (line 6): indexing it puts the credential on " \
               "the agent's path every turn; redact it first" in lines, lines
        assert TOKEN not in lines
        app.screen.query_one("#cancel", Button).press()
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
    assert (ws / "MEMORY.md").read_bytes() == index  # nothing written


def test_the_cli_says_it_for_add_archive_and_delete(tmp_path: Path) -> None:
    ws = folder(tmp_path / "ws")
    for op, says in (("add-to-index", "indexing it puts the credential on the agent's path"),
                     ("archive", "memtui's undo journal (.memtui/journal/) a copy"),
                     ("delete", "memtui's undo journal (.memtui/journal/) keeps the deleted "
                                "file's bytes")):
        done = cli("fix", op, ws, "memory/b.md", "--dry-run")
        assert done.returncode == 0, done.stderr
        assert "memory/b.md holds 1 credential (line 6): " in done.stdout, done.stdout
        assert says in done.stdout and "redact it first" in done.stdout, done.stdout
        assert TOKEN not in done.stdout
