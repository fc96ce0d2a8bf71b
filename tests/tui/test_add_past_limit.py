"""``a`` on an index at its load limit (issue 32 §11): the new entries go in among the hot
ones (line 60 here) and push the last loaded line past the limit; the add dialog says
which line falls out, and which new entry would land past it, before Apply."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label, Select, Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import END, AddToIndexScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import dialog, to_row

FRONT = "---\nname: {0}\ndescription: the {0} memory\nmetadata:\n  type: project\n---\n"
TAIL = "- [Tail](tail.md) — the last loaded entry"


def full_index(tmp_path: Path) -> Path:
    """A Claude Code folder (flat: the 200-line limit) whose MEMORY.md has 58 hot entries,
    a packed line (60: new entries go before it), prose notes, an entry on line 200 (the
    last loaded) and a heading and 4 lines past the limit."""
    root = tmp_path / "memory"
    root.mkdir()
    lines = ["# Memory"]
    for i in range(58):
        lines.append(f"- [Hot {i}](hot-{i:02}.md) — hot memory {i}")
        (root / f"hot-{i:02}.md").write_text(FRONT.format(f"hot-{i:02}") + "Hot.\n")
    lines.append("- Cold: [a](cold-a.md) · [b](cold-b.md)")  # line 60: packed
    for name in ("cold-a", "cold-b"):
        (root / f"{name}.md").write_text(FRONT.format(name) + "Cold.\n")
    lines += [f"- note {n}: a fact kept inline" for n in range(61, 200)]
    lines.append(TAIL)
    lines += ["## Late", *(f"- late note {n}" for n in range(202, 206))]
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "tail.md").write_text(FRONT.format("tail") + "The tail.\n")
    (root / "new.md").write_text(FRONT.format("new") + "Not indexed yet.\n")
    return root


async def test_the_add_dialog_names_the_line_it_pushes_past_the_limit(tmp_path: Path) -> None:
    ws = full_index(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        assert app.result.profile == "claude-code" and app.result.loaded_lines == 200
        await to_row(pilot, app, "3", "#orphans-view", "new.md")
        await pilot.press("a")
        screen = await dialog(pilot, app, AddToIndexScreen)
        past = screen.query_one("#past-limit", Static)
        assert past.display
        text = str(past.render())
        assert text.startswith("Past the load limit (200 lines / 25,000 bytes) once added")
        assert f"line 200 (then 201): {TAIL}" in text
        assert "new.md" not in text  # the new entry itself goes in at line 60: loaded
        # Placed under a heading past the limit, the new entry itself would never load.
        screen.query_one("#under", Select).value = "Late"
        await pilot.pause()
        text = str(past.render())
        assert "the new entry for new.md (line 206): it would never be loaded" in text
        assert "line 200" not in text
        screen.query_one("#under", Select).value = END
        await pilot.pause()
        assert "line 200 (then 201)" in str(past.render())
        # a loaded line falls out: the dialog asks as a danger, Apply only by its button
        # (newuser33 #7)
        assert screen.danger and screen.confirm_label == "Add anyway"
        screen.query_one("#confirm").focus()
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        written = (ws / "MEMORY.md").read_text().splitlines()
        assert written[59].endswith("(new.md) — the new memory")
        assert written[200] == TAIL  # line 201: past the limit, as the dialog said
        assert "tail.md" in {o.path for o in app.result.orphans}


async def test_nothing_is_said_when_nothing_falls_out(workspace: Path) -> None:
    """The item layout loads the whole index: the dialog shows no such line."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "memory/lonely.md")
        await pilot.press("a")
        screen = await dialog(pilot, app, AddToIndexScreen)
        assert not screen.query_one("#past-limit", Static).display
        assert screen.query_one("#under", Select).value is not None
        await pilot.press("escape")


def test_the_byte_limit_counts_too(tmp_path: Path) -> None:
    """Under the 25 KB limit a longer title pushes more out; the lines loaded before the
    insertion point never move."""
    from memtui.core.results import AuditOptions
    from memtui.core.workspace import open_workspace
    from memtui.edit.load_limit import added_past_limit
    from memtui.edit.snapshot import Snapshot

    ws = full_index(tmp_path)
    snap = Snapshot.read(open_workspace(ws))
    options = AuditOptions(max_lines=1000, max_bytes=snap.index.lines[199].end_byte)
    short = added_past_limit(snap, [("new.md", "N", "")], None, "claude-code", options)
    assert [ln.number for ln, _ in short.pushed] == [200]
    long = added_past_limit(snap, [("new.md", "N" * 200, "")], None, "claude-code", options)
    assert len(long.pushed) > len(short.pushed)
    assert min(ln.number for ln, _ in long.pushed) > 60
    assert not added_past_limit(snap, [("new.md", "N", "")], None, "item", options)


