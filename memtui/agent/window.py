"""Which context window to ask Ollama for (SPEC §5), and what to say when there is none.

Order: the operator's ``--num-ctx``, else the model's trained context from ``/api/show``, else
nothing at all — never a guessed number. With nothing, the server's own default applies, and
the pane says which one that likely is.
"""

from __future__ import annotations

from dataclasses import dataclass

from memtui.agent.ollama import ModelInfo


@dataclass
class Window:
    num_ctx: int | None  # what every request sends as options.num_ctx; None: send nothing
    source: str  # "override" | "trained" | "none"
    trained: int | None = None
    note: str = ""

    def options(self) -> dict[str, int]:
        return {"num_ctx": self.num_ctx} if self.num_ctx else {}


def resolve_window(override: int | None, info: ModelInfo | None,
                   server_version: str | None = None) -> Window:
    trained = info.context_length if info else None
    if override:
        note = f"window {override:,} (--num-ctx)"
        if trained and override > trained:
            note += f"; Ollama caps it at the trained {trained:,}"
        return Window(override, "override", trained, note)
    if trained:
        return Window(trained, "trained", trained,
                      f"window {trained:,} (the model's trained context, from /api/show)")
    param = info.num_ctx_parameter if info else None
    return Window(None, "none", None, server_default_note(server_version, param))


def parse_version(text: str | None) -> tuple[int, ...] | None:
    if not text:
        return None
    core = text.strip().lstrip("v").split("-", 1)[0].split("+", 1)[0]
    try:
        return tuple(int(p) for p in core.split("."))
    except ValueError:
        return None


def default_window(version: str | None) -> str:
    """The server default for a request with no num_ctx, as far as the version tells."""
    v = parse_version(version)
    if v is None:
        return ("2048 (Ollama ≤ 0.6.6), 4096 (0.6.7 – 0.15.4) or, from 0.15.5, a VRAM tier "
                "(4096 under 23 GiB, 32768 from 23 GiB, 262144 from 47 GiB)")
    if v < (0, 6, 7):
        return f"2048 (Ollama {version})"
    if v < (0, 15, 5):
        return f"4096 (Ollama {version})"
    return (f"a VRAM tier on Ollama {version}: 4096 under 23 GiB, 32768 from 23 GiB, "
            "262144 from 47 GiB")


def server_default_note(version: str | None, modelfile_num_ctx: int | None = None) -> str:
    head = "no window known: requests send no num_ctx, so the server decides — "
    if modelfile_num_ctx:
        return head + (f"the model's Modelfile sets num_ctx {modelfile_num_ctx:,}, which the "
                       "server applies. Pass --num-ctx to choose")
    return head + (f"its default is likely {default_window(version)}, unless "
                   "OLLAMA_CONTEXT_LENGTH is set. Pass --num-ctx to choose")


#: Said wherever an OpenAI-compatible server's window is shown (SPEC §6).
FIXED_WINDOW_NOTE = "num_ctx cannot be set per request on this API: restart the server with -c N"


def server_window(n_ctx: int | None, override: int | None = None) -> Window:
    """The window of an OpenAI-compatible server: fixed at its start (``-c``), read from
    ``/props``; ``--num-ctx`` cannot change it."""
    ignored = (f"; --num-ctx {override:,} ignored" if override and override != n_ctx else "")
    if n_ctx:
        return Window(n_ctx, "server", n_ctx,
                      f"window {n_ctx:,} (the server's -c, from /props); "
                      f"{FIXED_WINDOW_NOTE}{ignored}")
    return Window(None, "none", None,
                  f"window unknown: the server reports no n_ctx at /props; "
                  f"{FIXED_WINDOW_NOTE}{ignored}")


def likely_default(version: str | None, modelfile_num_ctx: int | None = None) -> int | None:
    """The window a request with no num_ctx most likely gets (`default_window`), as a
    number: the Modelfile's num_ctx, else 2,048 before Ollama 0.6.7, 4,096 up to 0.15.4;
    None when the version leaves it to the machine's VRAM, or is unknown (newuser37 #4: the
    budget read "—" before the first message, and the prompt went out to be cut)."""
    if modelfile_num_ctx:
        return modelfile_num_ctx
    v = parse_version(version)
    if v is None or v >= (0, 15, 5):
        return None
    return 2048 if v < (0, 6, 7) else 4096
