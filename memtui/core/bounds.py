"""Every number memtui takes from outside (a flag, a configuration key) is finite and
bounded: one check, `check`, and the bounds of each setting, shared by the flag and the
configuration key of the same name, so the two can never disagree.

A value outside its bounds (``nan``, ``inf``, a negative count, a number past any use) is
refused in one line: it never reaches the audit, where an infinite ``stale-days`` once
ended the JSON report in a traceback (issue 31).
"""

from __future__ import annotations

import math

Number = int | float

#: The bounds of each audit setting (flag ``--NAME`` and ``.memtui.toml`` key ``NAME``).
STALE_DAYS: tuple[float, float] = (0.0, 36_500.0)  # a century
MAX_LINES: tuple[int, int] = (1, 100_000_000)
MAX_BYTES: tuple[int, int] = (1, 1 << 40)
NUM_CTX: tuple[int, int] = (256, 100_000_000)


def check(value: object, whole: bool, low: Number, high: Number,
          above: bool = False) -> str | None:
    """Why ``value`` is not a number (a whole number when ``whole``) from ``low`` to
    ``high`` (above ``low`` when ``above``); None when it is one."""
    if isinstance(value, bool) or not isinstance(value, int | float) or \
            (whole and not isinstance(value, int)):
        return "not a whole number" if whole else "not a number"
    if isinstance(value, float) and not math.isfinite(value):
        return "not a finite number"
    if value < low or value > high or (above and value == low):
        if above:
            return f"must be above {_shown(low)} and at most {_shown(high)}"
        return f"must be from {_shown(low)} to {_shown(high)}"
    return None


def _shown(n: Number) -> str:
    return f"{int(n):,}" if float(n).is_integer() else f"{n:g}"


def parse(text: str, whole: bool, low: Number, high: Number,
          above: bool = False) -> Number:
    """``text`` as a number within the bounds; ValueError (one line) otherwise."""
    try:
        value: Number = int(text.strip(), 10) if whole else float(text)
    except ValueError:
        raise ValueError(f"not a {'whole ' if whole else ''}number: {text[:40]!r}") from None
    why = check(value, whole, low, high, above)
    if why is not None:
        raise ValueError(f"{why}: {text[:40]!r}")
    return value
