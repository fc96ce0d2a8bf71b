"""Values in delimited text (a CSV or TSV export, a ``;``-separated dump): a header row
whose field names a credential (``email,senha,perfil``, ``host;user;password``) labels
that column of each row under it that has as many fields. The rows end at the first line
with another count of fields. Each cell must have a secret's shape, as beside any label.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled

#: Rows read under one header, and characters of a line read.
MAX_ROWS = 200
MAX_LINE = 4000
_SEPARATORS = (",", ";", "\t")
#: Fields of a header (a wider row is data, not a header a person wrote).
_MAX_FIELDS = 30
#: A header's field: a short name (``password``, ``API Key``, ``db_pass``).
_MAX_NAME = 40


def _fields(line: str, sep: str) -> list[tuple[int, int, str]] | None:
    """(start, end, text) of each field of ``line`` split at ``sep`` (quotes as CSV writes
    them), or None when a field is quoted in a way the spans cannot follow."""
    try:
        cells = next(csv.reader([line], delimiter=sep))
    except (csv.Error, StopIteration):
        return None
    out, pos = [], 0
    for cell in cells:
        at = line.find(cell, pos) if cell else pos
        if at < 0:
            return None
        out.append((at, at + len(cell), cell))
        pos = at + len(cell)
        nxt = line.find(sep, pos)
        pos = nxt + 1 if nxt >= 0 else len(line)
    return out


def _header(line: str) -> tuple[str, list[lexicon.Word | None]] | None:
    """The separator and each field's credential word, when ``line`` is a header row: two
    separators or more, every field a short name, one of them a label."""
    for sep in _SEPARATORS:
        if not 2 <= line.count(sep) < _MAX_FIELDS:
            continue
        fields = _fields(line, sep)
        if not fields or any(not f[2].strip() or len(f[2]) > _MAX_NAME or
                             len(f[2].split()) > 3 for f in fields):
            continue
        words = [lexicon.label(f[2].strip()) for f in fields]
        if any(words):
            return sep, words
    return None


def delimited_values(lines: list[str], hinted: Callable[[str], int]) -> Iterator[Labelled]:
    """The cells of each credential column of each delimited table (see the module)."""
    i = 0
    while i < len(lines):
        line = lines[i][:MAX_LINE].strip()
        head = _header(line) if hinted(line) == 2 and ("," in line or ";" in line or
                                                       "\t" in line) else None
        if head is None:
            i += 1
            continue
        sep, words = head
        j = i + 1
        while j < len(lines) and j <= i + MAX_ROWS:
            row = lines[j][:MAX_LINE]
            fields = _fields(row, sep) if row.count(sep) == len(words) - 1 else None
            if not fields or len(fields) != len(words):
                break
            for (start, _end, cell), word in zip(fields, words, strict=True):
                value = cell.strip()
                if word is None or not value:
                    continue
                start += cell.find(value)
                shape = values.secret_shape(value, strong=True,
                                            password_word=word.kind == "password")
                if shape and not values.not_a_value(value):
                    yield Labelled(j, start, start + len(value), value,
                                   f'column "{word.text}" + {shape}')
            j += 1
        i = j
