"""The ``?`` screen: what each view shows and every key."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

VIEWS = (
    ("1", "Index", "every MEMORY.md line as written: kind, targets (coloured by state), "
     "hook, cost; lines past the load limit are struck out"),
    ("2", "Files", "every memory: whether the index reaches it, findings, type, age and where "
     "the age comes from (fm: a frontmatter date, git: the last commit, mt: the file's "
     "mtime), tokens, size; narrow screens drop the least needed columns"),
    ("3", "Orphans", "memories no index line links; unreachable ones never enter context"),
    ("4", "Broken", "links to files that do not exist, with the closest existing files"),
    ("5", "Graph", "the link graph: pick a memory to see its links, backlinks and "
     "dangling targets; isolated memories and components"),
    ("6", "Findings", "everything the audit found, grouped by kind; Enter jumps to it"),
    ("7", "Block", "the exact text the agent receives every turn, with its token count"),
)

KEYS = (
    ("1 … 7", "switch view"),
    ("↑ ↓ PgUp PgDn", "move; the preview follows the cursor"),
    ("j k g G Home End", "down / up / first / last, in every list (and the focused preview)"),
    ("y", "copy the selected file's full path"),
    ("Enter", "jump: show the file at that line in the preview"),
    ("/", "filter the view: type words; Enter or Esc goes back to the view (the summary "
     "says how many rows match); in the focused preview, search it (Enter: next)"),
    ("Esc", "from the filter or the chat input back to the view (in the chat, it first "
     "cancels a reply that is coming); in a view, clear the picks, then the filter"),
    ("", "while an input has focus, letters, digits and ? are typed into it, not taken "
     "as commands"),
    ("s / S", "sort by the next column / reverse (or click a column header)"),
    ("o", "open the selected file in $EDITOR; the audit refreshes on return"),
    ("p", "show or hide the preview (below 120 columns: in place of the chat)"),
    ("r", "audit again from scratch"),
    ("t", "choose a theme (remembered)"),
    ("c", "chat with the agent (below 120 columns: in place of the preview)"),
    ("space", "pick the row (fold and delete act on every picked row; keys act on the "
     "picks, else on the cursor's row, never on the preview's file)"),
    ("a / A", "add the selected memory to the index / every unreachable one"),
    ("e / X", "repoint / remove the selected broken link (view 4); inside a memory, X "
     "keeps the link's text"),
    ("f / F", "fold the picked entries into a packed line / unfold a packed line"),
    ("R", "rename the selected memory; every link to it follows"),
    ("w", "fix fuzzy wikilinks in the selected memory"),
    ("n", "new memory from a template"),
    ("d", "delete the selected memories (and their index lines)"),
    ("x", "redact the secrets flagged in the selected memory"),
    ("u", "undo the last curation (again for the one before)"),
    ("ctrl+p", "command palette: every action by name"),
    ("?", "this help"),
    ("q", "quit"),
)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "dismiss", "Close")]

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        views = Table.grid(padding=(0, 1))
        views.add_column(style="bold", no_wrap=True)
        views.add_column(style="bold", no_wrap=True)
        views.add_column()
        for key, name, what in VIEWS:
            views.add_row(key, name, what)
        keys = Table.grid(padding=(0, 2))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        for key, what in KEYS:
            keys.add_row(key, what)
        with VerticalScroll():
            yield Static(Text("memtui — the memory of an agent, audited live", style="bold"))
            yield Static(Text("The header shows the health: memories, index entries (hot / "
                              "packed), orphans (unreachable in the error colour), broken "
                              "links, dangling wikilinks and what the injected block costs "
                              "against the context window. Everything updates when files "
                              "change on disk.\n"))
            yield Static(Text("Views", style="bold underline"))
            yield Static(views)
            yield Static(Text("\nKeys", style="bold underline"))
            yield Static(keys)
            yield Static(Text("\nWikilinks in the preview: green resolves, amber only after "
                              "folding case and -/_ (fuzzy), violet names no memory yet "
                              "(dangling). Every curation shows the change before it writes, "
                              "refuses if the file changed meanwhile, and can be undone. "
                              "Esc closes this help."))
