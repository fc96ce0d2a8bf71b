"""newuser36 #26: at 80×24 the "no window known" note and the "Prompt cut" banner pushed
the chat log and the message input off the screen (the forgetful-agent demo): typed text
went nowhere visible. The notes fold to a few rows; the input and some log rows stay."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.status_line import StatusLine

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import send, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


@contextlib.asynccontextmanager
async def _cut(ws: Workspace, fake: FakeOllama) -> AsyncIterator[tuple[Pilot, MemtuiApp,
                                                                     ChatPane, Banner]]:
    """The app at 80×24, a 400-line index and a model whose window nobody knows, the chat
    open and one message sent (held back once as past the window, then sent anyway), until
    the "Prompt cut" banner shows."""
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))
    fake.add(FakeModel("nowin", [Reply(content="ok")], context_length=None))
    app = MemtuiApp(ws, settings=AgentSettings(model="nowin", host=fake.url), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1, 60)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        banner = app.query_one(Banner)
        for _ in range(2):
            await send(pilot, "hello")
            await wait_until(pilot, lambda: not pane.busy)
            await pilot.pause(0.2)
            if pane.turns:
                break
        await wait_until(pilot, lambda: banner.kind == "truncation")
        await pilot.pause(0.3)
        yield pilot, app, pane, banner


async def test_input_and_log_stay_in_view_under_both_notes(ws: Workspace,
                                                           fake: FakeOllama) -> None:
    async with _cut(ws, fake) as (pilot, app, pane, banner):
        assert "no window known" in app.query_one(StatusLine).plain
        box = pane.query_one("#chat-input", Input)
        log = pane.query_one("#chat-log")
        assert box.region.height >= 1 and pane.region.contains_region(box.region), (
            box.region, pane.region)
        assert log.region.height >= 3, log.region
        await pilot.press("t", "y", "p", "e")
        assert box.value == "type" and app.focused is box
        # The folded notes still hold their whole text (scrolled, not cut).
        assert banner.message.startswith("Prompt cut — Fix: ") and "Ollama read" in banner.message


async def test_the_cut_banners_two_rows_hold_its_fix(ws: Workspace, fake: FakeOllama) -> None:
    """newuser37 #33: at 80×24 the "Prompt cut" banner, folded to two rows, showed "Ollama
    read 2,050 tokens of about 4,990 sent …" and stopped there; the fix ("pass --num-ctx
    …") was below the fold. The fix comes first."""
    from textual.geometry import Region

    async with _cut(ws, fake) as (_pilot, _app, _pane, banner):
        assert banner.size.height <= 2
        shown = " ".join(strip.text for strip in banner.render_lines(
            Region(0, 0, banner.size.width, banner.size.height)))
        assert "Prompt cut" in shown and "--num-ctx" in shown, shown
