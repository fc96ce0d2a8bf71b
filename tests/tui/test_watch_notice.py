"""The first audit's notice does not depend on who wins the race between the audit and
the watcher (issue 31: the app run as a user who cannot read a folder in memory/ showed
"audited N memory files …; not watching …" in some runs and only "not watching …" in
others). The watcher's problem is heard just before the first audit's result is shown,
or after it: the notice is the same."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for

PROBLEM = "not watching memory/locked (cannot be read: Permission denied)"


@pytest.mark.parametrize("when", ["before the audit's result", "after it"])
async def test_the_watch_problem_joins_the_first_audits_notice(workspace: Path,
                                                               when: str) -> None:
    app = open_app(workspace, watch=True)
    if when == "before the audit's result":
        audited = app._audited
        first = [True]

        def heard_first(*args: object, **kwargs: object) -> None:
            """The first result waits until the watcher's word (sent now) has been heard."""
            if not first:
                audited(*args, **kwargs)  # type: ignore[arg-type]
                return
            first.clear()

            def show() -> None:
                if app.notice.startswith("not watching"):
                    audited(*args, **kwargs)  # type: ignore[arg-type]
                else:
                    app.set_timer(0.02, show)
            threading.Thread(target=app._watch_problem, args=(PROBLEM,)).start()
            show()
        app._audited = heard_first  # type: ignore[method-assign]
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1)
        if when == "after it":
            assert app.notice.endswith("; watching for changes")
            threading.Thread(target=app._watch_problem, args=(PROBLEM,)).start()
        await wait_for(pilot, lambda: app.watch_problem == PROBLEM)
        await pilot.pause(0.1)
        assert app.notice.startswith("audited ") and app.notice.endswith(f"; {PROBLEM}"), \
            app.notice
