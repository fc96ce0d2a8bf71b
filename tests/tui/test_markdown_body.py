"""The preview's body is one widget drawing markdown (issue 32 item 17: Textual's Markdown
made a widget per block, MEMORY.md ~240): headings, lists, code and links are drawn, each
block keeps its source lines (search, jump to a line), and a link other than a wikilink is
clicked to the file it names."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

from memtui.tui.palette import Palette
from memtui.tui.widgets.markdown_body import KeptStrips, MarkdownBody, split_blocks

TEXT = """# Title

A paragraph with [a link](memory/a.md) and [b](wikilink:exact:b).

- one
- two

3. three

```python
print("code")
```
"""


def test_blocks_keep_their_source_lines() -> None:
    """A list is a block per item (MEMORY.md is mostly one list: a jump or a search marks
    the item); an ordered list keeps its numbers."""
    blocks = split_blocks(TEXT)
    assert [(b.source_range, b.gap) for b in blocks] == [
        ((0, 1), True), ((2, 3), True), ((4, 5), True), ((5, 7), False), ((7, 9), True),
        ((9, 12), True)]
    numbered = split_blocks("3. three\n4. four\n")
    assert [b.tokens[0].attrs.get("start") for b in numbered] == [3, 4]


class BodyApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.clicked: list[str] = []

    def compose(self) -> ComposeResult:
        yield MarkdownBody()

    def on_markdown_body_link_clicked(self, event: MarkdownBody.LinkClicked) -> None:
        self.clicked.append(event.href)


async def test_one_widget_draws_the_blocks_and_a_link_is_clicked() -> None:
    app = BodyApp()
    async with app.run_test(size=(60, 20)) as pilot:
        body = app.query_one(MarkdownBody)
        body.show(TEXT, Palette(resolved="#00ff00"))
        await pilot.pause()
        assert not body.children
        drawn = body.drawn()
        text = ["".join(s.text for s in line) for line in drawn.lines]
        assert any("Title" in t for t in text) and any("print(\"code\")" in t for t in text)
        assert any("• one" in t for t in text) and any("• two" in t for t in text)
        assert body.matches(["two"]) == [3] and body.matches(["paragraph", "link"]) == [1]
        assert any(t.lstrip().startswith("3") and "three" in t for t in text)
        y = next(i for i, t in enumerate(text) if "a link" in t)
        x = text[y].index("a link")
        b = next(s for s in drawn.lines[y] if s.text == "b")
        assert b.style is not None and b.style.color is not None
        assert b.style.color.name == "#00ff00" and "@click" not in b.style.meta
        await pilot.click(MarkdownBody, offset=(text[y].index("b", x + 6), y))
        await pilot.pause()
        assert app.clicked == []  # a wikilink: painted by its state, not clickable
        await pilot.click(MarkdownBody, offset=(x + 2, y))
        await pilot.pause()
        assert app.clicked == ["memory/a.md"]
        body.set_target(2)
        assert body.has_class("-target") and body.block_lines(2)[0] == drawn.starts[2]
        body.set_target(None)
        assert not body.has_class("-target")


async def test_a_mark_draws_its_own_lines_again_and_no_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Marking a block (the preview's jump, each switch to the Index) and its going draw
    that block's lines again, not the body's; a theme change draws them all in its colours
    (issue 32 item 17: every line on screen was made and painted again, twice a jump)."""
    from tests.tui.test_switch_redraws import region_cells

    source = "\n\n".join(f"Paragraph {i} of the body." for i in range(12))
    app = BodyApp()
    async with app.run_test(size=(60, 30)) as pilot:
        body = app.query_one(MarkdownBody)
        body.show(source)
        await pilot.pause(0.2)
        plain = region_cells(app, body)
        made: list[int] = []
        strip = KeptStrips.strip

        def counted(kept: KeptStrips, y: int) -> Any:
            made.append(y)
            return strip(kept, y)

        monkeypatch.setattr(KeptStrips, "strip", counted)
        painted: list[int] = []
        render_line = MarkdownBody.render_line

        def drawn(widget: MarkdownBody, y: int) -> Any:
            painted.append(y)
            return render_line(widget, y)

        monkeypatch.setattr(MarkdownBody, "render_line", drawn)
        body.set_target(3)
        await pilot.pause(0.2)
        start, end = body.block_lines(3)
        assert sorted(set(made)) == list(range(start, end))  # main: every line on screen
        assert sorted(set(painted)) == list(range(start, end))
        marked = region_cells(app, body)
        changed = {row for (row, _), cell in marked.items() if plain[row, _] != cell}
        top = body.region.y
        assert changed == {top + y for y in range(start, end)}  # the mark shows, there only
        made.clear()
        body.set_target(None)
        await pilot.pause(0.2)
        assert sorted(set(made)) == list(range(start, end))
        assert region_cells(app, body) == plain
        made.clear()
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause(0.3)
        assert len(set(made)) == len(body.drawn().lines)  # new colours: every line again
        assert region_cells(app, body) != plain
