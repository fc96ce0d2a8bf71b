"""Curation dialogs for the app: every write is shown, edited and confirmed first.

Each ``run_*`` coroutine reads the workspace, shows a modal screen, and applies the
resulting changeset (conflict-checked, atomic, journaled) only when the operator confirms.
It returns True when something was written. Run them in a worker, since they wait for the
dialog to be dismissed::

    self.run_worker(curate.run_add_to_index(self, self.workspace, [path]), exclusive=True)

Outcomes are reported with ``app.set_notice(text, error)`` when the app has it, else
``app.notify``. After a write the app's ``start_audit(changed_paths)`` is called when it
has one; a conflict (a file changed on disk) writes nothing, says so, and asks for a full
re-audit (``start_audit(None)``) so the view shows the files as they now are.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar, TypeVar

from rich.syntax import Syntax
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static, TextArea
from textual.widgets.option_list import Option

from memtui.core.memory_file import KNOWN_TYPES
from memtui.core.safe_output import printable
from memtui.core.wording import plural
from memtui.core.workspace import Workspace
from memtui.edit import index_ops, memory_ops
from memtui.edit.apply import apply
from memtui.edit.changeset import Changeset
from memtui.edit.draft import default_fold_label, draft_title, entry_line
from memtui.edit.errors import Refused, UsageError
from memtui.edit.journal import plan_undo, undo
from memtui.edit.snapshot import Snapshot

T = TypeVar("T")
END = "__end__"

CSS = """
CurateScreen { align: center middle; }
CurateScreen > Vertical {
    width: 90%; max-width: 110; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 1 2;
}
CurateScreen .title { text-style: bold; margin-bottom: 1; }
CurateScreen .preview { color: $text-muted; margin: 1 0; }
CurateScreen .buttons { height: auto; margin-top: 1; align-horizontal: right; }
CurateScreen .buttons Button { margin-left: 2; }
CurateScreen VerticalScroll { height: auto; max-height: 50vh; }
CurateScreen TextArea { height: 8; }
CurateScreen .error { color: $error; height: auto; }
CurateScreen .hint { color: $text-muted; margin-top: 1; }
CurateScreen Label { margin-top: 1; }
CurateScreen Label.title, CurateScreen Label.file { margin-top: 0; }
CurateScreen Label.file { text-style: bold; margin-top: 1; }
"""


def _say(app: App[Any], text: str, error: bool = False) -> None:
    notice = getattr(app, "set_notice", None)
    if callable(notice):
        notice(text, error)
    else:
        app.notify(text, severity="error" if error else "information")


async def _ask(app: App[Any], screen: ModalScreen[T]) -> T | None:
    """Push ``screen`` and wait for its dismissal value."""
    loop = asyncio.get_running_loop()
    result: asyncio.Future[T | None] = loop.create_future()

    def done(value: T | None) -> None:
        if not result.done():
            result.set_result(value)

    app.push_screen(screen, done)
    return await result


def _reload(app: App[Any], changed: set[str] | None, own: bool = False) -> None:
    """Ask the app to re-audit (``start_audit(changed)``, None = everything) if it can;
    ``own``: memtui wrote them, and the notice already says what happened."""
    start = getattr(app, "own_write", None) if own else None
    start = start if callable(start) else getattr(app, "start_audit", None)
    if callable(start):
        start(changed)


def _write(app: App[Any], ws: Workspace, changeset: Changeset) -> bool:
    try:
        record = apply(ws, changeset)
    except Refused as exc:
        _say(app, str(exc), error=True)
        _reload(app, None)  # show the files as they now are
        return False
    notes = "; ".join(changeset.notes) if changeset.secrets else ""
    _say(app, f"{changeset.summary} (u to undo #{record['id']})" + (f"; {notes}" if notes else ""))
    _reload(app, set(changeset.paths), own=True)
    return True


def _plan(app: App[Any], ws: Workspace, op: Any, *args: Any, **kwargs: Any) -> Changeset | None:
    try:
        return op(Snapshot.read(ws), *args, **kwargs)
    except (Refused, UsageError) as exc:
        _say(app, str(exc), error=True)
        return None


class CurateScreen(ModalScreen[T]):
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

    def __init__(self, title: str) -> None:
        super().__init__()
        self.heading = title

    def body(self) -> ComposeResult:
        yield from ()

    def compose(self) -> ComposeResult:
        from memtui.tui.fitting_footer import FittingFooter

        with Vertical():
            yield Label(printable(self.heading), classes="title", markup=False)
            yield from self.body()
            if self.danger:
                yield Static(f"Enter presses the focused button; Tab moves to "
                             f"{self.confirm_label}.", classes="hint", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(self.confirm_label, id="confirm",
                             variant=self.confirm_variant)  # type: ignore[arg-type]
        yield FittingFooter()

    first_field = False  # forms start in their first one-line field

    def on_mount(self) -> None:
        if self.danger:
            self.query_one("#cancel", Button).focus()
        elif self.first_field:
            self.query(Input).first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "confirm" and self.danger)

    def footer_description(self, action: str) -> str | None:
        return self.confirm_label if action == "confirm" else None

    def footer_extra(self) -> list[Binding]:
        """Enter in a one-line field answers the dialog: the footer says so, though the
        field's own Enter binding is the one that runs."""
        if self.danger or not isinstance(self.focused, Input):
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


