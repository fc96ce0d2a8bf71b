"""Values in XML: an element named by a label holds its text (``<password>…</password>``,
``<connection-password>…</connection-password>``), and a property list's ``<key>NAME</key>``
names the ``<string>…</string>`` after it, on its line or the next (``Info.plist``,
``GoogleService-Info.plist``). The name is read as a variable's name
(``memtui.core.creds.lexicon.name_label``, or one whose last word is "key"); the text must
have a secret's shape, as beside any label.
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: An element and its text on one line (no child element inside).
_ELEMENT = lazy_pattern(r"<(?P<tag>[A-Za-z_][\w.:-]{0,60})(?:[ \t][^<>\n]{0,200})?>"
                        r"[ \t]*(?P<v>[^<>\s][^<>\n]{0,299}?)[ \t]*</(?P=tag)>")
_PLIST_KEY = lazy_pattern(r"<key>[ \t]*(?P<name>[^<>\n]{1,80}?)[ \t]*</key>")
_PLIST_STRING = lazy_pattern(r"[ \t]*<string>[ \t]*(?P<v>[^<>\s][^<>\n]{0,299}?)[ \t]*</string>")
#: Elements of a property list itself, whose name says nothing of the text.
_PLIST_TAGS = frozenset({"key", "string", "data", "integer", "real", "date"})
#: Characters of a line read (as ``memtui.core.creds.structure.MAX_LINE``).
MAX_LINE = 4000
#: Elements read per line (a minified file is one long line).
_MAX_PER_LINE = 16
_KEY_NAME = lazy_pattern(r"[A-Za-z0-9](?:[_-]key|Key|[_-]KEY|-Key)$")


def _label(name: str) -> lexicon.Word | None:
    word = lexicon.name_label(name) if name.isascii() else None
    if word is None and name.isascii() and _KEY_NAME.search(name) and \
            not lexicon.negated(lexicon.split_identifier(name)):
        word = lexicon.Word(0, 0, name, "key", "en")
    return word


def _value(line: str, i: int, start: int, end: int, word: lexicon.Word,
           why: str) -> Labelled | None:
    value = line[start:end]
    shape = values.secret_shape(value, strong=True, password_word=word.kind == "password",
                                quoted=True)
    if not shape or values.not_a_value(value) or \
            (word.kind == "key" and word.end == 0 and "random" not in shape and
             "hex" not in shape):
        return None  # a key-named element holds a key only when its text is random
    return Labelled(i, start, end, value, f'{why} "{word.text}" + {shape}')


def markup_values(lines: list[str]) -> Iterator[Labelled]:
    """The text of each element named by a label, and each plist string named by its key."""
    for i, whole in enumerate(lines):
        line = whole[:MAX_LINE]
        if "</" not in line:
            continue
        count = 0
        for m in _ELEMENT.finditer(line):
            count += 1
            if count > _MAX_PER_LINE:
                break
            if m.group("tag").lower() in _PLIST_TAGS:
                continue
            word = _label(m.group("tag").rsplit(":", 1)[-1])
            got = _value(line, i, m.start("v"), m.end("v"), word, "XML element") \
                if word else None
            if got:
                yield got
        for m in list(_PLIST_KEY.finditer(line))[:_MAX_PER_LINE]:
            word = _label(m.group("name"))
            if word is None:
                continue
            at, j = line, i
            s = _PLIST_STRING.match(line, m.end())
            if s is None and i + 1 < len(lines):
                at, j = lines[i + 1][:MAX_LINE], i + 1
                s = _PLIST_STRING.match(at)
            got = _value(at, j, s.start("v"), s.end("v"), word, "plist key") if s else None
            if got:
                yield got
