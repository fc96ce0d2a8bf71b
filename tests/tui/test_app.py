"""The app under Pilot on a real workspace: header, views, preview, live updates, themes."""

from __future__ import annotations

import contextlib
import io
import json
import threading
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import Static, TabbedContent, TextArea, Tree

from memtui.agent.age_note import age_note
from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.layout import VIEWS
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.health_header import HealthHeader
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for


async def started(pilot: Any, app: MemtuiApp) -> None:
    await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
    await pilot.pause()


async def switch(pilot: Any, app: MemtuiApp, key: str) -> None:
    """Press a view key and wait until that view is shown and has the focus (the key may
    be handled after ``press`` returns: during a view built ahead, say)."""
    await pilot.press(key)
    pid = VIEWS[int(key) - 1][0]
    await wait_for(pilot, lambda: app.query_one(TabbedContent).active == pid
                   and app.focused is not None and app.active_view in app.focused.ancestors)


def header_text(app: MemtuiApp) -> str:
    return str(app.query_one(HealthHeader).render_text(app.result, app.palette))


def keys(view: AuditTable) -> list[str]:
    return [r.key for r in view.shown]


async def test_header_counts(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        text = header_text(app)
        assert "6 memories" in text
        assert "index 3 entries (1 packed)" in text
        assert "2 orphans (1 unreachable)" in text
        assert "1 broken link " in text or text.rstrip().endswith("1 broken link")
        assert "1 dangling · 1 fuzzy [[ ]]" in text
        assert "76 qwen tok" in text and "0.2% of 40,960" in text
        rendered = app.query_one(HealthHeader).render_text(app.result, app.palette)
        start = rendered.plain.index("1 unreachable")
        styles = [str(s.style) for s in rendered.spans if s.start == start]
        assert styles == [f"bold {app.palette.error}"]


async def test_each_view_has_its_rows(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        index = app.query_one("#index-view", AuditTable)
        assert keys(index) == ["L1", "L3", "L4", "L5", "L6"]
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        assert keys(files) == [f"memory/{n}.md" for n in
                               ("a", "b", "helper", "lonely", "user-role", "yield-source")]
        await switch(pilot, app, "3")
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: orphans.table.row_count == 2)
        assert keys(orphans) == ["memory/lonely.md", "memory/helper.md"]
        assert orphans.shown[0].cells[0].plain == "unreachable"
        orphans.table.move_cursor(1)  # the cursor row is drawn in the cursor's colours
        painted = {seg.text.strip(): seg.style.color.name
                   for seg in orphans.table.render_line(1) if seg.style and seg.style.color}
        assert painted["unreachable"] == app.palette.error.lower()
        assert orphans.shown[1].cells[3].plain == "yield-source.md"  # memory/ left out
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 1)
        # from the root, as `audit` writes it (newuser26 #7, newuser29 #17)
        assert broken.shown[0].cells[0].plain == "MEMORY.md:6"
        assert broken.shown[0].cells[1].plain == "gone.md"
        await switch(pilot, app, "5")
        tree = app.query_one("#graph-view Tree", Tree)
        await wait_for(pilot, lambda: len(tree.root.children) == 4)
        assert str(tree.root.children[0].label) == "Memories (6)"
        assert str(tree.root.children[1].label) == "Isolated — no links in or out (3)"
        await switch(pilot, app, "6")
        findings = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: findings.table.row_count == 5)
        assert [r.cells[0].plain for r in findings.shown] == [
            "Broken links", "Fuzzy wikilinks", "Orphans", "Orphans", "Dangling wikilinks"]
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text == (workspace / "MEMORY.md").read_text())


