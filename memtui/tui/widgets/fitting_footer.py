"""A footer that leaves out the keys that do not fit instead of running them under the
command palette key (Textual's footer lets them overflow, half hidden, at 80 columns).

It is Textual's ``Footer`` (its look, its ``compact`` style, its recompose when the
bindings change) with a ``compose`` of its own, built on public names only: the
screen's ``active_bindings``, ``app.get_key_display`` and memtui's ``FooterKey``.
memtui's bindings have no ``Binding.Group``, so groups are shown as single keys."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.widgets import Footer

from memtui.tui.widgets.footer_key import FooterKey


def key_width(key: FooterKey) -> int:
    """The cells ``key`` takes in the footer row, margins included (measured from what it
    renders, so it needs no layout: a footer on a screen under a dialog is fitted too)."""
    margin = key.styles.margin
    return key.render().cell_len + key.styles.gutter.width + margin.left + margin.right


class KeySpec(NamedTuple):
    """What one footer key is made of."""

    key: str
    key_display: str
    description: str
    action: str
    enabled: bool
    tooltip: str
    palette: bool


#: Actions whose keys a narrow footer never leaves out.
ALWAYS = ("help", "quit", "quit_fleet")


class FittingFooter(Footer):
    """Keys are shown in binding order while they fit beside the palette key; the rest
    stay reachable by their keys, the ``?`` help and the command palette."""

    DEFAULT_CSS = """
    FittingFooter {
        FooterKey.-command-palette {
            dock: right;
            padding-right: 1;
            border-left: vkey $foreground 20%;
        }
        &.-compact FooterKey { margin-right: 1; }
        &.-compact FooterKey.-command-palette { margin-right: 0; padding-right: 1; }
    }
    """

    #: What the keys on show were composed from (see `signature`).
    _composed: tuple[object, ...] | None = None

    def signature(self) -> tuple[object, ...]:
        """Everything the keys are made from: the screen's shown bindings (key, words,
        state, tooltip), the extra keys of a focused field, the words a focused widget
        gives an action, the palette key. Textual's footer recomposes on every change of
        bindings (a focus move, a dialog, a view's bindings), which at start-up came to
        15 times in a second and 0.5 s of the screen's CPU; a recompose that would give
        the same keys is skipped."""
        return self._signature(self._specs())

    def _signature(self, specs: list[KeySpec]) -> tuple[object, ...]:
        """The keys ``specs`` (what is shown, and only that: a second binding of an action
        shown, or a field's key the screen shows already, changes nothing) on their screen;
        the screen's bindings are walked once for both (issue 32 item 17)."""
        return (self.screen, tuple(specs))

    def compose(self) -> ComposeResult:
        """The keys; one whose words depend on state (``footer_description`` of a focused
        widget or its ancestors: "clear 3 picked") gets them and comes first."""
        specs = self._specs()
        self._composed = self._signature(specs)
        self._widths: dict[tuple[int, bool], int] = {}
        for spec in specs:
            yield self._key(spec)

    def _specs(self) -> list[KeySpec]:
        """What each key `compose` shows is made of, in order (no widget made)."""
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
        for _, binding, enabled, tooltip in active:  # one key per action, in binding order
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                words = self._described(binding.action)
                if words:
                    stated.append(self._spec(binding, enabled, tooltip, words))
                else:
                    rest.append(self._spec(binding, enabled, tooltip, binding.description))
        palette = self._palette_spec(bindings.get(self.app.COMMAND_PALETTE_BINDING))
        return stated + rest + ([palette] if palette is not None else [])

    def _spec(self, binding: Binding, enabled: bool, tooltip: str, words: str,
              palette: bool = False) -> KeySpec:
        return KeySpec(binding.key, self.app.get_key_display(binding), words, binding.action,
                       enabled, tooltip, palette)

    def _key(self, spec: KeySpec, bound: bool = True) -> FooterKey:
        """A key widget for ``spec``; ``bound``: its compact style follows the footer's by
        a data binding (possible only in the footer's own compose; otherwise
        `watch_compact` hands the style on)."""
        if spec.palette:  # docked on the right, as in Textual's footer
            return FooterKey(spec.key, spec.key_display, spec.description, spec.action,
                             enabled=spec.enabled, tooltip=spec.tooltip,
                             classes="-command-palette")
        key = FooterKey(spec.key, spec.key_display, spec.description, spec.action,
                        enabled=spec.enabled, tooltip=spec.tooltip, compact=self.compact)
        return key.data_bind(compact=FittingFooter.compact) if bound else key

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
        if not self.is_attached:
            return  # its screen is gone (a dialog closed): Textual's own recompose does this
        if self._composed is None:
            await super().recompose()
            self.fit()
        else:
            self.update_keys()

    def update_keys(self) -> None:
        """Show the keys the bindings give now, at once (a view switch calls this so that
        its keys are in the same frame as the view) and on the key widgets already there:
        each is given its new key, words, state and tooltip; only a difference in their
        number mounts or removes one. A recompose removed and mounted ~12 keys, each
        styled anew, and came a frame after the rest of the switch (issue 32 item 17)."""
        if not self.is_attached or self._composed is None:
            return
        specs = self._specs()
        signature = self._signature(specs)
        if self._composed != signature:
            self._update_in_place(specs)
            self._composed = signature
        self.fit()

    def _update_in_place(self, wanted: list[KeySpec]) -> None:
        shown = list(self.query_children(FooterKey))
        keys = [k for k in shown if not k.has_class("-command-palette")]
        palettes = [k for k in shown if k.has_class("-command-palette")]
        plain = [spec for spec in wanted if not spec.palette]
        palette = [spec for spec in wanted if spec.palette]
        for key, spec in (*zip(keys, plain, strict=False),
                          *zip(palettes, palette, strict=False)):  # the shorter of each
            self._give(key, spec)
        extra = keys[len(plain):] + palettes[len(palette):]
        if extra:
            self.remove_children(extra)
        more = [self._key(spec, bound=False) for spec in plain[len(keys):]]
        if more:
            kept = keys[:len(plain)]
            if kept:
                self.mount_all(more, after=kept[-1])
            elif palettes[:len(palette)]:
                self.mount_all(more, before=palettes[0])
            else:
                self.mount_all(more)
        if len(palette) > len(palettes):
            self.mount(self._key(palette[-1], bound=False))
        if more or len(palette) > len(palettes):
            self.call_after_refresh(self.fit)  # the new keys are measured once styled

    def _give(self, key: FooterKey, spec: KeySpec) -> None:
        """``key`` shows ``spec`` (another key, or the same with other words or state)."""
        key.key, key.action = spec.key, spec.action
        tooltip = spec.tooltip or None
        if key.tooltip != tooltip:
            key.tooltip = tooltip
        if key.enabled != spec.enabled:
            key.enabled = spec.enabled
            key.set_class(not spec.enabled, "-disabled")
        if (key.key_display, key.description) != (spec.key_display, spec.description):
            key.key_display, key.description = spec.key_display, spec.description
            self._widths.pop((id(key), True), None)
            self._widths.pop((id(key), False), None)
            key.refresh(layout=True)

    def on_resize(self) -> None:
        self.fit()

    def watch_compact(self, compact: bool) -> None:
        for key in self.query_children(FooterKey):
            if not key.has_class("-command-palette"):
                key.compact = compact  # (the keys `update_keys` mounted have no binding)
        self.call_after_refresh(self.fit)  # once the keys have their compact styles

    def fit(self) -> None:
        """Hide every key from the first one that does not fit; help and quit (the way
        to all the others, and out) always keep their place."""
        keys = list(self.query_children(FooterKey))
        palette = next((k for k in keys if k.has_class("-command-palette")), None)
        kept = [k for k in keys if k is palette or k.action in ALWAYS]
        widths = getattr(self, "_widths", {})  # each key measured once per style

        def width(key: FooterKey) -> int:
            at = (id(key), key.has_class("-compact"))
            if at not in widths:
                widths[at] = key_width(key)
            return widths[at]
        room = self.size.width - sum(width(k) for k in kept)
        used = 0
        for key in keys:
            if key in kept:
                key.display = True  # (a key widget reused for help may have been hidden)
            else:
                used += width(key)
                key.display = used <= room
