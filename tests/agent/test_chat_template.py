"""The chat template memtui ships for llama-server (#32): a tool call is the fenced JSON block
the small Qwen models write, and the tools text asks for that block."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.real_model import start_server
from memtui.agent.chat_template import FENCED_TOOLS_TEMPLATE, server_args
from memtui.agent.tool_schemas import FILE_TOOLS

jinja2 = pytest.importorskip("jinja2")


def render(messages: list[dict[str, object]], tools: object = None) -> str:
    env = jinja2.Environment()
    env.filters["tojson"] = lambda v: json.dumps(v, ensure_ascii=False)
    template = env.from_string(FENCED_TOOLS_TEMPLATE.read_text(encoding="utf-8"))
    return template.render(messages=messages, tools=tools, add_generation_prompt=True)


def test_the_template_is_shipped_in_the_package() -> None:
    assert FENCED_TOOLS_TEMPLATE.is_file()
    assert FENCED_TOOLS_TEMPLATE.parts[-4:-1] == ("memtui", "agent", "chat_templates")
    assert server_args() == ("--chat-template-file", str(FENCED_TOOLS_TEMPLATE))
    shown = subprocess.run([sys.executable, "-m", "memtui.agent.chat_template"],
                           capture_output=True, text=True, check=True).stdout
    assert shown == f"{FENCED_TOOLS_TEMPLATE}\n"


def test_a_call_renders_as_the_fenced_block_and_the_tools_text_asks_for_it() -> None:
    messages = [
        {"role": "system", "content": "Keep memory."},
        {"role": "user", "content": "Does MEMORY.md exist?"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"type": "function", "function": {"name": "exists",
                                              "arguments": {"path": "MEMORY.md"}}}]},
        {"role": "tool", "content": "yes: MEMORY.md is a file (20 bytes)"},
    ]
    text = render(messages, FILE_TOOLS)
    assert text.startswith("<|im_start|>system\nKeep memory.\n\n# Tools\n")
    assert ('reply with one fenced json block per call, holding a json object with the '
            'function name and its arguments:\n```json\n{"name": <function-name>, '
            '"arguments": <args-json-object>}\n```<|im_end|>') in text
    assert ('<|im_start|>assistant\n```json\n{"name": "exists", "arguments": '
            '{"path": "MEMORY.md"}}\n```<|im_end|>\n') in text
    assert "<tool_call>" not in text
    assert "<|im_start|>user\n<tool_response>\nyes: MEMORY.md" in text
    assert text.endswith("<|im_start|>assistant\n")
    plain = render([{"role": "user", "content": "hi"}])
    assert "# Tools" not in plain and "```" not in plain


def test_the_bench_and_the_tests_start_llama_server_with_it(tmp_path: Path) -> None:
    """``start_server`` passes the template (a stand-in binary records its arguments)."""
    fake = tmp_path / "llama-server"
    seen = tmp_path / "args"
    fake.write_text(f"#!/bin/sh\necho \"$@\" > {seen}\nexit 3\n")
    fake.chmod(0o755)
    with pytest.raises(SystemExit, match="llama-server exited"):
        start_server(fake, tmp_path / "m.gguf", 512, 1, 16, tmp_path / "log")
    args = seen.read_text().split()
    assert args[args.index("--chat-template-file") + 1] == str(FENCED_TOOLS_TEMPLATE)
    assert "--jinja" in args
