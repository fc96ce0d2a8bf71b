"""Fixtures for the agent tests: the Ollama emulator, a small item workspace, the app with
its chat open (`chat_app`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from memtui.core.workspace import Workspace, open_workspace

from .chat_harness import ChatApp
from .fake_ollama import FakeOllama
from .fake_openai import FakeOpenAI

NOTES = (
    "---\n"
    "name: notes\n"
    'description: "Where this item stands"\n'
    "metadata:\n"
    "  type: project\n"
    "  modified: 2026-11-20\n"
    "---\n"
    "Tracking yield of line 3.\n"
)
INDEX = "# Memory\n- [Notes](memory/notes.md) — where this item stands\n"


@pytest.fixture(autouse=True)
def _no_user_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    monkeypatch.delenv("OLLAMA_HOST", raising=False)


@pytest.fixture
def fake() -> Iterator[FakeOllama]:
    server = FakeOllama().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def llama() -> Iterator[FakeOpenAI]:
    """The llama-server emulator (window 4096 unless a test sets ``n_ctx``)."""
    server = FakeOpenAI().start()
    try:
        yield server
    finally:
        server.stop()


def make_workspace(root: Path, index: str = INDEX) -> Workspace:
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "notes.md").write_text(NOTES, encoding="utf-8")
    (root / "MEMORY.md").write_text(index, encoding="utf-8")
    return open_workspace(root)


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path / "item")


@pytest.fixture
def chat_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake: FakeOllama
             ) -> Callable[..., AbstractAsyncContextManager[ChatApp]]:
    """Opens the real app (``MemtuiApp``) on a workspace against the Ollama emulator, with
    the chat pane open and ready: ``async with chat_app(ws, "model", ask_before=()) as c``
    (the model's settings as keywords). The user's config is a temporary folder's."""
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))

    @asynccontextmanager
    async def opened(ws: Workspace, model: str, **settings: Any) -> AsyncIterator[ChatApp]:
        from memtui.agent.settings import AgentSettings
        from memtui.tui.app import MemtuiApp
        from memtui.tui.chat import ChatPane

        from .test_chat_pane import wait_until

        app = MemtuiApp(ws, settings=AgentSettings(model=model, host=fake.url, **settings),
                        watch=False)
        async with app.run_test(size=(120, 50)) as pilot:
            await wait_until(pilot, lambda: app.audits >= 1, 60)
            await pilot.press("c")
            await wait_until(pilot, lambda: bool(app.query(ChatPane)))
            pane = app.query_one(ChatPane)
            await wait_until(pilot, lambda: pane.session.facts is not None)
            yield ChatApp(app, pilot, pane)
    return opened

