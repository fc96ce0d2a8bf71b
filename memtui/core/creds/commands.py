"""Credentials in command lines, URL user-info, HTTP headers and code calls: the forms whose
structure is a program's syntax rather than a label (``sshpass -p``, ``mysql -pX``,
``curl -u user:X``, ``docker login -p X``, SQL's ``IDENTIFIED BY 'X'``,
``scheme://user:X@host``, ``Authorization: Bearer X``, ``auth=('u', 'X')``, ``login('u', 'X')``,
``lftp -u user,X``, ``bw unlock X``, redis.conf's ``requirepass X``,
``ConvertTo-SecureString "X" -AsPlainText``, ``getConnection("jdbc:…", "user", "X")``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

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


def same_as_user(user: str, password: str) -> bool:
    """A password that is its user's name (``postgres:postgres``, ``guest:guest``): an
    image's or a tool's default account, written so in its docs; no secret."""
    return user.lower() == password.lower()


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
    (("lftp",), r"\blftp\b[^|;\n]*?\s-u\s+['\"]?[^\s,'\"]+,(?P<v>[^\s'\"`]+)"),
    # a password manager's vault opened by its master password as the first argument
    # (Bitwarden's ``bw unlock X``, ``bw login user@x.org X``; its options start with ``--``)
    (("bw unlock", "bw login"), r"\bbw\s+(?:unlock|login\s+(?!-)\S+)\s+(?!-)(?P<v>" + _VAL + ")"),
    # Redis's own configuration: the password clients must give, and a replica's to its
    # master — a directive starting its line (``# requirepass foobared`` is commented out)
    (("requirepass", "masterauth"),
     r"^[ \t`]*(?:requirepass|masterauth)[ \t]+(?P<v>'[^'\s]+'|\"[^\"\s]+\"|[^\s'\"`|;&]+)"),
    # PowerShell: a literal turned into a SecureString is a password written in plain text
    (("ConvertTo-SecureString",),
     r"ConvertTo-SecureString\s+(?:-String\s+)?(?P<v>'[^'\s]+'|\"[^\"\s]+\")[^|\n]*?"
     r"-AsPlainText"),
    # a connection opened with a URL, then a user and a password as literals
    # (``DriverManager.getConnection("jdbc:…", "app", "…")``),
    # (also a JDBC URL without ``//``: ``"jdbc:oracle:thin:@ora01:1521/ERP"``)
    (("://", "jdbc:"), r"(?P<q>[\"'])(?:jdbc:[a-z][\w+.-]*:[\w+.:-]*@|(?:jdbc:)?[a-z][\w+.-]*://)"
                       r"[^\"'\s]*(?P=q)\s*,\s*[\"'][^\"'\s]+[\"']"
                       r"\s*,\s*(?P<v>'[^'\s]+'|\"[^\"\s]+\")"),
    # a call given, as literals, a mail address, then one literal, then a host name (Go's
    # ``smtp.PlainAuth("", "me@x.org", "…", "smtp.x.org")``, a mailer's ``login(user, pw,
    # host)``): the literal between the account and the host it logs in to is its password
    (("@",), r"(?P<q>[\"'])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?P=q)\s*,\s*"
             r"(?P<v>'[^'\s]{8,}'|\"[^\"\s]{8,}\")\s*,\s*"
             r"[\"'][a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?[\"']"),
    # SQL: a user's or a role's password set by its statement (MySQL/Oracle ``IDENTIFIED BY
    # '…'``, ``IDENTIFIED WITH plugin BY '…'``; PostgreSQL ``CREATE USER … WITH PASSWORD
    # '…'``; SQL Server ``CREATE LOGIN … WITH PASSWORD = '…'``), the literal quoted;
    # ``IDENTIFIED BY PASSWORD '*…'`` gives a hash, not a password
    (("IDENTIFIED", "identified", "Identified"),
     r"(?i)\bidentified\s+(?:with\s+\w+\s+)?by\s+(?!password\b)(?P<v>'[^'\s]+'|\"[^\"\s]+\")"),
    (("PASSWORD", "password", "Password"),
     r"(?i)\b(?:create|alter)\s+(?:user|role|login)\b[^;\n]{0,200}?\bpassword\s*=?\s*"
     r"(?P<v>'[^'\s]+'|\"[^\"\s]+\")"),
)]
_URL_USERINFO = lazy_pattern(r"(?i)\b[a-z][a-z0-9+.\-]*://(?P<u>[^\s:/@'\"]*):(?P<v>[^\s/@'\"]+)@")
#: Go's database/sql DSN (``user:pass@tcp(host:3306)/db``, ``@unix(/run/mysqld.sock)``): the
#: user-info of a URL without its scheme, before the protocol's parenthesis.
_DSN_USERINFO = lazy_pattern(r"(?<![\w.:/@-])(?P<u>[\w.-]{1,64}):(?P<v>[^\s:/@'\"()]{3,})@"
                             r"(?:tcp|tcp6|udp|unix)\(")
#: A header, written as a line or as a quoted key of a dict or JSON (``"Authorization":"Bearer
#: …"``).
_HEADERS = lazy_pattern(
    r"(?i)\b(?:authorization|proxy-authorization)[\"']?(?:\s*:\s*[\"']?|\s+[\"'])"
    r"(?:bearer|basic|token|digest|bot)\s+(?P<v>[^\s'\"`]+)"
    r"|\bx-[\w-]*(?:key|token|secret|auth)[\"']?\s*:\s*[\"']?(?P<w>[^\s'\"`]+)")
#: A ``Cookie:`` header's pairs: each value made up (a session's id) is a credential.
_COOKIE = lazy_pattern(r"(?i)\bcookie[\"']?\s*:\s*[\"']?(?P<pairs>[^\n'\"`]+)")
_COOKIE_PAIR = lazy_pattern(r"[\w.%-]+=(?P<v>[^\s;,'\"`]+)")
#: A signed URL's query: the signature is the credential (AWS ``X-Amz-Signature``, GCS
#: ``X-Goog-Signature``, Azure SAS ``sig``, CloudFront ``Signature``); its ``Credential``
#: holds a key's id and a scope, not a secret.
_SIGNATURE = lazy_pattern(r"(?i)[?&](?:x-[a-z]+-signature|signature|sig)=(?P<v>[^&\s#'\"`<>)]+)")
#: A URL whose path has a webhook segment: anyone holding it may post, so the whole URL is
#: the credential when a later segment is a made-up token (Discord, Teams, Mattermost, …).
_URL = lazy_pattern(r"(?i)\bhttps?://[^\s'\"`<>]+")
_HOOK_SEGMENT = lazy_pattern(r"(?i)/(?:webhooks?|webhookb2|hooks?)/")
_URL_SEGMENT = lazy_pattern(r"[^/@?&=#]+")
_HOOK_KEY = lazy_pattern(r"(?i)[?&](?:key|token|access_token)=(?P<v>[^&#\s'\"`<>]{16,})")
#: A cookie whose name says it holds a session or a login (``PHPSESSID``, ``JSESSIONID``,
#: ``ASP.NET_SessionId``, ``.ASPXAUTH``, ``connect.sid``, ``auth_token``), written in any
#: place (a ``Cookie:`` header, ``curl -b``, ``document.cookie``, prose): its value opens it.
_SESSION_COOKIE = lazy_pattern(
    r"(?i)(?<![\w.%-])(?P<n>[\w.%-]{0,40}(?:sess(?:ion)?(?:_?id)?|\bsid|aspxauth|auth_?token)"
    r"[\w%-]{0,20})=(?P<v>[^\s;,'\"`&<>)]+)")
#: A command's user flag, then its password flag with a space (``-u sensor01 -P x``,
#: ``sqlcmd -U sa -P x``, ``mongo -u admin -p x``): the value after it is the password.
_USER_THEN_PASSWORD = lazy_pattern(
    r"(?<!\S)-[uU][ \t]+[^\s|;&-][^\s|;&]*[ \t]+(?:-[^\s|;&]+(?:[ \t]+[^\s|;&-][^\s|;&]*)?"
    r"[ \t]+){0,3}?-[pP][ \t]+(?P<v>" + _VAL + ")")
#: Code: a pair of literals given as ``auth=``/``credentials=``; a call that logs in given a
#: user and a password (``login("u", "…")``, Go's ``.BasicAuth("u", "…")``); a call that
#: sends a bearer token given it (Rust's ``.bearer_auth("…")``).
_CODE = lazy_pattern(
    r"(?i)\b(?:auth|credentials|basic_auth|http_auth)\s*=\s*[(\[]\s*(['\"])[^'\"]*\1\s*,\s*"
    r"(['\"])(?P<v>[^'\"\s]+)\2"
    r"|\b\w*(?:login|log_in|signin|sign_in|authenticate|connect|basic_?auth)\s*\(\s*(['\"])"
    r"[^'\"]+\4\s*,\s*(['\"])(?P<w>[^'\"\s]+)\5"
    r"|\b\w*bearer_?auth\s*\(\s*(?P<bq>['\"])(?P<x>[^'\"\s]{8,})(?P=bq)")


def _strip(line: str, start: int, end: int) -> tuple[int, int, str]:
    value = line[start:end]
    if len(value) >= 2 and value[0] in "'\"" and value[-1] == value[0]:
        return start + 1, end - 1, value[1:-1]
    while end > start and line[end - 1] in ".,)]}":
        end -= 1
    return start, end, line[start:end]


def _random_segment(segment: str) -> bool:
    """A URL path segment that is a made-up token: 20 characters or more, letters and digits
    mixed (a word, a number or a UUID is no token)."""
    if len(segment) < 20 or _UUID_LIKE.match(segment):
        return False
    letters = sum(c.isalpha() for c in segment)
    digits = sum(c.isdigit() for c in segment)
    cases = any(c.isupper() for c in segment) + any(c.islower() for c in segment)
    return letters >= 6 and digits >= 2 and (cases == 2 or digits >= 6) and \
        len(set(segment)) >= 12


_UUID_LIKE = lazy_pattern(r"(?i)^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$")
#: A URL's query parameter naming an application's key (OpenWeather's ``appid``, ``api_key``,
#: ``apikey``, ``app_key``, ``key``), after ``?`` or ``&`` of a URL: its value is the key.
_QUERY_KEY = lazy_pattern(r"(?i)[?&](?:app_?id|app_?key|api_?key|key)=(?P<v>[^&#\s'\"`<>)]+)")


def _in_a_url_query(line: str, at: int) -> bool:
    """Whether the ``?`` or ``&`` at ``at`` is in a URL's query: the run of the line up to it
    (no blank, quote or bracket; 2,048 characters at most) holds a scheme's ``://`` and then
    a ``?``."""
    run = line[max(0, at - 2048):at + 1]
    run = run[max(run.rfind(c) for c in " \t'\"`<>") + 1:]
    scheme = run.find("://")
    return scheme >= 0 and "?" in run[scheme:]
#: A key's bytes written in hex, 32 digits or more in one case.
_KEY_RUN = lazy_pattern(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")


def forms(line: str) -> Iterator[tuple[int, int, str, str]]:
    """Command lines, URL user-info, headers and code: (start, end, value, kind)."""
    seen: set[tuple[int, int]] = set()  # one value two commands' patterns read once
    for needles, pattern in _COMMANDS:
        if not any(n in line for n in needles):
            continue
        for m in pattern.finditer(line):
            start, end, value = _strip(line, *m.span("v"))
            if not is_template(value) and len(value) >= 4 and not value.startswith("-") \
                    and not value.isdigit() and (start, end) not in seen:
                seen.add((start, end))
                yield start, end, value, "Credential in a command"
    # Each form's marks, which no case folds (``re.I`` folds letters only): a URL's ``://``
    # and ``@``, a header's colon, code's quotes.
    url = "://" in line and "@" in line
    for m in _URL_USERINFO.finditer(line) if url else ():
        value = m.group("v")
        if not is_template(value) and len(value) >= 3 and not same_as_user(m.group("u"), value):
            yield m.start("v"), m.end("v"), value, "Credential in a URL"
    for m in _DSN_USERINFO.finditer(line) if "@" in line and "(" in line else ():
        value = m.group("v")
        if not is_template(value) and not same_as_user(m.group("u"), value):
            yield m.start("v"), m.end("v"), value, "Credential in a DSN"
    for m in _HEADERS.finditer(line) if ":" in line or "uthorization" in line else ():
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
    for m in _SIGNATURE.finditer(line) if "?" in line and "=" in line else ():
        value = m.group("v")
        if len(value) >= 16 and not is_template(value) and \
                sum(c.isalnum() for c in value) >= 16:
            yield m.start("v"), m.end("v"), value, "Signature of a signed URL"
    for m in islice(_QUERY_KEY.finditer(line), 50) if "?" in line and "://" in line else ():
        value = m.group("v")
        if _in_a_url_query(line, m.start()) and \
                (_KEY_RUN.fullmatch(value) or _random_segment(value)):
            yield m.start("v"), m.end("v"), value, "Key in a URL's query"
    for m in _URL.finditer(line) if "hook" in line.lower() else ():
        end = m.end()
        while line[end - 1] in ".,;:)]}!":
            end -= 1
        hook = _HOOK_SEGMENT.search(line, m.start(), end)
        segments = [g.group(0) for g in _URL_SEGMENT.finditer(line, hook.end(), end)] \
            if hook else []
        # a random token after the hook segment; or a UUID as the last segment right after a
        # singular ``/hook/`` (Feishu's and Lark's bots: ``/bot/v2/hook/<uuid>``), where the
        # UUID is the bot's whole address
        # or, after the hook segment, a query's key or token that is a UUID or made up
        # (WeCom's bots: ``/cgi-bin/webhook/send?key=<uuid>``)
        keyed = _HOOK_KEY.search(line, hook.end(), end) if hook and "=" in line else None
        if hook and (any(_random_segment(g) for g in segments) or (
                keyed is not None and (_UUID_LIKE.match(keyed.group("v")) is not None or
                                       _random_segment(keyed.group("v")))) or (
                hook.group(0).lower() == "/hook/" and len(segments) == 1 and
                _UUID_LIKE.match(segments[0]) and line[hook.end() + 36:end] == "")):
            yield m.start(), end, line[m.start():end], "Webhook URL"
    for m in _SESSION_COOKIE.finditer(line) if "=" in line else ():
        value = m.group("v")
        if len(value) >= 16 and not is_template(value) and "://" not in value and \
                sum(c.isalpha() for c in value) >= 6 and sum(c.isdigit() for c in value) >= 2:
            yield m.start("v"), m.end("v"), value, "Session cookie"  # signed: ``s%3A….x/y``
    for m in _USER_THEN_PASSWORD.finditer(line) if " -" in line else ():
        start, end, value = _strip(line, *m.span("v"))
        if not is_template(value) and made_up(value) and (start, end) not in seen:
            yield start, end, value, "Credential in a command"
    for m in _CODE.finditer(line) if "'" in line or '"' in line else ():
        g = next(g for g in "vwx" if m.group(g) is not None)
        value = m.group(g)
        if not is_template(value) and len(value) >= 4 and (g != "x" or made_up(value)):
            yield m.start(g), m.end(g), value, "Credential in code"
