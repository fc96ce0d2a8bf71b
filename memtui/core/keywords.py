"""A cheap first look at a text: which of some keywords it contains at all.

The credential and instruction checks run regular expressions line by line, which is slow on
thousands of files; most files contain none of their keywords, and this finds that out fast.
ASCII keywords are looked up in the text's ASCII letters alone (for CJK-heavy memories a
fraction of the text), the others in the text itself. It may answer yes wrongly (letters
joined across removed characters), never no wrongly for a keyword written in ASCII.
"""

from __future__ import annotations

from functools import cached_property

_SPLIT: dict[tuple[str, ...], tuple[tuple[tuple[bytes, str], ...], tuple[str, ...]]] = {}


def _split(words: tuple[str, ...]) -> tuple[tuple[tuple[bytes, str], ...], tuple[str, ...]]:
    """The keywords written in ASCII (as bytes, with the word) and the others."""
    parts = _SPLIT.get(words)
    if parts is None:
        parts = _SPLIT[words] = (tuple((w.encode(), w) for w in words if w.isascii()),
                                 tuple(w for w in words if not w.isascii()))
    return parts


class KeywordProbe:
    """Answers "which of these keywords occur?" for one text, case-insensitively."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def _ascii(self) -> bytes:
        # Lower-case first: a few non-ASCII letters lower-case to ASCII ones (the Kelvin sign).
        return self.text.lower().encode("ascii", "ignore")

    @cached_property
    def _lowered(self) -> str:
        return self.text.lower()

    def present(self, words: tuple[str, ...]) -> list[str]:
        """The ``words`` (lower case) that occur in the text."""
        ascii_words, other_words = _split(words)
        data = self._ascii
        found = [w for b, w in ascii_words if b in data]
        if other_words:
            lowered = self._lowered
            found.extend(w for w in other_words if w in lowered)
        return found
