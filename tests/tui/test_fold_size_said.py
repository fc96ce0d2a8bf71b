"""newuser37 #9: folding 15 entries took a Claude Code index from 25,999 to 26,043 bytes
(past the 25,000 it loads) while freeing 14 lines, and neither the fold dialog nor
``fix fold`` said so: a packed line keeps every title and hook. Both say the lines freed,
the bytes added, and that the index stays past its byte limit."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.edit.conftest import cli
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import pick
from tests.tui.test_app import keys, started, switch

FRONT = "---\nname: {0}\ndescription: the {0} note\ntype: project\n---\n{0} body.\n"


def folder(root: Path, notes: int = 4) -> Path:
    root.mkdir()
    for i in range(notes):
        (root / f"build_{i}.md").write_text(FRONT.format(f"build {i}"), encoding="utf-8")
    (root / "MEMORY.md").write_text("# Index\n" + "".join(
        f"- [Build note {i}](build_{i}.md) — why build step {i} matters for the billing "
        "service, its deploy window and the rollback the team agreed on\n"
        for i in range(notes)), encoding="utf-8")
    return root


def test_fix_fold_says_what_it_does_to_the_size(tmp_path: Path) -> None:
    ws = folder(tmp_path / "mem", 190)  # past Claude Code's 25,000 bytes
    assert (ws / "MEMORY.md").stat().st_size > 25_000
    done = cli("fix", "fold", ws, "build_0.md", "build_1.md", "build_2.md", "--label",
               "Build", "--dry-run", "--profile", "claude-code")
    out = done.stdout + done.stderr
    assert "MEMORY.md: frees 2 lines, adds " in out, out
    assert "it saves lines, not bytes" in out
    assert "the index stays past the 25,000-byte load limit" in out


async def test_the_fold_dialog_says_it(tmp_path: Path) -> None:
    ws = folder(tmp_path / "mem")
    app = open_app(ws, watch=False, options=AuditOptions(profile="claude-code"))
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: {"L2", "L3", "L4"} <= set(keys(index)))
        await pick(pilot, index, "L2", "L3", "L4")
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert any(line.startswith("MEMORY.md: frees 2 lines, ") for line in screen.lines), \
            screen.lines
