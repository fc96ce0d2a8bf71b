"""newuser41 #27: the app took no baseline (``memtui WS --baseline FILE``: "unrecognized
arguments"): CI said one finding was new, the app showed all of them, accepted and new
alike. It reads the baseline as ``memtui audit --baseline`` does (same refusals), the header
counts the new findings, the Findings view lists the new ones and ``b`` the accepted ones
beside them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from memtui.cli import main
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import header_text, started, switch

NEW = "---\nname: c\ndescription: c\nmetadata:\n  type: project\n---\nC, a new orphan.\n"


def _app(ws: Path, *args: str) -> object:
    from memtui.commands import app as app_command
    from memtui.commands.parser import ArgumentParser

    parser = ArgumentParser(prog="memtui")
    app_command.add_arguments(parser)
    return app_command.app_for(str(ws), parser.parse_args([str(ws), "--no-watch", *args]))


async def test_the_app_shows_what_is_new_since_the_baseline(workspace: Path, tmp_path: Path
                                                            ) -> None:
    baseline = tmp_path / "baseline.json"  # outside the workspace: the operator's
    assert main(["audit", str(workspace), "--write-baseline", str(baseline)]) == 0
    (workspace / "memory" / "c.md").write_text(NEW, encoding="utf-8")
    app = _app(workspace, "--baseline", str(baseline))
    assert not isinstance(app, int)
    async with app.run_test(size=(200, 50)) as pilot:  # type: ignore[attr-defined]
        await started(pilot, app)
        result = app.result  # type: ignore[attr-defined]
        assert result is not None
        assert [(f.kind, f.path) for f in result.findings] == [("orphan", "memory/c.md")]
        accepted = [s for s in result.suppressed if s.cause == "baseline"]
        assert len(accepted) > 3
        assert "1 new since the baseline" in header_text(app)  # type: ignore[arg-type]
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)  # type: ignore[attr-defined]
        assert len(view.shown) == 1
        await pilot.press("b")
        await wait_for(pilot, lambda: len(view.shown) == 1 + len(accepted))
        shown = [str(r.cells[3].plain) for r in view.shown]  # type: ignore[union-attr]
        assert sum(m.startswith("(accepted in the baseline)") for m in shown) == len(accepted)
        await pilot.press("b")
        await wait_for(pilot, lambda: len(view.shown) == 1)


def test_the_app_refuses_a_baseline_as_audit_does(workspace: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"findings": 3}', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "memtui", str(workspace), "--baseline",
                          str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2, run.stderr
    assert "not a memtui baseline" in run.stderr
    assert "unrecognized" not in run.stderr


async def test_a_baseline_in_the_workspace_accepts_no_credential(workspace: Path) -> None:
    (workspace / "memory" / "a.md").write_text(
        "---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\n"
        "aws_access_key_id = AKIAQ7XK2MB4VZJ6TR3N\n", encoding="utf-8")
    own = workspace / "baseline.json"  # the workspace's own: a change can rewrite it
    assert main(["audit", str(workspace), "--write-baseline", str(own)]) == 0
    app = _app(workspace, "--baseline", str(own))
    assert not isinstance(app, int)
    async with app.run_test(size=(200, 50)) as pilot:  # type: ignore[attr-defined]
        await started(pilot, app)
        result = app.result  # type: ignore[attr-defined]
        secrets = [f for f in result.findings if f.kind == "secret"]
        assert secrets and "cannot accept it" in secrets[0].message
