"""The chat template memtui ships for llama-server: Qwen2.5's, with tool calls as fenced JSON.

The small Qwen2.5-Coder models write a tool call as a fenced block (```` ```json {"name": …,
"arguments": …} ``` ````) rather than their template's ``<tool_call>`` markup, so with the
template in the GGUF llama-server parses none of them. llama.cpp's ``--jinja`` learns the call
markers from how the template renders an assistant's tool call: a template that renders a call
as that fenced block, and whose tools text asks for it, makes the block a parsed call. No
grammar, no forced tool choice. Start the server with it::

    llama-server -m MODEL.gguf --jinja -c 8192 \\
        --chat-template-file "$(python -m memtui.agent.chat_template)"

(``python -m memtui.agent.chat_template`` prints the file's path.)
"""

from __future__ import annotations

from pathlib import Path

#: The template file, shipped inside the package.
FENCED_TOOLS_TEMPLATE = Path(__file__).resolve().parent / "chat_templates" / \
    "qwen2.5-fenced-tools.jinja"


def server_args() -> tuple[str, ...]:
    """The llama-server arguments that use the shipped template."""
    return ("--chat-template-file", str(FENCED_TOOLS_TEMPLATE))


if __name__ == "__main__":
    print(FENCED_TOOLS_TEMPLATE)
