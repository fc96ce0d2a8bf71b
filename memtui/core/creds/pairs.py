"""An account and its password wherever they stand in a line, without a label: a well-known
account or an e-mail address and a slash (``(admin/123456)``, ``(me@x.com / 8Uf0…)``), a
well-known account glued by a colon (``→ admin:qTUo…``), a user named right after a login
word (``SSH 계정은 deploy / yJM7…``). ``memtui.core.creds.structure`` reads a line here when
no label gave it a value.
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import BARE_VALUE, Labelled, value_at
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: What may stand right before an account name: a space, a bracket, a comma, or a letter of a
#: script written without spaces (``画面はadmin／…``).
_BEFORE_ACCOUNT = r"(?<![^\s(（\[,;：\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])"
_ACCOUNT_WORDS = ("admin", "root", "guest", "sa", "postgres")  # "administrator" holds "admin"
_ACCOUNTS = r"admin|administrator|root|guest|sa|postgres"
#: What every match of ``_ACCOUNT_COLON`` holds: an account glued to a colon (``root:``;
#: not ``root cause：``, the lines that reached it in a cold audit, which then compiled its
#: class of the scripts written without spaces for nothing: ~2.8 ms).
_ACCOUNT_COLONS = tuple(a + c for a in _ACCOUNTS.split("|") for c in ":：")
#: ``(admin/123456)``, ``(me@x.com / 8Uf0…)``: an account and its password anywhere in a line,
#: each side maybe in its own quotes (``root / `8Uf0…` ``, ```me@x.com` / `8Uf0…` ``);
#: ``→ admin:qTUo…``: a well-known account glued to its password by a colon.
ACCOUNTPAIR = lazy_pattern(
    _BEFORE_ACCOUNT + r"(?P<uq>[`\"']?)(?P<user>[\w.+-]+@[\w-]+(?:\.[\w-]+)+|" + _ACCOUNTS +
    r")(?P=uq)\s*[/／]\s*(?P<pq>[`\"']?)(?P<pw>" + BARE_VALUE + ")")
_ACCOUNT_COLON = lazy_pattern(
    _BEFORE_ACCOUNT + r"(?P<user>" + _ACCOUNTS + r")[:：](?P<pw>" + BARE_VALUE + ")")
#: A user named right after a login word (``SSH 계정은 deploy / yJM7…``, ``login deploy /
#: …``, ``login for the test rig is `qa` / …``), at most five short words apart, maybe in
#: backticks, then a spaced or full-width slash and a password.
_NAMED_PAIR = lazy_pattern(r"[^\W\d_]{0,3}(?:[ \t]{1,3}[^\W\d_]{1,12}){0,5}[ \t]{1,3}"
                           r"(?P<uq>`?)(?P<user>[a-z0-9][\w.@+-]{1,40})(?P=uq)"
                           r"(?:[ \t]{1,3}/|[ \t]{0,3}／)[ \t]{0,3}"
                           r"(?P<pw>" + BARE_VALUE + ")")
#: ``Router login admin Bx7#…``: right after a login word, a well-known account, a blank and
#: a value (no separator: the value's own shape must say it is made up).
_LOGIN_ACCOUNT = lazy_pattern(r"[ \t]{1,3}(?P<user>" + _ACCOUNTS + r")[ \t]{1,3}(?P<pw>" +
                              BARE_VALUE + ")")

#: ``ulaz root Qz7@kk1vR``, ``admin — Tbilisi#2025``, ``admin Ararat547$``: a well-known
#: account, a blank or a spaced dash, and a value (the value's own shape must say it is
#: typed: letters, digits and a symbol, `_symbol_typed`).
_ACCOUNT_SPACE = lazy_pattern(r"(?<![^\s(（\[,;:：→>])(?P<user>admin|administrator|root)"
                              r"(?:[ \t]+[—–][ \t]+|[ \t]+)(?P<pw>" + BARE_VALUE + ")")


def _account_spaced(text: str, line: int, pw: lexicon.Word, *, fenced: bool
                    ) -> Iterator[Labelled]:
    """`_ACCOUNT_SPACE`'s pairs of ``text`` (``fenced``: the line is the pair alone)."""
    for m in _ACCOUNT_SPACE.finditer(text):
        if fenced and (text[:m.start()].strip() or m.start("pw") - m.end("user") > 3):
            continue
        got = value_at(text, m.start("pw"), pw, strong=True, line=line)
        if got and got.start == m.start("pw") and _symbol_typed(got.value) and \
                not any(c in got.value for c in ":/\\") and not _AT_HOST.search(got.value) and \
                (not fenced or not text[got.end:].strip()):
            yield _named(got, m.group("user"))


