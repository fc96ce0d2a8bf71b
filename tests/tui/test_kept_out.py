"""newuser30 #12: a workspace's own ``.memtui.toml`` raising Claude Code's load limit made
the app show an all-clear, and ``i`` (the "nothing is hidden silently" list) showed
nothing; ``memtui audit --fail-on`` counted what it kept out. The app lists those findings
under ``i`` now, from the same core function (`memtui.core.kept_out`)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

MEMORY = "---\nname: a\ndescription: about a\ntype: project\n---\nbody\n"


async def test_what_the_workspaces_own_limits_keep_out_is_listed_under_i(tmp_path: Path
                                                                         ) -> None:
    ws = tmp_path / "memory"
    ws.mkdir()
    (ws / "a.md").write_text(MEMORY, encoding="utf-8")
    # the link on line 206: past Claude Code's 200 lines, within the file's 100,000
    (ws / "MEMORY.md").write_text("# Index\n" + "## part\n" * 204 + "- [A](a.md) — about a\n",
                                  encoding="utf-8")
    (ws / ".memtui.toml").write_text("max-lines = 100000\n", encoding="utf-8")
    from memtui.commands import app as app_command
    from memtui.commands.parser import ArgumentParser

    parser = ArgumentParser(prog="memtui")
    app_command.add_arguments(parser)
    app = app_command.app_for(str(ws), parser.parse_args([str(ws), "--no-watch"]))
    assert not isinstance(app, int)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert not {"beyond_load_limit", "orphan"} & {f.kind for f in app.result.findings}
        kept = {(s.finding.kind, s.cause) for s in app.result.suppressed}
        assert {("beyond_load_limit", "config"), ("orphan", "config")} <= kept
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        hidden = len(view.shown)
        await pilot.press("i")
        await wait_for(pilot, lambda: len(view.shown) == hidden + len(app.result.suppressed))
        shown = [str(r.cells[3].plain) for r in view.shown]  # type: ignore[union-attr]
        assert any(m.startswith("(suppressed: config)") and "past the load limit" in m
                   for m in shown), shown
