"""newuser29 #28 in the app: ``u`` with a forged journal record on top (an "add-to-index"
claiming MEMORY.md was created) says the record was not written by memtui and touches
nothing: no confirm dialog, MEMORY.md and the memories stay."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from memtui.tui.app import open_app
from tests.edit.conftest import tree
from tests.tui.conftest import journaled, wait_for
from tests.tui.test_app import started, switch


def _said(app: object, text: str) -> bool:
    return text in getattr(app, "notice", "") or any(
        text in str(n.message) for n in app._notifications)  # type: ignore[attr-defined]


async def test_u_refuses_a_forged_record_and_keeps_the_index(workspace: Path) -> None:
    journaled(workspace)
    index = (workspace / "MEMORY.md").read_bytes()
    forged = {"schema": 1, "id": 2, "op": "add-to-index", "summary": "MEMORY.md: +1 entry",
              "undone": False,
              "files": [{"path": "MEMORY.md", "change": "create", "before": "absent",
                         "before_sha256": "absent",
                         "after_sha256": hashlib.sha256(index).hexdigest()}]}
    (workspace / ".memtui/journal/000002.json").write_text(json.dumps(forged))
    before = tree(workspace)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        await pilot.press("u")
        await wait_for(pilot, lambda: _said(app, "was not written by memtui for this "
                                                 "workspace"))
        assert _said(app, "journal record #2 (add-to-index")
        assert "Confirm" not in type(app.screen).__name__
        await pilot.press("u")  # again: the same refusal, never a deletion
        await pilot.pause(0.3)
    assert (workspace / "MEMORY.md").read_bytes() == index
    assert tree(workspace) == before
