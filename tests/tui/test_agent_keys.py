"""Issue 33, 5 in the app: a curation key does the operation of the folder's profile in the
agent's own form (Gemini's pointer line, Hermes' repeated entry, OpenClaw's index without
daily notes), ``u`` undoes it byte for byte, and a key whose operation the profile does not
offer says why and writes nothing (Codex)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.duplicate_entry import DuplicateEntryScreen
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.core.helpers import make_ws
from tests.edit.conftest import tree
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog, messages
from tests.tui.test_app import keys, started, switch


async def press_and_confirm(pilot: object, app: object, key: str) -> None:
    audits = app.audits  # type: ignore[attr-defined]
    await pilot.press(key)  # type: ignore[attr-defined]
    await dialog(pilot, app, ConfirmScreen)  # type: ignore[arg-type]
    await pilot.click("#confirm")  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: app.audits > audits  # type: ignore[attr-defined]
                   and len(app.screen_stack) == 1)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def undo(pilot: object, app: object) -> None:
    await press_and_confirm(pilot, app, "u")


async def test_gemini_a_adds_a_pointer_line_and_u_undoes_it(tmp_path: Path) -> None:
    folder = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    make_ws(folder, {"MEMORY.md": "# Project Memory\n", "vpn.md": "# vpn\nDrops.\n"})
    before = tree(folder)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        view = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: "vpn.md" in keys(view))
        view.table.move_cursor(row=keys(view).index("vpn.md"))
        await press_and_confirm(pilot, app, "a")
        assert (folder / "MEMORY.md").read_text(encoding="utf-8") == (
            f"# Project Memory\n- See {folder.resolve()}/vpn.md for vpn notes.\n")
        assert app.result is not None and app.result.orphans == []
        await undo(pilot, app)
    assert tree(folder) == before


async def test_gemini_e_onto_a_named_topic_file_offers_to_remove_the_duplicate(
        tmp_path: Path) -> None:
    """newuser23 #19: in the app too, a repoint making a second pointer line to one topic
    file offers to remove the repointed line (checked by default), one undo putting it back."""
    folder = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    make_ws(folder, {"deploy.md": "# deploy\nFridays.\n"})
    root = folder.resolve()
    make_ws(folder, {"MEMORY.md": f"- See {root}/gone.md for gone notes.\n"
                                  f"- See {root}/deploy.md for deploy notes.\n"})
    before = tree(folder)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 1)
        await pilot.press("e")
        await dialog(pilot, app, MemoryPickerScreen)
        await pilot.press(*"deploy", "enter")
        screen = await dialog(pilot, app, DuplicateEntryScreen)
        assert screen.warning == ("MEMORY.md:2 already links deploy.md: repointing line 1 "
                                  "makes two pointer lines for one file; removing the "
                                  "duplicate too, one undo puts both back.")
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        assert (folder / "MEMORY.md").read_text(encoding="utf-8") == (
            f"- See {root}/deploy.md for deploy notes.\n")
        await undo(pilot, app)
    assert tree(folder) == before


async def test_hermes_d_removes_a_repeated_entry(tmp_path: Path) -> None:
    folder = tmp_path / ".hermes" / "memories"
    make_ws(folder, {"MEMORY.md": "A fact.\n§\nB fact.\n§\nA fact.\n",
                     "USER.md": "Prefers short answers.\n"})
    before = tree(folder)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        # newuser32 #43: the footer names what d does here, not "Delete"; the preview
        # makes no Claude-format remark ("no frontmatter") on a store
        footer = app.query_one(FittingFooter)
        await wait_for(pilot, lambda: any(k.action.endswith("delete") for k in footer.shown))
        (spec,) = [k for k in footer.shown if k.action.endswith("delete")]
        assert spec.description == "Remove repeats"
        assert "no frontmatter" not in str(app.query_one("#preview-meta").render())
        await press_and_confirm(pilot, app, "d")
        assert (folder / "MEMORY.md").read_text(encoding="utf-8") == "A fact.\n§\nB fact.\n"
        assert (folder / "USER.md").exists()  # d never deletes a store
        await undo(pilot, app)
    assert tree(folder) == before


async def test_openclaw_A_indexes_notes_but_never_a_daily_note(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    make_ws(ws, {"AGENTS.md": "# AGENTS.md\n", "SOUL.md": "# SOUL.md\n",
                 "MEMORY.md": "# MEMORY.md\n\n- Deploys run on Fridays.\n",
                 "memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann.\n",
                 "memory/projects.md": "# Projects\n\nThe shed.\n"})
    before = tree(ws)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await press_and_confirm(pilot, app, "A")
        text = (ws / "MEMORY.md").read_text(encoding="utf-8")
        assert "memory/projects.md" in text and "2026-07-20" not in text
        await undo(pilot, app)
    assert tree(ws) == before


async def test_codex_keys_say_why_they_are_not_offered(tmp_path: Path) -> None:
    folder = tmp_path / ".codex" / "memories"
    make_ws(folder, {"memory_summary.md": "# Summary\n- Deploys on Fridays.\n",
                     "MEMORY.md": "# Memory\n", "raw_memories.md": "- raw\n"})
    before = tree(folder, include_state=True)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        for key in ("A", "d", "f"):
            await pilot.press(key)
            await pilot.pause(0.2)
            assert app.screen is app.screen_stack[0]  # no dialog
            assert "not offered under the codex profile" in messages(app)[-1]
            assert "only reads it" in messages(app)[-1]
    assert tree(folder, include_state=True) == before


async def test_openclaw_R_on_a_daily_note_refuses_before_any_form(tmp_path: Path) -> None:
    """newuser26 #28: R on a daily note opened the rename form and refused only after a
    new name was typed; the refusal is known before (the name is the date)."""
    ws = tmp_path / ".openclaw" / "workspace"
    make_ws(ws, {"AGENTS.md": "# AGENTS.md\n", "MEMORY.md": "# MEMORY.md\n\n- A fact.\n",
                 "memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann.\n"})
    before = tree(ws)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        view = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: "memory/2026-07-20.md" in keys(view))
        view.table.move_cursor(row=keys(view).index("memory/2026-07-20.md"))
        await pilot.press("R")
        await pilot.pause(0.2)
        assert app.screen is app.screen_stack[0]  # no form
        assert app.notice.startswith("memory/2026-07-20.md is an OpenClaw daily note: its "
                                     "name is its date"), app.notice
    assert tree(ws) == before
