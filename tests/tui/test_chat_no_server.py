"""Issue 32 #22: with no model server reachable and no --model, the chat pane said nothing
about it (``model —``, no picker, Enter silently kept the text)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memtui.agent.settings import AgentSettings
from memtui.tui.app import open_app
from memtui.tui.chat.banner import Banner
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_narrow_layout import open_chat

NO_SERVER = AgentSettings(model=None, host="http://127.0.0.1:9", num_ctx=None)


def _banner(app: object) -> str:
    banner = app.query_one(Banner)  # type: ignore[attr-defined]
    return banner.message if banner.has_class("-shown") else ""


async def test_no_server_and_no_model_says_so_in_the_pane_and_on_enter(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False, settings=NO_SERVER)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await open_chat(pilot, app)
        await wait_for(pilot, lambda: "127.0.0.1:9" in _banner(app)
                       and "loading" not in _banner(app))
        assert "not running" in _banner(app) or "cannot reach" in _banner(app)
        box = app.query_one("#chat-input", Input)
        box.focus()
        await pilot.press(*"hello", "enter")
        await pilot.pause(0.2)
        said = _banner(app)
        assert "127.0.0.1:9" in said and box.value == "hello", said