class AddToIndexScreen(CurateScreen[tuple[list[tuple[str, str, str]], str | None]]):
    """Edit each drafted entry's title and hook and choose where the lines go."""

    first_field = True

    def __init__(self, drafts: list[tuple[str, str, str]], headings: list[str],
                 where: str = "at the end of MEMORY.md") -> None:
        """``where``: where the lines go with no heading chosen (as it really is)."""
        super().__init__(f"Add {len(drafts)} memor{'y' if len(drafts) == 1 else 'ies'} "
                         "to MEMORY.md")
        self.drafts = drafts
        self.headings = headings
        self.where = where
        self.confirm_label = "Add"

    def body(self) -> ComposeResult:
        with VerticalScroll():
            for i, (rel, title, hook) in enumerate(self.drafts):
                yield Label(printable(rel), markup=False, classes="file")
                yield Label("Title")
                yield Input(title, id=f"title-{i}", placeholder="title")
                yield Label("Hook (why the agent would open it)")
                yield Input(hook, id=f"hook-{i}", placeholder="hook (why open this memory)")
        yield Label("Where the lines go")
        yield Select([(self.where, END),
                      *((f"under '{h}'", h) for h in self.headings)],
                     value=END, allow_blank=False, id="under")
        yield Static(self.preview(), classes="preview", id="preview", markup=False)

    def entries(self) -> list[tuple[str, str, str]]:
        if not self.is_mounted:
            return self.drafts
        return [(rel, self.query_one(f"#title-{i}", Input).value.strip(),
                 self.query_one(f"#hook-{i}", Input).value.strip())
                for i, (rel, _, _) in enumerate(self.drafts)]

    def preview(self) -> str:
        return printable("\n".join(entry_line(rel, title or rel, hook)
                                   for rel, title, hook in self.entries()), lines=True)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#preview", Static).update(self.preview())

    def result(self) -> tuple[list[tuple[str, str, str]], str | None] | None:
        entries = self.entries()
        if any(not title for _, title, _ in entries):
            self.notify("every entry needs a title", severity="error")
            return None
        under = self.query_one("#under", Select).value
        return entries, (None if under == END else str(under))


