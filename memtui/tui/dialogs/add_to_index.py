"""The add-to-index dialog: edit each drafted entry and choose where the lines go. On an
index at its load limit it also says, as the entries and their place change, which loaded
lines the addition pushes past the limit (and which new entries land there): nothing
leaves the loaded block without the operator seeing it before Apply."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Label, Log, Select, Static

from memtui.core.reporting.safe_output import printable
from memtui.core.workspace import in_archive
from memtui.edit.draft import entry_line, plain
from memtui.edit.index_ops import BY_TYPE
from memtui.edit.load_limit import PastLimit
from memtui.tui.dialogs.curate_screen import CurateScreen

END = "__end__"
#: Above this many entries the form is one confirmation: the drafted lines in one scrolled
#: preview, no title and hook fields (newuser22 #44: 667 orphans made 1,334 fields, ~3
#: minutes before the form showed; the CLI drafts the same lines in a second).
MANY = 30
#: Lines pushed out listed at most (then "and N more").
SHOWN_PUSHED = 8

Entries = list[tuple[str, str, str]]

class AddToIndexScreen(CurateScreen[tuple[list[tuple[str, str, str]], str | int | None]]):
    """Edit each drafted entry's title and hook and choose where the lines go."""

    DEFAULT_CSS = """
    AddToIndexScreen #lines { height: auto; max-height: 35vh; margin-top: 1;
                              color: $text-muted; background: transparent; }
    """

    first_field = True

    def __init__(self, drafts: list[tuple[str, str, str]], headings: list[str],
                 where: str = "at the end of MEMORY.md", under: str | None = None,
                 past_limit: Callable[[Entries, str | int | None], PastLimit] | None = None,
                 limit: str = "the load limit", clashes: dict[str, str] | None = None,
                 inside: int | None = None, left_out: str = "") -> None:
        """``where``: where the lines go with no heading chosen (as it really is);
        ``under``: the heading chosen at first (the section of the memories' type);
        ``past_limit``: what the entries placed there push past ``limit`` (words);
        ``clashes``: why a memory's drafted title is not the one its name gives;
        ``inside``: a line among the loaded ones, offered and chosen at first when
        ``where`` or ``under`` would land the entries past the limit (newuser23 #35);
        ``left_out``: which memories the key left out, and why (newuser26 #34)."""
        super().__init__(f"Add {len(drafts):,} memor{'y' if len(drafts) == 1 else 'ies'} "
                         "to MEMORY.md")
        self.drafts = drafts
        self.headings = headings
        self.where = where
        self.under: str | int | None = under if under in headings or under == BY_TYPE \
            else None
        self.inside = inside
        self.left_out = left_out
        if inside is not None:
            self.under = inside
        self.confirm_label = "Add"
        self.past_limit = past_limit
        self.limit = limit
        self.clashes = clashes or {}
        # The fields, kept rather than queried: a form of hundreds of entries asked the DOM
        # for each of them on every change (newuser22 #44).
        self.fields: list[tuple[Input, Input]] = []
        #: What the preview shows now (it is rebuilt only when this changes: every field
        #: posts a change when mounted, hundreds at once).
        self.shown: tuple[Entries, str | int | None] | None = None
        #: One confirmation of the drafted lines, not a form (see `MANY`).
        self.many = len(drafts) > MANY
        self.first_field = not self.many
        if self.many:
            self.AUTO_FOCUS = ""  # the lines take it (`on_mount`)
        # An addition that pushes loaded lines out trades memories the agent sees for ones
        # it does not (newuser33 #7: `A` on a full index swapped 27 for 27 on one Enter):
        # the dialog starts on Cancel, Enter presses only the focused button, and the
        # button and the title say so. (The CLI refuses what lands past the limit.)
        pushed = len(past_limit(drafts, self.under).pushed) if past_limit is not None else 0
        if pushed:
            self.danger = True
            self.first_field = False
            self.confirm_label = "Add anyway"
            self.heading += (f" — {pushed:,} loaded line{'s' if pushed != 1 else ''} "
                             "would fall past the load limit")

    def body(self) -> ComposeResult:
        if self.left_out:
            yield Label(printable(self.left_out), markup=False, id="left-out")
        # What falls past the load limit, above the fields and the drafted lines: below
        # them it was off the screen (newuser31 #7: 24 entries, the warning at row 59 of 45).
        yield Static("", classes="error", id="past-limit", markup=False)
        if self.many:
            yield from self.confirmation()
            return
        with VerticalScroll():
            for i, (rel, title, hook) in enumerate(self.drafts):
                # an archived memory was put away on purpose: indexing brings it back
                clash = self.clashes.get(rel)
                yield Label(printable(rel) + ("  (archived: indexing brings it back into "
                                              "the agent's context)" if in_archive(rel) else "")
                            + (f"  ({printable(clash)})" if clash else ""),
                            markup=False, classes="file")
                # (no control character reaches the terminal, or the index: newuser23 #14)
                fields = (Input(plain(title), id=f"title-{i}", placeholder="title"),
                          Input(plain(hook), id=f"hook-{i}",
                                placeholder="hook (why open this memory)"))
                self.fields.append(fields)
                yield Label("Title")
                yield fields[0]
                yield Label("Hook (why the agent would open it)")
                yield fields[1]
        yield Label("Where the lines go")
        yield self.places()
        yield Static(self.preview(), classes="preview", id="entry-lines", markup=False)

    def places(self) -> Select[str | int]:
        """Where the lines may go: (among the loaded lines,) the default place, under each
        heading."""
        inside = [] if self.inside is None else [
            (f"among the loaded lines (line {self.inside} of MEMORY.md on)", self.inside)]
        by_type = [("under each memory's type section (the others " + self.where + ")",
                    BY_TYPE)] if self.under == BY_TYPE else []
        return Select([*inside, *by_type, (self.where, END),
                       *((f"under '{h}'", h) for h in self.headings)],
                      value=END if self.under is None else self.under, allow_blank=False,
                      id="under")

    def confirmation(self) -> ComposeResult:
        """The drafted lines, all in one scrolled preview, and where they go."""
        archived = sum(in_archive(rel) for rel, _, _ in self.drafts)
        back = (f" ({archived:,} archived: indexing brings them back into the agent's "
                "context)") if archived else ""
        yield Label(f"{len(self.drafts):,} entries, each drafted from its memory's name and "
                    f"description{back}: add them all? To edit titles and hooks one by one, "
                    f"pick at most {MANY} (space) and press a; or edit MEMORY.md after.",
                    markup=False)
        yield Label("Where the lines go")
        yield self.places()
        # Every drafted line, drawn as it scrolls into sight: a text of 10,000 lines was
        # wrapped, laid out and drawn whole, seconds on the screen's thread (issue 35).
        yield Log(id="lines", auto_scroll=False)

    def entries(self) -> list[tuple[str, str, str]]:
        if self.many:
            return self.drafts
        if not self.is_mounted or len(self.fields) != len(self.drafts):
            return self.drafts
        return [(rel, title.value.strip(), hook.value.strip())
                for (rel, _, _), (title, hook) in zip(self.drafts, self.fields, strict=True)]

    def preview(self) -> str:
        return printable("\n".join(entry_line(rel, title or rel, hook)
                                   for rel, title, hook in self.entries()), lines=True)

    def chosen(self) -> str | int | None:
        """The heading the lines go under, or the line they go in at (None: where ``where``
        says)."""
        if not self.is_mounted:
            return self.under
        under = self.query_one("#under", Select).value
        return None if under == END else under if isinstance(under, int) else str(under)

    def past_text(self) -> str:
        """What the addition, as the form now stands, moves past the load limit."""
        if self.past_limit is None:
            return ""
        past = self.past_limit(self.entries(), self.chosen())
        if not past:
            return ""
        # How many, first: the list is cut at SHOWN_PUSHED (newuser31 #7).
        n = len(past.pushed)
        many = f" {n:,} loaded line{'s' if n != 1 else ''}," if n else ""
        out = [f"Past {self.limit} once added:{many} no longer loaded "
               f"({past.loaded[0]:,} → {past.loaded[1]:,} lines loaded):"]
        for ln, now in past.pushed[:SHOWN_PUSHED]:
            out.append(f"  line {ln.number} (then {now}): {ln.text.strip()}")
        if len(past.pushed) > SHOWN_PUSHED:
            out.append(f"  … and {len(past.pushed) - SHOWN_PUSHED:,} more")
        out.extend(f"  the new entry for {rel} (line {n}): it would never be loaded"
                   for rel, n in past.landing)
        return printable("\n".join(out), lines=True)

    def on_mount(self) -> None:
        super().on_mount()
        if self.many:  # arrows scroll the lines, Enter adds them
            lines = self.query_one("#lines", Log)
            lines.write_lines(self.preview().split("\n"))
            if not self.danger:  # (a danger one starts on Cancel)
                self.set_focus(lines, scroll_visible=False)
        self.refresh_forms()

    def refresh_forms(self) -> None:
        shown = (self.entries(), self.chosen())
        if shown == self.shown:  # a field's first value, or an edit undone: nothing new
            return
        self.shown = shown
        if not self.many:  # (the many lines are the drafts: written once, on mount)
            self.query_one("#entry-lines", Static).update(self.preview())
        past = self.query_one("#past-limit", Static)
        text = self.past_text()
        past.update(text)
        past.display = bool(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refresh_forms()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.refresh_forms()

    def result(self) -> tuple[list[tuple[str, str, str]], str | int | None] | None:
        entries = self.entries()
        if any(not title for _, title, _ in entries):
            self.notify("every entry needs a title", severity="error")
            return None
        return entries, self.chosen()
