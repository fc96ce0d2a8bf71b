"""``r`` reads the configuration again (newuser21 #18: a ``.memtui.toml`` written while the
app ran was ignored even by ``r``, silently, while ``memtui audit`` applied it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


def _kinds(app: Any) -> set[str]:
    result = app.result
    return {f.kind for f in result.findings} if result is not None else set()


async def test_r_applies_an_ignore_written_while_the_app_runs(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "dangling_wikilink" in _kinds(app)
        (workspace / ".memtui.toml").write_text('ignore = ["dangling_wikilink"]\n',
                                                encoding="utf-8")
        audits = app.audits
        await pilot.press("r")
        await wait_for(pilot, lambda: app.audits > audits)
        assert "dangling_wikilink" not in _kinds(app)
        assert any(s.finding.kind == "dangling_wikilink" for s in app.result.suppressed)


async def test_r_names_what_applies_only_at_start_and_keeps_a_bad_file_out(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        before = app.result.files and len(app.result.files)
        (workspace / ".memtui.toml").write_text('exclude = ["memory/a.md"]\n', encoding="utf-8")
        audits = app.audits
        await pilot.press("r")
        assert app.notice == ("auditing again … (read .memtui.toml again: exclude applies "
                              "when memtui starts again)")
        await wait_for(pilot, lambda: app.audits > audits)
        assert len(app.result.files) == before  # not silently half-applied
        (workspace / ".memtui.toml").write_text('ignore = ["secrett"]\n', encoding="utf-8")
        audits = app.audits
        await pilot.press("r")
        assert app.notice.startswith("auditing again … (configuration not used (the previous "
                                     "one still applies): ")
        assert "secrett" in app.notice
        await wait_for(pilot, lambda: app.audits > audits)


async def test_editing_the_configuration_while_the_app_watches_says_so(
        workspace: Path) -> None:
    """newuser28 #31: .memtui.toml written while the app watched: no notice, and the views
    kept the old configuration until `r` (the watcher left hidden files out)."""
    app = open_app(workspace)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "dangling_wikilink" in _kinds(app)
        await pilot.pause(0.3)  # the watcher is up
        (workspace / ".memtui.toml").write_text(
            'ignore = ["dangling_wikilink"]\nexclude = ["memory/a.md"]\n', encoding="utf-8")
        await wait_for(pilot, lambda: app.notice.startswith(".memtui.toml changed"))
        assert app.notice == (".memtui.toml changed — read .memtui.toml again: ignore "
                              "applied; exclude applies when memtui starts again")
        await wait_for(pilot, lambda: "dangling_wikilink" not in _kinds(app))
        assert any(s.finding.kind == "dangling_wikilink" for s in app.result.suppressed)
