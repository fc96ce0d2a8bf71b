"""The frame every curation dialog shares: a title, a body, Apply/Cancel buttons, and
``ask``, which pushes a dialog and waits for its answer."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, TypeVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static, TextArea

from memtui.core.reporting.safe_output import printable
from memtui.tui.dialogs.styled_once import StyledOnce

T = TypeVar("T")


class FormCheckbox(Checkbox, inherit_bindings=False):
    """A dialog's checkbox: space toggles it, Enter answers the dialog as in its one-line
    fields (Textual's toggles on Enter too: newuser22 #5, a memory created unindexed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "Toggle", show=False),
    ]

CSS = """
/* Opaque: through a translucent background the screen under the dialog is drawn again at
   each of the dialog's paints (10-25 ms each; issue 32 item 17). Its border frames it.
   It may fill the screen, and scrolls to the field Tab moves to when it is taller (at 80x24
   the add form was cut after its first fields, the buttons unseen: newuser24 #12). */
CurateScreen { align: center middle; background: $background; }
CurateScreen > Vertical {
    width: 90%; max-width: 110; height: auto; max-height: 100%;
    border: thick $primary; background: $surface; padding: 1 2;
    overflow-y: auto;
}
CurateScreen .title { text-style: bold; margin-bottom: 1; }
CurateScreen .preview { color: $text-muted; margin: 1 0; }
CurateScreen .buttons { height: auto; margin-top: 1; align-horizontal: right; }
CurateScreen .buttons Button { margin-left: 2; }
CurateScreen VerticalScroll { height: auto; max-height: 50vh; }
CurateScreen TextArea { height: 8; }
CurateScreen .error { color: $error; height: auto; }
CurateScreen .hint { color: $text-muted; margin-top: 1; }
CurateScreen Label { margin-top: 1; width: 100%; }  /* wraps: cut mid-word at 80 columns */
CurateScreen Label.title, CurateScreen Label.file { margin-top: 0; }
CurateScreen Label.file { text-style: bold; margin-top: 1; }
"""


async def ask(app: App[Any], screen: ModalScreen[T]) -> T | None:
    """Push ``screen`` and wait for its dismissal value."""
    loop = asyncio.get_running_loop()
    result: asyncio.Future[T | None] = loop.create_future()

    def done(value: T | None) -> None:
        if not result.done():
            result.set_result(value)

    with app.batch_update():  # laid out once it is all there (issue 32 item 17)
        await app.push_screen(screen, done)
    answer = await result
    if answer is None or answer is False:  # said, as an answer is (newuser29 #24: a Tab,
        # Enter that cancelled a fold left no trace but a missing journal number)
        notice = getattr(app, "set_notice", None)
        if callable(notice):
            notice(f"cancelled: {printable(getattr(screen, 'heading', 'the dialog'))} — "
                   "nothing was changed")
    return answer


