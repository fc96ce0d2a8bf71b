"""The help screen is generated from the bindings: every view (8 Trend too) and, in a
fleet member, the Esc back to the fleet."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from memtui.core.workspace import open_workspace
from memtui.tui.app import VIEWS, MemtuiApp
from memtui.tui.fleet.member_app import FleetMemberApp

from .test_app import started


def help_text(app: MemtuiApp) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for static in app.screen.query(Static):
        console.print(static.content)
    return console.export_text()


async def test_help_lists_every_view_and_key(workspace: Path) -> None:
    for cls in (MemtuiApp, FleetMemberApp):
        app = cls(open_workspace(workspace), watch=False)
        async with app.run_test(size=(160, 50)) as pilot:
            await started(pilot, app)
            await pilot.press("question_mark")
            await pilot.pause(0.2)
            text = help_text(app)
            assert f"1 … {len(VIEWS)}" in text and "switch view" in text
            assert "Trend" in text and "git history" in text
            for key in ("o ", "p ", "u ", "y ", "R "):
                assert any(line.lstrip().startswith(key) for line in text.splitlines()), key
            assert ("back to the fleet screen" in text) == (cls is FleetMemberApp)


async def test_help_lists_the_chat_keys_from_its_bindings(workspace: Path) -> None:
    """The chat pane's keys (new chat, undo the turn, Tab round the pane) are in the help
    too, from ChatPane.BINDINGS."""
    from memtui.tui.chat import ChatPane

    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = help_text(app)
        assert "In the chat (c)" in text
        for b in ChatPane.BINDINGS:
            key = app.get_key_display(b)  # type: ignore[arg-type]
            assert any(line.lstrip().startswith(key) or f" / {key}" in line
                       for line in text.split("In the chat (c)", 1)[1].splitlines()), key
        assert "start a new chat" in text and "go round the pane" in text


async def test_the_fleet_screen_has_its_help_from_its_bindings(tmp_path: Path) -> None:
    """The README's ? is "every key of the screen you are on": the fleet screen too."""
    from memtui.core.audit import AuditOptions
    from memtui.tui.fleet.app import FleetApp
    from memtui.tui.widgets.list_table import ListTable
    from tests.test_cli_fleet import fleet
    from tests.tui.conftest import wait_for

    fleet(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = help_text(app)  # type: ignore[arg-type]
        assert "every workspace under the folder" in text
        rows = [line.strip() for line in text.splitlines()]
        for cls in (FleetApp, ListTable):
            for b in cls.BINDINGS:
                key = app.get_key_display(b)  # type: ignore[arg-type]
                assert any(r.startswith(key) or f" / {key}" in r for r in rows), key
        assert "open the workspace in the usual app" in text
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert len(app.screen_stack) == 1 and app.is_running


async def test_help_lists_the_views_own_keys(workspace: Path) -> None:
    """newuser22 #10: Findings' ``O`` (open the other side of a finding) was in its footer
    and docs/app.md but not in ``?``, which the README calls "every key of the screen you
    are on". Every view's own key has its row."""
    from textual.binding import Binding

    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(160, 60)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = help_text(app).split("In the chat (c)", 1)[0]
        lines = [line.strip() for line in text.splitlines()]
        other = next(line for line in lines if line.startswith("O "))
        assert "other side of the selected finding" in other
        for _, _, view in VIEWS:
            for b in Binding.make_bindings(vars(view).get("BINDINGS", ())):
                key = app.get_key_display(b)
                # (the Block and Graph views' j / k / g / G: the lists' rows of moves)
                assert any(line.startswith(f"{key} ") or f" / {key} " in line
                           or f" {key.lower()} " in f" {line.split('  ')[0].lower()} "
                           for line in lines), (view.__name__, key)
        await pilot.press("escape")
        titles = {str(c.title) for c in app.get_system_commands(app.screen)}
        assert "Open the other side  (O, in Findings)" in titles  # and in the palette


async def test_help_and_palette_promise_no_baseline_the_app_cannot_take(workspace: Path) -> None:
    """issue 32 (newuser22 #34): ``i`` "… or a baseline suppressed", but the app had no
    --baseline and .memtui.toml no baseline key (the app takes ``--baseline`` now,
    newuser41 #27; ``b`` lists what it accepts)."""
    from memtui.tui.app_actions import APP_ACTIONS  # the palette's text
    assert "baseline suppressed" not in APP_ACTIONS["toggle_suppressed"][1]
    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        line = next(ln for ln in help_text(app).splitlines() if ln.lstrip().startswith("i "))
        assert "baseline suppressed" not in line and "configuration" in line


async def test_help_has_one_row_for_moving_and_none_saying_end_is_first(workspace: Path) -> None:
    """The Block and Graph views bind j / k / g / G to moves of their own: the help said so
    in three stray rows (`j / k  Down`, `home / g / end / G  First`, `j / k / g / G  Down`)
    under the two that say it for every list (newuser23 #3)."""
    import re

    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("7")
        await pilot.pause(0.2)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = help_text(app)
    rows = [line.strip() for line in text.splitlines()]
    assert not [r for r in rows if re.fullmatch(r".*\s(Down|Up|First|Last)", r)], rows
    assert not [r for r in rows if "end / G" in r or "g / G" in r]
    assert sum("j k" in r for r in rows) == 1 and sum("g G Home End" in r for r in rows) == 1

async def test_help_explains_the_files_views_marks(workspace: Path) -> None:
    """The Files view's `!`, `=` and `—` are explained in `?`, not only in docs/app.md
    (newuser22 #32: a new user met `linked  2  =  project` and `unreachable  2  —  —`)."""
    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = " ".join(help_text(app).split())
        files = text.split("Files", 1)[1].split(" 3 ", 1)[0]
        assert "findings (!: how many)" in files, files
        assert "=: the file's stem" in files and "—: none" in files, files
        assert "type (—: none given)" in files, files


async def test_an_unknown_age_is_a_question_mark_and_unk_is_explained(tmp_path: Path) -> None:
    """newuser23 #37: a folder copied from git (every mtime the copy's) showed `137d  unk`,
    an age next to "unknown", and `?` did not say what `unk` is."""
    import os
    import time

    from memtui.tui.widgets.audit_table import AuditTable
    from tests.core.helpers import memory
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import switch

    root = tmp_path / "copied"
    (root / "memory").mkdir(parents=True)
    when = time.time() - 137 * 86400
    lines = []
    for i in range(12):
        path = root / "memory" / f"m{i:02}.md"
        path.write_text(memory(f"m{i:02}"), encoding="utf-8")
        os.utime(path, (when, when))
        lines.append(f"- [M{i}](memory/m{i:02}.md) — about m{i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = MemtuiApp(open_workspace(root), watch=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert {f.age_source for f in app.result.files} == {"unknown"}
        await switch(pilot, app, "2")
        view = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: len(view.shown) == 12)
        cells = [[str(c.plain) for c in row.cells] for row in view.shown]  # type: ignore[union-attr]
        assert all("?" in row and "unk" in row for row in cells), cells[0]
        assert not any("137d" in row for row in cells), cells[0]
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = " ".join(help_text(app).split())
        assert "unk: unknown" in text


async def test_help_says_a_redaction_is_not_undone_and_covers_the_whole_file(
        workspace: Path) -> None:
    """newuser24 #1 and #17: help said every curation "can be undone" and that `x` redacts
    the selected "MEMORY.md line"; a redaction keeps no copy, and on an index line it
    redacts every credential of MEMORY.md (the README's Guarantees say so)."""
    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = " ".join(help_text(app).split())
        assert "or MEMORY.md line" not in text
        assert "on an index line: all of MEMORY.md's" in text
        assert "so a redaction cannot be undone" in text
        assert "can be undone, but a redaction" in text
