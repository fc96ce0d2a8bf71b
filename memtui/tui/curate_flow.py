"""How a curation key of the app runs its flow (issue 4): refused, saying why, when the
folder's profile does not offer its operation (issue 33, 5); asking first which memory when
the rows are an index line linking several; then the flow as one worker that keys typed
early wait for, unpicking the rows once it wrote; or a notice of what the key needs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from memtui.tui.curate_selection import CurateSelection

if TYPE_CHECKING:
    from memtui.core.workspace import Workspace

#: action → the ``memtui fix`` operation it is (whose per-profile offer it follows).
ACTION_OPS: dict[str, str] = {
    "add_to_index": "add-to-index", "add_unreachable": "add-to-index", "repoint": "repoint",
    "remove_link": "remove-link", "fold": "fold", "unfold": "unfold", "rename": "rename",
    "fix_wikilinks": "fix-wikilinks", "new_memory": "new", "delete": "delete",
    "archive": "archive", "redact": "redact",
}


class CurateFlow(CurateSelection):
    """Mixed into ``MemtuiApp`` (through `memtui.tui.curate_actions.CurateActions`): needs
    ``workspace``, ``result``, ``active_view`` and Textual's ``run_worker`` / ``notify``."""

    workspace: Workspace

    def _then(self, title: str, to: str, paths: list[str],
              job: Callable[[list[str]], Awaitable[bool]], every: bool = False) -> None:
        """Run ``job(paths)``; when they come from an index line linking several memories,
        first ask which of them (``to``: what the key does, "to delete"; ``every``: "all
        of them" is a choice too)."""
        from memtui.tui.curate import choose
        from memtui.tui.dialogs.which_memory import every_label

        source = self._packed_line(len(paths)) if len(paths) > 1 else None
        if source is None:
            self._run(job(paths))  # type: ignore[arg-type]
            return None

        async def ask_first() -> bool:
            chosen = await choose(self, f"{title}: which memory?",  # type: ignore[arg-type]
                                  f"{source}: which one {to}?", paths,
                                  every_label(len(paths)) if every else None)
            return chosen is not None and await job(chosen)

        self._run(ask_first())
        return None

    def _run(self, job: Coroutine[Any, Any, bool]) -> None:
        from memtui.tui.widgets.audit_table import AuditTable

        # Keys typed before the flow's dialog is up are the dialog's: they wait for it.
        gate = self.keys_wait_for_dialogs()  # type: ignore[attr-defined]

        async def then_unpick() -> None:
            try:
                if await job:  # picks were for this operation; the rows may be gone
                    for view in self._ui.query(AuditTable):  # type: ignore[attr-defined]
                        view.clear_picks()
            finally:
                self.keys_flow(gate)  # type: ignore[attr-defined]

        self.run_worker(then_unpick(), exclusive=True,  # type: ignore[attr-defined]
                        group="curate")

    def _need(self, what: str, why: bool = True) -> None:
        """Say what a key needs; ``why``: add why the view offers no memory."""
        from memtui.tui.views.base import AuditView

        view = self.active_view  # type: ignore[attr-defined]
        if why and isinstance(view, AuditView):
            what = f"{what} — {view.why_nothing()}"
        self.notify(what, severity="warning")  # type: ignore[attr-defined]

    def _profile(self) -> str:
        from memtui.edit.agent_ops import profile_for

        result = self.result  # type: ignore[attr-defined]
        return str(result.profile) if result is not None else profile_for(self.workspace)

    def _refused(self, action: str) -> bool:
        """Say why the key's operation is not offered under the folder's profile (then the
        key does nothing else); False when it is offered."""
        from memtui.edit.agent_ops import refusal

        op = "remove-duplicate-entry" if action == "delete" and self._profile() == "hermes" \
            else ACTION_OPS[action]
        why = refusal(self._profile(), op)
        if why is None:
            return False
        self.notify(why.removesuffix("; nothing was written"),  # type: ignore[attr-defined]
                    severity="warning")
        return True
