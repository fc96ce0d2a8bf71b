"""A code comment after a value on its line, saying what the value is.

``const val NATIVE_APP_KEY = "2473…"  // 앱에 포함되는 공개 키``: the comment names the value a
public key (a credential word made something else by a negator beside it, as "public key",
"example token", "공개 키"); what the line assigns is then no credential, whatever its name.
A comment that names no credential word (``# rotated 2024-03, tell Priya``) says nothing of
the value.
"""

from __future__ import annotations

from memtui.core.creds import lexicon
from memtui.core.creds.prose import negated_here
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: After a value: its closing quote, maybe a ``,`` or ``;``, blanks, then a comment marker.
_COMMENT_AFTER = lazy_pattern(r"[\"'`]?[,;]?[ \t]+(?://|#|--|/\*)[ \t]*(?P<c>\S.{0,200})$")


def commented_away(line: str, end: int) -> bool:
    """The value ending at ``end`` of ``line`` is followed by a comment naming it a
    credential of a kind that is none (a public key, an example token)."""
    m = _COMMENT_AFTER.match(line, end)
    if not m:
        return False
    comment = m.group("c").rstrip(" */")
    found = [w for w in lexicon.words(comment) if w.kind in lexicon.VALUE_KINDS]
    if found:
        return all(negated_here(comment, w) for w in found) or lexicon.names_an_example(comment)
    return lexicon.negated(comment, min_words=2)  # ``// public key``: the negator holds it
