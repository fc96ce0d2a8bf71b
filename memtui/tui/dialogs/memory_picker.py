"""A fuzzy picker over every memory: type to filter, arrows to move, Enter to pick.

The candidates are ranked by Textual's fuzzy matcher (the command palette's) over each
memory's path, title and description; the suggestions given (the audit's closest names to a
broken target) come first, and a candidate the query names exactly comes before all; a
name typed in full that an existing file has (not a memory: ``MEMORY.md``) too.

Ranking a few thousand memories takes a good part of a second, so it never runs on the UI
thread: a keystroke starts a timer (``DEBOUNCE``), the ranking runs in a thread worker
(exclusive: a newer query cancels the older one), and a result is shown only if it is for
what the field holds now. A query that extends the one last shown ranks only that one's
matches (a word that matches is still matched when it grows, and new words only narrow).
Enter before the list has caught up ranks the final query there and then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.fuzzy import FuzzySearch
from textual.timer import Timer
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from memtui.core.reporting.safe_output import printable
from memtui.tui.dialogs.curate_screen import CurateScreen

#: How the letters the query matched are marked (as in the command palette).
MATCH_STYLE = "reverse"
#: At most this many matches are listed (the best ones; typing narrows the rest). Each
#: listed one costs the UI thread its layout when the list is rebuilt: 200 took 70-90 ms.
SHOWN = 100
#: Seconds typing must pause before the list is ranked again (one ranking for a burst).
DEBOUNCE = 0.06
#: ``rank`` asks whether it was cancelled once every this many candidates.
CHECK_EVERY = 64


@dataclass(frozen=True)
class Candidate:
    """A memory the picker offers: its path, title and description."""

    path: str
    title: str = ""
    description: str = ""

    @property
    def fields(self) -> tuple[str, str, str]:
        """Path, title and description as shown (control characters escaped)."""
        return printable(self.path), printable(self.title), printable(self.description)

    @property
    def line(self) -> str:
        """What the list shows: ``path  title — description``."""
        return _join(*self.fields)


def _join(path: Content | str, title: Content | str, description: Content | str) -> Any:
    about = [p for p in (title, description) if p]
    if not about:
        return path
    parts: list[Content | str] = [path, "  ", about[0]]
    if len(about) > 1:
        parts += [" — ", about[1]]
    return Content.assemble(*parts) if any(isinstance(p, Content) for p in parts) \
        else "".join(str(p) for p in parts)


def rank(query: str, candidates: list[Candidate], suggestions: list[str],
         cancelled: Callable[[], bool] | None = None,
         ) -> list[tuple[Candidate, Content | str]]:
    """The candidates ``query`` matches, best first, each with its line (the matched
    letters marked on the first ``SHOWN``): one the query names exactly first, then the
    suggestions, then the others by fuzzy score; when some hold every word as typed
    (a substring, any case), only those. Each word of the query must match the
    path, the title or the description, each field on its own (the matcher's cost grows
    fast with the length of the text). An empty query lists the suggestions, then every
    candidate by path. When ``cancelled()`` turns true the ranking stops and returns
    what it has (its caller drops it)."""
    order = {p: i for i, p in enumerate(suggestions)}
    query = query.strip()
    if not query:
        ranked = sorted(candidates, key=lambda c: (order.get(c.path, len(order)), c.path))
        return [(c, c.line) for c in ranked]
    words = query.split()
    search = FuzzySearch()
    scored = []
    for i, c in enumerate(candidates):
        if cancelled is not None and i % CHECK_EVERY == 0 and cancelled():
            break
        fields = c.fields
        score = 0.0
        for word in words:
            best = max(search.match(word, f)[0] for f in fields)
            if best <= 0:
                break
            score += best
        else:
            name = c.path.rsplit("/", 1)[-1]
            exact = query in (c.path, name, name.removesuffix(".md"))
            whole = all(any(word.casefold() in f.casefold() for f in fields) for word in words)
            scored.append(((not exact, c.path not in order, -score, c.path), c, whole))
    # Scattered letters match too much ('detect' in 'vendor-contacts'): when some
    # candidates hold every word as typed, only those are listed (newuser22 #24).
    if any(whole for _, _, whole in scored):
        scored = [item for item in scored if item[2]]
    scored.sort(key=lambda item: item[0])
    return [(c, _marked(search, words, c) if i < SHOWN else c.line)
            for i, (_, c, _) in enumerate(scored)]


def _marked(search: FuzzySearch, words: list[str], c: Candidate) -> Content:
    """The candidate's line with the letters each word matched marked (the text is never
    read as markup: a file may be named ``[b]x.md``)."""
    marked = []
    for field in c.fields:
        content = Content(field)
        for word in words:
            for offset in search.match(word, field)[1]:
                content = content.stylize(MATCH_STYLE, offset, offset + 1)
        marked.append(content)
    return _join(*marked)


class MemoryPickerScreen(CurateScreen[str]):
    """Pick a memory from all of them, filtered as typed; Enter picks the highlighted one.
    What was typed is offered first when a file has that name, else last (with nothing
    matching, it is what Enter takes): a link may lead to a file that is not a memory."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "Next", show=False),
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
    ]
    first_field = True

    def __init__(self, title: str, prompt: str, candidates: list[Candidate],
                 suggestions: list[str] | None = None, confirm: str = "Pick",
                 check: Callable[[str], str | None] | None = None) -> None:
        """``check(typed)``: why a name typed (no memory's) cannot be taken, None when it
        can: said in the picker, which stays open (newuser23 #28)."""
        super().__init__(title)
        self.check = check
        self.prompt = prompt
        self.candidates = candidates
        self.suggestions = list(suggestions or [])
        self.confirm_label = confirm
        self.shown: list[Candidate] = []
        #: The query the list shows, and every candidate it matched (not only those shown).
        self.ranked_for = ""
        self.matched: list[Candidate] = list(candidates)
        self._pending: Timer | None = None

    def body(self) -> ComposeResult:
        yield Label(printable(self.prompt), markup=False)
        yield Input(id="query", placeholder="type to filter: file name, title or description")
        yield OptionList(id="matches")
        yield Static("", classes="hint", id="count", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.show("", rank("", self.candidates, self.suggestions))  # a sort: quick

    def pool(self, query: str) -> list[Candidate]:
        """The candidates ``query`` can match: the last list's matches when it extends
        that list's query, else all of them."""
        last, query = self.ranked_for.strip(), query.strip()
        return self.matched if last and query.startswith(last) else self.candidates

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "query":
            return
        if self._pending is not None:
            self._pending.stop()
        self._pending = self.set_timer(DEBOUNCE, partial(self.rank_later, event.value))

    def rank_later(self, query: str) -> None:
        """Rank ``query`` in a thread worker; a newer one cancels it."""
        self._pending = None
        self.run_worker(partial(self._rank, query, self.pool(query)), group="rank",
                        exclusive=True, thread=True)

    def _rank(self, query: str, pool: list[Candidate],
              ) -> tuple[str, list[tuple[Candidate, Content | str]]]:
        worker = get_current_worker()
        return query, rank(query, pool, self.suggestions, lambda: worker.is_cancelled)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "rank" or event.state != WorkerState.SUCCESS:
            return  # a cancelled ranking is dropped
        query, ranked = event.worker.result
        if query == self.query_one("#query", Input).value:  # else stale: a newer one comes
            self.show(query, ranked)

    def show(self, query: str, ranked: list[tuple[Candidate, Content | str]]) -> None:
        """List ``ranked``, the matches of ``query``."""
        self.ranked_for, self.matched = query, [c for c, _ in ranked]
        self.shown = self.matched[:SHOWN]
        options = [Option(line if isinstance(line, Content) else Text(line))
                   for _, line in ranked[:SHOWN]]
        typed = query.strip()
        problem = self.check(typed) if typed and self.check is not None and \
            typed not in {c.path for c in self.shown} else None
        if typed and ranked and not problem and typed not in {c.path for c in self.shown}:
            # What was typed, for a file that is not a memory (a link may lead there): first
            # when the check says a file has that name (``MEMORY.md`` typed in full went to
            # the top fuzzy match, newuser27 #32), else last.
            at = 0 if self.check is not None else len(self.shown)
            self.shown.insert(at, Candidate(typed))
            which = "an existing file" if at == 0 else "any existing file"
            options.insert(at, Option(Text(f"'{printable(typed)}' as typed ({which})",
                                           style="italic")))
        matches = self.query_one("#matches", OptionList)
        matches.clear_options()
        matches.add_options(options)
        if self.shown:
            matches.highlighted = 0
        total = len(self.candidates)
        if not ranked and problem:
            count = f"no memory matches, and {printable(problem)}"
        elif not ranked:
            count = f"no memory matches: Enter takes '{printable(typed)}' as typed"
        elif typed:
            count = f"{len(ranked)} of {total} match; ↑ ↓ move, Enter picks"
        else:
            count = f"{total} memories; type to filter, ↑ ↓ move, Enter picks"
        self.query_one("#count", Static).update(count)

    def action_move(self, by: int) -> None:
        matches = self.query_one("#matches", OptionList)
        if not self.shown:
            return
        at = matches.highlighted if matches.highlighted is not None else -by
        matches.highlighted = max(0, min(len(self.shown) - 1, at + by))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    def result(self) -> str | None:
        query = self.query_one("#query", Input).value
        if query != self.ranked_for:  # Enter before the list caught up: the final query's
            if self._pending is not None:
                self._pending.stop()
            self.workers.cancel_group(self, "rank")
            self.show(query, rank(query, self.pool(query), self.suggestions))
        at = self.query_one("#matches", OptionList).highlighted
        if self.shown and at is not None and 0 <= at < len(self.shown):
            return self.shown[at].path
        typed = self.query_one("#query", Input).value.strip()
        problem = self.check(typed) if typed and self.check is not None else None
        if problem:  # said here, the dialog open: not after it closed
            self.query_one("#count", Static).update(f"no memory matches, and "
                                                     f"{printable(problem)}")
            return None
        return typed or None
