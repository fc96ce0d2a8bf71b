"""Keys that wait for a dialog or a focus move: the app holds each key until the one
before it has been handled and no dialog it opened is still coming (``KeyGate`` keeps
them), then hands them on in order. Mixed into ``MemtuiApp``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding

#: The keys that move in a view or act on its row, besides the printable ones.
VIEW_KEYS = frozenset({"up", "down", "home", "end", "pageup", "pagedown", "enter", "space"})


class KeyFlow:
    """Mixed into ``MemtuiApp`` (before ``App``, whose ``on_event`` it wraps): needs
    ``keys`` (a ``KeyGate``), ``heap``, ``_ui``, ``_expire_notice``, ``result``,
    ``views_ready`` and the key state ``__init__`` sets (``_key_timer``, ``_dialog_seen``)."""

    _covered_hold: str | None = None  # the hold of keys typed before the first audit
    #: The app shows one workspace's audit, whose views are covered until it is shown
    #: (``MemtuiApp``); the fleet's app has no first audit to wait for.
    waits_for_first_audit: bool = False

    async def on_event(self, event: events.Event) -> None:
        """Textual hands each key to the focused widget's queue at once, and the bindings
        run when the key comes back up to the app: keys typed quickly were all handed to
        the view before the first one's binding moved the focus or opened a dialog. Here a
        key goes on only once the one before it has been handled and no dialog it opened
        is still coming (``KeyGate``); until then it waits, in order."""
        if isinstance(event, (events.Key, events.MouseEvent)):
            self.heap.input_seen()
            if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
                self._expire_notice()  # the operator moved on: before the key's own notice
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self.keys.take(event) or self._before_the_first_audit(event):
                if self._key_timer is None:  # looks again until the dialog is up
                    self._key_timer = self.set_interval(0.03, self._hand_on_keys)
            else:
                await self._pass_key(event)
            return
        await super().on_event(event)

    def _views_covered(self) -> bool:
        """The first audit is not shown yet: the views are covered ("auditing …") and the
        view focused, if any, has no rows."""
        return self.waits_for_first_audit and self.is_running and (
            self.result is None or not self.views_ready)

    def _before_the_first_audit(self, key: events.Key) -> bool:
        """Hold ``key`` when it is for a view and the first audit is not shown yet: no view
        would act on it, and it was lost (`j` typed a second after the first screen never
        moved the Index view's cursor). The app's own keys (`q`, `1`–`8`, `?`) act at
        once; the held ones go on, in order, once the first audit is shown."""
        if not self._views_covered() or key.key in self._app_keys():
            return False
        if self._covered_hold is None:
            self._covered_hold = self.keys.hold(self._views_covered)
        self.keys.held.append(key)
        return True

    def _app_keys(self) -> set[str]:
        """The keys the app's own bindings take (wherever the focus is)."""
        keys: set[str] = set()
        for cls in type(self).__mro__:
            for binding in getattr(cls, "BINDINGS", ()):
                spec = binding.key if isinstance(binding, Binding) else binding[0]
                keys.update(k.strip() for k in spec.split(","))
        return keys

    def _rows_awaited(self, key: events.Key) -> str | None:
        """The view's words when ``key`` is for the view shown and its rows are still being
        built (`AuditWorker`'s ``_rows_coming``: 19,500 orphans take seconds): it has no
        rows to act on, and the key was lost without a word (newuser29 #27: a `G` typed
        while the Orphans view was blank never moved its cursor). The app's own keys act."""
        coming = getattr(self, "_rows_coming", None)
        if not coming or getattr(self, "_shown_pid", None) not in coming or \
                self.screen is not getattr(self, "_ui", None) or key.key in self._app_keys():
            return None
        if not (key.is_printable or key.key in VIEW_KEYS):
            return None
        return (f"{key.key}: not taken — this view's rows are still being built; "
                "press it again once they are shown")

    async def _pass_key(self, key: events.Key) -> None:
        refused = self._rows_awaited(key)
        if refused is not None:
            self.set_notice(refused, True)  # type: ignore[attr-defined]
            return
        target = self.focused or self.screen
        await super().on_event(key)
        if not key.is_forwarded:
            return  # a priority binding took it here
        flying = [True]
        self.keys.expect(lambda: flying[0], at_most=1.0)

        def landed() -> None:
            flying[0] = False
            if self.keys.held:
                self.call_later(self._hand_on_keys)

        _after_handled(self, target, landed)

    async def _hand_on_keys(self) -> None:
        """Hand the held keys on, in order, while nothing is pending (a key handed on may
        move the focus or open a dialog: the rest wait again)."""
        while (key := self.keys.next_key()) is not None:
            await self._pass_key(key)
        if not self.keys.held and self._key_timer is not None:
            self._key_timer.stop()
            self._key_timer = None

    def dialog_pending(self) -> bool:
        """No dialog is up and ready for keys yet: the main screen is on top, or the
        dialog pushed has not mounted and taken its focus (one that takes none within a
        second is taken as ready)."""
        screen = self.screen
        if screen is self._ui:
            return True
        if screen.is_mounted and screen.focused is not None:  # its on_mount chose it
            return False
        seen = self._dialog_seen
        if seen is None or seen[0] is not screen:
            self._dialog_seen = (screen, time.monotonic())
            return True
        return time.monotonic() - seen[1] < 1.0

    def keys_wait_for_dialogs(self) -> str:
        """From now on until ``keys_flow(name)``, keys wait whenever no dialog is up
        (a curation flow between its key and its dialogs, and between two dialogs)."""
        return self.keys.hold(self.dialog_pending)

    def keys_flow(self, name: str) -> None:
        self.keys.release(name)
        if self.keys.held:
            self.call_later(self._hand_on_keys)


def _after_handled(app: App[Any], node: Any, done: Callable[[], None]) -> None:
    """Call ``done`` once a key forwarded to ``node`` has been handled there and wherever
    it bubbled: a callback queued behind it on ``node``, then on each parent in turn, up
    to the app (each queue is in order, so the key is ahead of the callback in each)."""
    def step(at: Any) -> None:
        parent = at.parent
        if at is app or parent is None or not parent.call_later(step, parent):
            done()

    if not node.call_later(step, node):
        done()
