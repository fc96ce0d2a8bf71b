"""Protocol facts of a real ``llama-server`` (SPEC §6), through memtui's own client.

Runs only with ``pytest -m real`` and both variables set (never in default CI):
``MEMTUI_LLAMA_SERVER`` (the llama-server binary) and ``MEMTUI_TEST_MODEL`` (a GGUF with a
chat template that defines tools, e.g. the one ``bench/real_model.py`` assembles). Asserts
streaming, usage counts, the window from /props, the tool-call shape when the model makes one,
the HTTP 400 for a prompt over a tiny ``-c``, and ``finish_reason: length`` at the window —
never the model's wording.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.real_model import start_server, stop_server
from memtui.agent.ollama import ContentDelta, Done, ToolCalls
from memtui.agent.openai_api import ContextExceeded, OpenAIClient
from memtui.agent.tools import FILE_TOOLS

SERVER = os.environ.get("MEMTUI_LLAMA_SERVER")
MODEL = os.environ.get("MEMTUI_TEST_MODEL")

pytestmark = [
    pytest.mark.real,
    pytest.mark.skipif(not (SERVER and MODEL),
                       reason="set MEMTUI_LLAMA_SERVER and MEMTUI_TEST_MODEL to run"),
]


def start(ctx: int, tmp: Path) -> Iterator[str]:
    """llama-server as bench/real_model.py starts it (-t 1, --jinja, one slot)."""
    proc, url, _args = start_server(Path(str(SERVER)), Path(str(MODEL)), ctx, 1, 512,
                                    tmp / f"server-{ctx}.log")
    try:
        yield url
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from start(4096, tmp_path_factory.mktemp("real"))


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from start(256, tmp_path_factory.mktemp("tiny"))


async def test_window_models_and_streamed_usage(server: str) -> None:
    async with OpenAIClient(server, timeout=600) as client:
        info = await client.show("any-name")
        assert info.context_length == 4096  # the server's -c, from /props
        assert await client.version()
        assert len(await client.tags()) >= 1
        events = [e async for e in client.chat(
            "any-name", [{"role": "user", "content": "Say hello in five words."}],
            options={"num_ctx": 99999})]  # ignored: nothing per request changes the window
    deltas = [e for e in events if isinstance(e, ContentDelta)]
    assert len(deltas) >= 2  # streamed in pieces, not one block
    done = events[-1]
    assert isinstance(done, Done)
    assert done.stats.done_reason in ("stop", "length")
    assert done.stats.prompt_eval_count and done.stats.prompt_eval_count > 5
    assert done.stats.eval_count and done.stats.eval_count >= len(deltas) - 1
    assert done.stats.tokens_per_second and done.stats.tokens_per_second > 0


async def test_tool_call_shape_if_any(server: str) -> None:
    messages = [{"role": "system", "content": "You can use tools. Use exists to check files."},
                {"role": "user", "content": "Does the file MEMORY.md exist? Call the tool."}]
    async with OpenAIClient(server, timeout=600) as client:
        events = [e async for e in client.chat("m", messages, FILE_TOOLS)]
    calls = [c for e in events if isinstance(e, ToolCalls) for c in e.calls]
    for call in calls:  # the model may answer in words instead; then there is nothing to check
        assert isinstance(call.name, str) and call.name
        assert isinstance(call.arguments, dict)
    done = events[-1]
    assert isinstance(done, Done)
    if calls:
        assert done.stats.done_reason == "tool_calls"


async def test_prompt_over_a_tiny_window_is_a_400(tiny: str) -> None:
    async with OpenAIClient(tiny, timeout=600) as client:
        with pytest.raises(ContextExceeded) as info:
            async for _ in client.chat("m", [{"role": "user", "content": "word " * 600}]):
                pass
    assert info.value.n_ctx == 256
    assert info.value.n_prompt_tokens is not None and info.value.n_prompt_tokens > 256
    assert "restart the server with -c" in str(info.value)


async def test_generation_stops_at_the_window_with_length(tiny: str) -> None:
    prompt = "Count from one to one thousand in words, one number per line, no other text."
    async with OpenAIClient(tiny, timeout=600) as client:
        events = [e async for e in client.chat("m", [{"role": "user", "content": prompt}])]
    done = events[-1]
    assert isinstance(done, Done)
    assert done.stats.done_reason == "length"
    assert done.stats.prompt_eval_count is not None and done.stats.eval_count is not None
    assert done.stats.prompt_eval_count + done.stats.eval_count <= 256
