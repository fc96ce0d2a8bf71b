"""Credentials in command lines, URL user-info, HTTP headers and code calls: the forms whose
structure is a program's syntax rather than a label (``sshpass -p``, ``mysql -pX``,
``curl -u user:X``, ``docker login -p X``, ``scheme://user:X@host``, ``Authorization: Bearer
X``, ``auth=('u', 'X')``, ``login('u', 'X')``).
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.scanner.lazy_pattern import lazy_pattern

_ELIDED = lazy_pattern(r"(?:\.\.\.|…)")
_TEMPLATE = lazy_pattern(
    r"(?i)^(?:<[^>]*>?|\{.*\}?|\$.*|%\w+%|\*+|x{3,}|y{3,}|\[?redacted\]?|your[-_ ]?\w*|"
    r"changeit)$")
_UPPER_WORD = lazy_pattern(r"^[A-Z][A-Z_]*$")  # ``PASSWORD`` in ``USER:PASSWORD@HOST``
_TOKEN_NAME = lazy_pattern(r"^[\w.-]+@[\w.-]+![\w.-]+$")
_HEX = lazy_pattern(r"(?i)^0x[0-9a-f]+$")
_IDENTIFIER = lazy_pattern(r"^[a-z_][a-z_]*_[a-z_]+$|^[a-z]+(?:[A-Z][a-z]+)+$|"
                         r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
_SYMBOL = lazy_pattern(r"[!@#$%^&*+=?~_\-]")


def is_template(value: str) -> bool:
    """An elided, template, reference or placeholder value: never a credential."""
    return bool(_TEMPLATE.match(value) or _UPPER_WORD.match(value) or _ELIDED.search(value)
                or _TOKEN_NAME.match(value)
                or _HEX.match(value))


def made_up(value: str) -> bool:
    """Letters mixed with digits or symbols, as passwords and keys are (not a word, a
    variable name, a number, a path, a token's name or a hex offset)."""
    if len(value) < 6 or is_template(value) or _IDENTIFIER.match(value):
        return False
    if "/" in value or "://" in value or value.lower().endswith((".md", ".json", ".py")):
        return False
    has_alpha = any(c.isalpha() for c in value)
    has_digit = any(c.isdigit() for c in value)
    return has_alpha and (has_digit or (bool(_SYMBOL.search(value)) and
                          any(c.isupper() for c in value) and any(c.islower() for c in value)))


_VAL = r"(?:'[^'\s]+'|\"[^\"\s]+\"|[^\s'\"|;&]+)"
#: Each command's pattern, after the words one of which every match of it holds (its
#: program's name, or ``login``; the patterns are case-sensitive): a line holding none is
#: not searched, and a pattern no line needs is never compiled (a cold audit of 261
#: memories compiled all nine for lines holding ``pin`` or ``token``: ~3 ms).
_COMMANDS = [(needles, lazy_pattern(p)) for needles, p in (
    (("sshpass",), r"\bsshpass\s+-p\s*(?P<v>" + _VAL + ")"),
    (("mysql", "mariadb"),
     r"\b(?:mysql|mariadb|mysqldump|mysqladmin)\b[^|;&\n]*?\s-p(?P<v>[^\s'\"|;&]+|'[^']+')"),
    (("curl",), r"\bcurl\b[^|;\n]*?\s(?:-[a-zA-Z]*u|--user)\s+['\"]?[^\s:'\"]+:(?P<v>[^\s'\"@]+)"),
    (("login",), r"\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm\s+registry)\s+login\b"
                 r"[^|;\n]*?\s(?:-p|--password)\s+(?P<v>" + _VAL + ")"),
    (("login",), r"\becho\s+(?P<v>" + _VAL + r")\s*\|\s*(?:docker|podman|helm\s+registry)"
                 r"\s+login\b"),
    (("smbclient",), r"\bsmbclient\b[^|;\n]*?\s(?:-U|--user(?:=|\s))\s*[^\s%]+%(?P<v>[^\s'\"]+)"),
    (("redis-cli",), r"\bredis-cli\b[^|;\n]*?\s-a\s+(?P<v>" + _VAL + ")"),
    (("chpasswd",), r"\bchpasswd\b\s*<<<\s*['\"]?[\w.-]+:(?P<v>[^\s'\"]+)"),
    (("htpasswd",), r"\bhtpasswd\s+-\w*b\w*\s+\S+\s+\S+\s+(?P<v>" + _VAL + ")"),
)]
_URL_USERINFO = lazy_pattern(r"(?i)\b[a-z][a-z0-9+.\-]*://(?P<u>[^\s:/@'\"]*):(?P<v>[^\s/@'\"]+)@")
#: A header, written as a line or as a quoted key of a dict or JSON (``"Authorization":"Bearer
#: …"``).
_HEADERS = lazy_pattern(
    r"(?i)\b(?:authorization|proxy-authorization)[\"']?\s*:\s*[\"']?"
    r"(?:bearer|basic|token|digest|bot)\s+(?P<v>[^\s'\"]+)"
    r"|\bx-[\w-]*(?:key|token|secret|auth)[\"']?\s*:\s*[\"']?(?P<w>[^\s'\"]+)")
#: A ``Cookie:`` header's pairs: each value made up (a session's id) is a credential.
_COOKIE = lazy_pattern(r"(?i)\bcookie[\"']?\s*:\s*[\"']?(?P<pairs>[^\n'\"`]+)")
_COOKIE_PAIR = lazy_pattern(r"[\w.%-]+=(?P<v>[^\s;,'\"`]+)")
_CODE = lazy_pattern(
    r"(?i)\b(?:auth|credentials|basic_auth|http_auth)\s*=\s*[(\[]\s*(['\"])[^'\"]*\1\s*,\s*"
    r"(['\"])(?P<v>[^'\"\s]+)\2"
    r"|\b\w*(?:login|log_in|signin|sign_in|authenticate|connect)\s*\(\s*(['\"])[^'\"]+\4\s*,"
    r"\s*(['\"])(?P<w>[^'\"\s]+)\5")


def _strip(line: str, start: int, end: int) -> tuple[int, int, str]:
    value = line[start:end]
    if len(value) >= 2 and value[0] in "'\"" and value[-1] == value[0]:
        return start + 1, end - 1, value[1:-1]
    while end > start and line[end - 1] in ".,)]}":
        end -= 1
    return start, end, line[start:end]


def forms(line: str) -> Iterator[tuple[int, int, str, str]]:
    """Command lines, URL user-info, headers and code: (start, end, value, kind)."""
    for needles, pattern in _COMMANDS:
        if not any(n in line for n in needles):
            continue
        for m in pattern.finditer(line):
            start, end, value = _strip(line, *m.span("v"))
            if not is_template(value) and len(value) >= 4 and not value.startswith("-") \
                    and not value.isdigit():
                yield start, end, value, "Credential in a command"
    # Each form's marks, which no case folds (``re.I`` folds letters only): a URL's ``://``
    # and ``@``, a header's colon, code's quotes.
    url = "://" in line and "@" in line
    for m in _URL_USERINFO.finditer(line) if url else ():
        value = m.group("v")
        if not is_template(value) and len(value) >= 3:
            yield m.start("v"), m.end("v"), value, "Credential in a URL"
    for m in _HEADERS.finditer(line) if ":" in line else ():
        g = "v" if m.group("v") is not None else "w"
        start, end, value = _strip(line, *m.span(g))
        if not is_template(value) and len(value) >= 8 and made_up(value):
            yield start, end, value, "Credential in a header"
    for m in _COOKIE.finditer(line) if ":" in line else ():
        for pair in _COOKIE_PAIR.finditer(line, m.start("pairs"), m.end("pairs")):
            value = pair.group("v")
            if not is_template(value) and len(value) >= 16 and made_up(value) and \
                    sum(c.isalpha() for c in value) >= 6:  # not ``_ga=GA1.2.1234567.17…``
                yield pair.start("v"), pair.end("v"), value, "Credential in a cookie"
    for m in _CODE.finditer(line) if "'" in line or '"' in line else ():
        g = "v" if m.group("v") is not None else "w"
        value = m.group(g)
        if not is_template(value) and len(value) >= 4:
            yield m.start(g), m.end(g), value, "Credential in code"
