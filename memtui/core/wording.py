"""How counts read in messages: ``1 link``, ``2 links``."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 link``, ``2 links``, ``10,000 files``; ``many`` for irregular plurals."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
