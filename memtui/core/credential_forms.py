"""Credentials written in words, in the forms and languages real memories use.

``memtui.core.credentials`` handles assignments and flags (``DB_PASSWORD=…``); this module the
rest: a credential word in prose in thirteen languages (``密码：Qw8#zx12``, ``Das Passwort ist
Sommer2024!``, ``비번 Demo#7731``), including a number it names (``门禁密码 7391``); command
lines (``sshpass -p``, ``mysql -pX``, ``curl -u user:X``, ``docker login -p X``…); user-info in
a URL of any scheme; ``Authorization`` and ``X-…-Key`` headers; credentials passed in code
(``auth=('u', 'X')``, ``login('u', 'X')``); and a credential word on a heading or a label above
a list of values.

A value is exactly the value: it ends at whitespace, a quote, ``&`` or full-width or CJK
punctuation, and the label is never part of it. What is never a value: a placeholder or an
elided value (``<token>``, ``${TOKEN}``, ``****``, ``sk-ant-...``, ``USER:PASSWORD``), a
reference or a variable (``$TOK``, ``os.environ[…]``), a token's *name* (``root@pam!ci``), a
hex offset, a plain word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: Credential words per language. ``_PASSWORD_WORDS`` name a password outright, so a bare
#: number after one is a value (``PIN 4417``); the others need a made-up looking value.
_PASSWORD_WORDS = (
    r"pass(?:word|wd|phrase|code)?s?|pwd|pw|pin(?:\s?code)?|(?:door|access|entry|gate) code|"
    r"passw(?:ort|örter)|kennw(?:ort|örter)|mot\s+de\s+passe|mdp|contraseñas?|senhas?|"
    r"has(?:ło|ła|le|eł)|парол[ьяеюи]м?|mật\s+khẩu|mat\s+khau|"
    r"密码|密碼|口令|门禁密码|暗証番号|パスワード|비밀번호|비번|패스워드|암호|รหัสผ่าน|รหัส")
_OTHER_WORDS = (
    r"(?:api|access|secret|private|signing|ssh|auth|app|master)[ _-]?key|app\s+secret|"
    r"secret|token|密钥|密鑰|金鑰|令牌|權杖|トークン|토큰|시크릿|ключ|токен")
#: A word stands alone, or ends a compound after a hyphen (``Root-Passwort``,
#: ``WLAN-Passwort``, ``admin-password``): a letter, then ``-``, then the word.
_WORD = re.compile(r"(?i)(?:(?<![A-Za-z0-9_\-.$/])|(?<=[^\W\d_]-))(?:(?P<pw>" + _PASSWORD_WORDS
                   + r")|(?P<other>" + _OTHER_WORDS + r"))(?![A-Za-z0-9_\-])")
#: Short English forms only count in lower case or as a label (``PW:``), never inside words.
_SHORT = frozenset({"pw", "pass", "pin", "mdp"})
#: What stands between a credential word and its value: a separator, a copula in one of the
#: languages, or a few words ending in one ("del servidor es", "für den Testserver ist").
_SEPARATOR_WORDS = frozenset({
    "is", "was", "=", ":", "：", "-", "—", "–", "->", "=>", "/", "ist", "lautet", "est", "es",
    "é", "e", "to", "jest", "là", "la", "это", "คือ", "は", "が", "是", "为", "為", "는",
    "은", "이", "가", "now", "still"})
_SEPARATOR_SUFFIXES = ("：", ":", "是", "为", "為", "คือ", "は", "는", "은", "=")
_STOP_WORDS = frozenset({
    "id", "name", "names", "variable", "var", "env", "field", "hash", "file", "policy",
    "stored", "kept", "saved", "in", "from", "via", "see", "never", "not", "required",
    "needed", "length", "count", "budget", "rotated", "header", "manager", "vault"})
_QUOTES = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "「": "」", "『": "』"}
#: A bare value: up to whitespace, a quote, ``&``, a bracket, or CJK / full-width punctuation.
_BARE = re.compile(r"[^\s\"'`“”‘’「」『』&<>()\[\]{},;|\u3000-\u303f\uff01-\uff0f"
                   r"\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u4e00-\u9fff\u3040-\u30ff"
                   r"\uac00-\ud7af\u0e00-\u0e7f]+")
_TRAIL = ".,:;)]}>!?"
_ELIDED = re.compile(r"(?:\.\.\.|…)")
_TEMPLATE = re.compile(
    r"(?i)^(?:<[^>]*>?|\{.*\}?|\$.*|%\w+%|\*+|x{3,}|y{3,}|\[?redacted\]?|your[-_ ]?\w*|"
    r"changeit)$")
_UPPER_WORD = re.compile(r"^[A-Z][A-Z_]*$")  # ``PASSWORD`` in ``USER:PASSWORD@HOST``
_TOKEN_NAME = re.compile(r"^[\w.-]+@[\w.-]+![\w.-]+$")
_HEX = re.compile(r"(?i)^0x[0-9a-f]+$")
_IDENTIFIER = re.compile(r"^[a-z_][a-z_]*_[a-z_]+$|^[a-z]+(?:[A-Z][a-z]+)+$|"
                         r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
_SYMBOL = re.compile(r"[!@#$%^&*+=?~_\-]")


def value_at(line: str, pos: int) -> tuple[int, int, str, bool] | None:
    """The value starting at ``pos`` (after spaces): (start, end, text, quoted)."""
    while pos < len(line) and line[pos] in " \t":
        pos += 1
    if pos >= len(line):
        return None
    close = _QUOTES.get(line[pos])
    if close:
        # ``"1000"`` inside backticks: the innermost quotes hold the value.
        inner = pos + 1
        if inner < len(line) and line[inner] in _QUOTES and line[inner] != line[pos]:
            return value_at(line, inner)
        end = line.find(close, pos + 1)
        if end <= pos + 1:
            return None
        value = line[pos + 1:end]
        if value != value.strip() or " " in value:
            return None
        return pos + 1, end, value, True
    m = _BARE.match(line, pos)
    if not m:
        return None
    start, end = m.start(), m.end()
    raw = line[start:end]
    if _ELIDED.search(raw) or line[end:end + 3] == "...":
        return None  # ``sk-ant-...``, ``eyJ0...``: an elided value
    while end > start and line[end - 1] in _TRAIL and not _keeps_trail(line[start:end]):
        end -= 1
    return (start, end, line[start:end], False) if end > start else None


def _keeps_trail(value: str) -> bool:
    """``Etch2024!`` keeps its ``!``; ``Root#5521)`` and ``token.`` lose the trailer."""
    return value[-1] in "!?" and len(value) > 1 and value[-2].isalnum() and len(value) >= 7


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


