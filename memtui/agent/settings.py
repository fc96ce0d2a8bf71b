"""How the chat pane and ``memtui eval`` reach the model (SPEC §5)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from memtui.core.config import ASK_KINDS, Config, ConfigError, is_workspace_own, operator_config

DEFAULT_PORT = 11434
DEFAULT_HOST = f"http://127.0.0.1:{DEFAULT_PORT}"
DEFAULT_OPENAI_HOST = "http://127.0.0.1:8080"  # llama-server's default address
APIS = ("ollama", "openai")
#: Kinds of call the app asks the operator about before they run (memtui.agent.approval).
DEFAULT_ASK_BEFORE = ("delete",)


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
    ask_before: tuple[str, ...] = DEFAULT_ASK_BEFORE  # asked in the app, never in eval

    def given_host(self) -> str:
        """The host as the operator gave it: --host, else (Ollama) $OLLAMA_HOST, else the
        default."""
        if self.api == "openai":
            return self.host or DEFAULT_OPENAI_HOST
        return self.host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST

    def resolved_host(self) -> str:
        if self.api == "openai":
            host = self.given_host().strip()
            return (host if "://" in host else "http://" + host).rstrip("/")
        return resolve_host(self.given_host())


def server_name(api: str) -> str:
    """What the model server is called in what the app says: ``Ollama``, or the server
    ``--api openai`` speaks to (newuser28 #3: "asking Ollama" read as --api ignored)."""
    return "Ollama" if api == "ollama" else "the server (OpenAI API)"


def resolve_host(host: str) -> str:
    """The URL for an Ollama ``host``, read as Ollama reads OLLAMA_HOST: without a scheme
    it is http, and then without a port it is 11434."""
    host = host.strip().rstrip("/")
    if "://" in host:
        return host
    url = urlsplit("http://" + host)
    try:
        port = url.port
    except ValueError:  # host_problem says why
        port = 0
    netloc = url.netloc if port is not None or not url.netloc else f"{url.netloc}:{DEFAULT_PORT}"
    return f"http://{netloc}{url.path}"


def host_problem(host: str, api: str = "ollama") -> str | None:
    """One line saying why ``host`` (as given) cannot be the server's URL, or None.

    A bare word (``notaurl``) is refused: with no scheme, no port and no dot it is far
    more likely a slip than a host name (``localhost`` is one)."""
    what = "Ollama host" if api == "ollama" else "server URL"
    given = host.strip()
    if "://" not in given and ":" not in given and "." not in given and given != "localhost":
        return f"{what} {given!r} is not a usable URL (give http://HOST:PORT or HOST:PORT)"
    host = resolve_host(given) if api == "ollama" else AgentSettings(
        host=given, api=api).resolved_host()
    try:
        url = urlsplit(host)
        url.port  # noqa: B018 -- raises ValueError when the port is not 0-65535
    except ValueError as exc:
        return f"{what} {host!r} is not a usable URL ({exc})"
    if url.scheme not in ("http", "https") or not url.hostname:
        return f"{what} {host!r} is not a usable URL (give http://HOST:PORT)"
    return None


def asked_kinds(config: Config, root: Path, default: tuple[str, ...] = DEFAULT_ASK_BEFORE
                ) -> tuple[str, ...]:
    """The kinds of call the app asks about, by ``config``'s ``[agent] ask-before`` (None:
    ``default``). A workspace's own file (`memtui.core.config.is_workspace_own`) comes with
    the memories the model reads — where a planted order comes from — so it may add kinds
    to the operator's (the user-level file's, else ``default``), never take one away: its
    ``[]``, or a file that only sets ``ignore`` and so replaced the user-level one whole,
    switched the operator's approvals off without a word (newuser28 #11)."""
    if not is_workspace_own(config, root):
        return default if config.ask_before is None else config.ask_before
    try:
        own = operator_config(root).ask_before
    except ConfigError:  # the user-level file's problem is said where it is read
        own = None
    floor = default if own is None else own
    return tuple(kind for kind in ASK_KINDS if kind in floor or kind in (config.ask_before or ()))

