"""A footer that leaves out the keys that do not fit instead of running them under the
command palette key (Textual's footer lets them overflow, half hidden, at 80 columns).

One widget drawing its keys on its one line (issue 32 item 17: 12 key widgets, each
styled, laid out and painted, cost a view switch 10–30 ms of CPU): a key is the key as the
app displays it and what it does ("/ Filter"), in the look of Textual's footer keys (the
same component class names and theme variables); a click on one presses its key, hovering
shows its tooltip. It is Textual's ``Footer`` (its ``compact`` style, its reaction to the
screen's bindings) with keys of its own, built on public names only: the screen's
``active_bindings`` and ``app.get_key_display``. memtui's bindings have no
``Binding.Group``, so groups are shown as single keys."""

from __future__ import annotations

import asyncio
from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer


class KeySpec(NamedTuple):
    """What one footer key is made of."""

    key: str
    key_display: str
    description: str
    action: str
    enabled: bool
    tooltip: str
    palette: bool


class ShownKey(NamedTuple):
    """A key the footer draws: what it is, where (cells from the footer's left edge, its
    width without the gap after it) and its text as drawn."""

    spec: KeySpec
    x: int
    width: int
    text: Text

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def description(self) -> str:
        return self.spec.description

    @property
    def action(self) -> str:
        return self.spec.action

    @property
    def enabled(self) -> bool:
        return self.spec.enabled


#: Actions whose keys a narrow footer never leaves out.
ALWAYS = ("help", "quit", "quit_fleet", "back")  # back: a fleet member's way to the fleet
PALETTE_BORDER = "▏"  # Textual's ``border-left: vkey`` before the palette key