def _numeric_pin(value: str) -> bool:
    return value.isdigit() and 4 <= len(value) <= 8


def _good(value: str, quoted: bool, strong: bool, password_word: bool) -> bool:
    if is_template(value) or value.lower() in {"1password", "bitwarden", "keychain"}:
        return False
    if value.startswith("-") or _IDENTIFIER.match(value):
        return False
    if password_word and _numeric_pin(value):
        return True
    if made_up(value):
        return True
    # ``using the password `qwerty```: a quoted word after a word that names a password.
    return quoted and strong and len(value) >= 4 and not value.isdigit()


def _word_ok(m: re.Match[str], line: str) -> bool:
    word = m.group(0)
    low = word.lower()
    if low in _SHORT and line[m.start() - 1:m.start()] == "-":
        return False  # ``by-pass``, ``high-pin``: a short form ends no compound
    if low in _SHORT:
        after = line[m.end():m.end() + 2]
        if low == "pw" and after[:1] not in ("", " ", "\t", ":", "=", "："):
            return False
        if word.isupper() and low != "pin":
            return after.startswith((":", "=", "："))
        if low == "pin":
            return word == "PIN" or low.replace(" ", "").startswith("pincode")
    return True


_SEP_CHARS = ":：=-—–/> \t"
_GAP_WORD = re.compile(r"[^\s:：=]+")


def prose(line: str) -> Iterator[tuple[int, int, str]]:
    """A credential word followed by its value, in any of the languages: right after it
    (past a separator), or after at most four words of which the last is a copula
    ("del servidor es", "ของเซิร์ฟเวอร์คือ")."""
    for m in _WORD.finditer(line):
        if not _word_ok(m, line):
            continue
        password_word = m.group("pw") is not None
        strong = password_word and m.group(0).lower() not in _SHORT
        pos, gap, direct, after_sep = m.end(), 0, True, False
        while gap <= 4:
            j = pos
            while j < len(line) and line[j] in _SEP_CHARS:
                j += 1
            if line[pos:j].strip():
                after_sep = True
            pos = j
            if pos >= len(line):
                break
            got = value_at(line, pos)
            if got is not None and _good(got[2], got[3], strong, password_word):
                start, end, value, quoted = got
                if direct or after_sep or (quoted and made_up(value)):
                    yield start, end, value
                break
            w = _GAP_WORD.match(line, pos)
            if not w:
                break
            word = w.group(0)
            low = word.lower()
            if word[0] in _QUOTES or low in _STOP_WORDS or \
                    not all(c.isalpha() or c in "\u0e31\u0e34-\u0e3a\u0e47-\u0e4e" or
                            (not c.isascii() and not c.isdigit()) for c in word):
                break
            if low in _SEPARATOR_WORDS or word.endswith(_SEPARATOR_SUFFIXES):
                after_sep = True
            else:
                after_sep = direct = False
            gap += 1
            pos = w.end()


