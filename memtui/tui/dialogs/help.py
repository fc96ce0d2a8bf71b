"""The ``?`` screen: what each view shows and every key."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from memtui.tui.dialogs.styled_once import StyledOnce

#: What each view shows, by pane id (the views and their keys come from the app).
VIEW_HELP = {
    "index": "every MEMORY.md line as written: kind, targets (coloured by state), hook, "
             "cost; lines past the load limit are struck out",
    # the column heads ! = — explained here, not only in docs/app.md (newuser22 #32)
    "files": "every memory: whether the index reaches it (Index), its findings (!: how "
             "many), name (=: the file's stem, —: none; left out when every name is the stem), "
             "type (—: none given), age and where the age comes from (fm: a frontmatter "
             "date, git: the last commit, mt: the file's mtime, nam: a daily note's name; "
             "? unk: unknown, the mtimes are a copy's), tokens, size; narrow screens drop "
             "the least needed columns",
    "orphans": "memories no index line links; unreachable ones never enter context (Name "
               "=: the file's stem, —: none)",
    "broken": "links to files that do not exist (or to folders), with the closest existing "
              "files",
    "graph": "the link graph: pick a memory to see its links, backlinks and dangling "
             "targets; isolated memories and components",
    "findings": "everything the audit found, grouped by kind; Enter jumps to it",
    "block": "the exact text the agent receives every turn, with its token count",
    "trend": "the health of the workspace over its git history, one row per commit",
}

#: The longer word on what a bound action does (else the binding's own description).
KEY_HELP = {
    "show_view": "switch view",
    "cursor_down": "move; the preview follows the cursor (j / k too, in every list and "
                   "view)",
    "first": "first / last row, in every list and view (and the focused preview)",
    "copy_path": "copy the selected file's full path",
    "select": "jump: show the file at that line in the preview",
    "leave_input": "from the filter or the chat input back to the view (in the chat, it "
                   "first cancels a reply that is coming)",
    "clear": "in a list: clear the picks, else the filter",
    # The Block view's and the preview's own / and Esc: said, not their bare labels joined
    # to the rows of the same keys (newuser30 #10: "…, else the filter; Close search").
    "search": "in the Block view: search it",
    "close_search": "in a search: close it",
    "focus_filter": "filter the view: type words; Enter or Esc goes back to the view (the "
                    "summary says how many rows match); in the focused preview, search it "
                    "(Enter: next)",
    "toggle_suppressed": "show or hide the findings the configuration or an inline comment "
                         "suppressed, and those a --baseline accepts",
    "toggle_accepted": "with memtui PATH --baseline FILE: show or hide, beside the new "
                       "findings, those the baseline accepts (the header counts the new)",
    "back": "back to the fleet screen (from an input: back to the view first)",
    "sort_next": "sort by the next column (or click a column header)",
    "sort_reverse": "reverse the sort",
    "open_editor": "open the selected file in $EDITOR; the audit refreshes on return",
    "toggle_preview": "show or hide the preview (below 176 columns: in place of the chat)",
    "reaudit": "audit again from scratch, with .memtui.toml read again",
    "choose_theme": "choose a theme (remembered)",
    "toggle_chat": "chat with the agent: open the chat, or put the focus in its input "
                   "(below 176 columns: in place of the preview)",
    "hide_chat": "hide the chat pane (the conversation stays)",
    "pick": "pick the row (fold and delete act on every picked row; keys act on the picks, "
            "else on the cursor's row, never on the preview's file)",
    "pick_all": "pick every row the filter shows (again: unpick them), e.g. filter Cold "
                "in Index, *, then v archives them all",
    "open_other": "in Findings: open the other side of the selected finding (the file it "
                  "names besides its own, as o opens its own) in $EDITOR",
    "add_to_index": "add the selected memory to the index",
    "add_unreachable": "add every unreachable memory to the index",
    "repoint": "repoint the selected broken link (view 4): pick the new target from every "
               "memory, typed to filter",
    "remove_link": "remove the selected broken link; inside a memory, keep its text; in "
                   "the Index view, the line's link and its entry",
    "fold": "fold the picked entries into a packed line",
    "unfold": "unfold a packed line",
    "rename": "rename the selected memory; every link to it follows",
    "fix_wikilinks": "fix fuzzy wikilinks in the selected memory",
    "new_memory": "new memory from a template",
    "delete": "delete the selected memories (and their index lines)",
    "archive": "archive the selected memories: moved into _archive/ beside them, their "
               "index lines dropped (kept, no longer loaded; u undoes it)",
    "redact": "redact every secret flagged in the selected memory (on an index line: all "
              "of MEMORY.md's); memtui keeps no copy, so a redaction cannot be undone",
    "undo": "undo the last operation: a curation, or one write of the chat agent (again "
            "for the one before)",
    "show_history": "history: the journal's newest operations, the one u undoes next "
                    "marked (memtui history PATH lists them all)",
    "undo_turn": "undo every write of the chat agent's last turn as one step, after a "
                 "confirmation (a file changed since is named and kept)",
    "help": "this help",
    "quit": "quit",
    # the chat pane's own keys
    "cancel": "cancel a reply that is still coming (none coming: back to the view)",
    "new_chat": "start a new chat (after a confirmation)",
    "recall": "recall an earlier / a later message into the input",
    "focus_in_pane": "go round the pane: input, log (arrows, PgUp/PgDn scroll it), model "
                     "picker; Esc leaves the chat",
}

#: Keys no binding of the app carries (the palette, typing).
EXTRA_KEYS = (
    ("", "while an input has focus, letters, digits and ? are typed into it, not taken as "
     "commands; so is every letter while the chat has focus"),
    ("ctrl+p", "command palette: every action by name"),
)

#: Actions the help leaves out: the other halves of a row's pair, and the Block and Graph
#: views' own moves on j / k / g / G (home / end), which the two rows of the lists' moves
#: say for every view (newuser23 #3: they were three stray rows, one saying "end: First").
_SKIP = {"cursor_up", "page_up", "page_down", "last", "dismiss", "move", "cursor",
         "cursor_to", "scroll_top", "scroll_bottom"}


def own(klass: type[object]) -> bool:
    """Whether ``klass`` is memtui's (not Textual's, whose bindings the help leaves out)."""
    return klass.__module__.split(".", 1)[0] == "memtui"


def key_rows(app: App[object], classes: Iterable[type[object]],
             changed: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(keys, what they do) from the BINDINGS of ``classes`` (the app's first), one row per
    action, in binding order: the help cannot fall behind the keys. Textual's own bindings
    (its scrolling, ``ctrl+c``) are left out, but for another key of an action memtui binds
    (``ctrl+q``: quit); a key that does two things (Esc) is one row saying both."""
    keys: dict[str, list[str]] = {}
    words: dict[str, str] = {}
    chains = [list(reversed(type.mro(cls))) for cls in classes]  # type: ignore[arg-type]
    bound = {b.action.removeprefix("app.").split("(", 1)[0]
             for chain in chains for klass in chain if own(klass)
             for b in Binding.make_bindings(vars(klass).get("BINDINGS", ()))}
    for chain in chains:
        for klass in chain:
            for b in Binding.make_bindings(vars(klass).get("BINDINGS", ())):
                action = b.action.removeprefix("app.").split("(", 1)[0]
                if action in _SKIP or action not in bound:
                    continue
                shown = keys.setdefault(action, [])
                key = app.get_key_display(b)
                if key not in shown:
                    shown.append(key)
                if own(klass):
                    words.setdefault(action, (changed or {}).get(action) or KEY_HELP.get(
                        action, b.description))
    rows: dict[str, str] = {}
    for action, shown in keys.items():
        if action == "show_view" and len(shown) > 2:
            label = f"{shown[0]} … {shown[-1]}"
        elif action == "cursor_down":
            label = "↑ ↓ PgUp PgDn j k"
        elif action == "first":
            label = "g G Home End"
        else:
            label = " / ".join(shown)
        said = words[action]
        rows[label] = f"{rows[label]}; {said}" if label in rows and said not in rows[label] \
            else rows.get(label, said)
    return list(rows.items())


