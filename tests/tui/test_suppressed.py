"""The app honours the workspace's ``.memtui.toml`` and inline ignores, and the Findings
view lists the suppressed findings on request (key i)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

MEMORY = ("---\nname: {n}\ndescription: about {n}\nmetadata:\n  type: project\n---\n{body}")


async def test_config_and_inline_ignores_and_the_suppressed_toggle(workspace: Path) -> None:
    (workspace / "memory" / "lonely-note.md").write_text(
        MEMORY.format(n="lonely-note", body="nothing links here\n"), encoding="utf-8")
    (workspace / "memory" / "creds.md").write_text(MEMORY.format(
        n="creds", body="ADMIN_PASSWORD=Hu7#kd92!xq <!-- memtui: ignore secret -->\n"),
        encoding="utf-8")
    (workspace / ".memtui.toml").write_text('ignore = ["orphan"]\n', encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert app.config.path == str(workspace / ".memtui.toml")
        kinds = {f.kind for f in app.result.findings}
        assert "orphan" not in kinds and "secret" not in kinds
        causes = {(s.finding.kind, s.cause) for s in app.result.suppressed}
        assert ("secret", "inline") in causes and ("orphan", "config") in causes
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        hidden = len(view.shown)
        assert not any("suppressed:" in str(r.cells[3].plain) for r in view.shown)  # type: ignore[union-attr]
        await pilot.press("i")
        await wait_for(pilot, lambda: len(view.shown) == hidden + len(app.result.suppressed))
        shown = [str(r.cells[3].plain) for r in view.shown]  # type: ignore[union-attr]
        assert any(m.startswith("(suppressed: inline)") for m in shown)
        assert any(m.startswith("(suppressed: config)") for m in shown)
        await pilot.press("i")
        await wait_for(pilot, lambda: len(view.shown) == hidden)


async def test_the_app_counts_and_names_what_the_audit_does(workspace: Path) -> None:
    """newuser23 #22: ``i`` listed the config's suppressions but not what its ``exclude``
    leaves out (``memtui audit`` counts both), and a credential the config lowered showed
    as a plain info row, where the audit says "lowered by the config (secret error→info)"."""
    (workspace / "memory" / "creds.md").write_text(MEMORY.format(
        n="creds", body="ADMIN_PASSWORD=Hu7#kd92!xq\n"), encoding="utf-8")
    (workspace / "memory" / "old").mkdir()
    (workspace / "memory" / "old" / "leak.md").write_text(
        "# no frontmatter\nROOT_PASSWORD=Zq8#mv41!pw\n", encoding="utf-8")
    (workspace / ".memtui.toml").write_text(
        'exclude = ["memory/old/**"]\n[severity]\nsecret = "info"\n', encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        excluded = [s.finding for s in app.result.suppressed if s.cause == "exclude"]
        assert any(f.kind == "frontmatter" and f.path == "memory/old/leak.md" for f in excluded)
        # a credential is never the exclude's to hide (session 28): reported (the config
        # lowers its severity, and says so)
        assert not any(f.kind == "secret" for f in excluded)
        assert any(f.kind == "secret" and f.path == "memory/old/leak.md"
                   for f in app.result.findings)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        summary = view.summary(app.result, app.palette).plain  # type: ignore[union-attr]
        assert "2 lowered by the config (secret error→info)" in summary
        rows = {str(r.cells[3].plain) for r in view.shown  # type: ignore[union-attr]
                if r.path == "memory/creds.md"}
        assert any(m.startswith("(lowered from error by the config)") for m in rows), rows
        await pilot.press("i")
        await wait_for(pilot, lambda: any(
            r.path == "memory/old/leak.md" and str(r.cells[3].plain).startswith(  # type: ignore[union-attr]
                "(suppressed: exclude)") for r in view.shown))
        shown = [str(r.cells[3].plain) for r in view.shown  # type: ignore[union-attr]
                 if r.path == "memory/old/leak.md"]
        assert any(m.startswith("(suppressed: exclude)") for m in shown), shown


async def test_the_suppressed_count_is_on_screen_without_i(tmp_path: Path) -> None:
    """newuser24 #21: with ``ignore = ["missing_why"]`` the summary ended "… · 21 suppressed
    (i shows them)" after every kind's count, past the edge even at 200 columns: the app
    seemed to hide 21 findings silently. The count now follows the severities."""
    import re

    from memtui.demo import demo_copy

    ws = demo_copy(tmp_path)
    (ws / ".memtui.toml").write_text('ignore = ["missing_why"]\n', encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        summary = view.summary(app.result, app.palette).plain  # type: ignore[union-attr]
        # (7 infos: the demo's backticked orphan no longer an unlinked_mention too, fix40a)
        assert summary.startswith("3 errors · 16 warnings · 7 infos · 21 suppressed (i shows "
                                  "them) — orphans 8, "), summary
        shown = re.sub(r"<[^>]+>", "", app.export_screenshot()).replace("&#160;", " ")
        assert "21 suppressed" in shown
