"""The app at 120×40 and 80×24: every table's state columns and its text column are on
screen without scrolling sideways, the last row is never under a scrollbar, the header keeps
three lines and shows the workspace, and the cursor row is readable in every theme."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.color import Color

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.themes import MIN_CONTRAST, contrast
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.health_header import HealthHeader
from memtui.tui.widgets.preview import MemoryPreview
from memtui.tui.widgets.row_table import RowTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

#: view key → (pane id, columns that must show, the text column and its least width)
MUST_SHOW: dict[str, tuple[str, set[str], str, int]] = {
    "1": ("index", {"line", "kind", "tokens", "title", "targets"}, "hook", 12),
    "2": ("files", {"reach", "findings", "age", "tokens"}, "path", 16),
    "3": ("orphans", {"state", "path"}, "from", 16),
    "4": ("broken", {"source", "target"}, "suggest", 16),
    "6": ("findings", {"kind", "severity", "where"}, "message", 20),
}


def screen_text(app: App[Any]) -> str:
    """What the terminal shows, as plain text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system="truecolor")
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def shown_columns(view: AuditTable) -> dict[str, int]:
    return {c.key: w for c, w in zip(view.COLUMNS, view.table.widths, strict=True) if w}


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_state_and_text_columns_fit_without_scrolling_sideways(
        workspace: Path, size: tuple[int, int]) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=size) as pilot:
        await started(pilot, app)
        for key, (pid, must, text, least) in MUST_SHOW.items():
            await switch(pilot, app, key)
            view = app.query_one(f"#{pid}-view", AuditTable)
            await wait_for(pilot, lambda v=view: v.table.row_count > 0)  # type: ignore[misc]
            await pilot.pause(0.05)
            table = view.table
            shown = shown_columns(view)
            assert must <= set(shown), (key, shown)
            assert shown[text] >= least, (key, shown)
            assert table.virtual_size.width <= table.scrollable_content_region.width, key
            assert not table.show_horizontal_scrollbar, key
            header = "".join(seg.text for seg in table.render_line(0))
            labels = [c.label for c in view.COLUMNS if c.key in shown]
            assert all(label in header for label in labels), (key, header)
        if size[0] >= 120:
            await switch(pilot, app, "1")
            index = app.query_one("#index-view", AuditTable)
            assert "tokens" in shown_columns(index)  # Chars gives way to the hook (item 17)
            preview = app.query_one(MemoryPreview)
            assert preview.display and preview.region.width >= 36
            assert app.query_one("#views").region.width >= 84  # the preview did not starve it
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable).table
        drawn = ["".join(seg.text for seg in files.render_line(y)) for y in range(7)]
        assert "Path (memory/)" in drawn[0]  # the header says it once ...
        assert not any("memory/" in line for line in drawn[1:])  # ... the rows never
        assert any("user-role.md" in line for line in drawn[1:])


async def test_end_and_down_reveal_the_last_row_above_a_horizontal_scrollbar() -> None:
    class Wide(App[None]):
        CSS: ClassVar[str] = "RowTable { height: 1fr; }"

        def compose(self) -> ComposeResult:
            yield RowTable()

    app = Wide()
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(RowTable)
        table.set_columns(["Name", "Text"], [8, 60])  # wider than the screen
        table.set_rows([(f"row {i}", "x" * 60) for i in range(50)])
        table.focus()
        await pilot.pause()
        assert table.show_horizontal_scrollbar
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == 49
        lines = screen_text(app).splitlines()
        assert any(line.startswith("   row 49") for line in lines[:-1]), lines
        await pilot.press("home")
        for _ in range(49):
            await pilot.press("down")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert any(line.startswith("   row 49") for line in lines[:-1]), lines
        await pilot.press("pageup", "pagedown")
        await pilot.pause()
        assert table.cursor_row == 49
        assert any(line.startswith("   row 49") for line in screen_text(app).splitlines()[:-1])


@pytest.mark.parametrize("width", [80, 120, 200])
async def test_the_header_keeps_three_lines_and_shows_the_workspace(
        workspace: Path, width: int) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(width, 30)) as pilot:
        await started(pilot, app)
        header = app.query_one(HealthHeader)

        def lines() -> list[str]:
            content = header.content
            assert isinstance(content, Text)
            return content.plain.split("\n")

        first = lines()
        assert header.region.height == 3 and len(first) == 3
        assert str(workspace) in first[0] or first[0].startswith("memtui …")
        for line in first:
            assert Text(line).cell_len <= header.content_region.width
            assert line.count("(") == line.count(")"), line  # never cut in a parenthesis
        # Counts grow (a new unreachable orphan, a fuzzy link): the height stays.
        for i in range(12):
            (workspace / "memory" / f"new-{i}.md").write_text(
                f"---\nname: new-{i}\ndescription: n\nmetadata:\n  type: project\n---\n"
                "[[Yield_Source]]\n", encoding="utf-8")
        audits = app.audits
        app.start_audit(None)
        await wait_for(pilot, lambda: app.audits > audits)
        await pilot.pause()
        assert header.region.height == 3 and len(lines()) == 3
        assert all(line.count("(") == line.count(")") for line in lines())
        assert app.query_one("#views").region.y == 3