_AT_HOST = lazy_pattern(r"@[\w-]+\.[\w-]")


def _symbol_typed(value: str) -> bool:
    """Both cases, a digit and a symbol, eight characters or more: a password typed by a
    person (not a word, a path, a flag, a number, a container's ``web_app-1``)."""
    return len(value) >= 8 and sum(c.isalpha() for c in value) >= 3 and \
        value[0].isalnum() and values.char_kinds(value) == 4


#: A user and a password, each in its own quotes, joined by a slash (```ops@x.io` / `4829```).
QUOTED_SIDES = lazy_pattern(r"[ \t]*(?P<q>[`\"'])(?P<user>[^`\"'\s/]{1,64})(?P=q)[ \t]*[/／]"
                            r"[ \t]*(?P<r>[`\"'])(?P<pw>[^`\"'\s]{1,128})(?P=r)")
#: What closes a login label before its pair: a colon, bold marks.
_LOGIN_END = lazy_pattern(r"[*_]{0,3}[ \t]*[:：][*_]{0,3}")


def account_pairs(text: str, line: int, *, fenced: bool = False) -> Iterator[Labelled]:
    """``(admin/123456)``, ``Auth MEGA (me@x.com / 8Uf0…)``: a well-known account or an
    e-mail address, a slash, and a password, wherever they stand; a well-known account, a
    colon and a password that has a secret's shape by itself (``→ admin:qTUo…``, not
    ``admin:org`` nor ``root:x:0:0``); a user named by a login word, a slash and a password
    (``SSH 계정은 deploy / yJM7…``). ``fenced``: a line of code, where only a line that is
    an account and its password alone is read (`account_line`)."""
    pw = lexicon.Word(0, 0, "", "password", "")
    if fenced:
        yield from _account_spaced(text, line, pw, fenced=True)
        return
    # What every match holds (both patterns open with a lookbehind, so ``re`` tries every
    # place of the line: ~12 µs for an index line): an account word or an e-mail's ``@``
    # (the only ways ``user`` matches), then a slash; or an account and a colon at once.
    named = "@" in text or any(a in text for a in _ACCOUNT_WORDS)
    for m in ACCOUNTPAIR.finditer(text) if named and ("/" in text or "／" in text) else ():
        got = value_at(text, m.start("pq"), pw, strong=True, line=line)
        if got and (not m.group("pq") or got.start == m.start("pw")):
            yield _named(got, m.group("user"))
    glued = named and any(a in text for a in _ACCOUNT_COLONS)
    for m in _ACCOUNT_COLON.finditer(text) if glued else ():
        got = value_at(text, m.start("pw"), pw, strong=True, line=line)
        if got and text[got.end:got.end + 1] != "@" and not any(c in got.value for c in ":/@") \
                and values.secret_shape(got.value, strong=False):
            yield _named(got, m.group("user"))
    if named:
        yield from _account_spaced(text, line, pw, fenced=False)
    spaced = " /" in text or "\t/" in text or "／" in text  # not a path's or a URL's slash
    words = lexicon.words(text) if spaced or named else []
    for word in words:
        # ``… from the panel root. Login: `ops@x.io` / `482915`.``: a login label, a colon,
        # then a user and a password each in its quotes
        end = _LOGIN_END.match(text, word.end) if word.kind == "login" else None
        sides = QUOTED_SIDES.match(text, end.end()) if end else None
        got = value_at(text, sides.start("pw"), pw, strong=True, line=line) if sides else None
        if got and got.end == sides.end("pw"):
            yield _named(got, sides.group("user"))
    for word in words:
        m = _LOGIN_ACCOUNT.match(text, word.end) if word.kind == "login" else None
        got = value_at(text, m.start("pw"), pw, strong=True, line=line) if m else None
        shape = values.secret_shape(got.value, strong=True) if got else None
        if got and shape and values.char_kinds(got.value) >= 3:
            yield _named(got, m.group("user"))  # newuser32 #39
    for word in words if spaced else ():
        m = _NAMED_PAIR.match(text, word.end) if word.kind == "login" else None
        got = value_at(text, m.start("pw"), pw, strong=True, line=line) if m else None
        if got and values.secret_shape(got.value, strong=False):
            yield _named(got, m.group("user"))


def _named(got: Labelled, user: str) -> Labelled:
    return Labelled(got.line, got.start, got.end, got.value,
                    f'account "{user}" + ' + got.why.split(" + ", 1)[1])