async def test_preview_shows_frontmatter_wikilinks_and_age_note(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        files.table.move_cursor(row=keys(files).index("memory/user-role.md"))
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "memory/user-role.md")
        await pilot.pause(0.2)
        title = preview.query_one("#preview-title", Static).content
        assert str(title).startswith("memory/user-role.md  linked from the index")
        body = preview.body
        assert "[yield-source](wikilink:exact:yield-source)" in body.source
        assert "[Yield_Source](wikilink:fuzzy:Yield_Source)" in body.source
        assert "[nobody](wikilink:dangling:nobody)" in body.source
        # one widget draws the body (issue 32 item 17); each wikilink in its state's colour,
        # bold, the dangling one underlined, and none of them clickable
        drawn = {seg.text: seg.style for line in body.drawn().lines for seg in line
                 if seg.style and seg.style.color}
        palette = app.palette
        assert [(drawn[t].color.name, drawn[t].bold, bool(drawn[t].underline),  # type: ignore[union-attr]
                 "@click" in drawn[t].meta) for t in ("yield-source", "Yield_Source", "nobody")] \
            == [(palette.resolved.lower(), True, False, False),
                (palette.fuzzy.lower(), True, False, False),
                (palette.dangling.lower(), True, True, False)]
        colours = {seg.text: seg.style.color.name
                   for y in range(body.size.height) for seg in body.render_line(y)
                   if seg.style and seg.style.color}
        assert (colours["yield-source"], colours["Yield_Source"], colours["nobody"]) == (
            palette.resolved.lower(), palette.fuzzy.lower(), palette.dangling.lower())
        age = str(preview.query_one("#preview-age", Static).content)
        assert age.endswith(age_note(0))
        meta = _plain(preview.query_one("#preview-meta", Static).content)
        assert meta.split("\n")[:3] == ["name          user-role",
                                        "description   the user's role",
                                        "metadata.type user"]


def _plain(renderable: Any) -> str:
    from rich.console import Console

    console = Console(width=80, record=True, file=io.StringIO())
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.export_text().split("\n"))


async def test_enter_on_a_finding_jumps_to_its_line(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        findings = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: findings.table.row_count == 5)
        await pilot.press("down", "up", "enter")
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: (preview.path, preview.line) == ("MEMORY.md", 6))
        await wait_for(pilot, lambda: bool(preview.query(".-target")))


async def test_filter_and_sort_keep_working(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        await pilot.press("slash")
        await wait_for(pilot, lambda: type(app.focused).__name__ == "Input")
        await pilot.press(*"role", "enter")
        assert files.filter_text == "role"
        assert keys(files) == ["memory/user-role.md"]
        files.set_filter("")
        files.sort_by(6)  # tokens, largest first
        tokens = [r.sort[6] for r in files.shown]
        assert tokens == sorted(tokens, reverse=True)
        files.sort_by(6)
        assert [r.sort[6] for r in files.shown] == sorted(tokens)


async def test_new_orphan_appears_live_with_a_notice(workspace: Path) -> None:
    app = open_app(workspace)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: orphans.table.row_count == 2)
        await pilot.pause(0.3)  # the watcher is up
        (workspace / "memory" / "new-note.md").write_text(
            "---\nname: new-note\ndescription: new\nmetadata:\n  type: project\n---\nNew.\n",
            encoding="utf-8")
        await wait_for(pilot, lambda: "memory/new-note.md" in keys(orphans))
        assert app.notice == "memory/new-note.md created — not in the index"
        assert str(app.query_one("#notice", Static).content) == app.notice
        assert "memory/new-note.md" in orphans.marked
        assert "3 orphans (2 unreachable)" in header_text(app)


async def test_deleting_the_index_and_the_memory_folder(workspace: Path) -> None:
    app = open_app(workspace)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        (workspace / "MEMORY.md").unlink()
        await wait_for(pilot, lambda: not app.result.index.exists)
        assert app.notice == "MEMORY.md deleted — the index is empty; nothing is injected"
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: index.has_class("-empty"))
        assert index.table.row_count == 0
        assert "no index" in header_text(app)
        assert "0 qwen tok" in header_text(app)
        await switch(pilot, app, "7")
        await pilot.pause(0.1)
        summary = app.query_one("#block-view .summary", Static)
        await wait_for(pilot, lambda: str(summary.content).startswith(
            "The injected block is empty: 0 tokens."))
        for f in (workspace / "memory").iterdir():
            f.unlink()
        (workspace / "memory").rmdir()
        await wait_for(pilot, lambda: not app.result.files)
        assert "0 memories" in header_text(app)


async def test_themes_switch_and_are_remembered(workspace: Path, tmp_path: Path) -> None:
    app = open_app(workspace, watch=False, theme="memtui-paper")
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.theme == "memtui-paper"
        assert app.palette.error == "#B3261E"
        app.theme = "memtui-night"
        await pilot.pause()
        assert app.palette.error == "#EF6F66"
        app.theme = "dracula"  # a Textual built-in: severities fall back to its colours
        await pilot.pause()
        assert app.theme_variables["severity-error"] == app.theme_variables["error"]
    stored = json.loads((tmp_path / "config" / "config.json").read_text())
    assert stored == {"theme": "dracula"}
    again = open_app(workspace, watch=False)
    assert again.theme == "dracula"


