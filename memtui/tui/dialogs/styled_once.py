"""A dialog styled once when it opens, not twice (issue 32 item 17).

Textual styles each widget of a new screen as it mounts it, then, when the screen is first
shown (its ``ScreenResume``), works out the styles of every widget again: the same styles,
as nothing changed in between (~10–15 % of opening a form: the New memory form's 30
widgets). A dialog mixing this in skips that second pass on its first showing only; when
shown again (a form kept and reused) the pass runs as before, as the theme may have
changed meanwhile.
"""

from __future__ import annotations

from textual import events


class StyledOnce:
    """Mixed into a ``Screen`` subclass (before it, so its handler runs first)."""

    _shown_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False  # styled as it was mounted, a moment ago
