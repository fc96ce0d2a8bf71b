"""Cell widths as a terminal draws them (newuser42 #18): a spacing combining mark — Unicode
category ``Mc``, the vowel signs of Devanagari (``का``, ``ि``), Bengali, Tamil, Telugu,
Kannada, Malayalam, Sinhala, Myanmar … — takes one cell.

Rich (15) measures every combining mark as zero cells; a terminal measures with its C
library's ``wcwidth`` (xterm, VTE, tmux, the Linux console), where only the non-spacing and
enclosing marks (``Mn``, ``Me``) and format characters are zero wide and a spacing mark is
one. So a Hindi line was drawn one cell wider per vowel sign than Textual laid it out: a
dialog lost its right border, a table's columns after the text moved, the Block view's
separator shifted. The rule is the mark's category, not a list of scripts.

Rich and Textual measure through ``rich.cells.get_character_cell_size`` (``cell_len``,
``set_cell_size``, ``split_graphemes``, ``Segment.split_cells``, Textual's wrapping and
compositor): `install` wraps it, once, before Textual's modules bind it (``memtui.tui``
calls it first).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from rich import cells, segment

_installed: list[Callable[..., int]] = []


def spacing_mark(character: str) -> bool:
    """Whether ``character`` is a spacing combining mark (drawn one cell wide)."""
    return unicodedata.category(character) == "Mc"


def install() -> None:
    """Measure a spacing combining mark as one cell in Rich and Textual (idempotent)."""
    if _installed:
        return
    rich_size = cells.get_character_cell_size

    @lru_cache(maxsize=4096)
    def get_character_cell_size(character: str, unicode_version: str = "auto") -> int:
        size = rich_size(character, unicode_version)
        return 1 if size == 0 and spacing_mark(character) else size

    _installed.append(rich_size)
    # (rich.segment, imported with Rich's console, bound the name when it was imported)
    for module in (cells, segment):
        module.get_character_cell_size = get_character_cell_size  # type: ignore[attr-defined]
    cells.cached_cell_len.cache_clear()  # (nothing measured with the old rule is kept)
