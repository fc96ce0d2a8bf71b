"""A Firebase web app's configuration: its ``apiKey`` is public by design.

A web app ships ``const firebaseConfig = {apiKey: "AIza…", authDomain: "x.firebaseapp.com",
projectId: …}`` in its client bundle; the key names the project and is guarded by the
project's rules, not kept secret. A Google ``AIza…`` key is read as such when its line's
object holds an ``authDomain`` key (the web config's own sibling) within a few lines; the same
key alone, in prose or beside other keys, stays a credential.
"""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: An object's key naming the auth domain (``authDomain:``, ``"authDomain":``, ``auth_domain =``).
_SIBLING = lazy_pattern(r"""^\s*["']?(?:authDomain|auth_domain)["']?\s*[:=]""")
#: How far (lines) the sibling may be from the key's line: one object literal.
_REACH = 8


def public_web_key(lines: list[str], i: int, value: str) -> bool:
    """``value`` on line ``i`` is a Google ``AIza…`` key in a Firebase web config."""
    if not value.startswith("AIza"):
        return False
    for j in range(max(0, i - _REACH), min(len(lines), i + _REACH + 1)):
        if j != i and _SIBLING.search(lines[j]):
            return True
    return False
