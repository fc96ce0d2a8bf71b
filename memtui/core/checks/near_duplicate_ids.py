"""Two memories of one template about two things, told apart by an identifier field
(``near_duplicate``, real29: two person profiles of one agent, “Slack ID: U0ACC32MFAA”
against “Slack ID: U0ABC4S3HC5”, the same headings, comments and dates, 31 % alike).

A ``key: value`` line whose value is one identifier (a token of letters and digits both, five
characters or more, no space: an account, a ticket, a host's or a record's ID) names what the
memory is about; the same key with another identifier on the other side is another record,
whatever else the two share. Read from the two sketches' windows (their first characters,
`near_duplicate_sketch.window_text`), only for a pair that would be reported.
"""

from __future__ import annotations

import re

#: A line ``key: identifier`` (a list's mark or a quote before it allowed; ``：`` too).
_ID_LINE = re.compile(r"^[ \t>*+-]*([^\W\d][^:：\n]{0,29}?)[ \t]*[:：][ \t]*"
                      r"((?=[\w-]*\d)(?=[\w-]*[^\W\d_])[^\W_][\w-]{4,})[ \t]*$", re.MULTILINE)


def _ids(text: str) -> dict[str, str]:
    return {m[1].strip().lower(): m[2].lower() for m in _ID_LINE.finditer(text)}


def other_ids(a: str, b: str) -> bool:
    """Whether texts ``a`` and ``b`` hold one key with another identifier as its value."""
    if ":" not in a and "：" not in a:
        return False
    ia = _ids(a)
    if not ia:
        return False
    ib = _ids(b)
    return any(ia[k] != ib[k] for k in ia.keys() & ib.keys())
