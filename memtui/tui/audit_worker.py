"""The app's audit worker: audits run in a thread (one at a time; changes seen meanwhile
wait for the next), their table rows built off the screen's thread (the view on screen
first, the others after, token counts last), each result handed to every view; and the
watcher whose changes start them. Mixed into ``MemtuiApp``."""

from __future__ import annotations

import contextlib
import importlib
import os
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from textual import work

from memtui.core.audit import AuditResult
from memtui.core.config import CONFIG_NAME
from memtui.core.nested import is_empty_memory
from memtui.core.reporting.suppress import Baseline, apply_to
from memtui.core.reporting.wording import plural
from memtui.tui.change_notice import describe_change
from memtui.tui.layout import VIEWS
from memtui.tui.palette import Palette
from memtui.tui.views.base import AuditView
from memtui.tui.watcher import BACK, watch_workspace
from memtui.tui.widgets.audit_table import AuditTable, Row, RowCache
from memtui.tui.widgets.health_header import HealthHeader
from memtui.tui.widgets.preview import MemoryPreview

#: New or edited memories counted before their audit is shown; more are counted after it.
FEW_TO_COUNT = 50

#: Modules the screen's first paint of a result imports (a table's scroll bar, the
#: preview's broken-link marks, the operations whose refusals the footer's keys ask after
#: the first result): imported in the audit's thread instead, while it audits, not on the
#: screen's thread inside that paint (issue 35, the counting freeze: ~5 ms, and 5–20 ms
#: for the operations, right after the frame that uncovers the views).
FIRST_PAINT_IMPORTS = ("textual.scrollbar", "memtui.edit.linkedit", "memtui.edit.agent_ops")

#: Modules whose first use would import them on the screen's thread, inside the key that
#: needs them: the Trend view's plot library (~70 ms: most of the first switch to view 8),
#: the chat pane, whose keys the help lists (``?``), and the curation dialogs with the
#: operations they plan (``n``, ``d`` and every curation key). Imported in a thread of their
#: own once the first audit is complete, while the app is idle (issue 32 item 17).
IDLE_IMPORTS = ("textual_plotext", "memtui.tui.chat", "memtui.tui.curate")
# (memtui.edit.agent_ops: a first paint's since perf40a)

#: Seconds the worker waits at most for the screen to draw a result (and the preview its
#: file) before it builds the other views' rows.
SETTLE_MAX = 1.0
#: Files memtui wrote kept for the watcher's report at most (`AuditWorker._audited_already`).
WRITTEN_KEPT = 10_000
#: At most this many files of one watcher report are kept for a write memtui says after it.
HEARD_KEPT = 64

#: The views that are tables (their rows are built off the UI thread).
TABLES = frozenset(pid for pid, _, cls in VIEWS if issubclass(cls, AuditTable))


def prepare_rows(result: AuditResult, palette: Palette,
                 caches: dict[str, RowCache] | None = None, only: set[str] | None = None,
                 pause: Callable[[], None] | None = None) -> dict[str, list[Row]]:
    """The table views' rows for ``result`` (run in worker threads: 10,000 memories make
    tens of thousands of styled cells): every view's, or those in ``only``. ``caches`` (one
    per view) keep the rows of the previous audit, so only what changed is built again;
    ``pause`` is called before each row is made."""
    caches = caches if caches is not None else {}
    rows: dict[str, list[Row]] = {}
    for pid, _, cls in VIEWS:
        if issubclass(cls, AuditTable) and (only is None or pid in only):
            cache = caches.setdefault(pid, RowCache())
            cache.pause = pause
            rows[pid] = cls.build_rows(result, palette, cache)
            cls.hidden_columns(result)  # here, not on the screen's thread
    return rows