class CurateScreen(StyledOnce, ModalScreen[T]):
    """A dialog with a title, a body, and Confirm / Cancel buttons. Escape cancels; Enter
    confirms (in a one-line field too); the footer says so. ``danger`` dialogs start on
    Cancel and Enter presses only the button that has the focus (a stray Enter from the
    list must not destroy)."""

    DEFAULT_CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "confirm", "Apply"),  # the footer names the dialog's own button
        Binding("tab", "app.focus_next", "Next field"),
    ]
    confirm_label = "Apply"
    confirm_variant = "primary"
    danger = False
    #: A Cancel button beside the dialog's own (a dialog that only shows, History, has one
    #: button: newuser39 #14, "Cancel" and "Close" both closed it).
    cancel_button = True

    def __init__(self, title: str) -> None:
        super().__init__()
        self.heading = title

    def body(self) -> ComposeResult:
        yield from ()

    def compose(self) -> ComposeResult:
        from memtui.tui.widgets.fitting_footer import FittingFooter

        # The first focus goes straight to the widget the dialog starts on (`on_mount`):
        # Textual's own (the first focusable, often the form's scroll container) came first
        # and each move restyles that widget's subtree (issue 32 item 17).
        if self.danger or self.first_field:
            self.AUTO_FOCUS = ""

        with Vertical():
            yield Label(printable(self.heading), classes="title", markup=False)
            yield from self.body()
            hint = self.hint()
            if hint:
                yield Static(hint, classes="hint", markup=False)
            with Horizontal(classes="buttons"):
                if self.cancel_button:
                    yield Button("Cancel", id="cancel")
                yield Button(self.confirm_label, id="confirm",
                             variant=self.confirm_variant)  # type: ignore[arg-type]
        yield FittingFooter()

    first_field = False  # forms start in their first one-line field

    def hint(self) -> str:
        """The line under the body saying where the focus is and what Enter and Tab do,
        or ""."""
        return self.focus_hint() if self.danger else ""

    def focus_hint(self) -> str:
        """Where the focus is, and what Enter and Tab do from there (newuser32 #31: "Enter
        presses Apply; Tab moves to Apply." said neither). Before the first focus: where
        the dialog starts (Cancel for a ``danger`` one, else its details)."""
        focused, confirm = self.focused, self.confirm_label
        on = focused.id if isinstance(focused, Button) else None
        if on is None and focused is None and self.danger:
            on = "cancel"
        if on == "confirm":
            return f"Focus: the {confirm} button — Enter presses {confirm}; Esc cancels."
        if on == "cancel":
            return f"Focus: the Cancel button — Enter cancels; Tab moves to {confirm}."
        if self.danger:  # Enter presses only a focused button here (newuser40 #2: the
            # line promised Apply after Shift+Tab and Enter did nothing)
            return (f"Focus: the details (↑ ↓ scroll) — Enter presses only a button; Tab "
                    f"moves to the {self.tab_from_details()} button.")
        return (f"Focus: the details (↑ ↓ scroll) — Enter presses {confirm}; Tab moves to "
                f"the {confirm} button.")

    def tab_from_details(self) -> str:
        """The button Tab moves to from the details: the next focusable, Cancel first."""
        return "Cancel" if self.cancel_button else self.confirm_label

    def on_descendant_focus(self) -> None:
        """The hint follows the focus."""
        hint = self.hint()
        if hint:
            for line in self.query(".hint").results(Static):
                line.update(hint)

    def on_mount(self) -> None:
        # At once (not after a refresh): keys typed while the dialog opened wait for its
        # focus (the app's KeyGate), and a second, later focus would select what they typed.
        # Not scrolled to: the field is in view, and before the first layout Textual would
        # centre it (the form opened two lines down, its first label hidden).
        if self.danger:
            self.set_focus(self.query_one("#cancel", Button), scroll_visible=False)
        elif self.first_field:
            self.set_focus(self.query(Input).first(), scroll_visible=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # In a markdown editor Enter starts a new line: the footer must not promise it
        # answers the dialog (newuser21 #4; the editor takes the key before the binding).
        if action == "confirm" and isinstance(self.focused, TextArea):
            return False
        return not (action == "confirm" and self.danger)

    def footer_description(self, action: str) -> str | None:
        return self.confirm_label if action == "confirm" else None

    def footer_extra(self) -> list[Binding]:
        """Enter in a one-line field answers the dialog: the footer says so, though the
        field's own Enter binding is the one that runs."""
        if self.danger or not isinstance(self.focused, Input | FormCheckbox):
            return []
        return [Binding("enter", "confirm", self.confirm_label)]

    def result(self) -> T | None:
        raise NotImplementedError

    def action_confirm(self) -> None:
        value = self.result()
        if value is not None:
            self.dismiss(value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a one-line field answers the dialog."""
        event.stop()
        if not self.danger:
            self.action_confirm()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self.action_confirm()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
