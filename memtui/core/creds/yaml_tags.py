"""Credentials behind a YAML tag (redteam35): ``password: !!str Xk9#mQ2vLp7!``,
``token: !!binary WGs5…`` in a memory's frontmatter or a YAML file the agent opens. A tag is
syntax, not part of the value (a YAML reader, and the model, read ``password: Xk9#…``),
but between the label and the value it kept the label form from being seen. Each line
``key: !tag value`` (or ``- !tag value``) is also read as ``key: value``, and a ``!!binary``
value as the text its base64 decodes to (when it decodes to text). A credential found there
is reported at the line, its value as the file writes it (`memtui.core.creds.encoded`'s
hook in `memtui.core.creds.detector.scan_text_bounded`). At most `MAX_LINES` tagged lines a
text are read; past them the text is cut there (its ``unchecked_text`` error).
"""

from __future__ import annotations

import re

from memtui.core.creds.encoded import Scan, base64_text

#: A tagged scalar: the key (or list dash) and the separator, the tag, the value.
_TAGGED = re.compile(r"(?m)^([ \t]*(?:-[ \t]+)?(?:[^\s:#][^:\n]*:[ \t]+)?)"
                     r"(!!?[\w:/.\-]*)[ \t]+([^\n]+)$")
_CHEAP = re.compile(r"(?:^|[:\-])[ \t]*!", re.M)
MAX_LINES = 5000


def may_hold(text: str) -> bool:
    """Whether ``text`` may hold a tagged YAML value (a cheap look first)."""
    return "!" in text and _CHEAP.search(text) is not None


def _untagged(tag: str, value: str) -> str:
    if tag == "!!binary":
        text = base64_text(value.strip().strip("\"'"))
        if text is not None and text.isprintable():
            return text  # (one line of the view: a text of several lines is left as written)
    return value


def tagged_hits(text: str, scan: Scan) -> tuple[list[tuple[int, str, str]], int | None]:
    """The credentials ``scan`` finds in ``text``'s tagged lines read untagged, as (0-based
    line, kind, the value as written), and the 0-based line from which tagged lines were
    not read, or None."""
    view: list[str] = []
    origin: list[tuple[int, str]] = []
    cut: int | None = None
    line, at = 0, 0
    for m in _TAGGED.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        if len(view) >= MAX_LINES:
            cut = line
            break
        head, tag, value = m.group(1), m.group(2), m.group(3)
        view.append(head + _untagged(tag, value))
        origin.append((line, value.strip()))
    if not view:
        return [], None
    hits, view_cut = scan("\n".join(view))
    if view_cut is not None and 0 <= view_cut < len(origin):
        where = origin[view_cut][0]
        cut = where if cut is None else min(cut, where)
    out: list[tuple[int, str, str]] = []
    for n, kind, value in hits:
        if 0 <= n < len(origin):
            where, written = origin[n]
            out.append((where, f"{kind}, behind a YAML tag",
                        value if value in written else written))
    return out, cut
