"""Credentials written in words: ``ADMIN_PASSWORD=changeme``, ``--password=Hunter2024!``,
"the seed password is Hunter2024!", "pass chung `s3cret`", ``client_secret: 1234-abcd``.

detect-secrets finds keys with a known format (AWS, GitHub, Slack, private-key blocks…); its
keyword plugin is noisy on memory text (it takes a list of secret *names* or a backtick
fragment for a value), so this layer replaces it. A credential keyword (password, secret,
token, API key…) must be followed by a *value*, and what counts as one depends on the form:

- an assignment or a command-line flag whose name ends in a keyword (``DB_PASSWORD=…``,
  ``"apiKey": "…"``, ``--client-secret …``): any value that is not a placeholder, a
  reference (``$VAR``, ``${VAR}``), a variable name, a number, a path or a plain prose word
  (a plain word counts after ``=``: default passwords are words);
- prose, the keyword then ``is``/``=``/``:`` and the value: the value must look made up
  (letters with digits or symbols) or be quoted;
- prose, the keyword right before the value: quoted (one word may sit between), or long and
  random-looking (``verify token xx_wa_28efc561d81a16b3``).

Only the value is reported, so a redaction replaces exactly it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memtui.core import credential_forms as forms

#: Identifier parts that name a credential when they end a variable or flag name.
_NAME_WORDS = frozenset({"password", "passwd", "pwd", "pass", "passphrase", "secret", "token",
                         "apikey", "credential", "credentials", "passcode"})
#: ``…_KEY`` names a credential only after one of these (``API_KEY``, ``SSH_KEY``).
_KEY_QUALIFIERS = frozenset({"api", "access", "private", "secret", "signing", "ssh", "client",
                             "auth", "encryption", "master", "license", "app", "webhook",
                             "account"})
#: Words that are never a credential value (what prose about credentials says instead).
_NOT_VALUE_WORDS = """
a an the and or of to in on at for by with from as is are was were be been being it its this
that these those there here not no none null nil empty unset true false yes no on off required
optional needed missing unknown same different set stored hashed hash encrypted plaintext
plain text cleartext redacted hidden masked rotated expired revoked changed reset removed
string str int bool number value values env environment variable variables vault keychain
file files see use used using via below above only never always must should can will
secret secrets password passwords token tokens key keys credential credentials name names
policy length format field header cookie manager store prompt user username login admin
default defaults example sample placeholder dummy test here's your my our their
"""
_NOT_VALUES = frozenset(_NOT_VALUE_WORDS.split())

_IDENT = r"[A-Za-z_][A-Za-z0-9_.\-]*"
#: ``NAME = value`` / ``NAME: value`` / ``"NAME": "value"`` / ``--name=value`` / ``--name value``.
#: Tried only where a name starts (the look-behind), so a long run of name characters costs
#: one pass, not one per position.
_ASSIGN = re.compile(
    r"(?<![A-Za-z0-9_.\-])(?P<flag>--?)?(?P<q>[\"']?)(?P<name>" + _IDENT + r")(?P=q)"
    r"(?P<sep>\s*(?::=|=>|=|:|：)\s*|(?<=[A-Za-z0-9])\s+(?=\S))")
#: A keyword in prose (not part of a longer identifier).
_PROSE_KEY = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|(?:api|access|"
    r"secret|private|signing|ssh|auth|encryption|master|webhook)[ _-]?key|credentials?)"
    r"(?![A-Za-z0-9_])|密碼|密码|口令|金鑰|密鑰|密钥|令牌")
_PROSE_SEP = re.compile(r"(?i)\s*(?:(?:is|was)(?![A-Za-z0-9])|=>|->|:=|=|:|：|是|為|为)\s*"
                        r"(?:(?:now|still|set to|just)\s+)?")
_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|'([^'\n]+)'|“([^”\n]+)”")
_BARE = re.compile(r"[^\s`\"'“”<>()\[\]{},;|]+")
_TRAIL = ".,;:)]}>"
_PLACEHOLDER = re.compile(
    r"(?i)^(?:<[^>]*>|\{[^}]*\}|\$\{?\w+\}?|%\w+%|\*+|x{3,}|\.{3,}|…|"
    r"\[?redacted\]?|your[-_ ]?\w*|my[-_]\w+|<.*|\w*\.\.\.|\w*…)$")
_VARIABLE_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{2,}$")
_NUMBER = re.compile(r"^[\d.,:/\-+ ]+[kKmMbB%]?$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_PATHLIKE = re.compile(r"^(?:[~.]?/|[A-Za-z]:\\|[\w.-]+/[\w./-]+$|[\w-]+\.(?:md|txt|json|ya?ml|"
                       r"env|pem|key|conf|cfg|ini|toml|sh|py)$)")
_URL = re.compile(r"^[A-Za-z][\w+.-]*://")
_SYMBOL = re.compile(r"[!@#$%^&*+=?~]")
_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_RANDOM_RUN = re.compile(r"[A-Za-z0-9]{10,}")
_CODE = re.compile(r"^[-$]|[()\[\]{}<>\\]|::|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
#: Keywords that name a password outright: a quoted plain word after them is one
#: ("using the password `qwerty`"); after "secret", "token" or the verb "pass" it is not.
_PASSWORD_WORD = re.compile(r"(?i)^(?:password|passwd|passphrase|passcode|pwd|密碼|密码|口令)$")


@dataclass(frozen=True, slots=True)
class Credential:
    """A credential value found in one line: where it starts and ends, and the form."""

    start: int
    end: int
    value: str
    kind: str


def _name_is_credential(name: str) -> bool:
    """``ADMIN_PASSWORD``, ``client_secret``, ``apiKey``, ``db.password``: the last part of
    the name says credential (``PASSWORD_FILE``, ``max_tokens`` and ``tokenizer`` do not)."""
    parts = [p.lower() for p in _PARTS.findall(name)]
    if not parts:
        return False
    last = parts[-1]
    if last in _NAME_WORDS or last.endswith(("password", "passwd")):
        return True
    return last == "key" and len(parts) > 1 and parts[-2] in _KEY_QUALIFIERS


def _rejected(value: str) -> bool:
    """A value that is never a credential: placeholder, reference, name, number, path…"""
    low = value.lower()
    return (len(value) < 4 or low in _NOT_VALUES or bool(_PLACEHOLDER.match(value))
            or bool(_VARIABLE_NAME.match(value)) or bool(_NUMBER.match(value))
            or bool(_DATE.match(value)) or bool(_PATHLIKE.match(value))
            or bool(_URL.match(value)) or " " in value.strip())


def _made_up(value: str) -> bool:
    """Letters mixed with digits or symbols, as passwords and keys are."""
    has_alpha = any(c.isalpha() for c in value)
    return len(value) >= 6 and has_alpha and (
        any(c.isdigit() for c in value) or bool(_SYMBOL.search(value)))


def _random_looking(value: str) -> bool:
    """A long run of letters and digits, both several times: a key, not a word or a model
    name (``cl100k``, ``qwen2.5-coder-7b``)."""
    for run in _RANDOM_RUN.findall(value):
        digits = sum(c.isdigit() for c in run)
        if digits >= 2 and len(run) - digits >= 2:
            return True
    return False


def _value_at(line: str, pos: int) -> tuple[int, int, str, bool] | None:
    """The value starting at ``pos``: (start, end, text, quoted), or None."""
    m = _QUOTED.match(line, pos)
    if m:
        group = next(i for i in range(1, 5) if m.group(i) is not None)
        value = m.group(group)
        if value != value.strip():
            return None
        return m.start(group), m.end(group), value, True
    m = _BARE.match(line, pos)
    if not m:
        return None
    start, end = m.start(), m.end()
    if line[end:end + 1] == "(":
        return None  # ``alice.computeSecret(key)``: a call, not a value
    while end > start and line[end - 1] in _TRAIL:
        end -= 1
    return (start, end, line[start:end], False) if end > start else None


def _code_like(value: str) -> bool:
    """A command-line option, a call, a type or an attribute path, not a credential:
    ``--mode``, ``napi_instanceof()``, ``v8::External``, ``args[i]``, ``alice.secret``."""
    return bool(_CODE.search(value))


def _continues_as_prose(line: str, end: int) -> bool:
    """More words follow the value: ``token: see the vault`` is a sentence, not a value."""
    rest = line[end:end + 40].lstrip()
    return bool(re.match(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", rest))


def find_credentials(line: str) -> list[Credential]:
    """Credentials written in words on one line (see the module's description)."""
    found: list[Credential] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, value: str, kind: str) -> None:
        if any(s < end and start < e for s, e in taken):
            return
        taken.append((start, end))
        found.append(Credential(start, end, value, kind))

    for start, end, value, kind in forms.forms(line):
        add(start, end, value, kind)
    for m in _ASSIGN.finditer(line):
        name, sep = m.group("name"), m.group("sep")
        flag = bool(m.group("flag"))
        if not _name_is_credential(name):
            continue
        if m.group("flag") and m.start() > 0 and not line[m.start() - 1].isspace() \
                and line[m.start() - 1] not in "`\"'(":
            continue  # ``a--password`` is not a flag
        spaced = not sep.strip()
        if spaced and not flag:
            continue  # ``password Hunter2`` is prose (below)
        got = forms.value_at(line, m.end())
        if got is None:
            continue
        start, end, value, quoted = got
        if line[end:end + 1] == "(" or line[end:end + 1] == "[":
            continue  # ``computeSecret(key)``, ``os.environ['X']``: code, not a value
        if _rejected(value) or forms.is_template(value) or \
                (flag and value.startswith("-")) or (not quoted and _code_like(value)):
            continue
        strict = ":" in sep or "：" in sep or name.lower().startswith("credential") or \
            _PARTS.findall(name)[-1].lower() in ("credentials", "credential")
        if strict and not (forms.made_up(value) or (quoted and _made_up(value))):
            continue
        if not quoted and not _made_up(value) and _continues_as_prose(line, end):
            continue
        if re.match(r"^[a-z_][a-z_]*_[a-z_]+$", value):
            continue  # ``password = user_input``: a variable
        add(start, end, value, "Credential flag" if flag else "Credential assignment")

    for start, end, value in forms.prose(line):
        add(start, end, value, "Credential in prose")
    found.sort(key=lambda c: c.start)
    return found
