"""Keys and dialogs as a lazygit/k9s user expects them: the footer names the keys of the
view and of each dialog, forms answer to Enter and let Tab out, notices stay readable,
broken links inside memories can be fixed, every list moves with j/k/g/G."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.widgets import Checkbox, Input, Static, TextArea

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog, messages
from tests.tui.test_app import keys, started, switch
from tests.tui.test_input_keys import footer_keys

OLD_LINK = "Older notes: [old notes](old-notes.md)."


def with_memory_link(workspace: Path) -> Path:
    """The fixture plus a broken markdown link inside memory/user-role.md."""
    role = workspace / "memory" / "user-role.md"
    role.write_text(role.read_text() + OLD_LINK + "\n", encoding="utf-8")
    return workspace


async def to_row(pilot: Any, app: MemtuiApp, key: str, view_id: str, row: str) -> AuditTable:
    await switch(pilot, app, key)
    view = app.query_one(view_id, AuditTable)
    await wait_for(pilot, lambda: row in keys(view))
    view.table.move_cursor(keys(view).index(row))
    await pilot.pause()
    return view


async def test_footers_name_the_keys_of_the_view_and_of_each_dialog(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        shown = footer_keys(app)
        assert shown["e"] == "Repoint" and shown["X"] == "Remove link"
        await switch(pilot, app, "1")
        assert "e" not in footer_keys(app) and footer_keys(app)["f"] == "Fold"
        await to_row(pilot, app, "2", "#files-view", "memory/lonely.md")
        await pilot.press("d")
        screen = await dialog(pilot, app, ConfirmScreen)
        await pilot.pause(0.1)
        in_dialog = {k.key: k.description for k in screen.query_one(FittingFooter).shown}
        assert in_dialog["escape"] == "Cancel" and "tab" in in_dialog
        assert "enter" not in in_dialog  # a delete: Enter presses the focused button only
        await pilot.press("escape")
        await to_row(pilot, app, "1", "#index-view", "L3")
        await pilot.press("space", "space", "f")
        screen = await dialog(pilot, app, ChoiceScreen)
        await pilot.pause(0.1)
        in_dialog = {k.key: k.description for k in screen.query_one(FittingFooter).shown}
        assert in_dialog["enter"] == "Fold" and in_dialog["escape"] == "Cancel"
        await pilot.press("escape")
        titles = {str(c.title) for c in app.get_system_commands(app.screen)}
        assert {"Delete memory  (d)", "Undo  (u)", "View: Files  (2)", "Copy path  (y)",
                "Filter  (/)"} <= titles


async def test_a_field_s_enter_key_looks_like_the_dialog_s_other_keys(
        workspace: Path) -> None:
    """The Enter a focused field answers (``footer_extra``) is padded like its neighbours
    (it was drawn compact, " ⏎ Create" squeezed to "⏎ Create", beside " tab Next field ")."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("n")
        screen = await dialog(pilot, app, NewMemoryScreen)
        await wait_for(pilot, lambda: isinstance(app.focused, Input))
        await pilot.pause(0.1)
        shown = {k.key: k.text.plain for k in screen.query_one(FittingFooter).shown}
        assert shown["enter"] == " ⏎ Create " and shown["tab"] == " tab Next field "


async def test_forms_answer_to_enter_and_tab_leaves_the_body(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "memory/lonely.md")
        await pilot.press("a")
        screen = await dialog(pilot, app, AddToIndexScreen)
        labels = [str(w.render()) for w in screen.query("Label")]
        assert "Title" in labels and "Hook (why the agent would open it)" in labels
        audits = app.audits
        await pilot.press("enter")  # in the title field: submits the form
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        assert "(memory/lonely.md)" in (workspace / "MEMORY.md").read_text()
        # The notice saying how to undo stays, also when the watcher echoes the write.
        notice = app.notice
        assert notice.endswith("(u to undo #1)")
        audits = app.audits
        app.start_audit({"MEMORY.md"})  # what the watcher reports a moment later
        await wait_for(pilot, lambda: app.audits > audits)
        assert app.notice == notice
        assert str(app.query_one("#notice", Static).content) == notice
        # "a" on a memory the index already links says so and opens nothing.
        await to_row(pilot, app, "2", "#files-view", "memory/user-role.md")
        await pilot.press("a")
        await pilot.pause()
        assert len(app.screen_stack) == 1
        assert messages(app)[-1] == ("memory/user-role.md already in the index (line 3): "
                                     "nothing to add")
        # New memory: every field labelled, the name checked, Tab leaves the body.
        await pilot.press("n")
        screen = await dialog(pilot, app, NewMemoryScreen)
        labels = " | ".join(str(w.render()) for w in screen.query("Label"))
        for field in ("Name", "Type", "Description", "Body"):
            assert field in labels
        await pilot.press(*"Night Shift")
        await pilot.pause()
        problem = str(screen.query_one("#problem", Static).render())
        assert "not a slug" in problem and "'night-shift'" in problem
        await pilot.press("enter")  # refused: the dialog stays, nothing written
        await pilot.pause()
        assert isinstance(app.screen, NewMemoryScreen)
        assert not (workspace / "memory" / "Night Shift.md").exists()
        screen.query_one("#body", TextArea).focus()
        await pilot.press("tab")
        assert isinstance(app.focused, Checkbox)
        name = screen.query_one("#name", Input)
        name.value = "night_shift"
        await pilot.pause()
        assert str(screen.query_one("#problem", Static).render()) == ""
        screen.query_one("#description", Input).value = "the night shift"  # needed
        name.focus()
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        # the folder's names are kebab-case (user-role, yield-source): so is the new one's
        assert (workspace / "memory" / "night-shift.md").exists()


