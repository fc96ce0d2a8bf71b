"""How numbers read in text: ``1 link``, ``2 links``; a run of values as a sparkline."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 link``, ``2 links``, ``10,000 files``; ``many`` for irregular plurals."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


#: A sparkline's characters, lowest to highest.
BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[int] | list[float]) -> str:
    """``values`` as one line of block characters, scaled between their min and max."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low
    return "".join(BARS[round((v - low) / span * (len(BARS) - 1)) if span else 0]
                   for v in values)
