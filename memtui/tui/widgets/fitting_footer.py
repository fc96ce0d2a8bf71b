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

    def _key(self, spec: KeySpec) -> FooterKey:
        if spec.palette:  # docked on the right, as in Textual's footer
            return FooterKey(spec.key, spec.key_display, spec.description, spec.action,
                             enabled=spec.enabled, tooltip=spec.tooltip,
                             classes="-command-palette")
        key = FooterKey(spec.key, spec.key_display, spec.description, spec.action,
                        enabled=spec.enabled, tooltip=spec.tooltip, compact=self.compact)
        return key.data_bind(compact=FittingFooter.compact)

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
        else:
            specs = self._specs()
            signature = self._signature(specs)
            if self._composed != signature:
                if self._update_in_place(specs):
                    self._composed = signature
                else:
                    await super().recompose()
        self.fit()

    def _update_in_place(self, wanted: list[KeySpec]) -> bool:
        """Give the keys on show the words, state and tooltip ``wanted`` says when they are
        the same keys in the same order (a view switch mostly changes only which keys are
        enabled): no key is removed or mounted, which cost a relayout of the footer and
        ~10 new widgets styled each time (issue 32 item 17). False when they differ."""
        shown = list(self.query_children(FooterKey))

        def same(key: FooterKey, spec: KeySpec) -> bool:
            return (key.key, key.key_display, key.action, key.has_class("-command-palette")
                    ) == (spec.key, spec.key_display, spec.action, spec.palette)
        if len(shown) != len(wanted) or not all(map(same, shown, wanted)):
            return False
        for key, spec in zip(shown, wanted, strict=True):
            tooltip = spec.tooltip or None
            if key.tooltip != tooltip:
                key.tooltip = tooltip
            if key.enabled != spec.enabled:
                key.enabled = spec.enabled
                key.set_class(not spec.enabled, "-disabled")
            if key.description != spec.description:
                key.description = spec.description
                self._widths.pop((id(key), True), None)
                self._widths.pop((id(key), False), None)
                key.refresh(layout=True)
        return True

    def on_resize(self) -> None:
        self.fit()

    def watch_compact(self) -> None:
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
            if key not in kept:
                used += width(key)
                key.display = used <= room
