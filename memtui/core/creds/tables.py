"""Credentials a Markdown table holds by its structure, whatever its cells' words say.

The labelled reading (`memtui.core.creds.structure`) takes a cell under a header naming a
password, or beside a row's label. Two tables carry credentials no header names:

- **a value split over cells**: a password given in pieces (for safety, or by two people),
  one piece a row down one column, or one a cell along the table's one data row. The table
  is captioned as a password's (the line above it, the line below it, or the memory's
  ``description`` when the table opens the body, holds a password word of the lexicon, in
  any language it knows), and the pieces of one column (or of the row), 2 to 4 of them,
  each without a space, join into one password-shaped value: letters and digits or symbols,
  three kinds of character or more. Each piece is a value. A column whose header says id,
  user, name or the like (`memtui.core.creds.shaped`'s words) is never read;
- **a column of one-time codes**: three rows or more whose cells of one column are codes of
  one shape (`memtui.core.creds.runs.same_shaped_codes`: the same groups, letters and
  digits, none repeated), under a caption or header naming a credential. Each is a value.
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.creds.runs import same_shaped_codes
from memtui.core.creds.shaped import says_not_secret
from memtui.core.creds.slots import CODE, TABLE_SEP, table_cells
from memtui.core.scanner.lazy_pattern import lazy_pattern

_DESCRIPTION = lazy_pattern(r"^description:[ \t]*(?P<d>.+)$")
_MAX_ROWS = 40


def _cells(line: str) -> list[tuple[int, str]]:
    """(start, text) of each cell of a table row, the text stripped of spaces and backticks."""
    out: list[tuple[int, str]] = []
    for start, _, part in table_cells(line):
        text = part.strip().strip("`")
        out.append((start + part.find(text) if text else start, text))
    return out


def _captions(lines: list[str], head: int, end: int) -> list[str]:
    """The lines that caption the table of ``lines[head:end]``: the nearest line above it
    (past one blank), the line right below it, and the memory's description when the
    table opens the body (the line above is the front matter's closing ``---``)."""
    out: list[str] = []
    k = head - 1
    if k >= 0 and not lines[k].strip():
        k -= 1
    if k >= 0:
        above = lines[k].strip()
        if above == "---":
            for j in range(k - 1, max(-1, k - 30), -1):
                got = _DESCRIPTION.match(lines[j].strip())
                if got:
                    out.append(got.group("d"))
                    break
                if lines[j].strip() == "---":
                    break
        else:
            out.append(above)
    if end < len(lines) and lines[end].strip():
        out.append(lines[end].strip())
    return out


def _names_a_password(text: str, kinds: tuple[str, ...]) -> bool:
    word = lexicon.label(text[:200])
    return word is not None and word.kind in kinds


def _pieces_joined(pieces: list[str]) -> bool:
    """2 to 4 pieces, each of 2 to 32 characters with no space, whose join is shaped like a
    password: a letter run and digits or symbols, three kinds of character, no id or name."""
    if not 2 <= len(pieces) <= 4 or any(not 2 <= len(p) <= 32 or " " in p for p in pieces):
        return False
    joined = "".join(pieces)
    return joined.isascii() and sum(c.isalpha() for c in joined) >= 2 and \
        values.char_kinds(joined) >= 3 and not values.not_a_value(joined) and \
        not values.plain_name(joined) and not values.HEX_ID.match(joined) and \
        not values.holds_label_word(joined) and len(set(pieces)) == len(pieces)


def table_values(lines: list[str]) -> Iterator[Labelled]:
    """The split values and code columns of every table in ``lines`` (see the module)."""
    i = 0
    n = len(lines)
    fence = False
    while i < n - 1:
        line = lines[i]
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if fence or "|" not in line or not TABLE_SEP.match(lines[i + 1]) or \
                "-" not in lines[i + 1]:
            i += 1
            continue
        header = [c for _, c in _cells(line)]
        rows: list[tuple[int, list[tuple[int, str]]]] = []
        j = i + 2
        while j < n and lines[j].lstrip().startswith("|") and len(rows) < _MAX_ROWS:
            rows.append((j, _cells(lines[j])))
            j += 1
        yield from _table(lines, i, j, header, rows)
        i = j


def _table(lines: list[str], head: int, end: int, header: list[str],
           rows: list[tuple[int, list[tuple[int, str]]]]) -> Iterator[Labelled]:
    if not rows:
        return
    captions = _captions(lines, head, end)
    width = min(len(c) for _, c in rows)
    columns = [[(j, cells[k]) for j, cells in rows] for k in range(width)]
    named = [k < len(header) and says_not_secret(header[k]) for k in range(width)]
    if any(_names_a_password(c, ("password",)) for c in captions):
        if len(rows) == 1:
            j, cells = rows[0]
            if _pieces_joined([c for _, c in cells]) and not any(named):
                for start, cell in cells:
                    yield Labelled(j, start, start + len(cell), cell,
                                   f"one of {len(cells)} pieces of a password along a row")
        else:
            for k, column in enumerate(columns):
                if named[k] or not _pieces_joined([c for _, (_, c) in column]):
                    continue
                for j, (start, cell) in column:
                    yield Labelled(j, start, start + len(cell), cell,
                                   f"one of {len(column)} pieces of a password down a column")
    if len(rows) < 3:
        return
    for k, column in enumerate(columns):
        codes = [c for _, (_, c) in column]
        if named[k] or not all(CODE.fullmatch(c) for c in codes) or \
                not same_shaped_codes(codes):
            continue
        if not any(_names_a_password(c, lexicon.VALUE_KINDS) for c in
                   [*captions, header[k] if k < len(header) else ""]):
            continue
        for j, (start, cell) in column:
            yield Labelled(j, start, start + len(cell), cell,
                           f"one of {len(codes)} same-shaped one-time codes in a column")
