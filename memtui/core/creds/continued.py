"""The rest of a credential a line break cut in two (newuser30 #9).

A markdown soft line break is no break to the reader: ``The staging password is Hu7kd92``
then ``xqZ4mWp and it rotates monthly.`` renders, and reaches the model, as one line, so the
value is ``Hu7kd92xqZ4mWp``. The check read the first half only, and ``fix redact`` left the
second half in the file, which then audited clean. A value that ends its line, followed by a
line that opens with a random-looking word (three of lower case, capitals, digits and
symbols; no list marker, heading or quote before it),
continues there: that word is the rest of the value, found on its own line so that
``fix redact`` takes it too.
"""

from __future__ import annotations

import re

from memtui.core.creds.values import char_kinds, secret_shape

#: The first word of the next line, when the line opens with it (after its indentation).
#: Ended by a blank, the line's end or punctuation: not ``NAME=value`` (the next setting).
_OPENING = re.compile(r"[ \t]*([A-Za-z0-9][A-Za-z0-9+/_\-~!@#$%^&*]{3,}=*)(?:$|[\s.,;:!?)])")


def rest(line: str, value: str, following: str) -> str | None:
    """The rest of ``value`` on the line ``following`` ``line``, or None: ``value`` ends
    ``line`` (trailing blanks aside) after a label or words, and ``following`` opens with a
    random-looking word."""
    line = line.rstrip()
    if not value or not line.endswith(value) or line.lstrip() == value:
        return None  # not at the line's end, or a line that is all value (a key block's)
    m = _OPENING.match(following)
    if m is None:
        return None
    piece = m.group(1).rstrip(".,;:!")
    if len(piece) < 4 or char_kinds(piece) < 3 or secret_shape(piece, strong=True) is None:
        return None  # a word, a name, a host (``backup01``): the next sentence, not the rest
    return piece

