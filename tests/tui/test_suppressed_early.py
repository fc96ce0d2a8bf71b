"""newuser32 #29: ``i`` pressed while the first audit still ran flipped the label to
"(i hides them)", but the suppressed rows never appeared until two more ``i``."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_suppressed import MEMORY


async def test_i_while_the_findings_rows_are_built(workspace: Path, monkeypatch: Any) -> None:
    """The first audit is on screen, the Findings rows still being built when ``i``
    comes: the rows built before it must not replace the ones it asked for."""
    import memtui.tui.audit_worker as worker

    (workspace / "memory" / "creds.md").write_text(MEMORY.format(
        n="creds", body="ADMIN_PASSWORD=Hu7#kd92!xq\n"), encoding="utf-8")
    (workspace / ".memtui.toml").write_text('ignore = ["secret"]\n', encoding="utf-8")
    go, built = threading.Event(), threading.Event()
    prepare = worker.prepare_rows

    def held(result: Any, palette: Any, caches: Any = None, only: Any = None,
             pause: Any = None) -> Any:
        rows = prepare(result, palette, caches, only, pause)
        if only == {"findings"} and threading.current_thread() is not threading.main_thread():
            built.set()
            go.wait(10)
        return rows

    monkeypatch.setattr(worker, "prepare_rows", held)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, built.is_set)
        await pilot.press("6", "i")
        await pilot.pause(0.1)
        go.set()
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause(0.2)
        view = app.query_one("#findings-view", AuditTable)
        assert app.result is not None and app.result.suppressed
        summary = view.summary(app.result, app.palette).plain  # type: ignore[union-attr]
        assert "(i hides them)" in summary
        shown = [str(r.cells[3].plain) for r in view.shown]  # type: ignore[union-attr]
        assert any(m.startswith("(suppressed: config)") for m in shown), shown