def cursor_pairs(table: RowTable) -> list[tuple[str, Color, Color]]:
    """(text, foreground, background) of every visible cell segment on the cursor row."""
    y = table.cursor_row - int(table.scroll_y) + 1
    out = []
    for seg in table.render_line(y):
        style = seg.style
        if not seg.text.strip() or style is None or style.color is None \
                or style.bgcolor is None:
            continue
        fg = Color(*style.color.get_truecolor())
        bg = Color(*style.bgcolor.get_truecolor())
        out.append((seg.text.strip(), fg, bg))
    return out


@pytest.mark.parametrize("theme", ["memtui-night", "memtui-paper", "textual-dark"])
async def test_the_cursor_row_is_readable_in_every_theme(workspace: Path, theme: str) -> None:
    app: MemtuiApp = open_app(workspace, watch=False, theme=theme)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        assert app.theme == theme
        await switch(pilot, app, "3")  # Orphans: "unreachable" in the error colour
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: orphans.table.row_count == 2)
        await pilot.pause(0.1)
        table = orphans.table
        focused = cursor_pairs(table)
        assert any(text == "unreachable" for text, _, _ in focused)
        for text, fg, bg in focused:
            assert contrast(fg, bg) >= MIN_CONTRAST, (theme, text, fg.hex, bg.hex)
        await pilot.press("slash")  # the table loses the focus: the blurred cursor
        await wait_for(pilot, lambda: not table.has_focus)
        await pilot.pause(0.05)
        blurred = cursor_pairs(table)
        assert blurred and blurred != focused
        for text, fg, bg in blurred:
            assert contrast(fg, bg) >= MIN_CONTRAST, (theme, "blurred", text, fg.hex, bg.hex)


def test_contrast_is_wcag() -> None:
    black, white = Color(0, 0, 0), Color(255, 255, 255)
    assert round(contrast(black, white), 1) == 21.0
    assert contrast(white, white) == 1.0
    assert round(contrast(Color(0x77, 0x77, 0x77), white), 2) == 4.48  # WCAG's own example


LONG_STEM = "feedback_keep_changelog_for_every_release"


def claude_code_folder(root: Path) -> Path:
    """A flat Claude Code memory folder whose memories are named by their stems."""
    root.mkdir()
    stems = [LONG_STEM, "feedback_keep_commits_small_and_focused", "project_release_train"]
    lines = ["# Memory", ""]
    for s in stems:
        (root / f"{s}.md").write_text(f"---\nname: {s}\ndescription: {s}\ntype: feedback\n"
                                      f"---\nA rule about {s}.\n", encoding="utf-8")
        lines.append(f"- [{s.split('_', 1)[1].replace('_', ' ').capitalize()}]({s}.md) — "
                     "why it matters and when it applies, in a hook people read")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def drawn_rows(table: RowTable, n: int) -> list[str]:
    return ["".join(seg.text for seg in table.render_line(y)) for y in range(n)]


async def test_at_120x40_the_width_goes_to_the_text_people_read(tmp_path: Path) -> None:
    """Issue 20, item 17: with the preview open, the hook gets room (the character count
    gives way), a Name equal to every stem is not shown, and paths are cut in the middle so
    that their distinct ends stay, on the cursor row too."""
    folder = claude_code_folder(tmp_path / "memory")
    app = open_app(folder, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.query_one(MemoryPreview).display
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: index.table.row_count > 0)
        shown = shown_columns(index)
        assert shown["hook"] >= 20 and shown["targets"] >= 18, shown
        assert "chars" not in shown, shown  # it gave way to the hook
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 3)
        await pilot.pause(0.05)
        shown = shown_columns(files)
        assert "name" not in shown, shown  # every name is its file's stem
        assert shown["path"] >= 24, shown
        rows = drawn_rows(files.table, 4)
        assert "Name" not in rows[0]
        long_row = next((r for r in rows[1:] if "release.md" in r and "feedback_" in r), "")
        assert "…" in long_row, rows  # cut in the middle: its end stays
        files.table.move_cursor(next(i for i, r in enumerate(files.shown)
                                     if r.key.startswith(LONG_STEM)))
        await pilot.pause(0.05)
        assert any("release.md" in r for r in drawn_rows(files.table, 4)[1:])  # cursor row
        # One memory named otherwise: the column is back, the others say "=".
        (folder / "project_other.md").write_text(
            "---\nname: Another name\ndescription: d\ntype: project\n---\nBody.\n",
            encoding="utf-8")
        audits = app.audits
        app.start_audit(None)
        await wait_for(pilot, lambda: app.audits > audits and files.table.row_count == 4)
        await pilot.pause(0.05)
        assert "name" in shown_columns(files)
        col = [c.key for c in files.COLUMNS].index("name")
        names = {r.key: str(r.cells[col]) for r in files.shown}
        assert names["project_other.md"] == "Another name"
        assert names[f"{LONG_STEM}.md"] == "="
