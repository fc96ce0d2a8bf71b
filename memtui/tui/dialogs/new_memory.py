"""The new-memory dialog: name (checked as typed), type, description and body."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static, TextArea

from memtui.core.reporting.safe_output import printable
from memtui.core.scanner.memory_file import KNOWN_TYPES
from memtui.edit import memory_ops
from memtui.edit.errors import UsageError
from memtui.edit.memory_ops import NO_DESCRIPTION, slug_problem
from memtui.tui.dialogs.curate_screen import CurateScreen, FormCheckbox

#: Rows of the dialog around its form: title, buttons, border and padding.
CHROME = 10

#: Each app's form, made once and shown again (see `NewMemoryScreen.for_app`).
_FORMS: WeakKeyDictionary[App[Any], NewMemoryScreen] = WeakKeyDictionary()


class NewMemoryScreen(CurateScreen[dict[str, Any]]):
    """Name, type, description and body of a new memory (markdown editor); every field
    labelled, the name checked as it is typed."""

    first_field = True
    # The whole form in sight at 120x40 (newuser22 #4: Body and the checkbox opened
    # scrolled away): the form may take the dialog's height (`fit`), the empty problem
    # and file lines take no rows, the editor 5 rows (the template's 3 lines).
    DEFAULT_CSS = """
    NewMemoryScreen TextArea { height: 5; }
    NewMemoryScreen #file { margin-top: 0; }
    """

    @classmethod
    def for_app(cls, app: App[Any], file_for: Callable[[str, str], str] | None = None
                ) -> NewMemoryScreen:
        """``app``'s form, empty, for ``file_for``: made and mounted at its first use and
        kept (installed) after it closes, then cleared and shown again. Its 30 widgets
        composed, styled and mounted at every ``n`` were ~40 % of the key's CPU (~45 ms
        of 110; issue 32 item 17)."""
        form = _FORMS.get(app)
        if form is None or not app.is_screen_installed(form):
            form = _FORMS[app] = cls(file_for)
            app.install_screen(form, f"memtui-new-memory-{id(form)}")
        else:
            form.clear(file_for)
        return form

    @staticmethod
    def widgets_ahead() -> list[Widget]:
        """A widget of each class the form and its frame show that the main screen has none
        of (``Select`` brings its own parts): mounted hidden once while idle and taken away
        (``build_ahead``), their classes' default CSS is parsed then, not in the first
        ``n`` (~20 ms of its CPU at 120x40)."""
        return [Label(), Select([("project", "project")], value="project", allow_blank=False),
                FormCheckbox(""), Button("")]

    def __init__(self, file_for: Callable[[str, str], str] | None = None) -> None:
        """``file_for(name, type)``: the file the memory will be written to (the folder's
        spelling of the name), shown as the name is typed."""
        super().__init__("New memory")
        self.confirm_label = "Create"
        self.file_for = file_for
        self._said: dict[str, str] = {
            "#problem": "", "#file": "", "#description-problem": ""}  # (all empty, hidden)

    def body(self) -> ComposeResult:
        with VerticalScroll():  # a short terminal scrolls the form, not the buttons away
            yield Label("Name (kebab-case or snake_case; the file is named the folder's way)")
            yield Input(id="name", placeholder="e.g. night-shift")
            yield Static("", classes="error", id="problem", markup=False)
            yield Static("", classes="hint", id="file", markup=False)
            yield Label("Type")
            yield Select([(t, t) for t in KNOWN_TYPES], value="project", allow_blank=False,
                         id="type")
            yield Label("Description (one line: it decides whether the agent opens the file)")
            yield Input(id="description", placeholder="description")
            yield Static("", classes="error", id="description-problem", markup=False)
            yield Label("Body (markdown; Tab leaves the editor)")
            yield TextArea.code_editor(memory_ops.template_body("project"),
                                       language="markdown", id="body", soft_wrap=True,
                                       show_line_numbers=False, tab_behavior="focus")
            yield FormCheckbox("add it to MEMORY.md", value=True, id="index")

    def clear(self, file_for: Callable[[str, str], str] | None) -> None:
        """Every field as a new form has it, the focus on the name, for ``file_for``."""
        self.file_for = file_for
        if not self.is_mounted:
            return  # not composed yet: it will be, empty
        self.query_one("#name", Input).value = ""
        self.say("#problem", "")
        self.say("#file", "")
        self.say("#description-problem", "")
        self.query_one("#type", Select).value = "project"
        self.query_one("#description", Input).value = ""
        self.query_one("#body", TextArea).load_text(memory_ops.template_body("project"))
        self.query_one("#index", Checkbox).value = True
        self.query_one(VerticalScroll).scroll_home(animate=False)
        self.set_focus(self.query_one("#name", Input), scroll_visible=False)

    def say(self, where: str, text: str) -> None:
        """``text`` in the line ``where``; an empty line takes no row. The same text again
        changes nothing (each Input says its value when mounted: a layout of its own)."""
        if self._said.get(where) == text:
            return
        self._said[where] = text
        line = self.query_one(where, Static)
        line.update(text)
        line.display = bool(text)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The editor in sight whole when it gets the focus, its template's labels with it
        (the focus alone scrolls its first row into view)."""
        body = self.query_one("#body", TextArea)
        if event.widget is body:
            self.query_one(VerticalScroll).scroll_to_widget(body, animate=False)

    def on_mount(self) -> None:
        super().on_mount()
        for where in ("#problem", "#file", "#description-problem"):
            self.query_one(where, Static).display = False
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The form may fill the dialog (90% of the screen), not only half the screen."""
        self.query_one(VerticalScroll).styles.max_height = max(
            6, int(self.size.height * 0.9) - CHROME)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "name":
            problem = slug_problem(event.value) if event.value else ""
            self.say("#problem", problem)
            self.show_file()
        elif event.input.id == "description" and event.value.strip():
            self.say("#description-problem", "")

    def show_file(self) -> None:
        """Say which file the name becomes, spelt as the folder spells its memories."""
        name = self.query_one("#name", Input).value.strip()
        shown = ""
        if self.file_for is not None and name and not slug_problem(name):
            with contextlib.suppress(UsageError):
                shown = "file: " + self.file_for(name, str(self.query_one("#type", Select).value))
        self.say("#file", printable(shown))

    def on_select_changed(self, event: Select.Changed) -> None:
        self.show_file()
        area = self.query_one("#body", TextArea)
        body = memory_ops.template_body(str(event.value))
        # (the Select says its value when shown: the template in place is not loaded again)
        if area.text != body and area.text in {memory_ops.template_body(t) for t in KNOWN_TYPES}:
            area.text = body

    def result(self) -> dict[str, Any] | None:
        name = self.query_one("#name", Input).value.strip()
        problem = slug_problem(name)
        try:
            name = memory_ops.check_new_name(name)
        except UsageError as exc:
            problem = str(exc)
        if problem:
            self.say("#problem", problem)
            self.query_one("#name", Input).focus()
            return None
        description = self.query_one("#description", Input).value.strip()
        if not description:  # not written empty, for the audit to flag (newuser23 #9)
            self.say("#description-problem", NO_DESCRIPTION)
            self.query_one("#description", Input).focus()
            return None
        return {"name": name, "type": str(self.query_one("#type", Select).value),
                "description": description,
                "body": without_empty_twins(self.query_one("#body", TextArea).text),
                "index": self.query_one("#index", Checkbox).value}


#: The labels the template body holds empty (`memory_ops.template_body`).
LABELS = ("**Why:**", "**How to apply:**")


def without_empty_twins(body: str) -> str:
    """``body`` without the template's empty label lines whose label another line holds
    with words after it (newuser39 #9: a Why and How typed above the template's left the
    file with a second, empty pair)."""
    lines = body.split("\n")
    filled = {label for label in LABELS for line in lines
              if line.strip().startswith(label) and line.strip() != label}
    if not filled:
        return body
    return "\n".join(line for line in lines if line.strip() not in filled)
