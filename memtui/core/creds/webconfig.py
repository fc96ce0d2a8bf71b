"""A Firebase web app's configuration: its ``apiKey`` is public by design.

A web app ships ``const firebaseConfig = {apiKey: "AIza…", authDomain: "x.firebaseapp.com",
projectId: …}`` in its client bundle; the key names the project and is guarded by the
project's rules, not kept secret. A Google ``AIza…`` key is read as such when its line's
object holds an ``authDomain`` key (the web config's own sibling) within a few lines; the same
key alone, in prose or beside other keys, stays a credential.

A variable a web framework bundles into the page it serves (``NEXT_PUBLIC_…``,
``NUXT_PUBLIC_…``, ``EXPO_PUBLIC_…``, ``VITE_…``, ``REACT_APP_…``, ``GATSBY_…``, SvelteKit's
``PUBLIC_…``) holds what every visitor's browser receives: its value is public by design, by
the framework's documented convention, unless the name says secret, password or private
(a secret put there by mistake is still one).
"""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: An object's key naming the auth domain (``authDomain:``, ``"authDomain":``, ``auth_domain =``).
_SIBLING = lazy_pattern(r"""^\s*["']?(?:authDomain|auth_domain)["']?\s*[:=]""")
#: How far (lines) the sibling may be from the key's line: one object literal.
_REACH = 8


#: A bundled variable's assignment at a line's start, its value right after (session 36).
_BUNDLED = lazy_pattern(r"^[ \t]*(?:export[ \t]+)?(?P<name>(?:NEXT_PUBLIC|NUXT_PUBLIC|EXPO_PUBLIC|"
                        r"VITE|REACT_APP|GATSBY|PUBLIC)_\w+)[ \t]*[=:][ \t]*[\"']?")
_STILL_SECRET = ("SECRET", "PASSWORD", "PASSWD", "PRIVATE", "SERVICE_ROLE")


def may_bundle(text: str) -> bool:
    """Whether ``text`` may assign a bundled variable (the cheap look)."""
    return any(p in text for p in ("PUBLIC_", "VITE_", "REACT_APP_", "GATSBY_"))


def bundled(line: str, value: str) -> bool:
    """``value`` is the whole value of a variable the page ships (see the module)."""
    m = _BUNDLED.match(line)
    return m is not None and line.startswith(value, m.end()) and \
        not any(w in m.group("name") for w in _STILL_SECRET)


def public_web_key(lines: list[str], i: int, value: str) -> bool:
    """``value`` on line ``i`` is a Google ``AIza…`` key in a Firebase web config."""
    if not value.startswith("AIza"):
        return False
    for j in range(max(0, i - _REACH), min(len(lines), i + _REACH + 1)):
        if j != i and _SIBLING.search(lines[j]):
            return True
    return False