async def test_x_and_e_fix_a_broken_link_inside_a_memory(workspace: Path) -> None:
    app = open_app(with_memory_link(workspace), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 2)
        row = next(i for i, r in enumerate(broken.shown) if r.path == "memory/user-role.md")
        broken.table.move_cursor(row)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "memory/user-role.md")
        await wait_for(pilot, lambda: "[✗ old notes](wikilink:broken:old-notes.md)"
                       in preview.body.source)  # (the body on show: several are kept)
        await pilot.press("e")
        await dialog(pilot, app, MemoryPickerScreen)
        await pilot.press(*"memory/a.md", "enter")  # the picker: typed, filtered, picked
        await dialog(pilot, app, ConfirmScreen)  # the diff
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        text = (workspace / "memory" / "user-role.md").read_text()
        assert "[old notes](a.md)" in text
        await pilot.press("u")  # undo it (a danger dialog: Tab to Undo, Enter)
        await dialog(pilot, app, ConfirmScreen)
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        await wait_for(pilot, lambda: broken.table.row_count == 2)
        row = next(i for i, r in enumerate(broken.shown) if r.path == "memory/user-role.md")
        broken.table.move_cursor(row)
        await pilot.pause()
        await pilot.press("X")
        screen = await dialog(pilot, app, ConfirmScreen)
        assert screen.focused is not None and screen.focused.id == "cancel"
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        text = (workspace / "memory" / "user-role.md").read_text()
        assert "Older notes: old notes." in text and "old-notes.md" not in text
        assert "(memory/gone.md)" in (workspace / "MEMORY.md").read_text()  # untouched


async def test_filter_counts_vim_keys_copy_and_preview_search(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        await pilot.press("G")
        assert files.table.cursor_row == 5
        await pilot.press("g", "j", "j", "k")
        assert files.table.cursor_row == 1
        await pilot.press("end")
        assert files.table.cursor_row == 5
        await pilot.press("y")
        await pilot.pause()
        path = files.shown[5].path
        assert app.clipboard == str(workspace / path)
        assert app.notice == f"copied {workspace / path}"
        await pilot.press("slash", *"lonely", "enter")
        await pilot.pause()
        summary = str(files.query_one(".summary", Static).render())
        assert re.match(r"1 of 6 match · 6 memory files", summary), summary
        await pilot.press("escape")
        await pilot.pause()
        assert str(files.query_one(".summary", Static).render()).startswith("6 memory files")
        await switch(pilot, app, "5")
        tree = app.query_one("#graph-view Tree")
        await pilot.press("g")
        assert tree.cursor_line == 0  # type: ignore[attr-defined]
        await pilot.press("j", "j")
        assert tree.cursor_line == 2  # type: ignore[attr-defined]
        await pilot.press("G")
        assert tree.cursor_line == tree.last_line  # type: ignore[attr-defined]
        # Search inside the preview: / when it has the focus.
        await switch(pilot, app, "2")
        files.table.move_cursor(keys(files).index("memory/user-role.md"))
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "memory/user-role.md")
        await pilot.pause(0.2)
        preview.focus()
        await pilot.press("slash", *"process engineer")
        await pilot.pause()
        note = str(preview.query_one("#preview-matches", Static).render())
        assert note == "match 1 of 1"
        assert preview.query(".-target")
        await pilot.press("escape")
        await pilot.pause()
        assert not preview.has_class("-searching") and app.focused is preview


async def test_x_redacts_a_credential_in_memory_md(workspace: Path) -> None:
    """newuser22 #29: ``x`` on the Secrets row of MEMORY.md (the one file injected into
    every turn) said "the row under the cursor is not a memory file", though ``memtui fix
    redact PATH MEMORY.md`` does it. From the Findings row and from the Index view's line."""
    from memtui.tui.dialogs.confirm import ConfirmScreen

    index = workspace / "MEMORY.md"
    index.write_text(index.read_text(encoding="utf-8") + "DB_PASSWORD=Zq8#mP2!vL9xR4tY\n",
                     encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        secret = next(f for f in app.result.findings if f.kind == "secret")
        assert (secret.path, secret.line) == ("MEMORY.md", 7)
        await to_row(pilot, app, "1", "#index-view", "L7")  # the line: MEMORY.md's
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.heading == "Redact secrets in MEMORY.md"
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        view = await switch_to_secret(pilot, app)
        assert view.current_row().path == "MEMORY.md"
        audits = app.audits
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("tab", "enter")  # the dialog starts on Cancel: to Redact
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        await wait_for(pilot, lambda: not any(f.kind == "secret" for f in app.result.findings))
    text = index.read_text(encoding="utf-8")
    assert "Zq8#mP2!vL9xR4tY" not in text and "[REDACTED]" in text


async def switch_to_secret(pilot: Any, app: MemtuiApp) -> AuditTable:
    """The Findings view, its cursor on the secret's row."""
    await switch(pilot, app, "6")
    view = app.active_view
    assert isinstance(view, AuditTable)
    await wait_for(pilot, lambda: any("secret" in r.key for r in view.shown))
    view.table.move_cursor(next(i for i, r in enumerate(view.shown) if "secret" in r.key))
    await pilot.pause()
    return view


async def test_the_palette_has_one_theme_command_and_quit_with_its_key(workspace: Path) -> None:
    """issue 32 (newuser22 #11): "Choose theme (t)" beside Textual's "Theme", and "Quit —
    Quit the application as soon as possible" with no key."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert [t for t in titles if "heme" in t] == ["Choose theme  (t)"]
        quits = [t for t in titles if t.startswith("Quit")]
        assert len(quits) == 1 and quits[0] in ("Quit  (q)", "Quit  (^q)")
