"""Values that are names, not credentials, by where they sit against their label: a label
word that is a part of a longer name (``TowerPass = "TowerPass"``, ``RespawnTimerToken``,
``tower-pass-wall-…``, ``--token-primary-500``, the key path ``pass:daily:…``), and in prose
a code name of words (``GetUGCModePlayerStart``) after an everyday word. One reading for
every place ``memtui.core.creds.structure`` finds a labelled value in (issue 32/#25).
"""

from __future__ import annotations

from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

_LABEL_OF = lazy_pattern(r'label "([^"]+)"')
#: The parts of a name: words in CamelCase, acronyms, runs of lower case or of digits.
_NAME_PART = lazy_pattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_NAME = lazy_pattern(r"[\w.\-]+")
#: A code name of words (``GetUGCModePlayerStart``, ``YXWD_InvincibleBuff``, ``ItemID``):
#: capitalised words and acronyms, maybe joined by ``_``, letters only.
_CODE_NAME = lazy_pattern(r"(?:[A-Z][a-z]{2,}|[A-Z]{2,5}(?=[A-Z][a-z]|_|$)|_(?=[A-Z]))+")
_CODE_PART = lazy_pattern(r"[A-Z][a-z]{2,}|[A-Z]{2,5}(?![a-z])")


def code_name(value: str) -> bool:
    """``value`` names a thing in code: words and an acronym, or words joined by ``_`` (a
    passphrase in CamelCase, ``CorrectHorseBatteryStaple``, has neither)."""
    if not _CODE_NAME.fullmatch(value):
        return False
    parts = _CODE_PART.findall(value)
    return len(parts) >= 2 and (any(p.isupper() for p in parts) or "_" in value)


#: The token a value sits in, up to whitespace, a quote or a bracket.
_TOKEN_STOP = " \t`'\"()[]<>"
#: A resource's name (``arn:aws:secretsmanager:…:secret:prod/db-Xy7Qp2``, ``urn:…``): every
#: part of it names a thing, the word "secret" in it too.
_RESOURCE_NAME = lazy_pattern(r"(?i)(?:arn|urn):[\w.-]*:")
#: Capitalised words, three or more, maybe a method after ``#``, ``.`` or ``::``
#: (``PasswordResetController#create``, ``ApiKeyMiddleware``): a class's name.
_CLASS_NAME = lazy_pattern(r"[A-Z][a-z]+(?:[A-Z][a-z]+){2,}(?:(?:#|\.|::)[a-z_]\w*)?")
_CAPITALISED = lazy_pattern(r"[A-Z][a-z]+")


def in_a_resource_name(line: str, start: int) -> bool:
    """The value at ``start`` is a part of the ARN or URN it sits in."""
    begin = start
    while begin > 0 and line[begin - 1] not in _TOKEN_STOP:
        begin -= 1
    return _RESOURCE_NAME.match(line, begin) is not None and begin < start


def class_name(value: str) -> bool:
    """``value`` is a class's (or its method's) name holding a credential word as one of its
    words (``ApiKeyMiddleware``): a passphrase in CamelCase holds none."""
    if not _CLASS_NAME.fullmatch(value):
        return False
    from memtui.core.creds import lexicon

    words = " ".join(_CAPITALISED.findall(value.split("#")[0].split("::")[0]))
    return bool(lexicon.words(words))


def part_of_a_name(line: str, found: Labelled) -> bool:
    """The value is a name, not a credential, by where it sits against its label: it goes on
    the token the label is a part of (``PasswordResetTokenGenerator``,
    ``tower-pass-wall-gated-…``, ``--token-primary-500``, the key path ``pass:daily:…``), or it
    holds its own label as a part of a name (``TowerPass = "TowerPass"``, ``RespawnTimerToken``,
    ``InputKey_PassTurn`` in the row "pass turn", ``Door_MasterKey_01`` under
    ``MASTER_KEY_DOOR``)."""
    if in_a_resource_name(line, found.start) or class_name(found.value):
        return True
    before = line[max(0, found.start - 2):found.start]
    if before[:1] == "\\":
        return False  # ``\\n`` in a JSON string: the value starts a line of its own
    if before[-1:].isascii() and before[-1:].isalnum():
        return True
    if before[-1:] in ("-", "_") and before[:1].isascii() and before[:1].isalpha():
        return True
    if before[-1:] == ":" and before[:1].isascii() and before[:1].isalpha() and \
            ":" in found.value and " " not in found.value:
        return True
    label = _LABEL_OF.search(found.why)
    if label is None or not _NAME.fullmatch(found.value):
        return False
    words = [p.lower() for p in _NAME_PART.findall(label.group(1))]
    parts = _NAME_PART.findall(found.value)
    if not all(p.isdigit() or len(p) >= 3 or p.isupper() for p in parts):
        return False  # ``Tq7wPass9Lx``: made-up letters around the word, not a name's parts
    parts = [p.lower() for p in parts]
    return bool(words) and any(parts[k:k + len(words)] == words for k in range(len(parts)))
