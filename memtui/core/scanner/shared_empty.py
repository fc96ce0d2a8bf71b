"""One empty list (and dict) shared by every scan and link result that holds nothing there.

A memory's scan holds half a dozen lists (its links, wikilinks, credentials, instruction-like
lines, read problems, findings) and each file's resolved links five lists and a dict; in a
workspace of plain memories nearly all of them are empty, each an object of its own: 72–80
bytes apiece, ~8 MB at 10,000 memories and ~40 MB at 50,000 (issue 35: the app's and the
CLI's peak). Once a scan or a link result is made, its empty containers are replaced by
these (`share_scan`, `share_links`); they are never added to: growing one raises
``TypeError`` rather than filling every memory's at once. Copied or pickled, each gives a
plain empty container.
"""

from __future__ import annotations

from typing import Any, NoReturn

__all__ = ["EMPTY_DICT", "EMPTY_LIST", "EmptyDict", "EmptyList", "share_links", "share_scan"]


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError("a shared empty container is never added to")


class EmptyList(list):  # type: ignore[type-arg]
    """An empty list that refuses to grow (sorting, clearing it: no-ops, as on any empty
    list)."""

    __slots__ = ()
    append = extend = insert = __setitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return list, ()


class EmptyDict(dict):  # type: ignore[type-arg]
    """An empty dict that refuses to grow."""

    __slots__ = ()
    __setitem__ = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return dict, ()


EMPTY_LIST: list[Any] = EmptyList()
EMPTY_DICT: dict[Any, Any] = EmptyDict()

_SCAN_LISTS = ("links", "wikilinks", "secrets", "instructions", "read_findings",
               "own_findings")
_LINK_LISTS = ("findings", "wikirefs", "broken", "targets", "dangling")


def share_scan(scan: Any) -> None:
    """Replace a `memtui.core.scanner.scan.FileScan`'s empty lists (and its memory's empty
    findings) by `EMPTY_LIST`. Its token counts are filled in later: never shared."""
    for name in _SCAN_LISTS:
        if not getattr(scan, name):
            setattr(scan, name, EMPTY_LIST)
    if not scan.memory.findings:
        scan.memory.findings = EMPTY_LIST


def share_links(lr: Any) -> None:
    """Replace a finished `memtui.core.results.LinkResults`'s empty lists and dict."""
    for name in _LINK_LISTS:
        if not getattr(lr, name):
            setattr(lr, name, EMPTY_LIST)
    if not lr.first_line:
        lr.first_line = EMPTY_DICT