async def test_command_palette_lists_every_action(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        titles = {str(c.title).split("  (")[0]  # "Delete memory  (d)": the key follows
                  for c in app.get_system_commands(app.screen)}
        for title in ("View: Index", "View: Files", "View: Orphans", "View: Broken",
                      "View: Graph", "View: Findings", "View: Block", "Open in $EDITOR",
                      "Toggle preview", "Re-audit", "Choose theme", "Help", "Quit"):
            assert title in titles
        assert "Theme" not in titles  # Textual's, a second "Choose theme" (newuser22 #11)
        # not Textual's key panel, a second help that disagrees with ? (newuser21 #14)
        assert "Keys" not in titles
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen_stack == [app.screen]  # back on the main screen


async def test_every_view_renders_at_80x24(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        for key in "1234567":
            await pilot.press(key)
            await pilot.pause(0.05)
            assert app.export_screenshot()
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.export_screenshot()
        table = app.query_one("#index-view", AuditTable).table
        assert table.size.width <= 80


def test_notice_text_is_plain() -> None:
    assert isinstance(Text("x").plain, str)


async def test_o_opens_the_editor_and_reaudits_on_return(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    editor = tmp_path / "editor.sh"
    editor.write_text('#!/bin/sh\nfor a in "$@"; do f="$a"; done\n'
                      'printf "Now linked: [[lonely]].\\n" >> "$f"\n', encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("VISUAL", str(editor))
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        files.table.move_cursor(row=keys(files).index("memory/user-role.md"))
        await pilot.press("o")
        await wait_for(pilot, lambda: app.audits >= 2)
        assert (workspace / "memory/user-role.md").read_text().endswith(
            "Now linked: [[lonely]].\n")
        assert "2 orphans (0 unreachable)" in header_text(app)


async def test_c_toggles_the_chat_pane_with_the_agent_settings(workspace: Path) -> None:
    from memtui.agent.settings import AgentSettings
    from memtui.tui.chat import ChatPane

    settings = AgentSettings(model="qwen3:14b", host="http://127.0.0.1:9", num_ctx=8192)
    app = open_app(workspace, watch=False, settings=settings)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        slot = app.query_one("#chat-slot")
        assert not slot.display
        await pilot.press("c")
        await wait_for(pilot, lambda: bool(slot.query(ChatPane)) and slot.display)
        pane = slot.query_one(ChatPane)
        assert pane.settings is settings and pane.workspace == app.workspace
        app.action_hide_chat()
        await pilot.pause()
        assert not slot.display


async def test_claude_code_profile_shows_the_load_limit_and_cut_lines(workspace: Path) -> None:
    from memtui.core.audit import AuditOptions

    app = open_app(workspace, watch=False,
                   options=AuditOptions(profile="claude-code", max_lines=4))
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "load limit" in header_text(app)
        assert "6/4 lines · 256/25,000 B · 2 lines never loaded" in header_text(app)
        index = app.query_one("#index-view", AuditTable)
        kinds = {r.key: r.cells[1].plain for r in index.shown}
        assert kinds == {"L1": "heading", "L3": "entry", "L4": "entry", "L5": "cut",
                         "L6": "cut"}
        assert "strike" in str(index.shown[3].cells[2].style)


async def test_mouse_sorts_by_header_and_picks_rows(workspace: Path) -> None:
    from memtui.tui.widgets.row_table import GAP, MARK_WIDTH

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        table = files.table
        # The "Bytes" header: after the mark and the columns before it.
        col = [c.key for c in files.COLUMNS].index("bytes")
        x = MARK_WIDTH + sum(GAP + w for w in table.widths[:col]) + GAP + 1
        await pilot.click("#files-view RowTable", offset=(x, 0))
        assert files.sort_column == col and files.sort_reverse
        sizes = [r.sort[col] for r in files.shown]
        assert sizes == sorted(sizes, reverse=True)
        await pilot.click("#files-view RowTable", offset=(10, 3))  # the third row
        assert table.cursor_row == 2
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == files.shown[2].path)


async def test_a_indexes_the_selected_orphan_and_u_undoes_it(workspace: Path) -> None:
    before = (workspace / "MEMORY.md").read_bytes()
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: keys(orphans)[:1] == ["memory/lonely.md"])
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "AddToIndexScreen")
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: "- [Lonely](memory/lonely.md) — lonely"
                       in (workspace / "MEMORY.md").read_text())
        await wait_for(pilot, lambda: "1 orphan (0 unreachable)" in header_text(app))
        # the notice says how to undo; the audit of memtui's own write does not replace it
        assert app.notice == "MEMORY.md: +1 entry (memory/lonely.md) (u to undo #1)"
        assert keys(orphans) == ["memory/helper.md"]
        await pilot.press("u")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: (workspace / "MEMORY.md").read_bytes() == before)
        await wait_for(pilot, lambda: "2 orphans (1 unreachable)" in header_text(app))