class ChoiceScreen(CurateScreen[str]):
    """Pick one of the suggestions, or type a value."""

    def __init__(self, title: str, prompt: str, suggestions: list[str], value: str = "",
                 confirm: str = "Apply") -> None:
        super().__init__(title)
        self.prompt = prompt
        self.suggestions = suggestions
        self.value = value or (suggestions[0] if suggestions else "")
        self.confirm_label = confirm

    def body(self) -> ComposeResult:
        yield Label(printable(self.prompt), markup=False)
        if self.suggestions:
            yield OptionList(*(Option(Text(printable(s)), id=s) for s in self.suggestions),
                             id="suggestions")
        yield Input(self.value, id="value")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one("#value", Input).value = event.option.id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.query_one("#value", Input).value = event.option.id

    def result(self) -> str | None:
        value = self.query_one("#value", Input).value.strip()
        return value or None


#: A memory name the dialog accepts: lowercase words (any script) joined by - or _.
SLUG = re.compile(r"[^\W_A-Z]+(?:[-_][^\W_A-Z]+)*")


def slug_problem(name: str) -> str:
    """Why ``name`` is not a kebab-case or snake_case slug ('' when it is one)."""
    name = name.strip()
    if name.lower().endswith(".md"):
        name = name[:-3]
    if not name:
        return "a name is needed: lowercase words joined by - or _ (e.g. night-shift)"
    if SLUG.fullmatch(name):
        return ""
    hint = re.sub(r"[^\w]+|_+", "-", name.lower()).strip("-")
    suggestion = f" — say '{hint}'" if hint and SLUG.fullmatch(hint) else ""
    return (f"'{name}' is not a slug: use lowercase words joined by - or _ "
            f"(kebab-case or snake_case){suggestion}")


class NewMemoryScreen(CurateScreen[dict[str, Any]]):
    """Name, type, description and body of a new memory (markdown editor); every field
    labelled, the name checked as it is typed."""

    first_field = True

    def __init__(self) -> None:
        super().__init__("New memory")
        self.confirm_label = "Create"

    def body(self) -> ComposeResult:
        with VerticalScroll():  # a short terminal scrolls the form, not the buttons away
            yield Label("Name (kebab-case or snake_case; becomes the file name)")
            yield Input(id="name", placeholder="e.g. night-shift")
            yield Static("", classes="error", id="problem", markup=False)
            yield Label("Type")
            yield Select([(t, t) for t in KNOWN_TYPES], value="project", allow_blank=False,
                         id="type")
            yield Label("Description (one line: it decides whether the agent opens the file)")
            yield Input(id="description", placeholder="description")
            yield Label("Body (markdown; Tab leaves the editor)")
            yield TextArea.code_editor(memory_ops.template_body("project"),
                                       language="markdown", id="body", soft_wrap=True,
                                       show_line_numbers=False, tab_behavior="focus")
            yield Checkbox("add it to MEMORY.md", value=True, id="index")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "name":
            problem = slug_problem(event.value) if event.value else ""
            self.query_one("#problem", Static).update(problem)

    def on_select_changed(self, event: Select.Changed) -> None:
        area = self.query_one("#body", TextArea)
        if area.text in {memory_ops.template_body(t) for t in KNOWN_TYPES}:
            area.text = memory_ops.template_body(str(event.value))

    def result(self) -> dict[str, Any] | None:
        name = self.query_one("#name", Input).value.strip()
        problem = slug_problem(name)
        try:
            name = memory_ops.check_new_name(name)
        except UsageError as exc:
            problem = str(exc)
        if problem:
            self.query_one("#problem", Static).update(problem)
            self.query_one("#name", Input).focus()
            return None
        return {"name": name, "type": str(self.query_one("#type", Select).value),
                "description": self.query_one("#description", Input).value.strip(),
                "body": self.query_one("#body", TextArea).text,
                "index": self.query_one("#index", Checkbox).value}


