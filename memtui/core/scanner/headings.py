"""The headings of a memory's text, as keys a ``[[wikilink]]`` may name (real26: a wikilink
that names a heading of its own memory, ``[[Deploy steps]]`` above ``## Deploy steps``, was
reported as naming no memory).

A wikilink that names one carries the heading in its ``text`` (`mark_headings`, at scan
time: the text is at hand then, and the scan cache keeps the mark), and the derivation reads
it as a link to its own memory when no memory has that name.

Only ATX headings (``#`` to ``######`` at the start of a line, up to three spaces in) outside
fenced code count; the key folds case and runs of white space and drops a closing ``#`` run,
as a reader matches a heading's words."""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.links import Link, outside_fences

_ATX = lazy_pattern(r"^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")


def heading_key(text: str) -> str:
    """``text`` as a heading key: case folded, white space runs made one space."""
    return " ".join(text.split()).casefold()


def heading_keys(text: str) -> frozenset[str]:
    """The keys of the ATX headings of ``text`` outside fenced code."""
    if "#" not in text:
        return frozenset()
    keys = set()
    for _number, line in outside_fences(text.split("\n")):
        if "#" in line and (m := _ATX.match(line)) is not None:
            keys.add(heading_key(m.group(1)))
    return frozenset(keys)


def mark_headings(wls: list[Link], body: str) -> list[Link]:
    """``wls`` (the wikilinks of ``body``), each one whose name spells a heading of
    ``body`` given that heading as its ``text``."""
    if not wls:
        return wls
    keys = heading_keys(body)
    if not keys:
        return wls
    return [Link(lk.source, lk.line, lk.kind, lk.raw, lk.target, "#" + (lk.target or ""),
                 lk.outside) if heading_key(lk.target or "") in keys else lk for lk in wls]
