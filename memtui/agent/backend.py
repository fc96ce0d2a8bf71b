"""Which API the agent talks (``--api``): Ollama's native one or an OpenAI-compatible
server's (SPEC §5, §6). Both clients yield the same events; what differs is asked here."""

from __future__ import annotations

from memtui.agent.ollama import ModelInfo, OllamaClient
from memtui.agent.openai_api import OpenAIClient
from memtui.agent.settings import AgentSettings
from memtui.agent.window import Window, resolve_window, server_window

ChatClient = OllamaClient | OpenAIClient


def make_client(settings: AgentSettings) -> ChatClient:
    if settings.api == "openai":
        return OpenAIClient(settings.resolved_host(), settings.timeout)
    return OllamaClient(settings.resolved_host(), settings.timeout)


def window_for(client: ChatClient, override: int | None, info: ModelInfo,
               version: str | None) -> Window:
    if isinstance(client, OpenAIClient):
        return server_window(info.context_length, override)
    return resolve_window(override, info, version)


def cuts_silently(client: ChatClient) -> bool:
    """Ollama cuts an over-long prompt without a word (the truncation check looks for it);
    an OpenAI-compatible server refuses it with HTTP 400 instead."""
    return not isinstance(client, OpenAIClient)