def answer_rows() -> list[tuple[str, str]]:
    """The keys of the agent's question (the approval card), which reads them itself rather
    than through BINDINGS: one row each from its own table, and one on how it waits."""
    from memtui.tui.chat.approval_card import ANSWER_HELP, KEYS, WAITING_HELP

    return [*((key, ANSWER_HELP[decision]) for key, decision in KEYS.items()),
            ("", WAITING_HELP)]


class DrawnOnce:
    """``renderable`` drawn once per width and kept: the help is one widget (not one per
    part) whose tables are not measured again at each of a dialog's 3–4 layouts (issue 32
    item 17)."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._lines: tuple[int, list[list[Segment]]] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self._lines is None or self._lines[0] != options.max_width:
            self._lines = (options.max_width, console.render_lines(
                self.renderable, options.update(height=None), pad=False))
        new_line = Segment.line()
        for line in self._lines[1]:
            yield from line
            yield new_line


def help_footer() -> Widget:
    """The help's footer: how to close it and move in it, on its last line (newuser40 #16: the
    last line was empty, "Esc closes this help." the last sentence after ~80 lines)."""
    from memtui.tui.widgets.fitting_footer import FittingFooter

    return FittingFooter()


class HelpScreen(StyledOnce, ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
        Binding("j,down", "scroll('down')", "Down", show=False),
        Binding("k,up", "scroll('up')", "Up", show=False),
        Binding("g,home", "scroll('home')", "Top", show=False),
        Binding("G,end", "scroll('end')", "Bottom", show=False),
    ]

    def action_scroll(self, where: str) -> None:
        """j / k / g / G move the help as in every list."""
        box = self.query_one(VerticalScroll)
        {"down": box.scroll_down, "up": box.scroll_up, "home": box.scroll_home,
         "end": box.scroll_end}[where](animate=False)

    DEFAULT_CSS = """
    /* Opaque, as the curation dialogs (see curate_screen.CSS). */
    HelpScreen { align: center middle; background: $background; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, views: Iterable[tuple[str, str]] = (),
                 classes: Iterable[type[object]] = (), chat: type[object] | None = None,
                 words: dict[str, str] | None = None) -> None:
        """``views``: (pane id, title) in key order; ``classes``: whose BINDINGS the keys
        are (the app and its views); ``chat``: the chat pane's class, whose keys get their
        own table (None: no chat); ``words``: what a key does under the folder's profile,
        by action, in place of its usual words (``d`` under hermes)."""
        super().__init__()
        self.words = dict(words or {})
        self.views = list(views)
        self.binding_classes = list(classes)
        self.chat_class = chat

    def compose(self) -> ComposeResult:
        views = Table.grid(padding=(0, 1))
        views.add_column(style="bold", no_wrap=True)
        views.add_column(style="bold", no_wrap=True)
        views.add_column()
        for i, (pid, name) in enumerate(self.views, start=1):
            views.add_row(str(i), Text(name), Text(VIEW_HELP.get(pid, "")))
        keys = Table.grid(padding=(0, 2))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        # Text, not markup (newuser30 #10: "under [agent] in .memtui.toml" lost its [agent])
        for key, what in [*key_rows(self.app, self.binding_classes, self.words),
                          *EXTRA_KEYS]:
            keys.add_row(Text(key), Text(what))
        parts: list[RenderableType] = [
            Text("memtui — the memory of an agent, audited live", style="bold"),
            Text("The header shows the health: memories, index entries (packed lines apart), "
                 "orphans (unreachable in the error colour), broken links, dangling wikilinks "
                 "and what the injected block costs against the context window. Everything "
                 "updates when files change on disk.\n"),
            Text("Views", style="bold underline"), views,
            Text("\nKeys", style="bold underline"), keys]
        if self.chat_class is not None:
            chat = Table.grid(padding=(0, 2))
            chat.add_column(style="bold", no_wrap=True)
            chat.add_column()
            for key, what in [*key_rows(self.app, [self.chat_class]), *answer_rows()]:
                chat.add_row(Text(key), Text(what))
            parts += [Text("\nIn the chat (c)", style="bold underline"), chat]
        parts.append(Text("\nWikilinks in the preview: green resolves, amber only after "
                          "folding case and -/_ (fuzzy), violet names no memory yet "
                          "(dangling). Every curation shows the change before it writes, "
                          "refuses if the file changed meanwhile, and can be undone, but a "
                          "redaction (memtui keeps no copy of a credential). "
                          "Esc closes this help."))
        with VerticalScroll():
            yield Static(DrawnOnce(Group(*parts)))
        yield help_footer()