async def test_o_with_an_unparsable_editor_says_so_and_keeps_running(
        workspace: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("VISUAL", 'vim "')  # unbalanced quote: shlex cannot split it
    monkeypatch.setattr(MemtuiApp, "suspend", lambda self: contextlib.nullcontext())
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        files.table.move_cursor(row=keys(files).index("memory/user-role.md"))
        await pilot.press("o")
        await pilot.pause()
        assert [n.message for n in app._notifications] == [
            "cannot open memory/user-role.md in vim \": No closing quotation"]
        assert app.is_running


async def test_the_first_audit_shows_its_progress_in_the_header(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    release = threading.Event()
    real_run = app.auditor.run

    def slow_run(changed: Any = None, progress: Any = None) -> Any:
        progress("reading", 3400, 10000)
        release.wait(10)
        return real_run(changed, progress)

    app.auditor.run = slow_run  # type: ignore[method-assign]
    async with app.run_test(size=(160, 50)) as pilot:
        header = app.query_one(HealthHeader)
        await wait_for(pilot, lambda: "reading 3,400 / 10,000 files" in str(header.content))
        assert "█" * 6 + "▊" in str(header.content)  # 34 % of a 20-cell gauge
        assert app.audits == 0
        release.set()
        await started(pilot, app)
        assert "6 memories" in str(header.content)
        header.progress("reading", 1, 2)  # a late report never hides the result
        assert "6 memories" in str(header.content)


async def test_the_view_on_screen_comes_first_and_the_others_follow(
        workspace: Path, monkeypatch: Any) -> None:
    """A whole audit shows the view on screen as soon as its rows are built; the others'
    rows follow. A view opened before they arrive waits (loading) instead of building
    them on the UI thread, then shows them."""
    import memtui.tui.audit_worker as worker

    release = threading.Event()
    calls: list[set[str] | None] = []
    real = worker.prepare_rows

    def prepare(result: Any, palette: Any, caches: Any = None, only: Any = None,
                pause: Any = None) -> Any:
        calls.append(None if only is None else set(only))
        if only is not None and "index" not in only:
            release.wait(30)  # the rows of the views not on screen: held back
        return real(result, palette, caches, only, pause)

    monkeypatch.setattr(worker, "prepare_rows", prepare)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.shown >= 1 and app.views_ready)
        assert calls[0] == {"index"} and app.audits == 0
        await pilot.press("2")
        await wait_for(pilot, lambda: app.active_view.id == "files-view")
        files = app.active_view
        assert isinstance(files, AuditTable)
        assert files.loading and not files.rows  # not built here: it waits
        release.set()
        await wait_for(pilot, lambda: app.audits >= 1 and not files.loading)
        await pilot.pause()
        # the view switched to first, then the others view by view (newuser27 #6)
        assert calls[1] == {"files"}
        await wait_for(pilot, lambda: set().union(*(c for c in calls[1:] if c)) >= {
            "files", "orphans", "broken", "findings"})
        assert sorted(keys(files)) == sorted(app.result.scans)


def test_give_way_waits_for_a_late_event_loop_and_no_longer() -> None:
    import time

    from memtui.tui.widgets.give_way import MAX_WAIT, GiveWay

    way = GiveWay()
    way.beat()
    way.check()  # the loop just beat: no wait
    assert way.waited == 0.0
    way._last -= 1.0  # the loop is late (drawing, or waiting for the interpreter)
    threading.Timer(0.05, way.beat).start()
    way.check()  # waits for that beat
    assert 0.0 < way.waited < MAX_WAIT
    before = way.waited
    way._last -= 1.0
    start = time.monotonic()
    way.check()  # no beat comes: bounded
    assert time.monotonic() - start >= MAX_WAIT * 0.9
    assert way.waited - before >= MAX_WAIT * 0.9


async def test_the_first_audit_shared_with_the_child_shows_what_the_cli_reports(
        tmp_path: Path, monkeypatch: Any) -> None:
    """The app's counting child scans part of the first audit (here from 5 files on, not
    2,000): the app shows the same findings, files and links as `memtui audit`."""
    import memtui.core.audit as audit_mod
    import memtui.core.scanner.share as share_mod
    from memtui.core.audit import audit
    from tests.core.test_scan_share import workspace as shared_workspace

    monkeypatch.setattr(audit_mod, "SHARE_MIN", 5)
    taken: list[str] = []
    real_take = share_mod.ScanShare.take

    def spy(self: share_mod.ScanShare, rel: str) -> Any:
        got = real_take(self, rel)
        taken.extend([rel] if got is not None else [])
        return got

    monkeypatch.setattr(share_mod.ScanShare, "take", spy)
    ws = shared_workspace(tmp_path / "shared")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        shown = app.result
        assert shown is not None
    cli = audit(ws)
    assert len(taken) == int(len(cli.scans) * share_mod.CHILD_SHARE) > 0  # the child's share
    assert [(f.kind, f.path, f.line, f.message) for f in shown.findings] == \
        [(f.kind, f.path, f.line, f.message) for f in cli.findings]
    assert list(shown.scans) == list(cli.scans)
    assert [(w.source, w.target, w.state) for w in shown.wikirefs] == \
        [(w.source, w.target, w.state) for w in cli.wikirefs]
    assert all(s.tokens for s in shown.scans.values())  # every memory counted after


async def test_an_ansi_theme_falls_back_to_the_default_when_served(
        workspace: Path, tmp_path: Path, monkeypatch: Any) -> None:
    """issue 20 #26: in the browser an ANSI theme drew the header black on black."""
    from memtui.tui.app import DEFAULT_THEME

    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "config.json").write_text('{"theme": "ansi-dark"}')
    assert open_app(workspace, watch=False).theme == "ansi-dark"  # a terminal keeps it
    monkeypatch.setenv("MEMTUI_SERVED", "1")  # set by memtui serve's app process
    for chosen in (None, "ansi-light"):
        app = open_app(workspace, watch=False, theme=chosen)
        async with app.run_test(size=(120, 40)) as pilot:
            await started(pilot, app)
            assert app.theme == DEFAULT_THEME
    # nor can one be picked there: the theme picker (t) offers none
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("t")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"ansi")
        await pilot.pause(0.5)
        options = app.screen.query_one(OptionList)
        offered = [str(options.get_option_at_index(i).prompt)
                   for i in range(options.option_count)]
        assert not any("ansi" in o.casefold() for o in offered), offered
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert app.theme == DEFAULT_THEME


