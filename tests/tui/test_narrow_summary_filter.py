"""Narrow screens (newuser33 #25): a view's summary says all of itself at 80 and 120
columns (its asides go first, then it wraps), and the filter box takes a row only while
the filter is in use."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import Input, Static

from memtui.tui.app import open_app
from tests.core.helpers import memory

from .conftest import wait_for
from .test_app import started, switch


def full_index(root: Path, entries: int = 236) -> Path:
    """A Claude Code folder whose index runs past the 200-line load limit."""
    root.mkdir(parents=True)
    lines = []
    for i in range(entries):
        (root / f"m{i}.md").write_text(memory(f"m{i}", f"fact {i}\n"), encoding="utf-8")
        lines.append(f"- [M{i}](m{i}.md) — fact {i}\n")
    (root / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    return root


def whole(summary: Static) -> str:
    """The summary's whole sentence, whatever part of it its width shows."""
    return str(getattr(summary, "said", summary.content))


def shown_whole(summary: Static) -> str:
    """What the summary shows, after checking that all of it fits its rows."""
    text = summary.content
    text = text if isinstance(text, Text) else Text(str(text))
    width = summary.content_region.width
    assert width > 0
    lines = text.wrap(summary.app.console, width)
    assert len(lines) <= summary.size.height, (str(text), width, summary.size)
    return str(text)


async def test_index_summary_whole_at_80_and_120_columns(tmp_path: Path) -> None:
    root = full_index(tmp_path / "cc")
    for size in ((80, 24), (120, 40), (60, 24)):
        app = open_app(root, watch=False)
        async with app.run_test(size=size) as pilot:
            await started(pilot, app)
            summary = app.query_one("#index-view").query_one(".summary", Static)
            await wait_for(pilot, lambda s=summary: "past the load limit" in whole(s))
            await pilot.pause(0.1)
            said = shown_whole(summary)
            assert "36 non-blank lines past the load limit" in said, (size, said)
            assert said.startswith("236 lines · 236 with links"), (size, said)
            if summary.content_region.width >= 60:  # the short wording keeps one line
                assert summary.size.height == 1, (size, said)
    app = open_app(root, watch=False)
    async with app.run_test(size=(200, 40)) as pilot:  # wide: every word, one line
        await started(pilot, app)
        summary = app.query_one("#index-view").query_one(".summary", Static)
        await wait_for(pilot, lambda: "past the load limit" in str(summary.content))
        await pilot.pause(0.1)
        said = shown_whole(summary)
        assert "(236 hot, 0 packed)" in said and "(struck out)" in said, said
        assert summary.size.height == 1


async def test_filter_box_only_while_in_use(tmp_path: Path) -> None:
    root = full_index(tmp_path / "cc", entries=40)
    app = open_app(root, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        view = app.active_view
        assert view is not None
        box = view.query_one(".filter", Input)
        table = view.body
        assert not box.display and box.size.height == 0  # idle: its row is the list's
        rows_idle = table.size.height
        # "/" shows it and focuses it at once: the keys typed right after are the filter's
        await pilot.press("slash", "m", "1")
        await wait_for(pilot, lambda: box.value == "m1")
        assert box.display and app.focused is box
        await pilot.pause(0.1)
        assert box.size.height == 1 and table.size.height == rows_idle - 1
        await pilot.press("escape")  # back to the list: a filter in use stays shown
        await wait_for(pilot, lambda: app.focused is table)
        await pilot.pause(0.05)
        assert box.display and view.filter_text == "m1"  # type: ignore[attr-defined]
        await pilot.press("escape")  # Esc in the list clears it: the row goes back
        await wait_for(pilot, lambda: not box.display)
        await pilot.pause(0.1)
        assert table.size.height == rows_idle
        await pilot.press("slash")  # Enter, or Esc, with nothing typed hides it again
        await wait_for(pilot, lambda: app.focused is box and box.display)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.focused is table and not box.display)
        await pilot.press("slash")
        await wait_for(pilot, lambda: app.focused is box and box.display)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is table and not box.display)
        await pilot.press("slash", "x", "enter")  # Enter with words: it stays
        await wait_for(pilot, lambda: app.focused is table)
        await pilot.pause(0.05)
        assert box.display and box.value == "x"


def test_short_wordings_keep_styles() -> None:
    from memtui.tui.widgets.summary_line import without_asides, without_breakdown

    text = Text("236 lines · 236 with links (236 hot, 0 packed) · ")
    text.append("36 past the load limit (struck out)", style="yellow")
    short = without_asides(text)
    assert short.plain == "236 lines · 236 with links · 36 past the load limit"
    assert [short.plain[s.start:s.end] for s in short.spans] == ["36 past the load limit"]
    nested = Text("3 suppressed (i (key) shows them) · 2 infos — orphans 2")
    assert without_breakdown(without_asides(nested)).plain == "3 suppressed · 2 infos"
