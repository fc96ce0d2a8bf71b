"""The app's bindings and actions: its keys (with the curation keys of ``curate_actions``),
the command palette's entries, and the actions they run that are not the layout's (the
filter, the suppressed findings, re-audit, help, theme, copy path, $EDITOR). Mixed into
``MemtuiApp``."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input, TabbedContent

from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.edit.editor_edit import BeforeEdit, before_edit, journal_edit
from memtui.edit.errors import Refused
from memtui.tui.audit_worker import prepare_rows
from memtui.tui.curate_actions import CURATE_ACTIONS, CurateActions
from memtui.tui.curate_flow import ACTION_OPS
from memtui.tui.dialogs.help import HelpScreen
from memtui.tui.editor_command import editor_command
from memtui.tui.layout import VIEWS, chat_pane_class
from memtui.tui.views.base import AuditView
from memtui.tui.widgets.audit_table import AuditTable

APP_BINDINGS: list[BindingType] = [
    Binding("escape", "leave_input", "Back to view"),  # shown while an input has focus
    *(Binding(str(i), f"show_view('{pid}')", title, show=False)
      for i, (pid, title, _) in enumerate(VIEWS, start=1)),
    # in footer order: a narrow footer shows what fits, from the first
    Binding("o", "open_editor", "Edit"),
    Binding("p", "toggle_preview", "Preview"),
    Binding("r", "reaudit", "Re-audit"),
    Binding("c", "toggle_chat", "Chat"),
    Binding("C", "hide_chat", "Hide chat", show=False),
    Binding("question_mark", "help", "Help"),
    Binding("q", "quit", "Quit"),
    Binding("t", "choose_theme", "Theme"),
    Binding("y", "copy_path", "Copy path", show=False),
    Binding("asterisk", "pick_all", "Pick all shown", show=False),
    Binding("H", "show_history", "History", show=False),
    Binding("i", "toggle_suppressed", "Suppressed", show=False),
    Binding("b", "toggle_accepted", "Accepted", show=False),
    *CurateActions.CURATE_BINDINGS,
]

#: action → (palette title, help) for the command palette.
APP_ACTIONS: dict[str, tuple[str, str]] = {
    **{f"show_view('{pid}')": (f"View: {title}", f"show the {title} view (key {i})")
       for i, (pid, title, _) in enumerate(VIEWS, start=1)},
    "open_editor": ("Open in $EDITOR", "edit the selected memory; re-audit on return"),
    "toggle_preview": ("Toggle preview", "show or hide the preview pane"),
    "reaudit": ("Re-audit", "audit the whole workspace again"),
    "toggle_suppressed": ("Toggle suppressed", "list the findings the config or an inline "
                          "comment suppressed, and what a --baseline accepts (key i)"),
    "toggle_accepted": ("Toggle accepted", "with memtui PATH --baseline FILE: list the "
                        "findings the baseline accepts beside the new ones (key b)"),
    "toggle_chat": ("Chat", "talk to the agent working in this workspace: open the "
                    "chat, or put the focus in its input"),
    "hide_chat": ("Hide chat", "hide the chat pane (the conversation stays; key C)"),
    "choose_theme": ("Choose theme", "pick a colour theme (remembered)"),
    "help": ("Help", "what each view shows, and every key"),
    "focus_filter": ("Filter", "filter the current view"),
    "copy_path": ("Copy path", "copy the selected file's full path to the clipboard"),
    "open_other": ("Open the other side  (O, in Findings)", "open the other file the "
                   "selected finding names in $EDITOR"),
    "quit": ("Quit", "quit memtui"),
    "show_history": ("History", "the journal's newest operations, the one u undoes next "
                     "marked (memtui history lists them all)"),
    "show_notices": ("Notices", "what the status line said, newest first: an outcome an "
                     "agent's change notice followed"),
    "pick_all": ("Pick every row shown", "pick every row the view's filter shows (again: "
                 "unpick them); fold, archive and delete then act on them all"),
    **CURATE_ACTIONS,
}

#: How many of the journal's newest records the History dialog lists.
HISTORY_SHOWN = 30

#: Actions of the footer that the Trend view's rows (commits, not memories) cannot take:
#: that view neither offers nor takes them (issue 32 §21).
NOT_IN_TREND = frozenset({"add_to_index", "undo"})
#: Textual's own palette commands memtui leaves out (see `get_system_commands`): "Theme"
#: and "Quit" are memtui's own "Choose theme  (t)" and "Quit  (q)" (newuser22 #11: the
#: palette listed two theme commands, and Quit without its key).
TEXTUAL_COMMANDS_LEFT_OUT = frozenset({"Keys", "Theme", "Quit"})
#: Keys taken in a view but left out of its footer (see `AppActions.footer_leaves_out`).
NOT_OFFERED_IN: dict[str, frozenset[str]] = {
    "block": frozenset({"add_to_index"}), "trend": frozenset({"open_editor"})}


#: App-wide keys a narrow footer places after the keys that act on the view's rows, so that
#: they are the first to give way (newuser23 #1: at 120 columns the Orphans footer showed
#: `t Theme` but not `a Index it` nor `u Undo`, the view's main keys). Help and Quit keep
#: their place at any width (the footer's ALWAYS).
FOOTER_LATER = frozenset({"toggle_preview", "reaudit", "toggle_chat", "hide_chat", "help",
                          "quit", "choose_theme"})


class AppActions:
    """Mixed into ``MemtuiApp``: needs ``workspace``, ``result``, ``config``, ``palette``,
    ``active_view``, ``_ui``, ``set_notice``, ``start_audit``, ``folder_gone`` and
    Textual's ``App``."""

    FOOTER_LATER = FOOTER_LATER

    def action_focus_filter(self) -> None:
        view: Any = self.active_view
        if hasattr(view, "action_focus_filter"):
            view.action_focus_filter()

    def action_leave_input(self) -> None:
        """From the filter box or the chat pane (its input, log or picker) back to the
        active view."""
        pid = self._ui.query_one(TabbedContent).active
        if pid:  # at once: the keys typed after Esc are the view's
            self._ui.set_focus(self._view_widget(pid))

    def action_open_other(self) -> None:
        """The palette's "Open the other side": Findings' ``O`` (newuser22 #10)."""
        view: Any = self.active_view
        if hasattr(view, "action_open_other"):
            view.action_open_other()
        else:
            self.notify("open the other side of a finding: in the Findings view (6), O",  # type: ignore[attr-defined]
                        severity="warning")

    def action_toggle_suppressed(self) -> None:
        """Show or hide the suppressed findings in the Findings view."""
        self.show_suppressed = not self.show_suppressed
        self.suppressed_flips += 1
        result = self.result
        if result is None:
            return
        result.show_suppressed = self.show_suppressed
        n = len(result.suppressed)
        self.set_notice(f"showing {plural(n, 'suppressed finding')}" if self.show_suppressed
                         else f"hiding {plural(n, 'suppressed finding')}")
        rows = prepare_rows(result, self.palette, self._row_caches, {"findings"})
        self._rows.update(rows)
        for view in self._ui.query(AuditTable):
            if view.id == "findings-view":
                view.set_result(result, self.palette, None, rows["findings"])

    def action_toggle_accepted(self) -> None:
        """Show or hide, in the Findings view, the findings ``--baseline`` accepts (the
        view lists the new ones: newuser41 #27)."""
        result = self.result
        if self.baseline is None:  # type: ignore[attr-defined]
            self.set_notice("no baseline: open the workspace with memtui PATH --baseline "
                            "FILE to tell the new findings from the accepted ones")
            return
        self.show_accepted = not self.show_accepted  # type: ignore[has-type]
        if result is None:
            return
        result.show_accepted = self.show_accepted
        n = sum(1 for s in result.suppressed if s.cause == "baseline")
        self.set_notice(f"showing {plural(n, 'finding')} the baseline accepts"
                        if self.show_accepted else
                        f"showing the new findings only ({plural(n, 'accepted one')} hidden)")
        rows = prepare_rows(result, self.palette, self._row_caches, {"findings"})
        self._rows.update(rows)
        for view in self._ui.query(AuditTable):
            if view.id == "findings-view":
                view.set_result(result, self.palette, None, rows["findings"])

    def action_reaudit(self) -> None:
        """Audit again from scratch, with the configuration read again (a
        ``.memtui.toml`` written or changed since the app started counts)."""
        from memtui.tui.config_reload import reread

        gone = self.folder_gone()
        if gone is not None:  # said at once, not "auditing again …" (newuser36 #31)
            self.set_notice(gone, error=True)
            return
        self.config, said = reread(self.workspace.root, self.config_file, self.config)
        self.set_notice(f"auditing again … ({said})" if said else "auditing again …")
        self.start_audit(None)

    async def action_help(self) -> None:
        from memtui.tui.widgets.row_table import RowTable

        # The views' own keys too (Findings' O; newuser22 #10), each once.
        help_screen = HelpScreen([(pid, title) for pid, title, _ in VIEWS],
                                 [type(self), RowTable, AuditTable,
                                  *(view for _, _, view in VIEWS)],
                                 chat=chat_pane_class() if self._chat else None,
                                 words={a: w for a, (_, w) in self.profile_words().items()})
        with self.batch_update():  # laid out once it is all there (issue 32 item 17)
            await self.push_screen(help_screen)

    def action_choose_theme(self) -> None:
        self.search_themes()

    def selected_path(self) -> tuple[str, int | None] | None:
        """The file under the active view's cursor (never the preview's: it may show
        another view's file, or a link followed inside it)."""
        view = self.active_view
        return view.selection() if isinstance(view, AuditView) else None

    def _selected_or_say(self, what: str) -> tuple[str, int | None] | None:
        """The active view's selected file, or None after saying why there is nothing
        to ``what`` (open, copy)."""
        picked = self.selected_path()
        if picked is None:
            view = self.active_view
            why = view.why_nothing() if isinstance(view, AuditView) else "nothing selected"
            self.notify(f"nothing to {what}: {why}", severity="warning")
        return picked

    def action_pick_all(self) -> None:
        """Pick every row the current view shows (its filter's), or unpick them."""
        view = self.active_view  # type: ignore[attr-defined]
        if not isinstance(view, AuditTable):
            self.set_notice("nothing to pick in this view")  # type: ignore[attr-defined]
            return
        count = view.action_pick_all()
        self.set_notice(  # type: ignore[attr-defined]
            f"{plural(count, 'row')} picked: fold (f), archive (v) or delete (d) acts on them "
            "all; * again unpicks them" if count else "no row picked")

    def action_show_history(self) -> None:
        """The journal's newest operations, newest first, the one ``u`` takes next marked
        (newuser35 #23: the app had ``u`` but no way to see what it would undo)."""
        from memtui.edit.journal import Journal, Unreadable, is_active, is_redaction, title
        from memtui.tui.dialogs.confirm import ConfirmScreen

        try:
            entries = list(reversed(Journal(self.workspace).entries()))  # type: ignore[attr-defined]
        except (Refused, OSError) as exc:
            self.set_notice(f"cannot read the journal: {exc}", error=True)  # type: ignore[attr-defined]
            return
        lines: list[str] = []
        marked = False
        for entry in entries[:HISTORY_SHOWN]:
            if isinstance(entry, Unreadable):
                lines.append(f"#{entry.id} {entry.name}: unreadable or not memtui's "
                             f"({entry.reason}); undo stops here")
                marked = True
                continue
            state = " (not undoable)" if is_redaction(entry) else \
                " (undone)" if entry.get("undone") else ""
            summary = str(entry.get("summary", ""))
            summary = summary if len(summary) <= 200 else summary[:199] + "…"
            nxt = not marked and is_active(entry) and not is_redaction(entry)
            marked = marked or nxt
            lines.append(f"{'u → ' if nxt else '    '}#{entry['id']} {entry.get('time', '?')} "
                         f"{title(entry)}{state}: {summary}")
        if len(entries) > HISTORY_SHOWN:
            lines.append(f"… {plural(len(entries) - HISTORY_SHOWN, 'older record')} "
                         "(memtui history PATH lists them all)")
        self.push_screen(ConfirmScreen(  # type: ignore[attr-defined]
            "History", lines or ["no operations journaled in this workspace"],
            confirm="Close", cancel=False))

    def action_show_notices(self) -> None:
        """The status line's last notices, newest first (newuser39 #5: a refusal was gone
        within 2 s under an agent's writes, and nothing read it back)."""
        from memtui.tui.dialogs.confirm import ConfirmScreen

        said = list(reversed(self.notices))  # type: ignore[attr-defined]
        lines = [f"{at} {'✗ ' if error else ''}{text}" for at, text, error in said]
        self.push_screen(ConfirmScreen(  # type: ignore[attr-defined]
            "Notices", lines or ["no notice yet"], confirm="Close"))

    def action_copy_path(self) -> None:
        """Copy the selected file's absolute path (OSC 52: works over ssh too)."""
        picked = self._selected_or_say("copy")
        if picked is None:
            return
        path = str(self.workspace.root / picked[0])
        self.copy_to_clipboard(path)
        self.set_notice(f"copied {path}")

    def action_open_editor(self) -> None:
        view = self.active_view
        picked = view.edit_target() if isinstance(view, AuditView) else None
        if picked is None:  # (says why nothing is selected)
            self.action_open_memory()
        else:
            self.open_in_editor(*picked)

    def action_open_memory(self) -> None:
        """Open the memory under the cursor in the editor (the Index view's ``O``: its
        ``o`` opens MEMORY.md at the line)."""
        picked = self._selected_or_say("open")
        if picked is not None:
            self.open_in_editor(*picked)

    def open_in_editor(self, rel: str, line: int | None = None) -> None:
        """Open ``rel`` (a workspace path, or an absolute one: a project's file a finding
        names) in $VISUAL/$EDITOR, then re-audit it when it is in the workspace."""
        path = self.workspace.root / rel
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        failed: Exception | None = None
        at_line = False
        # read before the editor opens, journaled after it returns: u undoes the edit
        # like any operation, and an earlier one on the file is not blocked by a change
        # nothing recorded (newuser31 #18)
        before = None if os.path.isabs(rel) else before_edit(self.workspace, rel)
        try:
            command, at_line = editor_command(editor, str(path), line)
            # an editor that cannot be started is said before the screen is given up
            # (newuser24 #62: the app hung with the terminal handed to the shell)
            if not command or shutil.which(command[0]) is None:
                raise FileNotFoundError(f"{command[0] if command else editor}: no such "
                                        "program ($VISUAL or $EDITOR)")
            with self.suspend():
                try:
                    subprocess.run(command, check=False)
                except Exception as exc:
                    failed = exc
        except Exception as exc:  # SuspendNotSupported, a bad $EDITOR, …
            failed = exc
        if failed is not None:
            self.notify(printable(f"cannot open {rel} in {editor}: {failed}"),
                        severity="error", markup=False)
            return
        said = before is not None and self._journal_edit(before)
        if line and not at_line:  # said, not guessed (newuser24 #28)
            self.notify(printable(f"{rel} opened at its top: line {line} is passed only to "
                                  "an editor known to take one (vi, nano, emacs, VS Code…; "
                                  "docs/app.md)"), markup=False)
        if said:  # the notice says the edit and its undo: not replaced by "changed"
            self.own_write({rel})  # type: ignore[attr-defined]
        elif not os.path.isabs(rel):
            self.start_audit({rel})

    def _journal_edit(self, before: BeforeEdit) -> bool:
        """Journal what the editor changed in ``before``'s file and say it with its undo
        (True), or say why it could not be journaled; False when nothing was journaled."""
        try:
            rec = journal_edit(self.workspace, before)
        except Refused as exc:
            self.notify(printable(str(exc)), severity="warning", markup=False)
            return False
        if rec is None:
            return False
        replaced = rec.get("replaced")
        if replaced is not None:
            # the editor saved over a memtui write made while it was open (newuser41 #2)
            self.notify(printable(
                f"{before.path} was written by {replaced.record} while your editor had it "
                "open, and your save replaced that write: "
                + (f"its version is kept in {replaced.kept}, and u (#{rec['id']}) puts it "
                   "back" if replaced.kept else "memtui kept no copy of it (only MEMORY.md's "
                   "writes are kept whole): look at the file")),
                severity="warning", timeout=30, markup=False)
        self.set_notice(f"{rec['summary']} (u to undo #{rec['id']})", held=True)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_chat":
            return self._chat
        if action == "hide_chat":
            # (a cached lookup by id: a query here walked the whole DOM for every binding
            # the footer looked at, 3 ms each at 261 memories; issue 32 item 17)
            return self._chat and self._found("#chat-slot") is not None and self._chat_open()
        if action == "leave_input":
            focused = self.focused
            if focused is None or self.screen is not self._ui:
                return False
            if isinstance(focused, Input):
                return self._ui.query_one("#main") in focused.ancestors
            # Anywhere in the chat pane (its log, the model picker), as from its input:
            # "Tab never leaves the chat pane: Esc does" (newuser22 #21, stuck in the log).
            slot = self._found("#chat-slot") if self._chat else None
            return slot is not None and slot in focused.ancestors
        # In the Trend view, neither offered nor taken: its rows are commits, not memories.
        return not (action in NOT_IN_TREND and self._shown_pid == "trend")

    def footer_words(self, action: str) -> str | None:
        """The footer's words for a key whose operation the folder's profile changes:
        ``d`` under hermes removes repeated entries, it deletes no file (newuser32 #43:
        "d Delete" ran remove-duplicate-entry)."""
        result = self.result  # type: ignore[attr-defined]
        if action.removeprefix("app.") == "delete" and result is not None \
                and str(result.profile) == "hermes":
            return "Remove repeats"
        return None

    def footer_leaves_out(self, action: str) -> bool:
        """A key the footer does not offer though it is taken: pressed, it would only say
        why it cannot act here (newuser21 #3, #19) — ``a`` in the Block view (the injected
        text, not a memory) or on a table row about no memory, ``o`` in the Trend view (its
        rows are commits), an operation the folder's profile does not offer (``f`` under
        hermes). The key still says why,
        and ``?`` and the palette list it. (A view binds some as ``app.rename``.)"""
        action = action.removeprefix("app.")
        if action in NOT_OFFERED_IN.get(self._shown_pid, ()):
            return True
        if action == "undo" and not self._journaled():
            return True  # nothing journaled yet: u could only say so (newuser23 #29)
        result = self.result  # type: ignore[attr-defined]
        if result is None or self.screen is not self._ui or action not in ACTION_OPS:
            return False  # (before the first audit every key is offered: reading the
            # folder's profile from its files is too dear for each footer row, a freeze)
        from memtui.edit.agent_ops import refusal

        profile = str(result.profile)
        op = ("remove-duplicate-entry" if action == "delete" and profile == "hermes"
              else ACTION_OPS[action])
        if refusal(profile, op) is not None:
            return True
        # ``a`` on a row about no memory (MEMORY.md's own, a workspace-wide finding, an
        # empty view) could only say so: offered where it acts (newuser21, the Broken view).
        # The table asks the footer again when its cursor crosses such a row.
        from memtui.tui.widgets.audit_table import AuditTable

        view = self.active_view  # type: ignore[attr-defined]
        return action == "add_to_index" and isinstance(view, AuditTable) \
            and not view.unindexed(result)

    def _journaled(self) -> bool:
        """Whether the workspace's journal holds a record (an operation to undo, or
        undone): one look at its folder until it does, then known. The folder alone says
        nothing: a write refused before it was journaled (Hermes' lock held) leaves it
        empty (newuser33 #12: `u Undo` offered where nothing was ever journaled)."""
        if not getattr(self, "_journal_seen", False):
            from memtui.edit.errors import Refused
            from memtui.edit.journal import Journal

            try:
                self._journal_seen = bool(Journal(
                    self.workspace).ids())  # type: ignore[attr-defined]
            except Refused:  # unreadable: u is offered, and says why
                self._journal_seen = True
        return self._journal_seen

    def footer_shows(self, action: str) -> bool:
        """A key the footer shows though its binding is hidden, for the folder's profile:
        ``d`` under hermes when a store repeats an entry, the one repair there (newuser33
        #12: it was in no footer, help or palette entry)."""
        result = self.result  # type: ignore[attr-defined]
        return action.removeprefix("app.") == "delete" and result is not None \
            and str(result.profile) == "hermes" \
            and any(ld.repeated for ld in result.block.loads)

    def profile_words(self) -> dict[str, tuple[str, str]]:
        """The palette's title and the help's words for the keys the folder's profile makes
        another operation (``d`` under hermes), by action."""
        result = self.result  # type: ignore[attr-defined]
        if result is not None and str(result.profile) == "hermes":
            return {"delete": ("Remove repeated entries",
                               "under hermes: remove the entries MEMORY.md and USER.md "
                               "repeat exactly, each with its § (the first stays)")}
        return {}

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # Not Textual's "Keys" (its key panel lists scroll keys no table takes and a bare
        # ^c, and Esc does not close it: a second help that disagrees with ?; newuser21 #14).
        yield from (c for c in super().get_system_commands(screen)
                    if c.title not in TEXTUAL_COMMANDS_LEFT_OUT)
        keys: dict[str, str] = {}
        for _, binding in self._bindings:
            keys.setdefault(binding.action, self.get_key_display(binding))
        changed = self.profile_words()
        for action, (title, help_text) in self.ACTIONS.items():
            if action == "toggle_chat" and not self._chat:
                continue
            title, help_text = changed.get(action, (title, help_text))
            key = keys.get(action) or ("/" if action == "focus_filter" else "")
            yield SystemCommand(f"{title}  ({key})" if key else title, help_text,
                                _runner(self, action))


def _runner(app: App[Any], action: str) -> Any:
    async def run() -> None:
        await app.run_action(action)

    return run