#: What the fleet screen's actions do, in its own words.
FLEET_KEY_HELP = {
    "open": "open the workspace in the usual app (its Esc comes back here)",
    "filter": "filter the workspaces by path; Enter or Esc goes back to the table",
    "clear_filter": "clear the filter",
    "sort": "sort by the next column",
    "reverse": "reverse the sort",
    "reaudit": "audit every workspace again",
    "quit_fleet": "quit",
    "help": "this help",
    "cursor_down": "down (↓ too; PgDn a page)",
    "cursor_up": "up (↑ too; PgUp a page)",
    "scroll_top": "first row (Home too)",
    "scroll_bottom": "last row (End too)",
}


class FleetHelpScreen(HelpScreen):
    """The fleet screen's ? help: one row per binding of the fleet and of its table (their
    own BINDINGS, not Textual's underneath), so it cannot fall behind either."""

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 2))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        for cls in self.binding_classes:
            for b in Binding.make_bindings(vars(cls).get("BINDINGS", ())):
                action = b.action.split("(", 1)[0]
                keys.add_row(Text(self.app.get_key_display(b)),
                             Text(FLEET_KEY_HELP.get(action, b.description)))
        with VerticalScroll():
            yield Static(DrawnOnce(Group(
                Text("memtui --fleet — every workspace under the folder, audited live",
                     style="bold"),
                Text("One row per workspace: its exit status, its counts and its unreachable "
                     "memories over the last commits. Rows update when files change on "
                     "disk.\n"),
                Text("Keys", style="bold underline"), keys,
                Text("\nEsc closes this help."))))
        yield help_footer()
