"""Two procedures holding the same steps in another order (``near_duplicate``): a numbered
list is an order, and two memories whose numbered steps are the same (each step of one in
the other, nearly word for word) but come in another order say two procedures — bulk
ferment then shape, or shape then bulk ferment — not one twice. Such a pair shares every
word, so the words alone would merge it; the order of its steps keeps it apart.

A step is a line opening with a number and ``.``, ``)``, ``、`` or ``．`` (``1.``, ``2)``,
``3、``) or a circled number (``①``). Two steps are the same when ``SAME_STEP`` of their
words (character pairs in Chinese, Japanese, Korean; triples in Thai and its neighbours:
`unspaced_words`) are in both. Two lists are reordered when at least two steps of one are
in the other, at least ``MATCHED`` of the shorter list's, and those steps come in another
order. An unnumbered list (``-``, ``*``) is a set, not an order: reordered, it is a copy.

A table's rows are associations (`rows_moved`): two tables holding the same cells, most of
them, in other rows (period 1 maths and period 2 history against period 1 history and
period 2 maths: two classes' timetables) are two instances of one frame, not one table
twice. A row is the set of its cells (columns swapped keep it); two tables are apart when
each has ``ROWS`` rows or more, ``CELLS`` of the smaller's cells are in the other, and
fewer than half of the smaller's rows are (blind set rules33: two timetables 89 % alike).
Two tables under one header whose rows are keyed by other first cells, none in common
(``KEYED`` data rows each: Monday, Wednesday, Saturday against Tuesday, Thursday, Sunday;
two seasons' ice times of the same slots) are two instances too (`keys_apart`, blind set
rules35: 81 % alike); a copy keeps its rows' keys.
"""

from __future__ import annotations

import re

from memtui.core.checks.unspaced_words import entry_words

SAME_STEP = 0.5  # share of two steps' words in both (Jaccard) from which they are one step
MATCHED = 2 / 3  # share of the shorter list's steps found in the other

ROWS = 3  # rows (a header's among them) each table has, at least (`rows_moved`)
CELLS = 0.8  # share of the smaller table's cells the other holds (`rows_moved`)
KEYED = 3  # data rows each of two tables under one header has, at least (`keys_apart`)

_ROW = re.compile(r"^[ \t]*\|(.+)\|[ \t]*$", re.MULTILINE)
_RULE = re.compile(r"[\s:|-]*")  # a header's rule (``|---|:--:|``)
_STEP = re.compile(r"^[ \t]*(?:\d{1,2}[.)、．]|[\u2460-\u2473])[ \t]*(\S.*)$", re.MULTILINE)


def _steps(text: str) -> list[frozenset[str]]:
    return [entry_words(m.group(1)) for m in _STEP.finditer(text)]


def reordered(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` hold the same numbered steps in another order (see the
    module's docstring)."""
    if "\n" not in a or "\n" not in b:
        return False
    sa, sb = _steps(a), _steps(b)
    if len(sa) < 2 or len(sb) < 2:
        return False
    taken: set[int] = set()
    order = []
    for step in sa:
        best, at = SAME_STEP, -1
        for j, other in enumerate(sb):
            if j in taken or not step or not other:
                continue
            sim = len(step & other) / len(step | other)
            if sim >= best:
                best, at = sim, j
        if at >= 0:
            taken.add(at)
            order.append(at)
    if len(order) < 2 or len(order) < MATCHED * min(len(sa), len(sb)):
        return False
    return order != sorted(order)


def _rows(text: str) -> set[frozenset[str]]:
    """A text's table rows, each the set of its cells (stripped), header's rule aside."""
    out = set()
    for m in _ROW.finditer(text):
        if _RULE.fullmatch(m.group(1)):
            continue
        cells = frozenset(c.strip() for c in m.group(1).split("|")) - {""}
        if len(cells) >= 2:
            out.add(cells)
    return out


def rows_moved(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` hold tables of the same cells in other rows (see the
    module's docstring)."""
    if "|" not in a or "|" not in b:
        return False
    ra, rb = _rows(a), _rows(b)
    if len(ra) < ROWS or len(rb) < ROWS:
        return False
    ca, cb = frozenset().union(*ra), frozenset().union(*rb)
    if len(ca & cb) < CELLS * min(len(ca), len(cb)):
        return False
    return 2 * len(ra & rb) < min(len(ra), len(rb))


def _keyed(text: str) -> tuple[tuple[str, ...], list[str]] | None:
    """A text's first table: its header's cells and its data rows' first cells (None: no
    table with a header's rule)."""
    rows = [m.group(1) for m in _ROW.finditer(text)]
    for i in range(1, len(rows)):
        if _RULE.fullmatch(rows[i]):
            header = tuple(c.strip() for c in rows[i - 1].split("|"))
            keys = []
            for row in rows[i + 1:]:
                if _RULE.fullmatch(row):
                    break
                keys.append(row.split("|", 1)[0].strip())
            return header, keys
    return None


def keys_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` hold tables under one header whose data rows, ``KEYED`` or
    more each, are keyed by other first cells, none in common (see the module's
    docstring)."""
    if "|" not in a or "|" not in b:
        return False
    ka, kb = _keyed(a), _keyed(b)
    if ka is None or kb is None or ka[0] != kb[0]:
        return False
    keys_a, keys_b = set(ka[1]) - {""}, set(kb[1]) - {""}
    return len(keys_a) >= KEYED and len(keys_b) >= KEYED and keys_a.isdisjoint(keys_b)
