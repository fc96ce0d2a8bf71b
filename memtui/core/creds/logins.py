"""A login written as two label lines, in a language the lexicon does not know.

``Jina la mtumiaji: `juma``` then ``Neno siri: Simba47!Pwani`` (or any other words): a line
giving a user name in code (one short name in backticks), and right under it a line of the
same kind (same indent, same list marker) giving one made-up value. Whatever the labels say,
that is an account and its password. Only when the value's label holds no word of the
lexicon (the labelled reading knows those) and the user's none but a login word, and only a
value whose shape says enough where no label vouches for it (small and capital letters and
a digit or a symbol; no name, version or id).
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A label line: indent, maybe a list marker, a label of up to five words, ``:``, the rest.
_LINE = lazy_pattern(r"^(?P<lead>[ \t]*(?:[-*+•][ \t]+)?)(?P<label>[^\W\d_][^:：`|\n]{0,40}?)"
                     r"[ \t]*[:：][ \t]*(?P<rest>.*)$")
#: A user name in code, alone.
_USER = lazy_pattern(r"`(?P<u>[a-z][\w.@-]{1,31})`[ \t]*")
#: One value, maybe in backticks, alone after the label.
_VALUE = lazy_pattern(r"(?P<q>`?)(?P<v>[!-~]{8,64})(?P=q)[ \t]*")


def login_pairs(lines: list[str]) -> Iterator[Labelled]:
    """The password of each user line followed by a value line (see the module)."""
    for i in range(len(lines) - 1):
        line = lines[i]
        if "`" not in line:
            continue
        user = _LINE.match(line)
        if not user or not _USER.fullmatch(user.group("rest")) or \
                any(w.kind != "login" for w in lexicon.words(user.group("label"))):
            continue
        below = _LINE.match(lines[i + 1])
        if not below or below.group("lead") != user.group("lead") or \
                lexicon.words(below.group("label")):
            continue
        got = _VALUE.fullmatch(below.group("rest"))
        if not got:
            continue
        value = got.group("v")
        cased = any(c.islower() for c in value) and any(c.isupper() for c in value) and \
            any(not c.isalpha() for c in value)
        shape = values.secret_shape(value, strong=False)
        if cased and shape and not values.HEX_ID.match(value):
            start = below.start("rest") + got.start("v")
            yield Labelled(i + 1, start, start + len(value), value,
                           f"the line under a user name + {shape}")
