"""A login written as slots: ``db01.internal / shopdb / shopuser / Xq7$kP2m!Lz``.

No word names the password; its slot does. A line (maybe after a short label and a colon)
of three to five fields set apart by one separator, ``/`` or ``|`` with blanks around it,
whose first field is a host (a dotted name, an address, maybe a port), whose middle fields
are names (a database, a user: one token of letters, digits, ``_``, ``-`` or ``.``), and whose
last field is one made-up value: the account's password, known by its neighbours' slots.
Only a value whose shape says enough where no label vouches for it (small and capital
letters and a digit; no name, dotted name, version or id).
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A line's lead and a short label with its colon, then the fields.
_LINE = lazy_pattern(r"^[ \t>]*(?:[-*+•][ \t]+|\d{1,3}[.)][ \t]+)?(?:[^:：/|`\n]{1,30}[:：][ \t]+)?"
                     r"(?P<rest>\S.*?)[ \t]*$")
#: A host: a dotted name or an IPv4 address (or ``localhost``), maybe with a port.
_HOST = lazy_pattern(r"(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|[A-Za-z0-9](?:[\w-]*[A-Za-z0-9])?"
                     r"(?:\.[A-Za-z0-9](?:[\w-]*[A-Za-z0-9])?)+)(?::\d{2,5})?")
#: A name in a slot between the host and the value (a database, a user).
_NAME = lazy_pattern(r"[A-Za-z_][\w.@-]{0,40}")


#: What a text holding such a line holds: a host's end, then two fields set apart the same way
#: (the first look: a text without it costs one search).
_TWO_SLOTS = lazy_pattern(r"[A-Za-z0-9](?::\d{2,5})?[ \t]([/|])[ \t][A-Za-z_][\w.@-]*"
                          r"[ \t]\1[ \t]\S")


#: A user's name in small letters, a spaced slash, and a value (``clubtreasurer /
#: Goalpost!77``, ``soporte / Almendra.2024``, ``support / Mtsvane#41``).
_USER_PAIR = lazy_pattern(r"(?<![^\s(\[:：—–,])(?P<user>[a-z][a-z0-9._-]{2,31})[ \t]+/[ \t]+"
                          r"(?P<pw>[^\s/`\"'()\[\]<>]{8,64})")
_NOTE = lazy_pattern(r"[ \t]*[(（][^()（）\n]{0,80}[)）]")
_FILE_NAME = lazy_pattern(r"\.[A-Za-z]{1,4}\d?$")
_USER_HINT = lazy_pattern(r"[a-z0-9] / [^\s/]")


def may_hold(text: str) -> bool:
    """``text`` may hold a host / names / value line, or a user / value pair."""
    return (" / " in text or " | " in text) and (
        _TWO_SLOTS.search(text) is not None or _USER_HINT.search(text) is not None)


def _typed(value: str) -> str | None:
    """``value``'s shape as a password a person typed, when it says so alone: both cases, a
    digit and a symbol (`values.char_kinds` 4), letters first; no name, host or path."""
    if values.char_kinds(value) < 4 or not value[0].isalpha() or _FILE_NAME.search(value) or \
            sum(c.isalpha() for c in value) < 4 or values.not_a_value(value) or \
            values.dotted_name(value) or values.HEX_ID.match(value):
        return None
    return values.secret_shape(value, strong=True, password_word=True)


def user_pairs(lines: list[str]) -> Iterator[Labelled]:
    """``… (junior subs): clubtreasurer / Goalpost!77``: a user's name in small letters and,
    after a spaced slash, a value with a typed password's every kind of character — an
    account and its password, whatever words stand around them (a login's slots, read as a
    pair: the name's slot makes the next one its password)."""
    for i, line in enumerate(lines):
        if len(line) > 400 or " / " not in line:
            continue
        for m in _USER_PAIR.finditer(line):
            value = m.group("pw").rstrip(".,;:?")  # (a ``!`` is a password's own)
            note = _NOTE.match(line, m.start("pw") + len(value))
            if note and lexicon.words(note.group(0)):
                continue  # ``kasse_01 / Mk4#… (no password yet)``: a note naming what the
                # value is (or is not) speaks for it; the labelled reading decides
            shape = _typed(value)
            if shape:
                start = m.start("pw")
                yield Labelled(i, start, start + len(value), value,
                               f'account "{m.group("user")}" / a typed password + {shape}')


def _made_up(value: str) -> str | None:
    """``value``'s shape as a secret when it says enough alone, else None."""
    lower = any(c.islower() for c in value)
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    if not 8 <= len(value) <= 64 or not (lower and upper and digit) or \
            values.HEX_ID.match(value) or values.not_a_value(value) or \
            values.plain_name(value) or values.dotted_name(value):
        return None
    return values.secret_shape(value, strong=False)


def slotted_values(lines: list[str]) -> Iterator[Labelled]:
    """The password slot of each host / names / value line (see the module)."""
    for i, line in enumerate(lines):
        if len(line) > 300 or not (" / " in line or " | " in line):
            continue
        m = _LINE.match(line)
        if not m:
            continue
        rest = m.group("rest")
        for sep in (" / ", " | "):
            parts = [p.strip() for p in rest.split(sep)]
            if not 3 <= len(parts) <= 5 or any(s in rest for s in (" / ", " | ") if s != sep):
                continue
            if not _HOST.fullmatch(parts[0]) or \
                    not all(_NAME.fullmatch(p) for p in parts[1:-1]):
                continue
            value = parts[-1]
            shape = _made_up(value) if " " not in value else None
            if shape:
                start = m.start("rest") + rest.rindex(value)
                yield Labelled(i, start, start + len(value), value,
                               f"the last slot of host / names / value + {shape}")
