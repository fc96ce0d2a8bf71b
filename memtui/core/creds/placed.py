"""A credential placed in the text it was found in: where its value starts (a character
offset into the whole text), its length, and the masked form its finding shows.

This is what the scan cache keeps of a credential, never its value
(`memtui.core.caches.scans`): a memory holding one is cached like any other, so a warm
audit does not scan its bytes again (newuser22 #30: an 827 KB file with 8 credentials cost
1.2 s of CPU on every audit), and the cache file holds no credential. What needs the whole
value — a baseline's keyed fingerprint, the preview's masking — takes it again from the text
(`with_values`), and only from the text the scan was made from (its content digest checked:
`memtui.core.scanner.scan.secrets_with_values`). A value that cannot be placed (not found as
it is in its line) leaves the scan uncached, as every credential was before.
"""

from __future__ import annotations

from collections.abc import Sequence

from memtui.core.creds.detector import SecretHit, mask
from memtui.core.record import init_field

#: The longest masked form (`memtui.core.creds.detector.mask`: two characters, "…", two).
MAX_SHOWN = 5


class PlacedHit(SecretHit):
    """A `SecretHit` with its place in the text: ``at`` (character offset of the value),
    ``length`` and ``shown`` (its masked form). Its ``value`` is "" when it was read back
    from the scan cache (`with_values` takes it from the text again)."""

    __slots__ = ("at", "length", "shown")

    at: int
    length: int
    shown: str

    def __init__(self, line: int, kind: str, value: str, at: int, length: int,
                 shown: str) -> None:
        init_field(self, "line", line)
        init_field(self, "kind", kind)
        init_field(self, "value", value)
        init_field(self, "at", at)
        init_field(self, "length", length)
        init_field(self, "shown", shown)

    @property
    def redacted(self) -> str:
        return self.shown


def placed(text: str, hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` (found in ``text``) each with its place: a `PlacedHit`, or the hit as it was
    when its value is not found as it is from the start of its line on (such a scan is not
    cached)."""
    if not hits:
        return hits
    starts: dict[int, int] = {}
    pos, line = 0, 1
    for target in sorted({h.line for h in hits}):
        while line < target:
            nxt = text.find("\n", pos)
            if nxt < 0:
                break
            pos, line = nxt + 1, line + 1
        if line == target:
            starts[target] = pos
    out: list[SecretHit] = []
    for h in hits:
        start = starts.get(h.line)
        at = -1
        if start is not None and h.value:
            end = text.find("\n", start)
            at = text.find(h.value, start, (len(text) if end < 0 else end) + len(h.value))
        out.append(PlacedHit(h.line, h.kind, h.value, at, len(h.value), mask(h.value))
                   if at >= 0 else h)
    return out


def all_placed(hits: Sequence[SecretHit]) -> bool:
    """Whether every hit has its place (the scan holding them may be cached)."""
    return all(type(h) is PlacedHit and h.at >= 0 for h in hits)


def stripped(h: PlacedHit) -> tuple[int, str, int, int, str]:
    """What the scan cache keeps of ``h``: no value."""
    return (h.line, h.kind, h.at, h.length, h.shown)


def unstripped(t: tuple[object, ...]) -> PlacedHit:
    """The hit `stripped` gave ``t`` for, every field checked (TypeError when one does not
    fit); its value is ""."""
    line, kind, at, length, shown = t
    if not (type(line) is int and line >= 1 and type(kind) is str and 0 < len(kind) <= 200
            and type(at) is int and at >= 0 and type(length) is int and length > 0
            and type(shown) is str and len(shown) <= MAX_SHOWN):
        raise TypeError("not a credential's place")
    return PlacedHit(line, kind, "", at, length, shown)


def with_values(text: str, hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` with the values of those read back without one taken from ``text`` (the
    text they were found in); a place that does not give a value of its masked form is left
    without (its fingerprint then matches nothing: reported, never hidden)."""
    if all(h.value for h in hits):
        return hits
    out: list[SecretHit] = []
    for h in hits:
        if not h.value and isinstance(h, PlacedHit):
            value = text[h.at:h.at + h.length]
            if len(value) == h.length and mask(value) == h.shown:
                h = PlacedHit(h.line, h.kind, value, h.at, h.length, h.shown)
        out.append(h)
    return out
