"""newuser28 #9: a memory renamed under the watching app (``mv`` from another shell) was
announced as a deletion "(+1 more)", the new name hidden; the same text gone from one name
and come under another in one batch is a rename, and the notice names the fix."""

from __future__ import annotations

import os
from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


async def test_a_file_moved_under_the_app_is_announced_as_a_rename(workspace: Path) -> None:
    app = open_app(workspace, watch=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        audits = app.audits
        os.rename(workspace / "memory" / "user-role.md", workspace / "memory" / "operator.md")
        await wait_for(pilot, lambda: app.audits > audits and "renamed" in app.notice, 20)
        assert app.notice == (
            "memory/user-role.md renamed to memory/operator.md — the index still links the "
            "old name (e in Broken links: repoint)"), app.notice


async def test_an_unlinked_memory_moved_says_where_it_is(workspace: Path) -> None:
    app = open_app(workspace, watch=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        audits = app.audits
        os.rename(workspace / "memory" / "lonely.md", workspace / "memory" / "alone.md")
        await wait_for(pilot, lambda: app.audits > audits and "renamed" in app.notice, 20)
        assert app.notice == "memory/lonely.md renamed to memory/alone.md — not in the index"
