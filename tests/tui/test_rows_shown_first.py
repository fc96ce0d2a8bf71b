"""The rows of the views not on screen come view by view after the first result, the view
on screen first (newuser27 #6: with 20,000 memories, `3` pressed as the header showed its
counts read "auditing …" until every other view's rows were built too)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memtui.tui import audit_worker
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


def workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in range(12):
        (root / "memory" / f"n{i}.md").write_text(memory(f"n{i}", "Body.\n"),
                                                   encoding="utf-8")
    (root / "MEMORY.md").write_text(
        "# Memory\n\n" + "".join(f"- [N{i}](memory/n{i}.md) — about n{i}\n" for i in range(6)),
        encoding="utf-8")
    return root


async def test_the_view_switched_to_gets_its_rows_first(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    asked: list[set[str]] = []
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    real = audit_worker.prepare_rows

    def prepare_rows(result: Any, palette: Any, caches: Any = None,
                     only: set[str] | None = None, pause: Any = None) -> Any:
        asked.append(set(only or ()))
        if len(asked) == 1:  # the first view's rows: the operator switches to Orphans now
            app._shown_pid = "orphans"  # (what `3` sets, without waiting for its frame)
        return real(result, palette, caches, only, pause)

    monkeypatch.setattr(audit_worker, "prepare_rows", prepare_rows)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert asked[0] == {"index"}
        assert asked[1] == {"orphans"}  # before the Files, Broken and Findings views'
        assert set().union(*asked[2:]) >= {"files", "broken", "findings"}
        assert all(len(only) == 1 for only in asked[1:])
        await pilot.press("3")
        view = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: view.table.row_count == 6, 60)