class ConfirmScreen(CurateScreen[bool]):
    """Show what will happen (lines of text, or a unified diff) and ask for a yes.

    Enter confirms (unless the focus is on Cancel): the focus starts on the scrollable
    details, so without the binding the dialog could only be answered by Tab or mouse.
    A ``danger`` dialog (delete, redact, remove, undo) starts on Cancel instead.
    """

    def __init__(self, title: str, lines: list[str], confirm: str = "Apply",
                 danger: bool = False, diff: str = "") -> None:
        super().__init__(title)
        self.lines = lines
        self.diff = diff
        self.confirm_label = confirm
        self.confirm_variant = "error" if danger else "primary"
        self.danger = danger

    def body(self) -> ComposeResult:
        with VerticalScroll():
            if self.lines:
                yield Static(printable("\n".join(self.lines), lines=True), id="details",
                             markup=False)
            if self.diff:
                yield Static(Syntax(printable(self.diff, lines=True), "diff", word_wrap=True),
                             id="diff")

    def result(self) -> bool:
        return True


# The actions ---------------------------------------------------------------------------


async def run_add_to_index(app: App[Any], workspace: Workspace, paths: list[str]) -> bool:
    """Draft entries for ``paths``, let the operator edit them and place them, then write."""
    snap = Snapshot.read(workspace)
    drafts = []
    for rel in paths:
        mf = snap.memories.get(rel)
        if mf is None:
            _say(app, f"no memory at {rel}", error=True)
            return False
        drafts.append((rel, draft_title(mf), mf.description or ""))
    answer = await _ask(app, AddToIndexScreen(drafts, index_ops.headings(snap),
                                              index_ops.where_entries_go(snap)))
    if answer is None:
        return False
    entries, under = answer
    cs = _plan(app, workspace, index_ops.add_entries, entries, under)
    return cs is not None and _write(app, workspace, cs)


async def run_repoint(app: App[Any], workspace: Workspace, target: str,
                      suggestions: list[str]) -> bool:
    """Repoint links to the broken ``target``; ``suggestions`` come from
    ``BrokenLink.suggestions`` of the audit."""
    new = await _ask(app, ChoiceScreen(f"Repoint links to {target}", "New target:",
                                       suggestions, confirm="Repoint"))
    if new is None:
        return False
    cs = _plan(app, workspace, index_ops.repoint, target, new)
    return cs is not None and _write(app, workspace, cs)


async def run_fold(app: App[Any], workspace: Workspace, paths: list[str]) -> bool:
    """Fold the index entries of ``paths`` into one packed line, with a label; the packed
    lines already there are named (typing one's label folds into that line)."""
    packed = list(dict.fromkeys(ln.title for ln in Snapshot.read(workspace).index.lines
                                if ln.kind == "packed" and ln.title))
    prompt = "Label of the packed line:"
    if packed:  # named, not listed: a list would take the Enter that folds
        prompt += " (or an existing one's, to join it: " + " · ".join(packed[:5]) + \
            (" …" if len(packed) > 5 else "") + ")"
    label = await _ask(app, ChoiceScreen(f"Fold {len(paths)} entries into one line", prompt,
                                         [], default_fold_label(), confirm="Fold"))
    if label is None:
        return False
    cs = _plan(app, workspace, index_ops.fold, paths, label)
    if cs is None:
        return False
    if not await _ask(app, ConfirmScreen(f"Fold {len(paths)} entries into one line?",
                                         [cs.summary, "", "(undo with u)"], diff=cs.diff(),
                                         confirm="Fold")):
        return False
    return _write(app, workspace, cs)


async def run_new_memory(app: App[Any], workspace: Workspace) -> bool:
    """Write a new memory from the editor dialog (and index it when asked)."""
    answer = await _ask(app, NewMemoryScreen())
    if answer is None:
        return False
    cs = _plan(app, workspace, memory_ops.new, answer["name"], answer["type"],
               answer["description"], answer["index"], answer["body"])
    return cs is not None and _write(app, workspace, cs)


