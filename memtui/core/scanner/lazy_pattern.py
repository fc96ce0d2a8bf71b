"""Regular expressions compiled on first use.

Compiling is most of what importing the checks costs (a cold ``memtui audit`` is a fraction
of a second, and a third of that went on patterns most workspaces never reach: the
credential patterns run only on lines holding a credential keyword). ``lazy_pattern`` returns
a stand-in that compiles the pattern when it is first used and then answers at the speed of
the compiled one: its methods are bound onto it, so later calls take no detour.
"""

from __future__ import annotations

import re
from typing import Any, cast

_BOUND = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
          "pattern", "flags", "groups", "groupindex")


class _LazyPattern:
    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:  # only for attributes not bound yet
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        for attr in _BOUND:
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)


def lazy_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done when the pattern is first used. Only its methods
    and attributes are there (it is no ``re.Pattern`` to ``isinstance`` or ``re.sub``)."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, flags))
