"""How the chat pane and ``memtui eval`` reach the model (SPEC §5)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_HOST = "http://127.0.0.1:11434"
DEFAULT_OPENAI_HOST = "http://127.0.0.1:8080"  # llama-server's default address
APIS = ("ollama", "openai")


@dataclass
class AgentSettings:
    model: str | None = None
    host: str | None = None  # None: $OLLAMA_HOST, else DEFAULT_HOST
    num_ctx: int | None = None  # operator override; None: ask /api/show
    system_prompt_file: Path | None = None
    tool_prose: bool = False
    decoys: bool = False
    timeout: float = 300.0
    think: bool | None = None  # Ollama's `think` flag; None: not sent (the server decides)
    max_steps: int = 12  # model requests per user turn before the agent is stopped
    api: str = "ollama"  # "ollama": /api/chat; "openai": /v1/chat/completions (SPEC §6)

    def resolved_host(self) -> str:
        if self.api == "openai":
            host = self.host or DEFAULT_OPENAI_HOST
        else:
            host = self.host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST
        if "://" not in host:
            host = "http://" + host
        return host.rstrip("/")


def host_problem(host: str, api: str = "ollama") -> str | None:
    """One line saying why ``host`` (as resolved) cannot be the server's URL, or None."""
    what = "Ollama host" if api == "ollama" else "server URL"
    try:
        url = urlsplit(host)
        url.port  # noqa: B018 -- raises ValueError when the port is not 0-65535
    except ValueError as exc:
        return f"{what} {host!r} is not a usable URL ({exc})"
    if url.scheme not in ("http", "https") or not url.hostname:
        return f"{what} {host!r} is not a usable URL (give http://HOST:PORT)"
    return None