async def run_delete(app: App[Any], workspace: Workspace, paths: list[str]) -> bool:
    """Show what deleting ``paths`` does (index lines, links left dangling), then do it."""
    cs = _plan(app, workspace, memory_ops.delete, paths)
    if cs is None:
        return False
    lines = [f"delete {p}" for p in paths]
    lines += [f"edit {c.path}" for c in cs.changes if c.after is not None]
    if cs.notes:
        lines += ["", "links that will dangle:", *cs.notes]
    lines += ["", "(undo with u)"]
    if not await _ask(app, ConfirmScreen(f"Delete {plural(len(paths), 'memory file')}?", lines,
                                         confirm="Delete", danger=True)):
        return False
    return _write(app, workspace, cs)


async def run_undo(app: App[Any], workspace: Workspace) -> bool:
    """Ask, then revert the newest operation not undone yet. When something else has
    written one of its files since, say which before asking, and offer to put back the
    other files only."""
    try:
        plan = plan_undo(workspace)
    except Refused as exc:  # nothing to undo, or an unreadable record: undo stops there
        _say(app, str(exc), error=True)
        return False
    rec = plan.record
    if plan.blocked and not plan.changes:
        what = " and ".join(f"{p} {why}" for p, why in plan.blocked.items())
        _say(app, f"cannot undo #{rec['id']} ({rec['op']}): {what} since", error=True)
        return False
    files = [f"  {f['change']} {f['path']}" for f in rec["files"] if f["path"] not in plan.blocked]
    title, confirm = f"Undo #{rec['id']} {rec['op']}?", "Undo"
    lines = [rec.get("summary", ""), "", *files]
    if plan.blocked:
        title, confirm = f"Undo #{rec['id']} {rec['op']} in part?", "Undo the others"
        lines = [rec.get("summary", ""), "", f"{plan.blocking()}:",
                 *(f"  {p} stays as it is" for p in plan.blocked), "",
                 f"undo the {plan.others()}:", *files]
    if not await _ask(app, ConfirmScreen(title, lines, confirm=confirm, danger=True)):
        return False
    try:
        done = undo(workspace, skip=plan.blocked, expect=plan.id)
    except Refused as exc:
        _say(app, str(exc), error=True)
        _reload(app, None)
        return False
    kept = done.get("undone_except") or []
    _say(app, f"undid #{done['id']} {done['op']}" + (f" except {', '.join(kept)}" if kept else ""))
    _reload(app, {f["path"] for f in done["files"]}, own=True)
    return True


async def run_with_preview(app: App[Any], workspace: Workspace, title: str, op: Any,
                           *args: Any, danger: bool = False) -> bool:
    """Plan ``op(snapshot, *args)``, show its diff, and apply it on confirmation
    (``danger``: it removes something, so the dialog starts on Cancel).

    For the operations that need no input: ``memory_ops.redact`` (path),
    ``memory_ops.fix_wikilinks`` (path or None), ``index_ops.remove_link`` (target),
    ``index_ops.unfold`` (line number).
    """
    cs = _plan(app, workspace, op, *args)
    if cs is None:
        return False
    if not cs:
        _say(app, f"nothing to change ({cs.summary})")
        return False
    if not await _ask(app, ConfirmScreen(title, [cs.summary], diff=cs.diff(),
                                         danger=danger)):
        return False
    return _write(app, workspace, cs)


async def run_rename(app: App[Any], workspace: Workspace, path: str) -> bool:
    """Ask for the new name, then rename the memory and rewrite every link to it."""
    snap = Snapshot.read(workspace)
    mf = snap.memories.get(path)
    if mf is None:
        _say(app, f"no memory at {path}", error=True)
        return False
    new_name = await _ask(app, ChoiceScreen(f"Rename {path}", "New name (file and name:)",
                                            [], mf.key, confirm="Rename"))
    if new_name is None:
        return False
    cs = _plan(app, workspace, memory_ops.rename, path, new_name)
    return cs is not None and _write(app, workspace, cs)
