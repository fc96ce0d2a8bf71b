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
    """``values`` as one line of block characters, scaled between their min and max; at
    most ``cells`` characters (`resampled`) when given."""
    if not values:
        return ""
    if cells is not None:
        values = resampled(values, cells)
    low, high = min(values), max(values)
    span = high - low
    return "".join(BARS[round((v - low) / span * (len(BARS) - 1)) if span else 0]
                   for v in values)
