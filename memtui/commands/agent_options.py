"""The agent's command-line options, shared by ``memtui PATH`` (the chat pane) and
``memtui eval``: ``add_agent_options(parser)``, then ``settings_from(ns)``."""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from memtui.agent.settings import (
    APIS,
    DEFAULT_HOST,
    DEFAULT_OPENAI_HOST,
    AgentSettings,
    host_problem,
)
from memtui.commands.parser import bounded, context_window, seconds
from memtui.core.reporting.safe_output import printable


def add_agent_options(parser: argparse.ArgumentParser, model_required: bool = False,
                      num_ctx: bool = True, model_default: str = "pick from a list") -> None:
    """The agent's options; ``num_ctx=False`` where the audit options already define
    ``--num-ctx`` (the app: one window for the audit and the chat); ``model_default``: what
    leaving out ``--model`` does, as the help says it."""
    group = parser.add_argument_group("agent (Ollama, or an OpenAI-compatible server)")
    group.add_argument("--api", choices=APIS, default="ollama",
                       help="ollama: Ollama's /api/chat (default); openai: /v1/chat/completions "
                       "of llama.cpp's llama-server, LM Studio or vLLM (the window is the "
                       "server's -c, read from /props)")
    group.add_argument("--model", required=model_required,
                       help="model, e.g. qwen3:14b" + ("" if model_required else
                                                       f" ({model_default})"))
    group.add_argument("--host", help="server URL (default: with --api ollama $OLLAMA_HOST, "
                       f"else {DEFAULT_HOST}; with --api openai {DEFAULT_OPENAI_HOST})")
    if num_ctx:
        group.add_argument("--num-ctx", type=context_window, metavar="N",
                           help="context window to request (default: the model's trained "
                           "context from /api/show; never guessed; --api openai cannot set "
                           "it: the server's -c applies)")
    group.add_argument("--system-prompt", type=Path, metavar="FILE",
                       help="replace the built-in system prompt (the memory rules) with FILE")
    group.add_argument("--tool-prose", action="store_true",
                       help="append a prose list of the tools to the system prompt, as the "
                       "platform does")
    group.add_argument("--decoys", action="store_true",
                       help="also offer save_skill, save_workflow and create_context_card")
    group.add_argument("--think", choices=("on", "off"),
                       help="send Ollama's think flag (default: not sent)")
    group.add_argument("--max-steps", type=bounded(True, 1, 1000), default=12, metavar="N",
                       help="model requests per turn before the agent is stopped (default 12)")
    group.add_argument("--timeout", type=seconds, default=300.0, metavar="SECONDS",
                       help="the longest one model reply may take, from the request to its "
                       "last byte (default 300)")


def agent_option_error(ns: argparse.Namespace) -> str | None:
    """One line saying what is wrong with the agent options, or None."""
    if ns.max_steps < 1:
        return "--max-steps must be at least 1"
    if not math.isfinite(ns.timeout) or ns.timeout <= 0:
        return f"--timeout must be a positive number of seconds (got {ns.timeout:g})"
    if ns.system_prompt is not None:
        from memtui.agent.prompt import read_system_prompt  # (the agent's, only here)

        try:  # read now: every run would fail on it (newuser24 #4, #59)
            read_system_prompt(ns.system_prompt)
        except OSError as exc:
            return f"--system-prompt {printable(str(ns.system_prompt))}: {exc}"
    return host_problem(AgentSettings(host=ns.host, api=ns.api).given_host(), ns.api)


def settings_from(ns: argparse.Namespace) -> AgentSettings:
    return AgentSettings(model=ns.model, host=ns.host, num_ctx=ns.num_ctx,
                         system_prompt_file=ns.system_prompt, tool_prose=ns.tool_prose,
                         decoys=ns.decoys, timeout=ns.timeout,
                         think=None if ns.think is None else ns.think == "on",
                         max_steps=ns.max_steps, api=ns.api)