_VAL = r"(?:'[^'\s]+'|\"[^\"\s]+\"|[^\s'\"|;&]+)"
_COMMANDS = [re.compile(p) for p in (
    r"\bsshpass\s+-p\s*(?P<v>" + _VAL + ")",
    r"\b(?:mysql|mariadb|mysqldump|mysqladmin)\b[^|;&\n]*?\s-p(?P<v>[^\s'\"|;&]+|'[^']+')",
    r"\bcurl\b[^|;\n]*?\s(?:-u|--user)\s+['\"]?[^\s:'\"]+:(?P<v>[^\s'\"@]+)",
    r"\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm\s+registry)\s+login\b[^|;\n]*?"
    r"\s(?:-p|--password)\s+(?P<v>" + _VAL + ")",
    r"\becho\s+(?P<v>" + _VAL + r")\s*\|\s*(?:docker|podman|helm\s+registry)\s+login\b",
    r"\bsmbclient\b[^|;\n]*?\s(?:-U|--user(?:=|\s))\s*[^\s%]+%(?P<v>[^\s'\"]+)",
    r"\bredis-cli\b[^|;\n]*?\s-a\s+(?P<v>" + _VAL + ")",
    r"\bchpasswd\b\s*<<<\s*['\"]?[\w.-]+:(?P<v>[^\s'\"]+)",
    r"\bhtpasswd\s+-\w*b\w*\s+\S+\s+\S+\s+(?P<v>" + _VAL + ")",
)]
_URL_USERINFO = re.compile(r"(?i)\b[a-z][a-z0-9+.\-]*://(?P<u>[^\s:/@'\"]*):(?P<v>[^\s/@'\"]+)@")
_HEADERS = re.compile(
    r"(?i)\b(?:authorization|proxy-authorization)\s*:\s*(?:bearer|basic|token|digest|bot)\s+"
    r"(?P<v>[^\s'\"]+)|\bx-[\w-]*(?:key|token|secret|auth)\s*:\s*(?P<w>[^\s'\"]+)")
_CODE = re.compile(
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
    for pattern in _COMMANDS:
        for m in pattern.finditer(line):
            start, end, value = _strip(line, *m.span("v"))
            if not is_template(value) and len(value) >= 4 and not value.startswith("-") \
                    and not value.isdigit():
                yield start, end, value, "Credential in a command"
    for m in _URL_USERINFO.finditer(line):
        value = m.group("v")
        if not is_template(value) and len(value) >= 3:
            yield m.start("v"), m.end("v"), value, "Credential in a URL"
    for m in _HEADERS.finditer(line):
        g = "v" if m.group("v") is not None else "w"
        start, end, value = _strip(line, *m.span(g))
        if not is_template(value) and len(value) >= 8 and made_up(value):
            yield start, end, value, "Credential in a header"
    for m in _CODE.finditer(line):
        g = "v" if m.group("v") is not None else "w"
        value = m.group(g)
        if not is_template(value) and len(value) >= 4:
            yield m.start(g), m.end(g), value, "Credential in code"


_HEADING = re.compile(r"^\s*(?:#{1,6}\s+.*|\*\*[^*]+\*\*:?\s*|[^:：]{1,60}[:：]\s*)$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<body>.+)$")


def is_label(line: str) -> bool:
    """A heading or a label line (``## Passwords``, ``测试账号密码：``) naming credentials."""
    return bool(_HEADING.match(line)) and bool(_WORD.search(line) or re.search(
        r"(?i)credentials|zugangsdaten|logins?\b|accounts?\b|账号|帳號|アカウント|계정", line))


def list_value(line: str) -> tuple[int, int, str] | None:
    """The value of one list item under a credential label: after its last ``:``, ``/`` or
    ``=``, or the item itself, if it looks made up."""
    m = _LIST_ITEM.match(line)
    if not m:
        return None
    body_start = m.start("body")
    pos = body_start
    for sep in (": ", "：", " / ", "= "):
        cut = line.rfind(sep)
        if cut >= body_start:
            pos = max(pos, cut + len(sep))
    got = value_at(line, pos)
    if got is None:
        return None
    start, end, value, _quoted = got
    # Markdown (``**Vault:**``) is not a value; a listed value has a digit or a symbol.
    if value.startswith(("*", "_", "~")) or not (
            any(c.isdigit() for c in value) or re.search(r"[!@#$%^&+=?]", value)):
        return None
    return (start, end, value) if made_up(value) else None
