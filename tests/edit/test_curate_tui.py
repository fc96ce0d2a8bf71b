"""The curation dialogs under Pilot, in a tiny harness app, writing to real files."""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Checkbox, Input, Label, Select, TextArea

from memtui.core.workspace import open_workspace
from memtui.tui import curate
from tests.edit.conftest import INDEX, read, tree, write_tree

Action = Callable[[App[Any]], Awaitable[bool]]


class Harness(App[None]):
    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action
        self.outcome: bool | None = None
        self.notices: list[tuple[str, bool]] = []
        self.audits: list[set[str] | None] = []

    def set_notice(self, text: str, error: bool = False) -> None:
        self.notices.append((text, error))

    def start_audit(self, changed: set[str] | None) -> None:
        self.audits.append(changed)

    def on_mount(self) -> None:
        self.run_worker(self.go(), exclusive=True)

    async def go(self) -> None:
        self.outcome = await self.action(self)


async def _type(pilot: Any, selector: str, text: str) -> None:
    widget = pilot.app.screen.query_one(selector)
    widget.focus()
    widget.value = ""
    await pilot.pause()
    await pilot.press(*text)


async def _finish(pilot: Any, app: Harness) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_add_to_index_edits_title_and_hook_and_places_the_line(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_add_to_index(a, w, ["memory/lonely_note.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, curate.AddToIndexScreen)
        assert screen.query_one("#title-0", Input).value == "Lonely note"
        assert screen.query_one("#hook-0", Input).value == "A note nothing links to"
        assert read(ws, "MEMORY.md") == INDEX  # nothing written while the dialog is open
        await _type(pilot, "#title-0", "Lonely")
        await _type(pilot, "#hook-0", "unlinked")
        screen.query_one("#under", Select).value = "People"
        await pilot.pause()
        assert str(screen.query_one("#entry-lines").render()) == \
            "- [Lonely](memory/lonely_note.md) — unlinked"
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "explanation\n", "explanation\n- [Lonely](memory/lonely_note.md) — unlinked\n")
    assert app.notices == [("drafting index entries for 1 memory …", False),  # i35d
                           ("MEMORY.md: +1 entry under 'People' (memory/lonely_note.md) "
                            "(u to undo #1)", False)]
    assert app.audits == [{"MEMORY.md"}]


async def test_the_add_form_says_a_long_description_was_cut_to_the_hook(ws: Path) -> None:
    """newuser24 #40: the form drafted a 2,640-character hook from the description and said
    nothing; the hook is the description's first sentence, and the form says it was cut."""
    from tests.edit.test_index_ops import LONG

    (ws / "memory/lonely_note.md").write_text(
        f"---\nname: lonely_note\ndescription: {LONG}\ntype: user\n---\nA note.\n")
    app = Harness(lambda a: curate.run_add_to_index(a, open_workspace(ws),
                                                    ["memory/lonely_note.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, curate.AddToIndexScreen)
        hook = "Sentence 0 says the chamber ran hot on lot 0 and the purge fixed it"
        assert screen.query_one("#hook-0", Input).value == hook
        label = str(screen.query(Label).filter(".file").first().render())
        assert label == (f"memory/lonely_note.md  (hook cut to 67 of its description's "
                         f"{len(LONG):,} characters: MEMORY.md is loaded every turn)")
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert f"(memory/lonely_note.md) — {hook}\n" in read(ws, "MEMORY.md")


async def test_cancel_writes_nothing(ws: Path) -> None:
    w = open_workspace(ws)
    before = tree(ws, include_state=True)
    app = Harness(lambda a: curate.run_add_to_index(a, w, ["memory/creds.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await _finish(pilot, app)
    assert app.outcome is False
    assert tree(ws, include_state=True) == before


async def test_an_edit_made_while_the_dialog_is_open_is_kept(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_fold(a, w, ["user-role", "yield-source"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#value", Input).value.startswith("Cold, ")
        await _type(pilot, "#value", "Cold")
        write_tree(ws, {"MEMORY.md": INDEX + "edited elsewhere\n"})
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#confirm")  # the diff, then Fold
        await _finish(pilot, app)
    # The plan is made after the dialog, from a fresh read: it folds the edited file.
    assert app.outcome is True
    assert read(ws, "MEMORY.md").endswith("edited elsewhere\n")


async def test_new_memory_from_the_editor(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_new_memory(a, w))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        await _type(pilot, "#name", "night-shift")
        await _type(pilot, "#description", "No night shifts")
        screen.query_one("#type", Select).value = "feedback"
        await pilot.pause()
        area = screen.query_one("#body", TextArea)
        assert area.language == "markdown"
        assert area.text == "\n**Why:** \n**How to apply:** \n"
        area.text = "No night shifts.\n\n**Why:** fatigue\n**How to apply:** day only\n"
        screen.query_one("#index", Checkbox).value = False
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert read(ws, "memory/night-shift.md") == (
        "---\nname: night-shift\ndescription: \"No night shifts\"\nmetadata:\n  type: feedback\n"
        "---\nNo night shifts.\n\n**Why:** fatigue\n**How to apply:** day only\n")
    assert read(ws, "MEMORY.md") == INDEX


async def test_new_memory_with_a_bad_name_stays_open(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_new_memory(a, w))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await _type(pilot, "#name", "../x")
        await pilot.click("#confirm")
        await pilot.pause()
        assert isinstance(app.screen, curate.NewMemoryScreen)
        assert "cannot be a memory name" in str(app.screen.query_one("#problem").render())
        await pilot.press("escape")
        await _finish(pilot, app)
    assert app.outcome is False


async def test_delete_confirms_with_the_dangling_links_then_undo(ws: Path) -> None:
    w = open_workspace(ws)
    start = tree(ws)
    app = Harness(lambda a: curate.run_delete(a, w, ["memory/line-a.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        details = str(app.screen.query_one("#details").render())
        assert "memory/line-b.md:7: [[line-a]] now dangles" in details
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert not (ws / "memory/line-a.md").exists()
    app2 = Harness(lambda a: curate.run_undo(a, w))
    async with app2.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app2.screen, curate.ConfirmScreen)
        await pilot.click("#confirm")
        await _finish(pilot, app2)
    assert app2.outcome is True
    assert tree(ws) == start
    assert app2.notices == [("undid #1 delete", False)]


async def test_undo_with_nothing_to_undo_says_so(ws: Path) -> None:
    app = Harness(lambda a: curate.run_undo(a, open_workspace(ws)))
    async with app.run_test(size=(120, 50)) as pilot:
        await _finish(pilot, app)
    assert app.outcome is False
    assert app.notices == [("nothing to undo (no operation journaled in this workspace)", True)]


async def test_undo_stops_at_an_unreadable_journal_record(ws: Path) -> None:
    from memtui.edit.apply import apply
    from memtui.edit.index_ops import add_to_index
    from memtui.edit.snapshot import Snapshot

    w = open_workspace(ws)
    apply(w, add_to_index(Snapshot.read(w), ["lonely_note"]))
    (ws / ".memtui/journal/000002.json").write_text("{cut", encoding="utf-8")
    after = tree(ws)
    app = Harness(lambda a: curate.run_undo(a, w))
    async with app.run_test(size=(120, 50)) as pilot:
        await _finish(pilot, app)
        assert not isinstance(app.screen, curate.ConfirmScreen)
    assert app.outcome is False
    assert app.notices == [("journal record .memtui/journal/000002.json is unreadable (not "
                            "valid JSON); nothing was undone (move that file away to undo the "
                            "operations before it)", True)]
    assert tree(ws) == after


async def test_a_file_changed_before_confirming_a_delete_is_a_conflict(ws: Path) -> None:
    """The conflict writes nothing; the delete is planned again on the file as it is and
    shown (newuser39 #7), and Cancel there leaves every file as the outside edit made it."""
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_delete(a, w, ["memory/line-a.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        first = app.screen
        write_tree(ws, {"memory/line-a.md": "changed by someone else\n"})
        before = tree(ws)
        await pilot.click("#confirm")
        for _ in range(50):
            if isinstance(app.screen, curate.ConfirmScreen) and app.screen is not first:
                break
            await pilot.pause(0.05)
        again = app.screen
        assert isinstance(again, curate.ConfirmScreen) and again is not first
        assert again.lines[0] == ("memory/line-a.md changed on disk while the dialog was open "
                                  "(nothing was written): the diff below is planned again on "
                                  "the files as they are now")
        assert tree(ws) == before
        await pilot.click("#cancel")
        await _finish(pilot, app)
    assert app.outcome is False
    assert tree(ws) == before
    assert app.audits == [None]


async def test_redact_shows_the_diff_before_writing(ws: Path) -> None:
    from memtui.edit import memory_ops

    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_with_preview(a, w, "Redact creds", memory_ops.redact,
                                                    "memory/creds.md"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, curate.ConfirmScreen)
        assert '+The db password = "[REDACTED]" for staging.' in screen.diff
        assert '-The db password = "Tr…yz" for staging.' in screen.diff  # masked
        assert "Tr0ub4dor" in read(ws, "memory/creds.md")
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert "Tr0ub4dor" not in read(ws, "memory/creds.md")
    assert "not kept in the journal: undo cannot bring it back" in app.notices[-1][0]
    for p in (ws / ".memtui/journal").iterdir():
        assert b"Tr0ub4dor" not in p.read_bytes()
        for f in json.loads(p.read_bytes())["files"]:
            assert b"Tr0ub4dor" not in base64.b64decode(f["before"])


async def test_rename_asks_for_the_new_name(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_rename(a, w, "memory/line-b.md"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#value", Input).value == "line-b"
        await _type(pilot, "#value", "line-bee")
        await pilot.press("enter")
        await pilot.pause(0.3)
        # newuser25 #1: the move and the links rewritten in other files are shown first;
        # nothing is written until the rename is confirmed.
        screen = app.screen
        assert isinstance(screen, curate.ConfirmScreen)
        assert "b/memory/line-bee.md" in screen.diff
        assert "[line-b](memory/line-bee.md)" in screen.diff
        assert "a/MEMORY.md" in screen.diff
        assert (ws / "memory/line-b.md").exists() and not (ws / "memory/line-bee.md").exists()
        await pilot.press("enter")
        await _finish(pilot, app)
    assert app.outcome is True
    assert (ws / "memory/line-bee.md").exists()
    assert "[line-b](memory/line-bee.md)" in read(ws, "MEMORY.md")


async def test_a_rename_cancelled_at_its_preview_writes_nothing(ws: Path) -> None:
    w = open_workspace(ws)
    before = tree(ws)
    app = Harness(lambda a: curate.run_rename(a, w, "memory/line-b.md"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await _type(pilot, "#value", "line-bee")
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, curate.ConfirmScreen)
        await pilot.press("escape")
        await _finish(pilot, app)
    assert app.outcome is False
    assert tree(ws) == before


async def test_nothing_to_change_opens_no_dialog(ws: Path) -> None:
    from memtui.edit import memory_ops

    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_with_preview(a, w, "Fix", memory_ops.fix_wikilinks,
                                                    "memory/line-b.md"))
    async with app.run_test(size=(120, 50)) as pilot:
        await _finish(pilot, app)
    assert app.outcome is False
    assert app.notices == [("nothing to change (no fuzzy wikilinks)", False)]


async def test_enter_answers_a_confirm_dialog_and_cancel_keeps_its_own_enter(ws: Path) -> None:
    from memtui.edit import memory_ops

    w = open_workspace(ws)
    before = read(ws, "memory/creds.md")
    app = Harness(lambda a: curate.run_with_preview(a, w, "Redact creds", memory_ops.redact,
                                                    "memory/creds.md"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, curate.ConfirmScreen)
        app.screen.query_one("#cancel").focus()
        await pilot.press("enter")  # on the Cancel button: cancels
        await _finish(pilot, app)
    assert app.outcome is False
    assert read(ws, "memory/creds.md") == before
    app2 = Harness(lambda a: curate.run_with_preview(a, w, "Redact creds", memory_ops.redact,
                                                     "memory/creds.md"))
    async with app2.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app2.screen, curate.ConfirmScreen)
        assert app2.screen.focused is not None
        assert app2.screen.focused.id not in ("cancel", "confirm")  # the details scroll
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app2.screen, curate.ConfirmScreen)  # answered, not stuck
        await _finish(pilot, app2)
    assert app2.outcome is True
    assert "Tr0ub4dor" not in read(ws, "memory/creds.md")


async def test_fold_keeps_titles_and_hooks_and_shows_the_diff(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_fold(a, w, ["user-role", "yield-source"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await _type(pilot, "#value", "Cold")
        await pilot.press("enter")
        await pilot.pause()
        screen: Any = app.screen
        assert screen.query_one("#diff").display  # the dialog shows it
        diff = screen.diff
        assert "-- [User role](memory/user-role.md)" in diff
        assert "+- Cold: [User role](memory/user-role.md) — process engineer" in diff
        assert read(ws, "MEMORY.md") == INDEX  # nothing written before the confirm
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "- [User role](memory/user-role.md) — process engineer, Cpk needs no explanation\n",
        "- Cold: [User role](memory/user-role.md) — process engineer, Cpk needs no "
        "explanation · [Yield source](memory/yield-source.md) — where yield numbers come "
        "from\n").replace("- [Yield source](memory/yield-source.md) — where yield numbers "
                          "come from\n", "")


async def test_fold_names_the_packed_lines_and_joins_one(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_fold(a, w, ["user-role", "yield-source"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        said = " ".join(str(label.render()) for label in app.screen.query(Label))
        assert "or an existing one's, to join it: Cold, May 2026" in said
        await _type(pilot, "#value", "Cold, May 2026")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#confirm")  # the diff, then Fold
        await _finish(pilot, app)
    assert app.outcome is True
    text = read(ws, "MEMORY.md")
    assert "- [User role]" not in text and "- [Yield source]" not in text
    assert ("- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md) · "
            "[User role](memory/user-role.md) — process engineer, Cpk needs no explanation · "
            "[Yield source](memory/yield-source.md) — where yield numbers come from\n") in text


async def test_add_to_index_says_where_the_line_really_goes(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_add_to_index(a, w, ["memory/lonely_note.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, curate.AddToIndexScreen)
        under = screen.query_one("#under", Select)
        labels = [str(prompt) for prompt, _ in under._options]
        assert labels[0] == "after the last entry (line 8 of MEMORY.md)"
        assert not any("at the end" in label for label in labels)
        await pilot.click("#confirm")
        await _finish(pilot, app)
    lines = read(ws, "MEMORY.md").splitlines()
    assert lines[8].startswith("- [Lonely note](memory/lonely_note.md)")  # after line 8


async def test_a_blocked_undo_says_it_cannot_undo_and_why(ws: Path) -> None:
    from memtui.edit import index_ops
    from tests.edit.conftest import agent_rewrites_index, do

    do(ws, index_ops.add_to_index, ["memory/lonely_note.md"])
    agent_rewrites_index(ws, "- edited by hand\n")  # (other lines alone: merged, #3)
    app = Harness(lambda a: curate.run_undo(a, open_workspace(ws)))
    async with app.run_test(size=(120, 50)) as pilot:
        await _finish(pilot, app)
    assert app.outcome is False
    assert app.notices == [("cannot undo #1 (add-to-index): MEMORY.md changed since; to undo "
                            "#1, put MEMORY.md back as it left it (the change since was not "
                            "made by a journaled operation), then undo again; or reverse it: "
                            "X on each added line in the Index view (1) removes it "
                            "(memory/lonely_note.md)", True)]  # (newuser33 #6)


async def test_redact_makes_an_open_chat_forget_the_credential(ws: Path) -> None:
    """newuser23 #34: the app's open chat holds what the agent read; a redaction hands it
    the credentials to forget (`memtui.tui.layout.Layout.forget_secrets`)."""
    from memtui.edit import memory_ops

    forgotten: list[list[str]] = []

    class Chatty(Harness):
        def forget_secrets(self, secrets: list[str]) -> None:
            forgotten.append(list(secrets))

    w = open_workspace(ws)
    app = Chatty(lambda a: curate.run_with_preview(a, w, "Redact creds", memory_ops.redact,
                                                   "memory/creds.md"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert len(forgotten) == 1 and any("Tr0ub4dor" in s for s in forgotten[0])


async def test_a_memory_past_the_edit_cap_is_added_and_its_delete_says_how(ws: Path) -> None:
    """newuser25 #31: in the app, a memory over 1 MiB (listed by the audit) could be
    neither added to the index nor deleted, with no way forward. The add dialog opens on
    it and writes its entry; the delete says why not and what to do instead."""
    (ws / "memory/big-log.md").write_text(
        "---\nname: big-log\ndescription: the raw run log\nmetadata:\n  type: reference\n"
        "---\n" + "line of log\n" * 120_000, encoding="utf-8")
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_add_to_index(a, w, ["memory/big-log.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, curate.AddToIndexScreen)
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert "[Big log](memory/big-log.md) — the raw run log" in read(ws, "MEMORY.md")
    app = Harness(lambda a: curate.run_delete(a, w, ["memory/big-log.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await _finish(pilot, app)
    assert app.outcome is not True
    assert len(app.notices) == 1 and app.notices[0][1] is True
    assert "Move it out of the memory folder yourself" in app.notices[0][0]
    assert "memtui fix remove-link" in app.notices[0][0]
    assert (ws / "memory/big-log.md").exists()
