"""How the chat pane and ``memtui eval`` reach the model (SPEC §5)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "http://127.0.0.1:11434"


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

    def resolved_host(self) -> str:
        host = self.host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST
        if "://" not in host:
            host = "http://" + host
        return host.rstrip("/")