def linked_past_limit(tmp_path: Path) -> Path:
    """Issue 32 #28's folder: 210 memories, a 210-line MEMORY.md linking each; the last 10
    are linked only past the 200-line limit."""
    root = tmp_path / "big"
    root.mkdir()
    lines = []
    for i in range(1, 211):
        (root / f"fact_{i}.md").write_text(FRONT.format(f"fact-{i}") + f"Fact {i}.\n")
        lines.append(f"- [Fact {i}](fact_{i}.md) — fact {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_a_memory_linked_past_the_limit_is_refused_before_any_form(
        tmp_path: Path) -> None:
    """``a`` and ``A`` on memories linked only past the limit opened the add form, then
    refused with a bare 'already in the index (line 201)'; now nothing opens and the
    notice names the limit and what helps."""
    ws = linked_past_limit(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        assert app.result.loaded_lines == 200
        await to_row(pilot, app, "3", "#orphans-view", "fact_201.md")
        for key in ("a", "A"):
            app.notice = ""
            await pilot.press(key)
            await wait_for(pilot, lambda: "fact_2" in app.notice
                           or isinstance(app.screen, AddToIndexScreen))
            assert not isinstance(app.screen, AddToIndexScreen), key
            assert "past the load limit (200 lines loaded)" in app.notice, app.notice
            assert "archive memories you need less (v: moved to _archive/, their lines " \
                "dropped), or fold entries (f)" in app.notice
        assert (ws / "MEMORY.md").read_text().count("\n") == 210


async def test_on_a_full_index_the_form_proposes_a_place_among_the_loaded_lines(
        tmp_path: Path) -> None:
    """newuser23 #35 (the app's side): a Claude Code index of exactly 200 lines (a heading,
    a blank, 198 entries) has no hot entry before its end, so the form proposed "at the end
    of MEMORY.md" and Enter added line 201, never loaded (the form warned, the CLI now
    refuses). The form now proposes line 200, among the loaded lines, and names the line
    that falls out instead; "at the end" is still there to choose."""
    root = tmp_path / "cc4"
    root.mkdir()
    lines = ["# Memory", ""]
    for i in range(230):
        (root / f"feedback_rule_{i:03}.md").write_text(
            f"---\nname: feedback_rule_{i:03}\ndescription: rule {i}\ntype: feedback\n---\n"
            f"Rule {i}.\n")
    lines += [f"- [Rule {i:03}](feedback_rule_{i:03}.md) — rule {i}" for i in range(198)]
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = open_app(root, watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        assert app.result.profile == "claude-code" and app.result.loaded_lines == 200
        await to_row(pilot, app, "3", "#orphans-view", "feedback_rule_210.md")
        await pilot.press("a")
        screen = await dialog(pilot, app, AddToIndexScreen)
        under = screen.query_one("#under", Select)
        assert under.value == 200
        text = str(screen.query_one("#past-limit", Static).render())
        assert "line 200 (then 201): - [Rule 197](feedback_rule_197.md) — rule 197" in text
        assert "never be loaded" not in text
        under.value = END  # the old default: the form says it would never load
        await pilot.pause()
        assert ("the new entry for feedback_rule_210.md (line 201): it would never be loaded"
                in str(screen.query_one("#past-limit", Static).render()))
        under.value = 200
        await pilot.pause()
        screen.query_one("#confirm").focus()
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        written = (root / "MEMORY.md").read_text().splitlines()
        assert written[199] == "- [Rule 210](feedback_rule_210.md) — rule 210"
        assert written[200] == "- [Rule 197](feedback_rule_197.md) — rule 197"
        assert "feedback_rule_210.md" not in {o.path for o in app.result.orphans}


async def test_A_offers_the_unlinked_memories_and_names_the_past_limit_ones_apart(
        tmp_path: Path) -> None:
    """newuser26 #34: a 205-entry Claude Code index (lines 201-205 past the limit) and 7
    memories nothing links: ``A`` refused everything because of the 5 linked past the
    limit, and never mentioned the 7 it could place. It now opens the form for the 7
    (placed among the loaded lines, as ``a`` does) and says the 5 were left out, and why."""
    root = tmp_path / "cc210"
    root.mkdir()
    for i in range(1, 213):
        (root / f"feedback_rule_{i:03}.md").write_text(
            f"---\nname: feedback_rule_{i:03}\ndescription: rule {i}\ntype: feedback\n---\n"
            f"Rule {i}.\n")
    (root / "MEMORY.md").write_text("".join(
        f"- [Rule {i:03}](feedback_rule_{i:03}.md) — rule {i}\n" for i in range(1, 206)))
    app = open_app(root, watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        assert app.result.loaded_lines == 200
        await to_row(pilot, app, "3", "#orphans-view", "feedback_rule_206.md")
        await pilot.press("A")
        screen = await dialog(pilot, app, AddToIndexScreen)
        assert screen.query("#title-6") and not screen.query("#title-7")
        assert {rel for rel, _, _ in screen.drafts} == {
            f"feedback_rule_{i}.md" for i in range(206, 213)}
        assert screen.query_one("#under", Select).value == 194  # among the loaded lines
        said = str(screen.query_one("#left-out", Label).render())
        # the reason is the true one: the new lines go among the loaded lines, where they
        # would load; the 5 are left out because each has its entry there already, which
        # a second would leave dead (newuser38 #26: "adding them again would not load them")
        assert said.startswith("Left out 5 memories linked only past the load limit "
                               "(MEMORY.md:201 on): each one's entry is there already, never "
                               "loaded, and a second one would leave that line in place; to "
                               "load them, move each one's entry into the loaded part "
                               "(memtui fix move-entry PATH MEMORY --to LINE)")
        assert "would not load them" not in said
        assert any("left out 5 memories" in str(n.message) for n in app._notifications)