async def test_the_preview_says_an_unknown_age_is_the_mtimes_not_its_own(workspace: Path) -> None:
    """newuser25 #10: files whose modification times are a copy's (all one instant) have an
    unknown age, yet the preview read "(186 days old, by unknown)"; it says what the agent
    is told and why memtui does not trust it."""
    import os
    import time

    for i in range(6):  # ten memories or more: one instant for all is a copy's
        (workspace / "memory" / f"more-{i}.md").write_text(
            f"---\nname: more-{i}\ndescription: more\nmetadata:\n  type: project\n---\nM.\n")
    when = time.time() - 186 * 86400
    for path in [workspace / "MEMORY.md", *(workspace / "memory").iterdir()]:
        os.utime(path, (when, when))
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        report = app.result.file("memory/user-role.md")
        assert report is not None and report.age_source == "unknown"
        await switch(pilot, app, "2")
        view = app.query_one("#files-view", AuditTable)
        view.table.move_cursor(row=keys(view).index("memory/user-role.md"))
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: "agent reads" in str(
            preview.query_one("#preview-age", Static).content))
        age = str(preview.query_one("#preview-age", Static).content)
        assert age.startswith("What the agent reads after this file (told 186 days, by the "
                              "file's modification time, which is a copy's: its real age is "
                              "unknown):\n"), age
        assert "by unknown" not in age
