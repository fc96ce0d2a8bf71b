"""What a curation key of the app acts on (issue 4): the selected or picked rows of the
active view, the memories they are about (an index line counts for its targets), what ``x``
redacts, the broken links picked, and whether the rows are an index line linking several
memories (then the key asks which)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memtui.core.workspace import INDEX_NAME

if TYPE_CHECKING:
    from memtui.tui.widgets.audit_table import Row


class CurateSelection:
    """Mixed into ``MemtuiApp`` (through `memtui.tui.curate_actions.CurateActions`): needs
    ``result`` and ``active_view``."""

    def _selected_rows(self) -> list[Row]:
        from memtui.tui.widgets.audit_table import AuditTable

        view = self.active_view  # type: ignore[attr-defined]
        return view.picked_rows() if isinstance(view, AuditTable) else []

    def _memories(self) -> list[str]:
        """Memory files the active view's picks (else its cursor) are about: index lines
        count for their targets. Never the preview's file: it may be another view's."""
        from memtui.tui.views.base import AuditView
        from memtui.tui.widgets.audit_table import AuditTable

        result = self.result  # type: ignore[attr-defined]
        view = self.active_view  # type: ignore[attr-defined]
        if result is None:
            return []
        if isinstance(view, AuditTable):
            return view.memory_paths(result.scans)
        picked = view.selection() if isinstance(view, AuditView) else None
        return [picked[0]] if picked and picked[0] in result.scans else []

    def _left_out_of_fold(self) -> list[str]:
        """The picked rows a fold leaves out, each named with why (newuser35 #24: 20 picks
        became "Fold 18 entries" and nothing said which 2 went, or why): an index line
        whose link leads to no file, a line that links no memory."""
        from memtui.core.scanner.index import IndexLine
        from memtui.tui.widgets.audit_table import AuditTable, row_memories

        result = self.result  # type: ignore[attr-defined]
        view = self.active_view  # type: ignore[attr-defined]
        if result is None or not isinstance(view, AuditTable) or not view.picked:
            return []
        out: list[str] = []
        for row in view.picked_rows():
            if any(p in result.scans for p in row_memories(row)):
                continue
            line = row.data if isinstance(row.data, IndexLine) else None
            if line is None:
                out.append(f"{row.path or row.key} (not a memory)")
                continue
            title = (line.title or line.text).strip()
            named = f'line {line.number} "{title}"' if title else f"line {line.number}"
            broken = {b.target for b in result.broken_links if b.source == INDEX_NAME}
            why = ("its link leads to no file" if any(t in broken for t in line.targets)
                   else "it links no memory")
            out.append(f"{named} ({why})")
        return out

    def _redactable(self) -> list[str]:
        """What ``x`` redacts: the memories of the selection, and MEMORY.md for a selected
        row on a line of it with a secret (a Findings row, an Index view line): the one
        file injected into every turn (newuser22 #29; the CLI's ``fix redact`` took it)."""
        from memtui.tui.widgets.audit_table import AuditTable, row_memories

        result = self.result  # type: ignore[attr-defined]
        view = self.active_view  # type: ignore[attr-defined]
        if result is None or not isinstance(view, AuditTable):
            return self._memories()
        lines = {f.line for f in result.findings if f.kind == "secret" and f.path == INDEX_NAME}
        # a file the agent loads every turn that is no memory (OpenClaw's TOOLS.md), as
        # `fix redact` takes it (newuser30 #21)
        loaded = {f.path for f in result.findings if f.kind == "secret"
                  and f.path in result.block.files and f.path not in result.scans}
        paths: list[str] = []
        for row in view.picked_rows():
            if lines and row.path == INDEX_NAME and row.line in lines:
                paths.append(INDEX_NAME)
            elif row.path in loaded:
                paths.append(row.path)
            else:
                paths += [p for p in row_memories(row) if p in result.scans]
        return list(dict.fromkeys(paths))

    def _packed_line(self, n: int) -> str | None:
        """When the keys would act on an index line linking several memories (the cursor's
        row, or one of the picked rows), what the ``n`` memories come from, in words: a key
        acting on a memory then asks which (`_then`), the same for every key."""
        from memtui.core.scanner.index import IndexLine

        rows = self._selected_rows()
        for row in rows:
            if isinstance(row.data, IndexLine) and len(set(row.data.targets)) > 1:
                if len(rows) == 1:
                    return f"{INDEX_NAME} line {row.data.number} links {n} memories"
                return f"the {len(rows)} picked rows link {n} memories"
        return None

    def _broken(self) -> Any:
        from memtui.core.audit import BrokenLink

        rows = self._selected_rows()
        data = rows[0].data if rows else None
        return data if isinstance(data, BrokenLink) else None

    def _broken_picked(self) -> list[Any]:
        """Every broken link the picks (else the cursor's row) are."""
        from memtui.core.audit import BrokenLink

        return [r.data for r in self._selected_rows() if isinstance(r.data, BrokenLink)]
