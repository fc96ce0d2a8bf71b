"""newuser39 #24: the app's ``n`` with "add it to MEMORY.md" ticked put the new memory's
entry past the 200-line load limit of a Claude Code index, silently ("… and added it to
MEMORY.md (u to undo #17)"): an orphan at birth the agent never sees. ``fix new --index``
places it among the loaded lines and says which line it pushes out; the app does the same
through the same planner, and its notice says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_add_past_limit import TAIL, full_index
from tests.tui.test_app import started, switch


def flat_index(tmp_path: Path) -> Path:
    """newuser39's folder: a Claude Code index of 209 entries, no headings, no packed line."""
    root = tmp_path / "memory"
    root.mkdir()
    lines = ["# Memory index"]
    for i in range(208):
        kind = ("project", "feedback", "reference", "user")[i % 4]
        stem = f"{kind}_topic_{i:03}"
        (root / f"{stem}.md").write_text(
            f"---\nname: {stem}\ndescription: Topic {i}\ntype: {kind}\n---\nBody {i}.\n",
            encoding="utf-8")
        lines.append(f"- [Topic {i}]({stem}.md) — usage, session {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("make, pushed", [
    (full_index, f"line 200: {TAIL}"),
    (flat_index, "line 200: - [Topic 198](reference_topic_198.md)")])
async def test_n_places_the_entry_among_the_loaded_lines_and_says_so(
        tmp_path: Path, make: object, pushed: str) -> None:
    ws = make(tmp_path)  # type: ignore[operator]
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result.profile == "claude-code" and app.result.loaded_lines == 200
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.press(*"oncall-rota")
        screen.query_one("#description", Input).value = "who is on call each week"
        await pilot.pause(0.1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(ws.glob("*oncall*")))
        await wait_for(pilot, lambda: "oncall" in app.notice)
        created = next(ws.glob("*oncall*")).name
        lines = (ws / "MEMORY.md").read_text(encoding="utf-8").splitlines()
        at = next(n for n, line in enumerate(lines, 1) if created in line)
        assert at <= 200, (at, app.notice)
        assert "among the lines the agent loads" in app.notice, app.notice
        assert f"no longer loaded: {pushed}" in app.notice, app.notice
        await wait_for(pilot, lambda: created not in {o.path for o in app.result.orphans})