class AuditWorker:
    """Mixed into ``MemtuiApp``: needs ``auditor``, ``config``, ``flagged``, ``palette``, ``heap``,
    ``give_way``, ``_ui``, ``set_notice``, ``say_change``, ``active_view``, ``_previews``,
    ``chat_files_changed`` and the audit
    state ``__init__`` sets."""

    #: ``--baseline FILE``: the findings it accepts are suppressed as ``memtui audit``
    #: suppresses them, the header counts the new ones, ``b`` lists the accepted.
    baseline: Baseline | None = None
    baseline_path: str | None = None
    show_accepted = False

    @work(thread=True, exclusive=True, group="repaint", exit_on_error=False)
    def _repaint(self, result: AuditResult, palette: Palette) -> None:
        """Rows in the new theme's colours, built off the UI thread."""
        with self.heap.building():
            rows = prepare_rows(result, palette)
        self.call_from_thread(self._repainted, result, rows)

    def _repainted(self, result: AuditResult, rows: dict[str, list[Row]]) -> None:
        if result is self.result and self._ui.query(HealthHeader):
            self._rows = rows
            self._show(result, None)
        self.heap.settle()

    def _audit_progress(self, phase: str, done: int, total: int) -> None:
        """From the audit thread: only noted here; `_show_progress` draws it."""
        self.audit_progress = (phase, done, total)

    def _show_progress(self) -> None:
        progress = self.audit_progress
        if self._auditing and progress is not None and progress != self._progress_shown:
            self._progress_shown = progress
            header = self._found("#health")  # none while closing
            if header is not None:
                header.progress(*progress)

    def start_audit(self, changed: set[str] | None) -> None:
        """Audit now, or as soon as the running audit ends (changes accumulate)."""
        if self._auditing:
            if changed is None:
                self._full_pending = True
            else:
                self._pending = (self._pending or set()) | changed
            return
        self._auditing = True
        if self._beat is not None:
            self.give_way.beat()
            self._beat.resume()
        self._audit(changed)

    @work(thread=True, exclusive=False, group="audit", exit_on_error=False)
    def _audit(self, changed: set[str] | None) -> None:
        auditor, pause = self.auditor, self.give_way.check
        for name in FIRST_PAINT_IMPORTS:  # (once: later imports find them loaded)
            importlib.import_module(name)
        try:
            if self.folder_gone():  # the last figures stay, said to be from before
                raise FileNotFoundError(str(self.workspace.root))
            with self.heap.building():
                result = self._suppressed(auditor.run(changed, self._audit_progress))
                if auditor.holds_scans and auditor.tokens_pending <= FEW_TO_COUNT:
                    auditor.count_file_tokens()  # a few new or edited files: counted now
                # A whole new audit: the rows of the view on screen first, shown, then the
                # others' (a third of a second more at 10,000 memories).
                first = {self._shown_pid} if changed is None else None
                rows = prepare_rows(result, self.palette, self._row_caches, first, pause)
            # More follows: token counts, or the scans of a result from the derived cache.
            more = bool(auditor.tokens_pending) or not auditor.holds_scans
            if first is not None or more:
                self._show_and_settle(result, changed, rows)  # on screen; more follows
            if first is not None:
                rows = {**rows, **self._rest_rows(result, TABLES - first, pause, not more)}
                if not more:
                    return
            if more:
                # The memories' token counts (most of a first audit's work) follow the
                # audit on screen, and a cheap re-audit shows them. A result from the
                # derived cache holds no scans: every file is scanned first (from the scan
                # cache), so that the next change re-audits only what it touched.
                with self.heap.building():
                    if not auditor.holds_scans:
                        auditor.run(set(), self._audit_progress)
                    auditor.count_file_tokens(self._audit_progress)
                    result = self._suppressed(auditor.run(set(), self._audit_progress))
                    rows = prepare_rows(result, self.palette, self._row_caches, None, pause)
                changed = set()
        except Exception as exc:  # a bug or a vanished folder must not take the app down
            self.call_from_thread(self._audit_failed, exc, changed)
            return
        self.call_from_thread(self._audited, result, changed, rows)

    def _show_and_settle(self, result: AuditResult, changed: set[str] | None,
                         rows: dict[str, list[Row]]) -> None:
        """From the worker: show ``result`` (its audit goes on) and wait, a second at most,
        until the screen has drawn it and the preview the file it is told of, so that the
        worker does not compete with that drawing; views without ``rows`` wait for
        `_more_rows`."""
        drawn = threading.Event()
        coming = TABLES - set(rows)
        self.call_from_thread(self._audited, result, changed, rows, False, coming)
        self.call_from_thread(self.call_after_refresh, self._when_drawn, drawn,
                              time.monotonic() + SETTLE_MAX)
        drawn.wait(SETTLE_MAX + 0.5)

    def _when_drawn(self, drawn: threading.Event, until: float) -> None:
        """Set ``drawn`` after the next refresh once the preview has drawn what it was told
        of (the shown view's row, and its body in a frame of its own), or at ``until``.
        The other views' rows built meanwhile took the interpreter from those paints: the
        worst freezes of the first audit (issue 35)."""
        busy = self._announcing or any(p.busy for p in self._previews())
        if busy and time.monotonic() < until:
            self.set_timer(0.02, partial(self._when_drawn, drawn, until))
            return
        self._announcing = False
        self.call_after_refresh(drawn.set)

    def _rest_rows(self, result: AuditResult, rest: set[str] | frozenset[str],
                   pause: Callable[[], None], final: bool) -> dict[str, list[Row]]:
        """From the worker: the rows of the views in ``rest``, one view at a time, each
        handed over when built; the view on screen first whenever it is one of them (a
        switch to a view whose rows are coming waited for every other view's before it:
        newuser27 #6, 5,000 orphans of 20,000 memories). ``final``: the audit ends here."""
        left, built = set(rest), {}
        while left:
            shown = self._shown_pid
            pid = shown if shown in left else next(p for p, _, _ in VIEWS if p in left)
            flips = self.suppressed_flips  # an `i` after this: its rows are stale
            with self.heap.building():
                built.update(prepare_rows(result, self.palette, self._row_caches, {pid},
                                          pause))
            left.discard(pid)
            self.call_from_thread(self._more_rows, result, {pid: built[pid]},
                                  final and not left, frozenset(left), flips)
        return built

    def _more_rows(self, result: AuditResult, rows: dict[str, list[Row]],
                   final: bool = False, left: frozenset[str] = frozenset(),
                   flips: int | None = None) -> None:
        """The rows of views not on screen, built after ``result`` was shown; ``final``:
        that audit is complete; ``left``: the views whose rows still follow; ``flips``:
        ``suppressed_flips`` when they were built."""
        self._rows_coming = set(left) if result is self.result else set()
        if "findings" in rows and flips is not None and flips != self.suppressed_flips:
            # `i` came while they were built: built again as it asks (newuser32 #29: the
            # label said "i hides them" over rows without the suppressed findings)
            rows = {**rows, **prepare_rows(result, self.palette, self._row_caches,
                                           {"findings"})}
        if result is self.result and self._ui.query(HealthHeader):
            self._rows.update(rows)
            for view in self._ui.query(AuditTable):
                pid = (view.id or "").removesuffix("-view")
                if pid in rows:
                    view.loading = False
                    view.set_result(result, self.palette, None, rows[pid])
        if final and self._ui.query(HealthHeader):
            self._finished()

    def _finished(self, complete: bool = True) -> None:
        """The running audit ended (``complete``, or failed): its successor may start."""
        self._auditing = False
        self.audits += complete
        if complete and self.audits == 1 and self.ahead_wanted():  # type: ignore[attr-defined]
            # idle now: what a first use would wait for (BuildAhead; not past 2,000 memories)
            self._import_ahead()
            self._start_building_ahead()  # type: ignore[attr-defined]
        if self._beat is not None:
            self._beat.pause()
        self._next_audit()

    @work(thread=True, exclusive=True, group="imports", exit_on_error=False)
    def _import_ahead(self) -> None:
        """Import ``IDLE_IMPORTS`` now, off the screen's thread (one missing is skipped:
        its first use says so, as before)."""
        for name in IDLE_IMPORTS:
            with contextlib.suppress(ImportError):
                importlib.import_module(name)

    def folder_gone(self) -> str | None:
        """What to say when the workspace folder is no longer there (moved or deleted while
        the app is open), else None: an audit of it would show a clean, empty memory
        (newuser36 #31: on a projector, "the agent deleted everything")."""
        if os.path.isdir(self.workspace.root):
            return None
        return (f"the workspace folder is gone (moved or deleted): {self.workspace.root}; "
                "the figures shown are from before it went, and follow again once it is "
                "back")

    def _audit_failed(self, exc: Exception, changed: set[str] | None) -> None:
        self._rows_coming = set()
        gone = self.folder_gone()
        self.set_notice(gone or f"audit failed: {exc}", error=True)
        self._finished(complete=False)

    def _audited(self, result: AuditResult, changed: set[str] | None,
                 rows: dict[str, list[Row]], final: bool = True,
                 coming: set[str] | frozenset[str] = frozenset()) -> None:
        """Show an audit's result; ``final``: its token counts are in (else they follow
        and the audit is still running); ``coming``: views whose rows follow."""
        if not self._ui.query(HealthHeader):
            return  # the app is closing
        before = self.result
        self.result = result
        if (result.show_suppressed, result.show_accepted) != (
                self.show_suppressed, self.show_accepted):  # `i` or `b` came while built
            result.show_suppressed = self.show_suppressed
            result.show_accepted = self.show_accepted
            if "findings" in rows:
                rows = {**rows, **prepare_rows(result, self.palette, self._row_caches,
                                               {"findings"})}
        if before is None or before.profile != result.profile:
            self.refresh_bindings()  # the footer leaves out what the profile does not offer
        self._rows = rows
        self._rows_coming = set(coming)
        self.shown += 1
        self._ui.query_one("#views").loading = False
        self._show(result, changed)
        self.heap.settle()
        if changed:
            loud, self._quiet = changed - self._quiet, self._quiet - changed
            note = describe_change(loud, before, result)
            if note:  # not over a curation's outcome still showing (newuser39 #5)
                self.say_change(note)
        elif before is None:
            n = result.memory_file_count()  # Hermes' MEMORY.md store too (newuser34 #14)
            waited = time.perf_counter() - self.asked_at  # what the operator waited
            self._summary = f"audited {plural(n, 'memory file')} in {waited:.2f} s"
            # A project opened at its root, its memory one level down? Or the folder above
            # a Claude Code memory/ (newuser22 #18: one stat, not a walk)?
            if n == 0 or (result.workspace.layout == "item" and not result.index.exists):
                self._below = self._memory_below()
                if not self._below and is_empty_memory(result.workspace, result.scans,
                                                       result.block.files):
                    # SPEC §2's valid, empty memory, or a wrong folder: said, as `memtui
                    # audit` says it on stderr (newuser34 #18, newuser35 #15)
                    self._below = ("an empty memory: no MEMORY.md and no memory file here "
                                   "(if this is not the agent's memory folder, open the "
                                   "folder that holds it) — ")
            self._say_summary()
        if final:
            self._finished()

    def _next_audit(self) -> None:
        if self._full_pending:
            self._full_pending = False
            self._pending = None
            self.start_audit(None)
        elif self._pending:
            pending, self._pending = self._pending, None
            self.start_audit(pending)
        else:
            self._pending = None

    def _show(self, result: AuditResult, changed: set[str] | None) -> None:
        self._ui.query_one(HealthHeader).show(result, self.palette)
        for view in self._ui.query(AuditView):  # one walk of the DOM, not one per view
            pid = (view.id or "").removesuffix("-view")
            if pid in self._rows_coming:  # `_more_rows` brings its rows and the result
                view.loading = pid == self._shown_pid
                continue
            view.set_result(result, self.palette, changed, self._rows.get(pid))
        active: Any = self.active_view
        active.ensure_fresh()
        preview = self._ui.query_one(MemoryPreview)
        preview.set_result(result, self.palette)
        if preview.path is None:
            self._announcing = True  # until the app hears it (`_when_drawn` waits for it)
            active.announce()

    def own_write(self, paths: set[str]) -> None:
        """memtui itself wrote ``paths`` (and said so in the notice): audit them without a
        change notice that would replace the one saying how to undo it."""
        self._quiet |= paths
        self.audit_written(paths)

    def audit_written(self, paths: set[str]) -> None:
        """Audit ``paths``, which memtui (a curation, or the chat's agent) has just written,
        keeping each one's stamp: the watcher's report of the same write is then dropped
        (`_audited_already`)."""
        if len(self._written) > WRITTEN_KEPT:  # (no watcher to take them back)
            self._written.clear()
        stamps = {p: self._stamp(p) for p in paths}
        self._written.update(stamps)
        # the watcher may have reported the write first (the chat's agent): its audit,
        # asked for the file as it is now, is the one
        heard = self._heard
        fresh = {p for p in paths if p not in heard or heard.pop(p) != stamps[p]}
        if fresh:
            self.start_audit(fresh)

    def _stamp(self, rel: str) -> tuple[int, int, int] | None:
        """What tells ``rel`` as it is now from any later write (None: not there)."""
        try:
            st = os.stat(self.workspace.root / rel)
        except (OSError, ValueError):
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _audited_already(self, rel: str) -> bool:
        """Whether the watcher reports a write of memtui's own whose re-audit `own_write`
        asked for, the file unchanged since: auditing it again redid the same audit, its
        rows, views and preview (newuser35 #6: two audits a write, the header stale the
        while). Once per write."""
        if rel not in self._written:
            return False
        return self._written.pop(rel) == self._stamp(rel)

    def _suppressed(self, result: AuditResult) -> AuditResult:
        """``result`` with the configuration's ignores, severities and the inline ignores
        applied, and what its ``exclude`` leaves out counted as suppressed (as ``memtui
        audit`` does: newuser23 #22, ``i`` listed 20 where the audit counted 23)."""
        apply_to(result, self.config, self.baseline, hidden=True)
        if self.baseline is not None:  # (newuser41 #27: the app showed all 15 findings)
            from memtui.core.verdict import refuse_own_baseline

            # one the workspace owns accepts no credential, as `memtui audit` says
            result.baseline_path = self.baseline_path
            refuse_own_baseline(result)
        # and what the workspace's own file keeps out by the settings that shape the audit
        # (its raised limits, its profile): listed under `i` as `memtui audit --fail-on`
        # counts them (newuser30 #12: the app showed an all-clear and `i` nothing)
        from memtui.core.kept_out import kept_out
        from memtui.core.reporting.suppress import Suppressed

        found, _ = kept_out(self.workspace, self.auditor.options, result, self.config,
                            self.flagged)
        result.suppressed.extend(Suppressed(f, "config") for f in found)
        result.show_suppressed = self.show_suppressed
        result.show_accepted = self.show_accepted
        return result

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def _watch(self) -> None:
        try:
            # .memtui.toml too, hidden as it is (newuser28 #31: edited while the app
            # watched, it went unnoticed until `r`)
            watch_workspace(self.workspace.root, self._changes_seen, self._stop,
                            self._watch_problem, allow_hidden=frozenset({CONFIG_NAME}))
        except Exception as exc:
            if not self._stop.is_set():
                self.call_from_thread(self.set_notice, f"stopped watching: {exc}", True)

    def _watch_problem(self, line: str) -> None:
        """From the watcher thread: live updates are partly lost or now polled."""
        self.call_from_thread(self._watch_problem_heard, line)

    def _watch_problem_heard(self, line: str) -> None:
        """The watcher's problem, said whether the first audit's summary came before it or
        comes after it: joined to the summary while that shows, alone otherwise (the
        watcher and the first audit race; the notice must not depend on which wins)."""
        showing = self._summary is not None and self.notice == self._summary_text()
        if line == BACK:  # the folder is back and watched (newuser24 #47): no problem left
            self.watch_problem = None
            self.set_notice(line)
            return
        self.watch_problem = line
        if showing:
            self._say_summary()
        else:
            self.set_notice(line, True)

    def _memory_below(self) -> str:
        """``no MEMORY.md here; one in .claude/memory/: memtui PATH — `` when the folder
        opened has none but one folder under it has (newuser21 #9); else empty."""
        import shlex

        from memtui.core.nested import lone_nested
        from memtui.core.reporting.safe_output import printable

        try:
            below = lone_nested(self.workspace)
        except OSError:
            return ""
        if below is None:
            return ""
        path = shlex.quote(printable(str(self.workspace.root / below)))
        return f"no MEMORY.md here; one in {printable(below)}/: memtui {path} — "

    def _summary_text(self) -> str:
        assert self._summary is not None
        return self.start_note + self._below + self._summary + (
            f"; {self.watch_problem or 'watching for changes'}" if self.watching else "")

    def _say_summary(self) -> None:
        self.set_notice(self._summary_text(), error=bool(self.watch_problem))

    def _changes_seen(self, paths: set[str]) -> None:
        """From the watcher thread."""
        self.call_from_thread(self._changes_heard, paths)

    def _changes_heard(self, paths: set[str]) -> None:
        """Audit what changed; the workspace's ``.memtui.toml`` written or edited (and no
        ``--config`` given) is read again as ``r`` reads it, and the notice says what now
        applies and what waits for a restart (`memtui.tui.config_reload`). The chat's cards
        follow the journal (a `memtui undo --turn` from a shell changes files; newuser28 #12)."""
        if CONFIG_NAME not in paths or self.config_file is not None:
            if self._written:
                paths = {p for p in paths if not self._audited_already(p)}
            if paths and len(paths) <= HEARD_KEPT:  # (a few: what the chat's agent writes)
                if len(self._heard) > WRITTEN_KEPT:
                    self._heard.clear()
                self._heard.update((p, self._stamp(p)) for p in paths)
            if paths:
                self.start_audit(paths)
            self.chat_files_changed()
            return
        from memtui.tui.config_reload import reread

        self.config, said = reread(self.workspace.root, None, self.config)
        self.set_notice(f"{CONFIG_NAME} changed — "
                        + (said or "nothing in it changes what is shown"))
        self.start_audit(None if said else paths)
        self.chat_files_changed()
