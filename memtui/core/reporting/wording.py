"""How numbers read in text: ``1 link``, ``2 links``; a share as a percentage; a run of
values as a sparkline."""

from __future__ import annotations

import math


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 link``, ``2 links``, ``10,000 files``; ``many`` for irregular plurals."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def percent(used: int | float, whole: int | float) -> str:
    """``used`` of ``whole`` as a whole percentage (``85%``), never rounded onto or across
    100 %: 936 of 932 reads ``100.5%``, not ``100%`` beside "larger than the window"
    (newuser25 #8), and 931 of 932 ``99.8%``, not ``100%`` beside "nothing cut yet"."""
    if not whole:
        return "0%"
    share = used / whole * 100
    whole_text = f"{share:.0f}"
    if used == whole or whole_text != "100":
        return f"{whole_text}%"
    tenth = f"{share:.1f}"  # as the Share row reads it, unless that is 100.0 too
    if tenth == "100.0":
        tenth = f"{(math.ceil if used > whole else math.floor)(share * 10) / 10:.1f}"
    return f"{tenth}%"


#: A sparkline's characters, lowest to highest.
BARS = "▁▂▃▄▅▆▇█"
#: The least share of the largest value a sparkline's scale spans (`sparkline`).
LEAST_SPAN = 0.1


def resampled(values: list[int] | list[float], cells: int) -> list[int] | list[float]:
    """``values`` in at most ``cells`` cells: consecutive runs of them, each shown by its
    highest (a peak stays seen), the first and the last value each in a cell of its own
    run's end — as many as there are when they fit (newuser33 #22: a trend of 151 commits
    drew 151 characters and wrapped at 120 columns)."""
    n = len(values)
    if cells <= 0 or n <= cells:
        return values
    return [max(values[i * n // cells:(i + 1) * n // cells]) for i in range(cells)]


def sparkline(values: list[int] | list[float], cells: int | None = None) -> str:
    """``values`` as one line of block characters, scaled between their min and max, the
    scale at least ``LEAST_SPAN`` of the largest value's size, a smaller change drawn about
    its middle (newuser40 #19: a block of 424 then 425 tokens drew ``▁▁█``, a full spike for
    +0.2 %); at most ``cells`` characters
    (`resampled`) when given."""
    if not values:
        return ""
    if cells is not None:
        values = resampled(values, cells)
    low, high = min(values), max(values)
    least = LEAST_SPAN * max(abs(high), abs(low))
    if high - low < least:  # a small change drawn small, about the middle of the scale
        low = (low + high - least) / 2
    span = max(high - low, least)
    return "".join(BARS[round((v - low) / span * (len(BARS) - 1)) if span else 0]
                   for v in values)


#: The window Ollama gives a request that sends no ``num_ctx``: 4,096 tokens from 0.6.7 (and,
#: from 0.15.5, under 23 GiB of VRAM), 2,048 before (memtui/agent/window.py says each).
SERVER_DEFAULT = 4096
OLD_SERVER_DEFAULT = 2048


def no_num_ctx_note(tokens: int, tokenizer: str) -> str:
    """What becomes of a block of ``tokens`` at an Ollama server that gets no ``num_ctx``
    (README's fourth drift), or "" when the block fits both defaults (newuser37 #27: the
    report said "67.8% of 40,960" and nothing of the 4,096 a request without num_ctx gets,
    which this block alone is 6.8x of)."""
    if tokens <= OLD_SERVER_DEFAULT:
        return ""
    head = (f"an agent on Ollama whose requests send no num_ctx gets the server's default "
            f"window, {SERVER_DEFAULT:,} tokens (Ollama 0.6.7 and later; "
            f"{OLD_SERVER_DEFAULT:,} before): ")
    if tokens > SERVER_DEFAULT:
        return head + (f"this block alone is {tokens / SERVER_DEFAULT:,.1f}× that "
                       f"({tokens:,} {tokenizer} tokens), so the server cuts the front of "
                       "the prompt; set num_ctx in the agent's requests (or "
                       "OLLAMA_CONTEXT_LENGTH on the server)")
    return head + (f"this block alone ({tokens:,} {tokenizer} tokens) is past "
                   f"{OLD_SERVER_DEFAULT:,} and leaves {SERVER_DEFAULT - tokens:,} tokens of "
                   f"{SERVER_DEFAULT:,} for the conversation; set num_ctx in the agent's "
                   "requests")


def no_num_ctx_tokens(tokens: dict[str, int], tokenizer: str) -> tuple[int, str]:
    """The count an Ollama (Qwen-like) model's window is measured in: qwen's when counted,
    else ``tokenizer``'s."""
    name = "qwen" if "qwen" in tokens else tokenizer
    return tokens.get(name, 0), name
