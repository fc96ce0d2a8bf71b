"""A YAML block scalar's prose read across its lines.

``description: >`` (or ``|``) and the indented lines under it are one text: a folded scalar
joins its lines with a blank, and a literal one is still a sentence the writer wrapped
(newuser29 #25: ``db password is`` ending one line and ``Nq7$wEr4Tz8p for prod`` starting the
next was read as two lines, the label's value on neither). Each line holding a label word is
read together with the line after it, as prose; a value found on the second line is given
back on that line. A key that is itself a label (``password: |``) labels the block's
first line: the value written under it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise

from memtui.core.creds.names import code_name
from memtui.core.creds.prose import prose_values
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A key whose value is a block scalar (``description: >``, ``notes: |-``, ``- body: >2``).
_BLOCK_START = lazy_pattern(r"^(?P<i>[ \t]*)(?:-[ \t]+)?[\w.\-\"']{1,60}[ \t]*:[ \t]*[>|][+-]?\d?"
                            r"[ \t]*$")
_ENDS_BLOCK = (">", "|", ">-", "|-", ">+", "|+")


def folded_values(lines: list[str], hinted: Callable[[str], int]) -> Iterator[Labelled]:
    """Values whose label ends one line of a block scalar and whose value starts the next.
    ``hinted``: 2 when a line may hold a value label (`structure.labelled_values_upto`)."""
    i = 0
    while i < len(lines):
        line = lines[i]
        tail = line.rstrip()
        m = _BLOCK_START.match(tail) if tail.endswith(_ENDS_BLOCK) or tail[-1:].isdigit() \
            else None
        i += 1
        if not m:
            continue
        indent = len(m.group("i"))
        block: list[int] = []
        while i < len(lines) and (not lines[i].strip() or
                                  len(lines[i]) - len(lines[i].lstrip()) > indent):
            block.append(i)
            i += 1
        b0 = next((k for k in block if lines[k].strip()), None)
        if b0 is not None and hinted(tail) >= 2:  # ``password: |`` then the value: the
            # key labels the block's first line (newuser30 #3, frontmatter or a yaml block)
            yield from _read_on(tail[:tail.rindex(":") + 1], lines[b0], b0)
        for a, b in pairwise(block):
            if b != a + 1 or not lines[a].strip() or not lines[b].strip() or \
                    hinted(lines[a]) < 2:
                continue
            yield from _read_on(lines[a].rstrip(), lines[b], b)


def _read_on(before: str, line: str, number: int) -> Iterator[Labelled]:
    """The values ``before`` (a label's line, or a key) labels at the start of ``line``
    (line ``number``), read as one prose text and given back where ``line`` holds them."""
    lead = len(line) - len(line.lstrip())
    for f in prose_values(before + " " + line.strip(), number):
        if f.start > len(before) and not code_name(f.value):
            start = f.start - len(before) - 1 + lead
            yield Labelled(number, start, start + len(f.value), f.value, f.why)
