"""A memory's markdown body as ONE widget: Rich's markdown rendering of each top-level block
(headings, paragraphs, lists, quotes, code, tables) drawn one under another, with
``wikilink:STATE:name`` links (see ``wiki_markdown``) painted in the theme's colour for
their state and other links clickable.

Textual's ``Markdown`` makes a widget per block (MEMORY.md: ~240), each styled, laid out
and painted at every full-screen layout: 5–60 ms of a view switch's CPU (issue 32 item
17). Here the blocks are parsed once per text and drawn once per width; the body still
knows each block's source lines and drawn lines, for the preview's search and its jump to
a finding's line."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from markdown_it.token import Token
from rich.console import Console, ConsoleOptions
from rich.markdown import Markdown
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from memtui.tui.palette import Palette
from memtui.tui.widgets.blank import virtual_size_laid_once
from memtui.tui.widgets.unrendered_html import HIDDEN, shown_html
from memtui.tui.widgets.wiki_markdown import SCHEME


class Block(NamedTuple):
    """One top-level block, or one item of a top-level list: its source lines
    ``[start, end)`` (0-based, in the text shown), its tokens, and whether a blank line
    comes before it (not between the items of a list)."""

    source_range: tuple[int, int]
    tokens: list[Token]
    gap: bool = True


LISTS = ("bullet_list_open", "ordered_list_open")


def split_blocks(source: str) -> list[Block]:
    """``source`` parsed once (Rich's parser: link references resolve across blocks), in
    top-level blocks; a list in its items (MEMORY.md is mostly one list: search and jumps
    mark the item, not the whole list)."""
    blocks: list[Block] = []
    current: list[Token] = []
    depth = 0
    start = end = 0
    for token in shown_html(Markdown(source).parsed):
        if depth == 0 and token.map:
            start, end = token.map
        current.append(token)
        depth += token.nesting
        if depth <= 0:
            depth = 0
            if current[0].type in LISTS and len(current) > 2:
                blocks.extend(list_items(current))
            else:
                blocks.append(Block((start, max(end, start + 1)), current))
            current = []
    if current:
        blocks.append(Block((start, max(end, start + 1)), current))
    return blocks


def list_items(tokens: list[Token]) -> list[Block]:
    """A top-level list's ``tokens`` as one block per item, each a list of one item (an
    ordered list's numbers kept)."""
    opening, closing = tokens[0], tokens[-1]
    first = int(opening.attrs.get("start", 1) or 1) if opening.type == LISTS[1] else 1
    items: list[Block] = []
    item: list[Token] = []
    depth = 0
    for token in tokens[1:-1]:
        item.append(token)
        depth += token.nesting
        if depth <= 0:
            depth = 0
            head = item[0]
            lines = head.map or opening.map or [0, 1]
            wrap = opening.copy(attrs={**opening.attrs, "start": first + len(items)}) \
                if opening.type == LISTS[1] else opening
            items.append(Block((lines[0], max(lines[1], lines[0] + 1)),
                               [wrap, *item, closing], gap=not items))
            item = []
    return items


class Drawn(NamedTuple):
    """The body drawn at one width: its lines, the first line of each block, each block's
    words (casefolded, for search), the links' targets by number."""

    lines: list[list[Segment]]
    starts: list[int]
    words: list[str]
    hrefs: list[str]


def link_style(style: Style, href: str, palette: Palette, hrefs: list[str]) -> Style:
    """The style of a link's text: a wikilink in its state's colour (not clickable: the
    click colour would hide the state), a broken link in the error colour, HTML that
    rendered markdown hides dimmed (`memtui.tui.widgets.unrendered_html`), another link
    clickable (``@click`` runs the body's ``link`` action with its number)."""
    plain = style.clear_meta_and_links()
    if href == HIDDEN:  # what rendered markdown hides and the agent reads: shown, dimmed
        return plain + Style(dim=True, italic=True)
    if href.startswith(SCHEME):
        state = href[len(SCHEME):].split(":", 1)[0]
        if state == "broken":
            return plain + Style(color=palette.error, bold=True, underline=True)
        colour = {"exact": palette.resolved, "stem": palette.resolved,  # else dangling
                  "fuzzy": palette.fuzzy}.get(state, palette.dangling)
        return plain + Style(color=colour, bold=True, underline=state not in (
            "exact", "stem", "fuzzy"))
    hrefs.append(href)
    return plain + Style.from_meta({"@click": f"link({len(hrefs) - 1})"})


def draw(blocks: list[Block], console: Console, options: ConsoleOptions, palette: Palette,
         code_theme: str) -> Drawn:
    """``blocks`` drawn at ``options.max_width``, a blank line between two."""
    lines: list[list[Segment]] = []
    starts: list[int] = []
    words: list[str] = []
    hrefs: list[str] = []
    for i, block in enumerate(blocks):
        if i and block.gap:
            lines.append([])
        starts.append(len(lines))
        md = Markdown("", code_theme=code_theme, hyperlinks=True)
        md.parsed = block.tokens
        drawn = console.render_lines(md, options, pad=False, new_lines=False)
        for line in drawn:
            out = []
            for seg in line:
                style = seg.style
                if style is not None and style.link:
                    seg = Segment(seg.text, link_style(style, style.link, palette, hrefs))
                out.append(seg)
            lines.append(out)
        words.append(" ".join("".join(s.text for s in line) for line in drawn).casefold())
    return Drawn(lines, starts, words, hrefs)


class KeptStrips:
    """A body's lines as strips at one width and mark, made one by one as drawn."""

    def __init__(self, key: tuple[int, int | None], drawn: Drawn, base: Style,
                 target: tuple[int, int] | None, link: Style | None,
                 mark: Style | None) -> None:
        self.key, self.drawn, self.base = key, drawn, base
        self.target, self.link, self.mark = target, link, mark
        self.lines: dict[int, Strip] = {}  # by line

    @property
    def styles(self) -> tuple[Style, Style | None, Style | None]:
        """The styles its lines are drawn in (the mark's only while one is marked)."""
        return self.base, self.link, self.mark

    def take_unmarked(self, other: KeptStrips) -> None:
        """Keep the lines ``other`` made that neither mark covers: the same drawing, width
        and styles (a mark moved or gone: only its lines change)."""
        if (other.drawn is not self.drawn or other.key[0] != self.key[0]
                or other.base != self.base or other.link != self.link):
            return
        marked = [span for span in (self.target, other.target) if span is not None]
        self.lines.update((y, strip) for y, strip in other.lines.items()
                          if not any(start <= y < end for start, end in marked))

    def strip(self, y: int) -> Strip:
        """Line ``y`` (within the drawing) as drawn."""
        line = self.drawn.lines[y]
        width, link, mark, target = self.key[0], self.link, self.mark, self.target
        if link is not None:  # clickable links in the widget's link style, as Textual
            line = [Segment(seg.text, seg.style + link)  # draws them from `render`
                    if seg.style is not None and "@click" in seg.style.meta else seg
                    for seg in line]
        if mark is not None and target is not None and target[0] <= y < target[1]:
            line = list(Segment.apply_style(line, post_style=mark))
            strip = Strip(line).extend_cell_length(width, mark)
        else:
            strip = Strip(line)
        return strip.crop_extend(0, width, None).apply_style(self.base)


class MarkdownBody(Widget):
    """Use ``show`` to give it a text; ``blocks`` and ``block_lines`` say where each
    top-level block is; ``set_target`` marks one (the preview's search and jumps)."""

    #: Its height changes with each text: one layout places it, no second one.
    virtual_size = virtual_size_laid_once()
    COMPONENT_CLASSES: ClassVar[set[str]] = {"markdown-body--target"}
    DEFAULT_CSS = """
    MarkdownBody { height: auto; }
    MarkdownBody > .markdown-body--target { background: $accent 25%; }
    """

    class LinkClicked(Message):
        """A link other than a wikilink was clicked."""

        def __init__(self, href: str) -> None:
            super().__init__()
            self.href = href

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = ""
        self.blocks: list[Block] = []
        self.palette = Palette()
        self.target: int | None = None  # the block marked
        self._drawn: tuple[tuple[object, ...], Drawn] | None = None
        #: The lines as strips: (width, mark), the drawing they come from, the strips.
        self._kept_strips: KeptStrips | None = None
        self._restyled = False  # restyled since the strips were made: check their styles

    def show(self, source: str, palette: Palette | None = None) -> None:
        """Show ``source`` (parsed now, drawn at the next paint)."""
        self.source = source
        self.blocks = split_blocks(source) if source.strip() else []
        if palette is not None:
            self.palette = palette
        self._drawn = None
        self.set_target(None)
        self.refresh(layout=True)

    # Drawn line by line (Textual's line API), from lines kept per width and mark: a body
    # rendered through ``render`` was drawn whole again into new lines at each refresh,
    # layout or show (3-5 ms a view switch; issue 32 item 17).
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.drawn(width).lines)

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        kept = self._kept_strips
        if kept is not None and self._restyled:
            self._restyled = False
            if kept.styles != self._strip_styles(kept.target is not None):
                kept = self._kept_strips = None  # drawn again in the new colours
        current = self._drawn[1] if self._drawn is not None else None
        if kept is None or kept.key != (width, self.target) or kept.drawn is not current:
            made = self._kept_strips = self._strips(width, self.drawn(width))
            if kept is not None:
                made.take_unmarked(kept)
            kept = made
        strip = kept.lines.get(y)
        if strip is None:
            if not 0 <= y < len(kept.drawn.lines):
                return Strip.blank(width, self.rich_style)
            strip = kept.lines[y] = kept.strip(y)
        return strip

    def notify_style_update(self) -> None:
        """Restyled: the strips are made again at the next paint if their styles changed
        (a theme); a restyle that changes none (the ``-target`` class, which no rule
        names) keeps them (issue 32 item 17: each switch to the Index marks a block)."""
        super().notify_style_update()
        self._restyled = True

    def _strip_styles(self, marked: bool) -> tuple[Style, Style | None, Style | None]:
        return (self.rich_style, self.link_style if self.auto_links else None,
                self.target_style() if marked else None)

    def _strips(self, width: int, drawn: Drawn) -> KeptStrips:
        """The body's lines as strips at ``width``, the marked block's lines marked, each
        made when first drawn: a switch, a mark or a new colour draws the ~40 lines on
        screen, not all of a long file's (MEMORY.md: 5-7 ms a switch to the Index)."""
        target = self.target_lines(drawn)
        base, link, mark = self._strip_styles(target is not None)
        return KeptStrips((width, self.target), drawn, base, target, link, mark)

    def drawn(self, width: int | None = None, console: Console | None = None,
              options: ConsoleOptions | None = None) -> Drawn:
        """The body drawn at ``width`` (default: its content width), kept until the text,
        the width or the theme change."""
        if width is None:  # not laid out yet: the width it will most likely have (its
            # parent's, less its scrollbar: drawn at another, it is drawn again at layout)
            width = self.content_region.width or (
                self.parent.scrollable_content_region.width - self.styles.gutter.width
                if isinstance(self.parent, Widget) else 0)
        width = max(1, width or 80)
        dark = self.app.current_theme.dark
        key = (width, dark, self.palette)
        if self._drawn is None or self._drawn[0] != key:
            console = console or self.app.console
            options = (options or console.options).update(width=width, height=None)
            code_theme = "ansi_dark" if dark else "ansi_light"
            self._drawn = (key, draw(self.blocks, console, options, self.palette, code_theme))
        return self._drawn[1]

    def block_lines(self, index: int, drawn: Drawn | None = None) -> tuple[int, int]:
        """Drawn lines ``[start, end)`` of block ``index`` (at the content width)."""
        drawn = drawn or self.drawn()
        start = drawn.starts[index]
        if index + 1 < len(drawn.starts):
            end = drawn.starts[index + 1] - (1 if self.blocks[index + 1].gap else 0)
        else:
            end = len(drawn.lines)
        return start, max(end, start + 1)

    def target_lines(self, drawn: Drawn) -> tuple[int, int] | None:
        if self.target is None or self.target >= len(drawn.starts):
            return None
        return self.block_lines(self.target, drawn)

    def target_style(self) -> Style:
        return self.get_component_rich_style("markdown-body--target", partial=True)

    def set_target(self, index: int | None) -> None:
        """Mark block ``index`` (None: none); the body has the class ``-target`` while one
        is marked."""
        if index == self.target:
            return
        drawn = self._drawn[1] if self._drawn is not None else None
        width = self.content_size.width
        spans = [self.target_lines(drawn) if drawn is not None else None]
        self.target = index
        spans.append(self.target_lines(drawn) if drawn is not None else None)
        self.set_class(index is not None, "-target")
        kept = self._kept_strips
        if kept is not None and kept.drawn is drawn and kept.key[0] == width:
            # only the lines of the marks, old and new, change (a mark on a long file
            # repainted all its lines on screen, twice a jump: marked, then unmarked)
            for start, end in filter(None, spans):
                self.refresh(Region(0, start, width, end - start))
        else:
            self.refresh()

    def matches(self, words: list[str]) -> list[int]:
        """The blocks holding every one of ``words`` (casefolded)."""
        drawn = self.drawn()
        return [i for i, text in enumerate(drawn.words) if all(w in text for w in words)]

    def action_link(self, number: int) -> None:
        drawn = self._drawn[1] if self._drawn is not None else None
        if drawn is not None and 0 <= number < len(drawn.hrefs):
            self.post_message(self.LinkClicked(drawn.hrefs[number]))
