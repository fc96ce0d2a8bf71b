"""The curation keys of the app (issue 4): each acts on the selected or picked rows
(`memtui.tui.curate_selection`), runs as `memtui.tui.curate_flow` says (offered under the
profile, which memory of a packed line) and opens one of the dialogs of
``memtui.tui.curate``, which shows the change and writes only on confirmation (atomic,
conflict-checked, journaled, undoable with ``u``). One method per key, its bindings beside
them."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import ClassVar

from textual.binding import Binding, BindingType

from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.core.workspace import INDEX_NAME, in_archive
from memtui.tui.curate_flow import CurateFlow

#: action → (palette title, help).
CURATE_ACTIONS: dict[str, tuple[str, str]] = {
    "add_to_index": ("Add to index", "draft index entries for the selected memories"),
    "add_unreachable": ("Add all unreachable", "index every memory nothing reaches"),
    "repoint": ("Repoint link",
                "point a broken link (and [[wikilinks]] to it) at an existing file"),
    "remove_link": ("Remove link", "drop the picked broken links (else the cursor's); "
                    "inside a memory the link's text stays; in the Index view, the "
                    "line's link and its entry"),
    "fold": ("Fold entries", "fold the picked memories' entries into one packed line"),
    "unfold": ("Unfold line", "turn a packed index line back into entries"),
    "rename": ("Rename memory", "rename the file and its name, rewriting every link"),
    "fix_wikilinks": ("Fix wikilinks", "rewrite fuzzy [[wikilinks]] to the exact spelling"),
    "new_memory": ("New memory", "write a memory from a template"),
    "delete": ("Delete memory", "delete the selected memories and their index lines"),
    "archive": ("Archive memory", "move the selected memories into _archive/ and drop their "
                "index lines (kept, no longer loaded)"),
    "redact": ("Redact secrets", "replace flagged credentials in the selected memory"),
    "undo": ("Undo", "revert the last operation, a curation or one write of the chat agent "
             "(again for the one before)"),
    "undo_turn": ("Undo the agent's last turn",
                  "revert every write of the chat agent's newest turn as one step"),
}
#: The key that undoes the agent's last turn, in the views and in the chat pane.
UNDO_TURN_KEY = "ctrl+z"


class CurateActions(CurateFlow):
    """Mixed into ``MemtuiApp``: needs ``workspace``, ``result``, ``active_view`` and
    Textual's ``run_worker`` / ``notify``."""

    CURATE_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_to_index", "Index it"),
        Binding("A", "add_unreachable", "Index unreachable", show=False),
        Binding("e", "repoint", "Repoint", show=False),
        Binding("X", "remove_link", "Remove link", show=False),
        Binding("f", "fold", "Fold", show=False),
        Binding("F", "unfold", "Unfold", show=False),
        Binding("R", "rename", "Rename", show=False),
        Binding("w", "fix_wikilinks", "Fix wikilinks", show=False),
        Binding("n", "new_memory", "New", show=False),
        Binding("d", "delete", "Delete", show=False),
        Binding("v", "archive", "Archive", show=False),
        Binding("x", "redact", "Redact", show=False),
        Binding("u", "undo", "Undo"),
        Binding(UNDO_TURN_KEY, "undo_turn", "Undo agent turn", show=False),
    ]

    def action_add_to_index(self) -> None:
        from memtui.edit import gemini_ops
        from memtui.tui import curate

        if self._refused("add_to_index"):
            return None
        paths = self._memories()
        if paths and self._profile() == "gemini":  # Gemini's own form: a pointer line
            root = self.workspace.root  # type: ignore[attr-defined]
            # the title names the file written: GEMINI.md when there is no MEMORY.md
            # (newuser32 #3 addendum)
            written = gemini_ops.LEGACY if not (root / "MEMORY.md").exists() \
                and (root / gemini_ops.LEGACY).is_file() else "MEMORY.md"
            self._run(curate.run_with_preview(  # type: ignore[arg-type]
                self, self.workspace, f"Add pointer lines to {written}",
                gemini_ops.add_pointer, paths))
            return None
        if not paths:
            return self._need("select a memory (or pick several with space) to index")
        result = self.result  # type: ignore[attr-defined]
        indexed = [p for p in paths if p in result.index_linked]
        if indexed:
            lines = [ln.number for ln in result.index.lines if indexed[0] in ln.targets]
            where = f" (line {lines[0]})" if lines else ""
            others = f" and {plural(len(indexed) - 1, 'other')}" if len(indexed) > 1 else ""
            paths = [p for p in paths if p not in indexed]
            self.notify(f"{indexed[0]}{others} already in the index{where}"
                        + ("" if paths else ": nothing to add"),  # type: ignore[attr-defined]
                        severity="warning" if not paths else "information")
            if not paths:
                return None
        self._then("Add to the index", "to add", paths, lambda chosen: curate.run_add_to_index(
            self, self.workspace, chosen), every=True)  # type: ignore[arg-type]

    def action_add_unreachable(self) -> None:
        from memtui.edit import gemini_ops, index_ops
        from memtui.edit.agent_ops import openclaw_note
        from memtui.edit.load_limit import linked_late_note
        from memtui.tui import curate

        if self._refused("add_unreachable"):
            return None
        if self._profile() == "openclaw":  # a daily note is searched: never one to index
            self._run(curate.run_with_preview(  # type: ignore[arg-type]
                self, self.workspace, "Index the notes nothing reaches (no daily note)",
                lambda snap: index_ops.add_to_index(snap, [], all_unreachable=True,
                                                    only=openclaw_note)))
            return None
        if self._profile() == "gemini":
            self._run(curate.run_with_preview(  # type: ignore[arg-type]
                self, self.workspace, "Add a pointer line for every topic file named nowhere",
                lambda snap: gemini_ops.add_pointer(snap, [], all_unreachable=True)))
            return None
        result = self.result  # type: ignore[attr-defined]
        paths = [o.path for o in result.orphans if not o.reachable] if result else []
        # Archived memories (``include-archives = true`` audits them) were put away on
        # purpose: left out, and said so; ``a`` indexes one when it is wanted back.
        archived = [p for p in paths if in_archive(p)]
        paths = [p for p in paths if not in_archive(p)]
        note = ""
        if archived:
            folders = sorted({p.rsplit("/", 1)[0] for p in archived})
            more = f" and {plural(len(folders) - 1, 'more folder')}" if len(folders) > 1 else ""
            note = (f"left out {plural(len(archived), 'archived memory', 'archived memories')}"
                    f" (in {printable(folders[0])}/{more}): select one and press a to index it")
        # Memories linked only past the load limit have their entry already: a second one
        # would leave that dead line in place; moving it up is what loads them. They are
        # said apart, and the others are offered (newuser26 #34: one such memory made A
        # refuse all, unlinked ones included; newuser38 #26: the reason given was untrue).
        late = {o.path: o.past_limit for o in result.orphans
                if not o.reachable and o.past_limit is not None} if result else {}
        if late and any(p not in late for p in paths):
            note = "; ".join(filter(None, [
                linked_late_note(len(late), min(late.values()), "v", "f"), note]))
            paths = [p for p in paths if p not in late]
        if not paths:
            return self._need("no unreachable memory to index" + (f"; {note}" if note else ""),
                              why=False)
        if note:
            self.notify(note)  # type: ignore[attr-defined]
        self._run(curate.run_add_to_index(self, self.workspace,  # type: ignore[arg-type]
                                          paths, note.capitalize()[:1] + note[1:]))

    def action_repoint(self) -> None:
        from memtui.edit import gemini_ops
        from memtui.tui import curate

        if self._refused("repoint"):
            return None
        b = self._broken()
        if b is None:
            return self._need("select a broken link (view 4) to repoint", why=False)
        targets = {x.target for x in self._broken_picked()}
        if len(targets) > 1:  # one new target for one old (newuser31 #6: the first pick
            # was repointed, the others ignored without a word)
            return self._need(f"e repoints the links to one target: {len(targets)} are "
                              "picked (esc clears the picks; X removes them all)", why=False)
        result = self.result  # type: ignore[attr-defined]
        sources = {x.source for x in result.broken_links if x.target == b.target} \
            if result else {b.source}
        gemini = self._profile() == "gemini"
        self._run(curate.run_repoint(self, self.workspace, b.target,  # type: ignore[arg-type]
                                     b.suggestions, sources | {b.source},
                                     gemini_ops.repoint_pointer if gemini else None,
                                     gemini_ops.duplicate_pointers if gemini else None,
                                     set(result.scans) if result else None))

    def action_remove_link(self) -> None:
        """An index link goes (its entry too when it was the line's only link); a link
        inside a memory becomes its plain text. With several rows picked, every picked
        link goes, in one diff and one undoable step."""
        from memtui.edit import broken_ops, gemini_ops, index_ops, memory_ops
        from memtui.tui import curate

        if self._refused("remove_link"):
            return None
        picked = self._broken_picked()
        if not picked:
            return self._remove_index_entry()
        b = picked[0]
        if len(picked) > 1:  # every pick, in one diff (newuser31 #6: the first alone went)
            job = curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                          f"Remove {len(picked)} broken links",
                                          broken_ops.remove_broken,
                                          [(x.source, x.target) for x in picked],
                                          self._profile() == "gemini", danger=True)
        elif self._profile() == "gemini":
            job = curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                          f"Remove the pointer line to {b.target}",
                                          gemini_ops.remove_pointer, b.target, danger=True)
        elif b.source == INDEX_NAME:
            job = curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                          f"Remove the link to {b.target}",
                                          index_ops.remove_link, b.target, danger=True)
        else:
            job = curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                          f"Unlink {b.target} in {b.source}",
                                          memory_ops.unlink, b.source, b.target, danger=True)
        self._run(job)

    def _remove_index_entry(self) -> None:
        """``X`` on an index line in the Index view: its link goes, the entry with it when it
        was the line's only one (newuser39 #2: a refused undo of an add-to-index says "X on
        each added line in the Index view removes it", and X acted on broken links alone)."""
        from memtui.core.scanner.index import IndexLine
        from memtui.edit import index_ops
        from memtui.tui import curate

        rows = self._selected_rows()
        line = rows[0].data if len(rows) == 1 else None
        targets = sorted({str(lk.target) for lk in line.links if lk.target}) \
            if isinstance(line, IndexLine) and self._profile() != "gemini" else []
        if not targets:
            return self._need("select a broken link (view 4), or an index line (view 1), "
                              "to remove", why=False)
        if len(targets) > 1:
            return self._need(f"index line {line.number} links {len(targets)} memories: F "
                              "unfolds it, then X removes one line's link", why=False)
        self._run(curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                          f"Remove index line {line.number}'s link to "
                                          f"{targets[0]}", index_ops.remove_link, targets[0],
                                          danger=True))

    def action_fold(self) -> None:
        from memtui.tui import curate

        if self._refused("fold"):
            return None
        paths = self._memories()
        if len(paths) < 2:
            return self._need("pick two or more indexed memories with space, then fold",
                              why=not paths)
        self._run(curate.run_fold(self, self.workspace, paths,  # type: ignore[arg-type]
                                  self._left_out_of_fold()))

    def action_unfold(self) -> None:
        from memtui.core.scanner.index import IndexLine
        from memtui.edit import fold_ops
        from memtui.tui import curate

        if self._refused("unfold"):
            return None
        rows = self._selected_rows()
        line = rows[0].data if rows else None
        if not isinstance(line, IndexLine) or line.kind != "packed":
            return self._need("select a packed line in the Index view (1) to unfold",
                              why=False)
        self._run(curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                          f"Unfold index line {line.number}",
                                          fold_ops.unfold, line.number,
                                          *curate.audit_limits(self)))

    def action_rename(self) -> None:
        from memtui.tui import curate

        if self._refused("rename"):
            return None
        paths = self._memories()
        if not paths:
            return self._need("select a memory to rename")
        if self._profile() == "openclaw":  # refused before the form, not after it is filled
            from memtui.edit.agent_ops import daily_note  # in (newuser26 #28)

            dated = [p for p in paths if daily_note(p)]
            paths = [p for p in paths if not daily_note(p)]
            if not paths:
                self.set_notice(  # type: ignore[attr-defined]
                    f"{printable(dated[0])} is an OpenClaw daily note: its name is its date; "
                    "rename refuses one (nothing was written)", error=True)
                return None
        self._then("Rename", "to rename", paths, lambda chosen: curate.run_rename(
            self, self.workspace, chosen[0]))  # type: ignore[arg-type]

    def action_fix_wikilinks(self) -> None:
        from memtui.edit import memory_ops
        from memtui.tui import curate

        if self._refused("fix_wikilinks"):
            return None
        paths = self._memories()

        def fix(chosen: list[str]) -> Awaitable[bool]:
            target = chosen[0] if chosen else None
            return curate.run_with_preview(self, self.workspace,  # type: ignore[arg-type]
                                           f"Fix wikilinks in {target or 'every memory'}",
                                           memory_ops.fix_wikilinks, target)
        self._then("Fix wikilinks", "to fix the wikilinks of", paths, fix)

    def action_new_memory(self) -> None:
        from memtui.tui import curate

        if self._refused("new_memory"):
            return None
        self._run(curate.run_new_memory(self, self.workspace))  # type: ignore[arg-type]

    def action_delete(self) -> None:
        from memtui.edit import hermes_ops
        from memtui.tui import curate

        if self._refused("delete"):
            return None
        if self._profile() == "hermes":  # d removes both stores' repeated entries
            result = self.result  # type: ignore[attr-defined]
            given = dict(result.options.limits) if result is not None else {}
            self._run(curate.run_with_preview(  # type: ignore[arg-type]
                self, self.workspace, "Remove the entries of MEMORY.md and USER.md "
                "repeated exactly (the first stays)",
                hermes_ops.remove_duplicate_entry, None, None, given, danger=True))
            return None
        paths = self._memories()
        if not paths:
            return self._need("select a memory (or pick several with space) to delete")
        self._then("Delete", "to delete", paths, lambda chosen: curate.run_delete(
            self, self.workspace, chosen), every=True)  # type: ignore[arg-type]

    def action_archive(self) -> None:
        from memtui.edit import memory_ops
        from memtui.tui import curate

        if self._refused("archive"):
            return None
        paths = self._memories()
        if not paths:
            return self._need("select a memory (or pick several with space) to archive")
        self._then("Archive", "to archive", paths, lambda chosen: curate.run_with_preview(
            self, self.workspace,  # type: ignore[arg-type]
            f"Archive {plural(len(chosen), 'memory', 'memories')} (moved to _archive/, "
            "index lines dropped)", memory_ops.archive, chosen), every=True)

    def action_redact(self) -> None:
        from memtui.edit import memory_ops
        from memtui.tui import curate

        if self._refused("redact"):
            return None
        paths = self._redactable()
        if not paths:
            return self._need("select a memory with a secret finding to redact")
        self._then("Redact secrets", "to redact", paths, lambda chosen: curate.run_with_preview(
            self, self.workspace, f"Redact secrets in {chosen[0]}",  # type: ignore[arg-type]
            memory_ops.redact, chosen[0], danger=True))

    def action_undo(self) -> None:
        from memtui.tui import curate

        self._run(curate.run_undo(self, self.workspace))  # type: ignore[arg-type]

    def action_undo_turn(self) -> None:
        """Undo every write of the chat agent's newest turn as one step, after a
        confirmation. With the chat pane mounted it goes through the pane (which says a
        reply is still coming, and marks the turn's cards undone)."""
        from memtui.tui import curate

        for pane in self._ui.query("#chat-slot > *"):  # type: ignore[attr-defined]
            if hasattr(pane, "action_undo_turn"):
                pane.action_undo_turn()
                return

        async def job() -> bool:
            return await curate.run_undo_turn(self, self.workspace) is not None  # type: ignore[arg-type]

        self._run(job())