class FittingFooter(Footer):
    """Keys are shown in binding order while they fit beside the palette key; the rest
    stay reachable by their keys, the ``?`` help and the command palette."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer-key--key", "footer-key--description", "footer-key--item",
        "footer-key--hover", "footer-key--border",
    }
    DEFAULT_CSS = """
    FittingFooter {
        layout: vertical;
        .footer-key--item { background: $footer-item-background; }
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .footer-key--border { color: $foreground 20%; }
    }
    """

    #: What the keys on show were made from (see `signature`).
    _composed: tuple[object, ...] | None = None

    def __init__(self, *, id: str | None = None, classes: str | None = None,
                 compact: bool = False) -> None:
        super().__init__(id=id, classes=classes, compact=compact)
        self._specs_shown: list[KeySpec] = []
        self._shown: list[ShownKey] = []
        self._hover: KeySpec | None = None
        #: Each key's text as drawn, by (key, hovered, compact): a view switch fits the
        #: same few keys again (new words for some); cleared when restyled (a theme).
        self._texts: dict[tuple[KeySpec, bool, bool], Text] = {}
        self._keys_coming = False  # asked for again after the next refresh (not yet made)
        #: The line as drawn, by what is on it (see `render`); cleared with `_texts`.
        self._lines: dict[tuple[object, ...], Content] = {}

    def signature(self) -> tuple[object, ...]:
        """Everything the keys are made from: the screen's shown bindings (key, words,
        state, tooltip), the extra keys of a focused field, the words a focused widget
        gives an action, the palette key. Textual's footer recomposes on every change of
        bindings (a focus move, a dialog, a view's bindings), which at start-up came to
        15 times in a second and 0.5 s of the screen's CPU; a change that would give the
        same keys is skipped."""
        return self._signature(self._specs())

    def _signature(self, specs: list[KeySpec]) -> tuple[object, ...]:
        """The keys ``specs`` (what is shown, and only that: a second binding of an action
        shown, or a field's key the screen shows already, changes nothing) on their screen;
        the screen's bindings are walked once for both (issue 32 item 17)."""
        return (self.screen, tuple(specs))

    def compose(self) -> ComposeResult:
        """No child widgets: the keys are drawn by `render`."""
        return iter(())

    def on_mount(self) -> None:  # (Footer's own on_mount subscribes to the bindings)
        self.update_keys()

    def _specs(self) -> list[KeySpec]:
        """What each key shown is made of, in order; one whose words depend on state
        (``footer_description`` of a focused widget or its ancestors: "clear 3 picked")
        gets them and comes first."""
        stated: list[KeySpec] = []
        rest: list[KeySpec] = []
        extra = getattr(self.screen, "footer_extra", None)
        bindings = self.screen.active_bindings  # each call asks every check_action
        active = list(bindings.values())
        shown = {b.key for _, b, _, _ in active if b.show}
        for binding in extra() if callable(extra) else ():
            if binding.key not in shown:  # a key a focused field answers, that it hides
                stated.append(self._spec(binding, True, "", binding.description))
        seen: set[str] = set()
        leaves_out = getattr(self.app, "footer_leaves_out", None)  # keys that cannot act here
        relabel = getattr(self.app, "footer_words", None)  # a key the profile makes another
        shows = getattr(self.app, "footer_shows", None)  # a hidden key the profile offers
        for _, binding, enabled, tooltip in active:  # one key per action, in binding order
            show = binding.show or (callable(shows) and shows(binding.action)
                                    and f"app.{binding.action}" not in seen)
            if show and callable(leaves_out) and leaves_out(binding.action):
                continue
            if show and binding.action not in seen:
                seen.add(binding.action)
                words = self._described(binding.action)
                if words:
                    stated.append(self._spec(binding, enabled, tooltip, words))
                else:
                    words = relabel(binding.action) if callable(relabel) else None
                    rest.append(self._spec(binding, enabled, tooltip,
                                           words or binding.description))
        # the app's keys that act on no row (Theme, Chat, …) after the rest: a narrow
        # footer leaves them out first (newuser23 #1)
        later: frozenset[str] = getattr(self.app, "FOOTER_LATER", frozenset())
        if later:
            rest = [s for s in rest if s.action not in later] + \
                [s for s in rest if s.action in later]
        palette = self._palette_spec(bindings.get(self.app.COMMAND_PALETTE_BINDING))
        return stated + rest + ([palette] if palette is not None else [])

    def _spec(self, binding: Binding, enabled: bool, tooltip: str, words: str,
              palette: bool = False) -> KeySpec:
        return KeySpec(binding.key, self.app.get_key_display(binding), words, binding.action,
                       enabled, tooltip, palette)

    def _palette_spec(self, found: ActiveBinding | None) -> KeySpec | None:
        """The command palette's key (``found``: its binding on the screen, if any)."""
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        if found is None:
            return None
        _, binding, enabled, _ = found
        return self._spec(binding, enabled, binding.tooltip or binding.description,
                          binding.description, palette=True)

    def _described(self, action: str) -> str | None:
        focused = self.screen.focused
        for node in focused.ancestors_with_self if focused is not None else ():
            describe = getattr(node, "footer_description", None)
            if callable(describe):
                words = describe(action)
                if words:
                    return str(words)
        return None

    async def recompose(self) -> None:
        """Textual's footer calls this when the screen's bindings change."""
        self.update_keys()

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Textual's footer asks for its keys again after the next refresh at each change
        of the screen's bindings: three a view switch (the focus leaving, the focus coming,
        the view's keys), each walking the screen's bindings (~1 ms). One asked for and not
        yet made is enough: it reads the bindings as they are by then (a switch: two, not
        three, besides its own in its frame)."""
        if self._keys_coming or not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._keys_coming = True
            self.call_after_refresh(self._after_frame)

    def _after_frame(self) -> None:
        """The frame is drawn: the keys are asked for in the loop's next turn, not in this
        one, so that what came due during the frame (a key, a timer) goes first. Right
        after the first audit's frame (the views uncovered, 25–40 ms of CPU) the keys took
        another 7–10 ms back to back with it: the worst freeze while counting (issue 35)."""
        asyncio.get_running_loop().call_later(0, self._keys_again)

    def _keys_again(self) -> None:
        self._keys_coming = False
        self.update_keys()

    def update_keys(self) -> None:
        """Show the keys the bindings give now, at once (a view switch calls this so that
        its keys are in the same frame as the view): a repaint of this one line, no
        layout, when they differ from those shown."""
        if not self.is_attached:
            return  # its screen is gone (a dialog closed)
        specs = self._specs()
        signature = self._signature(specs)
        if self._composed != signature:
            self._composed = signature
            self._specs_shown = specs
            self.fit()

    @property
    def shown(self) -> list[ShownKey]:
        """The keys drawn now (those that fit), left to right, the palette key last."""
        return list(self._shown)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._texts.clear()
        self._lines.clear()

    def _drawn(self, spec: KeySpec, hover: bool = False) -> Text:
        """``spec`` as one key is drawn (the palette key without its border)."""
        key = (spec, hover, self.compact)
        text = self._texts.get(key)
        if text is None:
            if len(self._texts) > 200:
                self._texts.clear()
                self._lines.clear()
            text = self._texts[key] = self._draw(spec, hover)
        return text

    def _draw(self, spec: KeySpec, hover: bool) -> Text:
        compact = self.compact or spec.palette  # (the palette key is always compact)
        key_style = self.get_component_rich_style("footer-key--key")
        if spec.description:
            words_style = self.get_component_rich_style("footer-key--description")
            text = Text.assemble(
                (spec.key_display if compact else f" {spec.key_display} ", key_style),
                (f" {spec.description}" if compact else f"{spec.description} ", words_style))
        else:
            text = Text(spec.key_display, style=key_style)
        item = self.get_component_rich_style(
            "footer-key--hover" if hover and spec.enabled else "footer-key--item")
        if not spec.enabled:
            item += Style(dim=True)
        text.stylize_before(item)
        return text

    def on_resize(self) -> None:
        self.fit()

    def watch_compact(self, compact: bool) -> None:
        if self.is_attached:
            self.fit()

    def fit(self) -> None:
        """Place the keys: in order while they fit, from the first one that does not fit
        none; help and quit (the way to all the others, and out) always keep their place,
        the palette key the right edge. Compact keys have a cell between them."""
        specs = self._specs_shown
        gap = 1 if self.compact else 0
        drawn = [(spec, self._drawn(spec, spec == self._hover)) for spec in specs]
        palette = next(((s, t) for s, t in drawn if s.palette), None)
        room = self.size.width
        if palette is not None:
            room -= len(PALETTE_BORDER) + palette[1].cell_len + 1
        room -= sum(t.cell_len + gap for s, t in drawn if s.action in ALWAYS and not s.palette)
        used = 0
        shown: list[ShownKey] = []
        x = 0
        full = False
        for spec, text in drawn:
            if spec.palette:
                continue
            if spec.action not in ALWAYS:
                used += text.cell_len + gap
                full = full or used > room
                if full:
                    continue
            shown.append(ShownKey(spec, x, text.cell_len, text))
            x += text.cell_len + gap
        if palette is not None:
            spec, text = palette
            width = len(PALETTE_BORDER) + text.cell_len + 1
            shown.append(ShownKey(spec, self.size.width - width, width, text))
        self._shown = shown
        self.refresh()

    def render(self) -> Content:
        """The line, kept by what is on it: a view switch shows one of a few lines again,
        and Textual would turn a Rich ``Text`` into its ``Content`` afresh each time (~1.5
        ms a switch; issue 32 item 17). The same ``Content`` Textual makes of the text."""
        width = self.size.width
        key = (width, self.compact, self._hover,
               tuple((shown.spec, shown.x, shown.width) for shown in self._shown))
        line = self._lines.get(key)
        if line is None:
            if len(self._lines) > 64:
                self._lines.clear()
            line = self._lines[key] = Content.from_rich_text(self._line(width),
                                                             console=self.app.console)
        return line

    def _line(self, width: int) -> Text:
        line = Text(no_wrap=True, overflow="crop", end="")
        x = 0
        for shown in self._shown:
            if shown.x < x:
                continue  # (narrower than help, quit and the palette key: the palette goes)
            line.append(" " * (shown.x - x))
            if shown.spec.palette:
                line.append(PALETTE_BORDER,
                            self.get_component_rich_style("footer-key--border"))
                line.append_text(shown.text)
                line.append(" ")
            else:
                line.append_text(shown.text)
            x = shown.x + shown.width
        if x < width:
            line.append(" " * (width - x))
        return line

    def _at(self, x: int) -> ShownKey | None:
        return next((k for k in self._shown if k.x <= x < k.x + k.width), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a key presses it, so it does whatever the key does where the focus
        is (a disabled key only rings the bell)."""
        shown = self._at(event.x)
        if shown is None:
            return
        event.stop()
        if shown.enabled:
            self.app.simulate_key(shown.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        shown = self._at(event.x)
        self._hovered(shown.spec if shown is not None else None)

    def on_leave(self, event: events.Leave) -> None:
        self._hovered(None)

    def _hovered(self, spec: KeySpec | None) -> None:
        if spec == self._hover:
            return
        self._hover = spec
        self.tooltip = (spec.tooltip or None) if spec is not None else None
        self.fit()
