"""Fixtures for the agent tests: the Ollama emulator and a small item workspace."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memtui.core.workspace import Workspace, open_workspace

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
