"""Where a value sits next to its label: every (label, value) pair a memory can hold.

The places, each read by structure and never by phrase:

- a table: a header cell names the column (``| Service | User | Password |``), or a row's
  first cell names the row (``| Client Secret | `Zq71…` |``);
- a label line: ``label: value``, ``label = value``, ``label → value``, ``**label:** value``,
  with or without a list marker, and a variable's name (``DB_PASSWORD=…``, ``"apiKey": "…"``)
  anywhere in a line, as in env, YAML, JSON, TOML and INI blocks and connection strings;
- a pair: ``user / password`` or ``user:password`` after a label or under a heading that names
  logins or credentials, or after a well-known account name (``admin / …``);
- prose: a label word, then at most a few words (any script), then the value;
- a heading or label line naming credentials, then a list: each item is a value;
- a private key block: its first body line.

What the label says comes from ``memtui.core.creds.lexicon``; whether the value has a secret's
shape from ``memtui.core.creds.values``. Each line is read once, and no pattern here can
backtrack on a long run of one character (the line is cut at ``MAX_LINE`` first).

The module is past 500 lines: the places share one reading of a line (label line, pair,
heading and the list under it) and one pass over the text; prose, values and the lexicon
are apart already.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import islice

import ahocorasick

from memtui.core.creds import lexicon, values
from memtui.core.creds.commands import is_template, same_as_user
from memtui.core.creds.comments import commented_away
from memtui.core.creds.defined import defined_values
from memtui.core.creds.delimited import delimited_values
from memtui.core.creds.folded import folded_values
from memtui.core.creds.markup import markup_values
from memtui.core.creds.names import code_name, part_of_a_name
from memtui.core.creds.pairs import QUOTED_SIDES, account_pairs
from memtui.core.creds.prose import prose_values
from memtui.core.creds.reading import (
    ACCOUNT,
    PAIR,
    Labelled,
    alike_after,
    unquote,
    value_at,
)
from memtui.core.creds.slots import TABLE_SEP, table_cells
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Characters of a line read for labelled values (a longer line is prose or data; keys of a
#: known format are still found in the whole line by the vendor rules).
MAX_LINE = 4000
MAX_LIST = 40

_LIST = lazy_pattern(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+|^\s*[・･]\s*")
_LABEL_LINE = lazy_pattern(
    r"^\s*(?:(?:[-*+•]|\d{1,3}[.)])\s+)?(?:\*\*|__)?(?P<label>[^:：=＝→\n|]{1,60}?)"
    r"(?P<close>\*\*|__)?\s*(?P<sep>:=|=>|->|→|=|＝|:|：|\s[—–-]\s)(?:\*\*|__)?[ \t]*(?P<rest>.*)$")
_ASSIGN = lazy_pattern(
    r"(?<![\w.\-$])(?P<flag>--?)?(?P<q>[\"']?)(?P<name>[A-Za-z_][\w.\-]{0,60})(?P=q)"
    r"[ \t]*(?P<sep>:=|=>|=|:)[ \t]*")
#: A line that is a name, blanks, then a quoted literal (Gradle's ``storePassword 'x'``, a
#: Ruby or Groovy DSL's setter called without brackets, a config directive).
_DIRECTIVE = lazy_pattern(r"[ \t]*(?P<name>[A-Za-z_]\w{2,40})[ \t]+(?=[\"'][^\"'\s]+[\"'][ \t;]*$)")
_FLAG_SPACE = lazy_pattern(r"(?<![\w\-])--(?P<name>[A-Za-z][\w\-]{1,40})[ \t]+(?=[^\s-])")
#: A call whose name is a label, its argument a quoted literal (``.password("…")``,
#: ``red:auth("…")``, ``setApiKey('…')``): the builder or setter of that credential.
_LABEL_CALL = lazy_pattern(r"(?<![\w$])(?P<name>[A-Za-z_]\w{1,40})\(\s*(?=[\"'])")
#: A quoted name, then its value quoted (``Add("api-key", "…")``, ``setdefault("DB_PASSWORD",
#: "…")``, ``("token", "…")``): a name/value pair of a header, an env or a dict in code.
_QUOTED_PAIR = lazy_pattern(r"(?P<q>[\"'])(?P<name>[A-Za-z_][\w.\-]{1,40})(?P=q)[ \t]*,[ \t]*"
                            r"(?=[\"'])")
#: A call's first argument a constant (``Context.SECURITY_CREDENTIALS``), then a quoted one.
_CONSTANT_PAIR = lazy_pattern(r"\([ \t]*(?P<name>[A-Za-z_]\w{0,40}(?:\.[A-Za-z_]\w{0,40}){0,3})"
                              r"[ \t]*,[ \t]*(?=[\"'])")
#: What a setter's name may add to the label it names (``setPassword``, ``withApiKey``).
_SETTER_VERBS = frozenset({"", "set", "with", "use", "put", "add", "enter", "type"})
#: netrc's ``password VALUE`` (also on a ``machine … login … password …`` line).
_NETRC_MACHINE = lazy_pattern(r"(?:^|\s)machine[ \t]+\S")
_NETRC_PASSWORD = lazy_pattern(r"(?:^|[ \t])password[ \t]+(?P<v>[^\s`'\"]+)")
#: A YAML key whose children are encrypted (SealedSecret's ``encryptedData:``, sops'
#: ``sops:``, ``encrypted_values:``): a value under it is ciphertext, safe by design.
_ENCRYPTED_PARENT = lazy_pattern(r"(?i)^(?P<i>[ \t]*)(?:encrypted[\w-]*|sops)[ \t]*:[ \t]*$")
_ATX_HEADING = lazy_pattern(r"[ \t]{0,3}#{1,6}[ \t]")
_HEADING = lazy_pattern(r"^\s*(?:#{1,6}\s+(?P<h>.+)|(?P<l>[^:：|]{2,300})[:：]\s*)$")
#: A line that is a short label alone (``バックアップコード``, ``Recovery codes``): a heading
#: when a list follows it.
_BARE_HEADING = lazy_pattern(r"^\s*(?P<l>[^\s:：|#`][^:：|`.。!?]{1,38})\s*$")
_DESCRIBED = lazy_pattern(r"(?:[^\W\d_]+\s+){1,2}(?=[`\"'“「«])")
_FRAGMENT = lazy_pattern(r"https?://[^\s#`'\"<>()]+#(?:!?[\w-]*!)?(?P<key>[A-Za-z0-9_-]{16,})"
                         r"(?![\w-])")
#: A user name alone: one token of letters, digits and ``.``, ``_``, ``-``, ``@``, ``+``.
_USER_NAME = lazy_pattern(r"[\w.+@-]{2,64}")
_PAIR_MARK = lazy_pattern(r"[/／:：]|\s[—–]\s")  # ``user — password`` too
_PGPASS = lazy_pattern(r"(?:^|[\s`'\"])[\w.*-]+:(?:\d{1,5}|\*):[\w.*-]+:[\w.*-]+:"
                       r"(?P<v>[^\s`'\":]+)(?=$|[\s`'\"])")
_BARE_START = lazy_pattern(r"[`\"'A-Za-z0-9]")
_DIGIT = lazy_pattern(r"\d")
_USER_THEN_SLASH = lazy_pattern(r"\S+\s+[/／]\s")
#: A name whose last word is "key" (``midtrans_server_key``, ``MERCHANT_KEY``,
#: ``EncodingAESKey``, ``x-ingest-key``): a key of some kind, if its value is random.
_KEY_NAME = lazy_pattern(r"[A-Za-z0-9](?:[_-]key|Key|[_-]KEY|-Key)$")
#: The user a login label ran over, glued to the ``:`` before its password (``帳號 admin:``).
_GLUED_USER = lazy_pattern(r"(?<=\s)[\w.@+-]{2,40}$")
#: After a label line's value, a separator and more words: another label may follow.
_THEN_ANOTHER = lazy_pattern(r"[`\"'*]*[ \t]*(?:/|,|;|，|；|、|\|)[ \t]*(?=\S)")
#: A comment in a code block: after a command (``$ ssh host   # password …``: two spaces or
#: more, then ``#``), or a whole line of one (``# 授权码 …``, ``// token …``).
_SHELL_COMMENT = lazy_pattern(r"\S[ \t]{2,}#[ \t]|^[ \t]*(?:#|//|--)[ \t]")
#: A line of a log in a code block: a status or level in brackets (``[ok]``, ``[WARN]``), a
#: level word, a timestamp (``2026-12-02T09:14``, ``Dec 02 09:14``, ``09:14:03``) or a
#: program and its pid (``bot[811]:``) first: what follows is a message, read as prose.
_LOG_MARK = lazy_pattern(
    r"^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]+|(?:INFO|WARN(?:ING)?|ERROR|DEBUG|NOTICE|TRACE)"
    r"\b:?[ \t]+|(?:\d{4}-\d\d-\d\d[T ]?|[A-Z][a-z]{2} [ \d]\d )?\d\d:\d\d(?::\d\d)?"
    r"(?:[.,]\d+)?Z?[ \t]+(?:[\w.-]+(?:\[\d+\])?:[ \t]+)?)")
#: A sentence ended inside a label line's label (``… for new token scanning. BELKA contract:
#: …``): the label is the words after it, the sentence before names nothing of the value.
_SENTENCE_IN_LABEL = lazy_pattern(r"(?<=[^\W_%)][^\W_%)])[.!?](?=\s+\S)")
#: The last token of a label that makes its separator an equation's or a range's: a number
#: before ``=`` (``testler 950 = 4964``), a token holding a digit glued to ``→``
#: (``(c41f9e2→b77c0d1``): what follows is a sum or a range's end, not the label's value.
_SUM_BEFORE = lazy_pattern(r"(?:^|\s)[\d.,]*\d$")
_RANGE_BEFORE = lazy_pattern(r"[\w.-]*\d[\w.-]*$")
_KEY_ID = lazy_pattern(r'"private_key_id"\s*:\s*"([0-9a-f]{40})"')
_PEM = lazy_pattern(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
#: A label that is a path (``/etc/passwd``, ``~/.pgpass``, ``./secrets/token``).
_A_FILE = lazy_pattern(r"[`*]*(?:~|\.{1,2})?/[\w.~/-]+[`*]*")


def _label_value(text: str, line: int, offset: int = 0) -> Iterator[Labelled]:
    """``label: value`` and its kin (the whole of ``text`` is one label line or cell)."""
    m = _LABEL_LINE.match(text)
    if not m:
        return
    raw = m.group("label").strip().strip("*_`\"'")
    if m.group("label").count("`") % 2:
        # ``подписываются ключом с `kid: "…"```: the separator is inside inline code that
        # opened in the label; what it separates is the code's name from its value
        raw = m.group("label").rsplit("`", 1)[1].strip()
    sep = m.group("sep")
    if (sep in ("=", "＝") and _SUM_BEFORE.search(m.group("label"))
            and m.end("label") < m.start("sep")) or \
            (sep == "→" and _RANGE_BEFORE.search(m.group("label"))):
        return
    ended = list(_SENTENCE_IN_LABEL.finditer(raw))
    if ended:
        raw = raw[ended[-1].end():].strip()
    word = lexicon.label(raw)
    rest = m.start("rest")
    if word is not None and re.search(r"(?<![\w.])\d" + re.escape(word.text), raw):
        return  # ``(1Password: „MikroTik")``: a label glued after a lone digit names a
        # product (a password manager), and its "value" the item kept there
    if word is not None and _A_FILE.fullmatch(raw):
        return  # ``- /etc/passwd → 3f9a…``: a file's path whose last part is a label word,
        # and its value what is said of the file (its digest, its mode)
    if word is not None and lexicon.names_a_network(raw):
        return  # ``Kata sandi WiFi kantor (SSID: Kantor-Lt3)``: the network's name, not its key
    if word is not None:
        got = value_at(text, rest, word, strong=True, line=line, offset=offset, whole=True)
        if got is None:
            # ``TOKEN: credencial `69da…```: a word or two saying what it is, then the value
            lead = _DESCRIBED.match(text, rest)
            if lead:
                got = value_at(text, lead.end(), word, strong=True, line=line, offset=offset)
        pair = PAIR.match(text, rest) if got is None and word.kind == "credential" else None
        if pair:  # ``Accès FTP : compta / s0s.3O4…``: credentials are a user and a password
            got = value_at(text, pair.start("pw"), word, strong=True, line=line, offset=offset)
        if got:
            yield got
            yield from alike_after(text, got, word, offset=offset)
        return
    login = lexicon.is_login(raw)
    if not login and lexicon.words(raw):
        return
    # ``SSH 登录：root / Tq7…``: a login label, then a pair; ``Камера у дворі: admin / 7TEP…``:
    # a well-known account, then its password.
    pair = PAIR.match(text, rest + (text[rest:rest + 1] in "`\"'"))
    if pair and not login and not ACCOUNT.match(pair.group("user")):
        # ``1С сервер: `buh / vdX5%d#7c```: the whole value a user and a made-up password
        if _ATX_HEADING.match(text):
            return  # ``## Phase 3: Python / Crawl4AI``: a heading's title, two things named
        end = pair.end("pw")
        whole = not text[end:].strip(" `\"'.,;)") or _names_a_password(text[end:])
        shape = values.secret_shape(pair.group("pw"), strong=False) if whole else None
        pw = pair.group("pw")
        if shape and m.group("sep").strip() in (":", "：", "→") and \
                re.fullmatch(r"[\w.@+-]{2,40}", pair.group("user")) and \
                not any(c in pw for c in "=\\/") and \
                not values.plain_name(pair.group("user") + "/" + pw) and \
                not values.not_a_value(pair.group("user") + ":" + pw):
            # (not a provider/model id, nor a digest: ``SHA256:XNTX…``, a key's fingerprint)
            yield Labelled(line, offset + pair.start("pw"), offset + end, pair.group("pw"),
                           f'pair "{pair.group("user")}" / password + {shape}')
        return
    sides = QUOTED_SIDES.match(text, rest) if login and pair is None else None
    if sides:  # ``Login: `ops@x.io` / `482915```: a user and a password, each in its quotes
        value = sides.group("pw")
        shape = values.secret_shape(value, strong=True, password_word=True)
        if shape and not values.not_a_value(value):
            yield Labelled(line, offset + sides.start("pw"), offset + sides.end("pw"), value,
                           f'account "{sides.group("user")}" + {shape}')
        return
    glued = _GLUED_USER.search(raw) if login and m.group("sep") == ":" and \
        not text[m.start("sep") - 1].isspace() and rest == m.end("sep") else None
    if pair is None and glued and not lexicon.words(glued.group(0)):
        # ``管理帳號 admin:JOVP…``: the label ran over the user, glued to its password
        pair = PAIR.match(glued.group(0) + ":" + text[rest:])
        if pair:
            shift = rest - len(glued.group(0)) - 1
            value = pair.group("pw")
            shape = values.secret_shape(value, strong=True)
            if shape and not values.not_a_value(value):
                yield Labelled(line, offset + shift + pair.start("pw"),
                               offset + shift + pair.end("pw"), value,
                               f'account "{pair.group("user")}" + {shape}')
        return
    if pair and (login or ACCOUNT.match(pair.group("user"))):
        value = pair.group("pw")  # (a user's pair: its second is the password)
        shape = values.secret_shape(value, strong=True, password_word=True)
        if value[-1:] in ":：" and _TOPIC_WORDS.match(text, pair.end("pw")):
            return  # ``User: DGES/InfoCursos: o enriquecimento …``: a chat turn, its topic
        if text[pair.end("user"):pair.start("pw")] == ":" and _TAG.fullmatch(value):
            return  # ``image: postgres:15-alpine``: an image's name and its tag
        if shape and (not values.not_a_value(value) or values.typed_after_at(value)):
            yield Labelled(line, offset + pair.start("pw"), offset + pair.end("pw"), value,
                           f'account "{pair.group("user")}" + {shape}')


#: An image's or a package's tag after ``name:``: a version, then the flavour it is built as.
_TAG = lazy_pattern(r"\d{1,4}(?:\.\d{1,4}){0,3}(?:-[a-z]{3,})+")
#: Words after a value ending in a colon: the value was a topic's name, the words its text.
_TOPIC_WORDS = lazy_pattern(r"[ \t]+[^\W\d_]+[ \t]+[^\W\d_]{2,}")


def _negated_label(text: str) -> int:
    """Where the label of a label line ends when a negator makes it something else (``Token
    de Telegram de ejemplo en la documentación:``): its words are read as prose no more."""
    m = _LABEL_LINE.match(text)
    if not m:
        return 0
    raw = lexicon.split_identifier(m.group("label"))
    if lexicon.names_a_network(raw):
        return 0  # ``Hasło do wifi to … (nazwa sieci:``: the negator names the network
    return m.end("label") if lexicon.words(raw) and lexicon.negated(raw) else 0


def _link_keys(text: str, line: int) -> Iterator[Labelled]:
    """A share link whose fragment is the key (``https://mega.nz/folder/X#<key>``): the
    fragment never reaches the server, so services put the decryption key there. A heading
    anchor is words; a key is a long random run."""
    for m in _FRAGMENT.finditer(text):
        key = m.group("key")
        if values.entropy(key) >= 3.5 and any(c.isdigit() for c in key) and \
                any(c.isupper() for c in key) and any(c.islower() for c in key):
            yield Labelled(line, m.start("key"), m.end("key"), key,
                           f"key in a link's fragment + {len(key)}-character random value")


def key_named(name: str) -> bool:
    """``name`` is an identifier whose last word is "key" and nothing in it says the key is
    public or an id (``MERCHANT_KEY``, ``EncodingAESKey``; not ``PUBLIC_KEY``): what it holds
    is a credential when it is random."""
    return name.isascii() and " " not in name and _KEY_NAME.search(name) is not None and \
        not lexicon.negated(lexicon.split_identifier(name))


def _keyed_value(text: str, pos: int, name: str, line: int, offset: int = 0
                 ) -> Labelled | None:
    """The random value at ``pos`` named by ``name`` when ``key_named(name)``, or None."""
    if not key_named(name):
        return None
    got = value_at(text, pos, lexicon.Word(0, 0, name, "key", "en"), strong=True, line=line,
                   offset=offset)
    return got if got and "random" in got.why else None


#: A value assigned in a command's environment, then the command (``GOG_KEYRING_PASSWORD=x gog
#: mail list``, ``RESTIC_PASSWORD='x' restic backup``): a program's name or path next.
_ENV_VALUE = lazy_pattern(r"(?P<q>[\"']?)(?P<v>[^\s\"'`;|&$<>(){}\\]{4,128})(?P=q)[ \t]+"
                          r"(?=[A-Za-z_./~][\w./~+-]*(?:[ \t]|`|$))")
#: A command's arguments: a flag, a quote, a path, an address or an assignment.
_ARGUMENTS = lazy_pattern(r"[ \t](?:--?[A-Za-z]|[\"'/~@]|\S*[=/@:])")
_EXPORTED = lazy_pattern(r"(?:^|[\s;&|`(])(?:export|set|setx|declare)[ \t]+$")


def _given_to_a_command(text: str, m: re.Match[str], line: int) -> Labelled | None:
    """A password assigned in the environment of the command that follows it on the line,
    with its arguments (session 36: ``FOO_PASSWORD=value command args``, the way a
    keyring's or a backup tool's password is handed over): the value whatever its shape —
    a word is a password there — unless a template, a reference or a placeholder
    (``$(pass show x)``, ``changeme``), or the name of the user the command logs in as
    (``PGPASSWORD=postgres psql -U postgres``: an image's default)."""
    if _EXPORTED.search(text, 0, m.start()):
        return None  # ``export A=x B``: exported, no command run with it
    got = _ENV_VALUE.match(text, m.end())
    if got is None:
        return None
    v = got.group("v")
    if not _ARGUMENTS.search(text, got.end()):
        return None  # (``PASSWORD=correct horse battery``: a passphrase, read as one)
    if "=" in v or is_template(v) or values.not_a_value(v) or (v.isdigit() and len(v) < 6) or \
            any(same_as_user(t.rsplit("=", 1)[-1].strip("`'\""), v)
                for t in text[got.end():].split()):
        return None
    return Labelled(line, got.start("v"), got.end("v"), v,
                    f"password variable {m.group('name')} + a value given to the command after it")


def _assignments(text: str, line: int) -> Iterator[Labelled]:
    """``NAME=value``, ``"name": "value"``, ``--name=value``, ``--name value`` anywhere."""
    for m in _last_of_runs(text, list(_ASSIGN.finditer(text))):
        name = m.group("name")
        if m.group("sep") == ":" and not (m.group("q") or "_" in name or
                                          re.search(r"[a-z][A-Z]", name)):
            continue  # ``Password: x`` is a label line (read above); YAML keys are quoted or
            # written as identifiers
        word = lexicon.name_label(name) if name.isascii() else None
        keyed = word is None and key_named(name)
        if keyed:  # ``midtrans_server_key``: a key of some kind, if its value is random
            word = lexicon.Word(0, 0, name, "key", "en")
        headed = word is None and lexicon.head_label(name)
        if headed:  # ``managerPasswordSecret``: a made-up password, not a hex id
            word = headed
        if word is None:
            continue
        if word.kind == "password" and m.group("sep") == "=" and not m.group("flag") and \
                not m.group("q") and name.isupper():
            given = _given_to_a_command(text, m, line)
            if given is not None:
                yield given
                continue
        got = value_at(text, m.end(), word, strong=True, line=line)
        if got and headed and not got.why.endswith("mixed value"):
            continue  # (``PublicKeyToken=31bf3856ad364e35``: a hex id)
        if got and not (keyed and "random" not in got.why):
            yield got
    directive = _DIRECTIVE.match(text)
    if directive:  # ``storePassword 'x'``: a Gradle/Groovy setter, a directive and its literal
        word = lexicon.name_label(directive.group("name"))
        got = value_at(text, directive.end(), word, strong=True, line=line) if word else None
        if got:
            yield got
    for m in _FLAG_SPACE.finditer(text):
        word = lexicon.name_label(m.group("name"))
        if word is not None:
            got = value_at(text, m.end(), word, strong=True, line=line)
            if got:
                yield got


#: Calls or pairs of one line read for a value: a line of code holds a few; a line of
#: thousands (a minified file, a hostile memory) costs no more than these.
_MAX_CODE_PAIRS = 8


def code_pairs(text: str, line: int) -> Iterator[Labelled]:
    """A setter call named by a label (``.password("…")``, ``auth("…")``) and a quoted
    name/value pair (``Add("api-key", "…")``): the quoted literal is the value."""
    if "(" in text:
        for m in islice(_LABEL_CALL.finditer(text), _MAX_CODE_PAIRS):
            name = m.group("name")
            word = lexicon.name_label(name) if name.isascii() else None
            split = lexicon.split_identifier(name)
            if word is None or word.end != len(split) or \
                    split[:word.start].strip(" _").lower() not in _SETTER_VERBS:
                continue  # ``getPassword("key")``, ``fetchSecret(name)``: its argument names it
            got = value_at(text, m.end(), word, strong=True, line=line)
            if got is None and word.kind == "credential":
                # ``red:auth("…")``, ``client.login("…")``: the one literal a call named by
                # a credential word is given is what it authenticates with, a password
                got = value_at(text, m.end(), lexicon.Word(word.start, word.end, word.text,
                                                           "password", word.lang),
                               strong=True, line=line)
                got = got if got and text[got.end + 1:].lstrip()[:1] == ")" and \
                    not got.why.endswith("quoted password") else None  # not a word alone
            if got and got.end < len(text) and text[got.end + 1:].lstrip()[:1] in (")", ","):
                yield got
    if "," in text and "(" in text:
        # ``env.put(Context.SECURITY_CREDENTIALS, "…")``: a call's first argument a constant
        # named by a label, its second a quoted literal
        for m in islice(_CONSTANT_PAIR.finditer(text), _MAX_CODE_PAIRS):
            name = m.group("name").rsplit(".", 1)[-1]
            word = lexicon.name_label(name)
            got = value_at(text, m.end(), word, strong=True, line=line) if word else None
            if got and text[got.end + 1:].lstrip()[:1] in (")", ","):
                yield got
    if "," in text:
        for m in islice(_QUOTED_PAIR.finditer(text), _MAX_CODE_PAIRS):
            word = lexicon.name_label(m.group("name"))
            # ``buildConfigField("String", "X_SECRET", "\"…\"")``: a literal that holds a
            # quoted literal (code generated from it) is read from the inner quote
            at = m.end() + 2 if text.startswith('"\\"', m.end()) else m.end()
            if word is not None:
                got = value_at(text, at, word, strong=True, line=line)
            else:  # ``.header("x-ingest-key", "ik_…")``
                got = _keyed_value(text, at, m.group("name"), line)
            if got and at > m.end() and got.value.endswith("\\"):
                got = Labelled(got.line, got.start, got.end - 1, got.value[:-1], got.why)
            if got:
                yield got


def _last_of_runs(text: str, found: list[re.Match[str]]) -> list[re.Match[str]]:
    """``found`` less each assignment whose value runs on over a later one of the same name
    to the same end (``api_key=api_key=…=VALUE``: the last one's value is the value). A line
    of 400 such repeats was read 400 times, each value to the line's end (33 s of CPU for a
    256 KiB memory; tests/core/test_secret_budget.py)."""
    if len(found) < 2:
        return found
    last: dict[tuple[str, int], int] = {}
    keys = []
    for k, m in enumerate(found):
        got = unquote(text, m.end())
        key = (m.group("name").lower(), got[1] if got else -1)
        keys.append(key)
        last[key] = k
    return [m for k, m in enumerate(found) if last[keys[k]] == k]


def _table(lines: list[str], i: int) -> tuple[list[Labelled], int]:
    """The table whose header is ``lines[i]``: its labelled values and the line after it."""
    header = table_cells(lines[i])
    names = [c[2].strip("*_` ") for c in header]
    coded = [bool(c) and len(c) <= 40 and lexicon.has_code_word(c) for c in names]
    labels = [lexicon.label(c) or (_beside(c, names) if coded[k] else None)
              for k, c in enumerate(names)]
    out: list[Labelled] = []
    j = i + 2
    while j < len(lines) and "|" in lines[j]:
        row = table_cells(lines[j])
        # a cell that is a label names the row (``| Client Secret | `…` |``, ``| x | app
        # password | `…` |``): the other cells are its candidates; only a cell outside a
        # column its header labels names the row (``<mat_khau>`` under
        # ``Mật khẩu`` is a placeholder value, and the user beside it no value)
        row_labels = [lexicon.label(c[2].strip("*_` "))
                      if k >= len(labels) or labels[k] is None else None
                      for k, c in enumerate(row)]
        at = next((k for k, w in enumerate(row_labels) if w is not None), None)
        for k, (start, _end, cell) in enumerate(row):
            word = labels[k] if k < len(labels) else None
            if word is None and at is not None and k == at + 1:
                word = row_labels[at]  # the cell right after the row's label holds its value
                # (``| `CLAUDE_API_KEY` | what it is for | ~$0.003/1K |``: not the price)
            if word is None and k < len(names) and coded[k]:
                word = _beside(names[k], [c[2].strip("*_` ") for c in row])
            if word is None and at is None and k > 0 and \
                    key_named(row[k - 1][2].strip("*_` ")):
                # ``| EncodingAESKey | 6Xom… |``: a key-named cell, then its random value
                lead = len(cell) - len(cell.lstrip())
                got = _keyed_value(cell, lead, row[k - 1][2].strip("*_` "), j, start)
                if got:
                    out.append(got)
                    continue
            if word is None:
                out.extend(_label_value(cell, j, start))
                continue
            lead = len(cell) - len(cell.lstrip())
            got = value_at(cell, lead, word, strong=True, line=j, offset=start, whole=True)
            pair = PAIR.match(cell, lead) if got is None and word.kind == "credential" \
                else None
            if pair:  # ``| **MEGA credentials** | x@y.fr / 8Uf0… · in pipeline.sh |``: a
                # user and a password under a row named for credentials (newuser31 #10)
                got = value_at(cell, pair.start("pw"), word, strong=True, line=j,
                               offset=start)
            if got:
                out.append(got)
            elif lexicon.words(cell):  # ``| PIN 837740 |`` under ``Kennwort``: a cell that
                # labels its own value is read as a label line, then as prose
                out.extend(list(_label_value(cell, j, start)) or
                           [Labelled(g.line, g.start + start, g.end + start, g.value, g.why)
                            for g in prose_values(cell, j)])
        j += 1
    return out, j


def _beside(name: str, others: list[str]) -> lexicon.Word | None:
    """A code word heading a column (``Codice``, ``Kod``) labels a code when another cell of
    the header or of the row names a thing a code opens (``| Allarme | Codice |``, a row
    ``| Cancello | 4821 |``), as ``Allarme Codice`` would in a line."""
    if not name or len(name) > 40:
        return None
    for other in others[:12]:
        if not other or other == name or len(other) > 40:
            continue
        word = lexicon.label(f"{other} {name}")
        if word is not None and word.start > len(other):
            return lexicon.Word(word.start - len(other) - 1, word.end - len(other) - 1,
                                word.text, word.kind, word.lang)
    return None


#: Per label word, the last list scan that found nothing: (its label line, the line it
#: stopped at, whether a line ended the list there rather than ``MAX_LIST``).
Quiet = dict[tuple[str, str, str], tuple[int, int, bool]]


def _listed(lines: list[str], i: int, word: lexicon.Word, quiet: Quiet | None = None
            ) -> tuple[list[Labelled], int]:
    """The list under a heading or label line naming credentials.

    ``quiet`` makes a run of label lines with no value (``- 密码 is`` × 100,000) cost one
    read of each line, not ``MAX_LIST``: a line gives the same reading whichever label line
    above it a scan started from, except the first line below it, so lines an earlier scan
    for the same word read without finding anything are not read again."""
    out: list[Labelled] = []
    j = i + 1
    # Under a word naming users or accounts (``Router accounts``, "tickets related to the
    # user …:") an item is an account: a user and its password, or a user alone, whose one
    # token (``customfield_10032``, ``alice``) is never a value.
    accounts = word.kind == "login"
    if accounts:
        word = lexicon.Word(word.start, word.end, word.text, "credential", word.lang)
    key = (word.kind, word.lang, word.text)
    before = quiet.get(key) if quiet is not None else None
    if before is not None and before[0] < i and before[1] > i + 1:
        if before[2]:
            return out, before[1]  # the same line ends this list, nothing above it counts
        j = before[1]
    ended = True
    while j < len(lines):
        if j > i + MAX_LIST:
            ended = False
            break
        line = lines[j][:MAX_LINE]
        opening = j <= i + 2 and all(not ln.strip() for ln in lines[i + 1:j])
        if not line.strip() or (line.lstrip().startswith(("```", "~~~")) and opening):
            if opening:  # a blank line, a fence, or a blank line then a fence opening the list
                j += 1
                continue
            break
        m = _LIST.match(line)
        if not m:
            # codes one to a line, no list marker: each line the value whole
            lead = len(line) - len(line.lstrip())
            got = value_at(line, lead, word, strong=True, line=j) \
                if (word.kind == "password" or _names_its_file(lines[i], word) or
                    (word.kind in _KEY_KINDS and _KEY_LINE.fullmatch(line.strip()) and
                     not _A_PATH.search(lines[i][:MAX_LINE]))) and \
                _BARE_START.match(line, lead) and \
                (_DIGIT.search(line) or (out and _same_form(line.strip(), out[-1].value))) \
                else None
            # (a code has a digit, or the form of the code above it, ``bese-sbrt`` under
            # ``590i-xn32``; under a file's name, ``config/master.key:``, the line below is
            # that file's content)
            row = _codes_in_a_row(line, got, word) if got else []
            if got is None or line[(row or [got])[-1].end:].strip(" `\"'") or \
                    got.start - lead > 1 or any(c in got.value for c in "=:/"):
                break
            out.append(got)
            out.extend(row)
            j += 1
            continue
        item = m.end()
        pair = PAIR.match(line, item)
        found = []
        named = _LABEL_LINE.match(line)
        if named and lexicon.words(named.group("label")):
            found = list(_label_value(line, j))  # ``- gebruiker: tester01``: a user, no value
            out.extend(found)
            j += 1
            continue
        if named is not None and _ID_LABEL.search(named.group("label").strip("*_` ")):
            j += 1  # ``- ClientId: 4af4…`` under ``## Acme API Auth``: an item naming itself
            continue  # an id is the id, public, not the heading's secret
        if pair and (" / " in line[item:pair.end()] or not line[pair.end():].strip()):
            got = _inherited(value_at(line, pair.start("pw"), _as_password(word), strong=True,
                                      line=j))
            found = [got] if got else []
        elif named and named.group("sep").strip() in "—–-" and \
                (ACCOUNT.match(named.group("label").strip().strip("*_`")) or
                 _USER_NAME.fullmatch(named.group("label").strip().strip("*_`"))):
            # ``- compta@cabinet.fr — JNXr…``, ``- alumno01 — vvFY…`` under a heading naming
            # accounts: a user first, a dash, its password; the user is never the value
            got = _inherited(value_at(line, named.start("rest"), _as_password(word),
                                      strong=True, line=j))
            out.extend([got] if got else [])
            j += 1
            continue
        elif _LABEL_LINE.match(line):
            found = list(_label_value(line, j))
        # ``- Python3: requests, bs4, …``: an item naming its own field, then words after
        # its colon, is that field's line; its name is no value of the heading's
        own_field = named is not None and named.group("sep") in (":", "：") and \
            " " in named.group("rest").strip() and " " not in named.group("label").strip()
        if not found and not accounts and not own_field and \
                not _USER_THEN_SLASH.match(line, item):
            got = _inherited(value_at(line, item, word, strong=True, line=j))
            found = [got] if got else []
        out.extend(found)
        j += 1
    if quiet is not None and not out:
        quiet[key] = (i, j, ended)
    return out, j


#: A label that names an id: ``Client ID``, ``ClientId``, ``app_id``, ``Id``.
_ID_LABEL = lazy_pattern(r"(?:^|[\s_-])(?i:ids?)$|[a-z](?:Ids?|ID)$")
#: A line that is a file's name alone (``config/master.key:``, ``### `secrets/api_token.txt```).
_FILE_HEADING = lazy_pattern(r"^\s*(?:#{1,6}\s+)?[`*]*(?P<p>(?:[\w.~-]*/)*[\w.-]*\.[A-Za-z]{2,6})"
                             r"[`*]*\s*[:：]?\s*$")


def _names_its_file(heading: str, word: lexicon.Word) -> bool:
    """``heading`` is a file's name alone whose last part is ``word`` (``master.key``,
    ``api_token.txt``): the lines under it are the file's content, the credential itself
    (not ``server.key.sha256``, a digest of one, nor ``credentials.yml.enc``)."""
    m = _FILE_HEADING.match(heading)
    if not m:
        return False
    rest = lexicon.split_identifier(heading)[word.end:m.end("p")]
    return rest.strip() in ("", "txt")


def file_contents(lines: list[str]) -> Iterator[Labelled]:
    """The content of a key file under its name alone on a line (``config/master.key``,
    then the key on the next line, maybe after a blank line or a fence): `_names_its_file`."""
    for i, line in enumerate(lines[:-1]):
        m = _FILE_HEADING.match(line[:MAX_LINE]) if line.rstrip().endswith(".key") else None
        found = lexicon.words(lexicon.split_identifier(m.group("p"))) if m else []
        word = found[-1] if found else None
        if word is None or not _names_its_file(line, lexicon.Word(
                word.start + m.start("p"), word.end + m.start("p"), word.text, word.kind,
                word.lang)):
            continue
        j = i + 1
        while j < min(len(lines), i + 3) and (not lines[j].strip() or
                                             lines[j].lstrip().startswith(("```", "~~~"))):
            j += 1
        if j >= len(lines):
            continue
        body = lines[j][:MAX_LINE]
        lead = len(body) - len(body.lstrip())
        got = value_at(body, lead, word, strong=True, line=j) if _DIGIT.search(body) else None
        if got and not body[got.end:].strip(" `\"'"):
            yield got


def _inherited(got: Labelled | None) -> Labelled | None:
    """A value under a label of a line above it, if its own shape is a secret's: the label
    of a heading or a line of prose is far and often means something else (``Résultats clés``,
    "API Key" prose over a list of models), so words, names, versions, paths and model ids
    below it (``abab6.5s-chat``, ``"blueprint"``, ``9h-14h``) are not its values; a code of
    digits is (``37-21-09`` under "Door codes")."""
    if got is not None and values.plain_name(got.value) and \
            any(c.isalpha() for c in got.value):
        return None
    return got


def _as_password(word: lexicon.Word) -> lexicon.Word:
    """The label of the second of a ``user / password`` pair under a heading naming accounts
    (``Cuentas``, ``Router accounts``): by its place, a password."""
    if word.kind != "credential":
        return word
    return lexicon.Word(word.start, word.end, word.text, "password", word.lang)


#: A note in brackets closing a line (``shop_demo / Hoasen@9358 (mật khẩu do chị Lan đặt)``).
_NOTE_AFTER = lazy_pattern(r"[ \t]*[(（](?P<n>[^()（）\n]{1,60})[)）][ \t.]*$")


def _names_a_password(rest: str) -> bool:
    """``rest``, after a pair's value, is only a note in brackets that opens with a password
    word (``(mật khẩu do chị Lan đặt)``, ``(password set by Ana)``, not ``(no password
    yet)``): the value before it is that password."""
    m = _NOTE_AFTER.match(rest)
    note = m.group("n").strip() if m else ""
    found = lexicon.words(note) if note else []
    return bool(found) and found[0].start == 0 and found[0].kind == "password" and \
        not lexicon.negated(note)


def _same_form(this: str, code: str) -> bool:
    """``this`` is written as ``code`` is: as long, its separators at the same places, letters
    and digits elsewhere (``bese-sbrt`` and ``590i-xn32``)."""
    return len(this) == len(code) >= 6 and any(not c.isalnum() for c in code) and all(
        (a.isalnum() and b.isalnum()) or a == b for a, b in zip(this, code, strict=True))


def _codes_in_a_row(line: str, first: Labelled, word: lexicon.Word) -> list[Labelled]:
    """Codes after ``first`` on its line, apart by a tab or two spaces or more, each of its
    shape (``91874971  52971092  94100844``: backup codes printed in a row)."""
    rest = line[first.end:]
    if not rest.startswith(("  ", "\t")):
        return []
    row = alike_after(line, first, word)
    gaps = [line[a.end:b.start] for a, b in zip([first, *row], row, strict=False)]
    return row if all(g.startswith(("  ", "\t")) and not g.strip() for g in gaps) else []


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _heading_word(line: str, below: str = "") -> lexicon.Word | None:
    """The credential (or login) word of a heading or label line, as the kind its list has
    (a short label alone on its line heads only a list or a code below it: ``below``)."""
    m = _HEADING.match(line) or (_BARE_HEADING.match(line) if _LIST.match(below) or
                                 _DIGIT.search(below) or below.startswith("```") else None)
    if m and not _HEADING.match(line) and _LIST.match(line) and _LIST.match(below) and \
            _indent(below) <= _indent(line):
        return None  # ``  - not part of this hourly-only pass`` then ``- pipeline
        # progress:``: an item of a list, the next item its sibling — no list under it
    if not m:
        return None
    text = (m.groupdict().get("h") or m.group("l") or "").strip("*_ ")
    if lexicon.negated(text):
        return None
    found = lexicon.words(lexicon.split_identifier(text))
    if not found:
        return None
    best = next((w for w in reversed(found) if w.kind in lexicon.VALUE_KINDS), found[-1])
    return best  # a ``login`` word ("Router accounts"): the items are user / password pairs


def _pairs_below(lines: list[str], i: int) -> int | None:
    """``lines[i]`` may head a list of ``user / password`` pairs: a heading or a line ending
    in a colon, and a list item holding a pair mark right below it (below a heading, after
    at most ``_SECTION_PROSE`` lines of prose of its section). The list's first line."""
    line = lines[i].strip()
    if not (line.startswith("#") or line.endswith((":", "："))) or i + 1 >= len(lines):
        return None
    reach = _SECTION_PROSE if line.startswith("#") else 1
    for k in range(i + 1, min(len(lines), i + 1 + reach)):
        below = lines[k][:MAX_LINE]
        if _LIST.match(below):
            return k if _PAIR_MARK.search(below) else None
        if below.lstrip().startswith(("#", "|", "```", "~~~")) or reach == 1:
            return None
    return None


#: Kinds of label whose line may have a key's bytes alone on the line below it (a label
#: holding a file's name or path is `_names_its_file`'s: ``server.key.sha256:`` heads a
#: digest, `_A_PATH`).
_KEY_KINDS = frozenset({"key", "secret", "token"})
#: A key's bytes alone on a line, maybe in backticks: 32 to 128 hex digits in one case.
_A_PATH = lazy_pattern(r"\w[./]\w")
_KEY_LINE = lazy_pattern(r"`?(?:[0-9a-f]{32,128}|[0-9A-F]{32,128})`?")


#: Lines of a section (blank or prose) that may stand between a heading and its list.
_SECTION_PROSE = 8


def _overlapping(found: list[Labelled], one: Labelled) -> bool:
    return any(f.start < one.end and one.start < f.end for f in found)


def netrc_lines(lines: list[str]) -> Iterator[Labelled]:
    """The password of each ``password VALUE`` of a text holding a netrc ``machine`` entry
    (``~/.netrc``: ``machine HOST login USER password VALUE``, on one line or several)."""
    if not any(_NETRC_MACHINE.search(line[:MAX_LINE]) for line in lines):
        return
    for i, line in enumerate(lines):
        for m in islice(_NETRC_PASSWORD.finditer(line[:MAX_LINE]), _MAX_CODE_PAIRS):
            value = m.group("v")
            shape = values.secret_shape(value, strong=True, password_word=True)
            if shape and not values.not_a_value(value):
                yield Labelled(i, m.start("v"), m.end("v"), value, f"netrc password + {shape}")


def encrypted_lines(lines: list[str]) -> set[int]:
    """The lines under a YAML key whose children are encrypted (``encryptedData:``)."""
    out: set[int] = set()
    parent: int | None = None
    for i, line in enumerate(lines):
        if parent is not None:
            indent = len(line) - len(line.lstrip(" \t"))
            if not line.strip() or indent > parent:
                out.add(i)
                continue
            parent = None
        m = _ENCRYPTED_PARENT.match(line[:MAX_LINE])
        if m:
            parent = len(m.group("i"))
    return out


def pgpass_lines(lines: list[str]) -> Iterator[Labelled]:
    """The password of each ``host:port:database:user:password`` line of a text that names
    ``.pgpass`` (PostgreSQL's password file)."""
    for i, line in enumerate(lines):
        for m in _PGPASS.finditer(line[:MAX_LINE]):
            value = m.group("v")
            shape = values.secret_shape(value, strong=True, password_word=True)
            if shape:
                yield Labelled(i, m.start("v"), m.end("v"), value, f".pgpass line + {shape}")


#: A body line of a key block: base64 of 16 characters or more, alone on its line.
_BODY_LINE = re.compile(r"\s*([A-Za-z0-9+/=]{16,})\s*$")
#: Any line a key block's body may hold: base64 (its last line short), a header
#: (``Proc-Type: 4,ENCRYPTED``), a blank, or a redaction mark.
_IN_BODY = re.compile(r"\s*(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: .*|\[[A-Z]+\])?\s*$")
_BASE64_LINE = re.compile(r"\s*[A-Za-z0-9+/=]+\s*$")
_PEM_END = re.compile(r"\s*-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----")
#: Body lines a key block may have (an RSA 8192 key has about 100).
_MAX_BODY = 400


def key_block_body(lines: list[str], begin: int) -> list[int]:
    """The indices of the body lines of the key block whose ``-----BEGIN`` line is
    ``begin``: each line after it, up to its ``-----END`` line, that a key's body may hold.
    Without an END line, the lines a body may hold that follow, up to the first that may
    not."""
    out: list[int] = []
    for j in range(begin + 1, min(len(lines), begin + 1 + _MAX_BODY)):
        line = lines[j]
        if _PEM_END.match(line) or not _IN_BODY.match(line[:MAX_LINE]):
            break
        out.append(j)
    return out


def key_block_rest(lines: list[str], body: int) -> list[int]:
    """The other base64 lines of the key block one of whose body lines is ``body`` ([] when
    that line is in no block): what ``fix redact`` replaces with it, so that the whole key
    goes, not its first line (newuser32 #14)."""
    for i in range(body - 1, max(-1, body - 1 - _MAX_BODY), -1):
        if _PEM.search(lines[i]):
            block = key_block_body(lines, i)
            if body not in block:
                return []
            return [j for j in block if j != body and _BASE64_LINE.match(lines[j])]
        if not _IN_BODY.match(lines[i][:MAX_LINE]):
            return []
    return []


def private_keys(lines: list[str]) -> Iterator[Labelled]:
    """The first body line of each private key block (also inside a JSON string), and the
    key id of a service account's key file (what to revoke)."""
    service_account = any('"service_account"' in line for line in lines)
    for i, line in enumerate(lines):
        key_id = _KEY_ID.search(line) if service_account else None
        if key_id:
            yield Labelled(i, key_id.start(1), key_id.end(1), key_id.group(1),
                           "service account key id")
        for m in _PEM.finditer(line):
            rest = line[m.end():]
            if rest.startswith("\\n"):
                body = re.match(r"[A-Za-z0-9+/=]{16,}", rest[2:])
                if body:
                    start = m.end() + 2
                    yield Labelled(i, start, start + body.end(), body.group(0),
                                   "private key block")
            else:
                for j in key_block_body(lines, i):
                    body = _BODY_LINE.match(lines[j])
                    if body:  # the whole block is judged, not its first body line: a
                        # ``[REDACTED]`` line over a live key (newuser32 #14) hides nothing
                        yield Labelled(j, body.start(1), body.end(1), body.group(1),
                                       "private key block")
                        break


#: The words for "login" itself (not "user" or "account", which are everywhere): a line
#: holding one is read for a ``user:password`` or ``user / password`` pair after it.
_LOGIN_HINTS = ("login", "логин", "ログイン", "登入", "登录", "登錄", "로그인", "giriş",
                "đăng nhập")


@cache
def hint_words() -> dict[str, bool]:
    """The words one of which a line with a labelled value holds, each with whether it can
    label a value itself (True) or only names a user or an account (False: such a line is
    read only for a pair or as a heading). A lexicon word of several parts is hinted by
    each way it may be written (``api key``, ``api_key``, ``api-key``, ``apikey``). As
    shipped (`memtui.core.creds.derived`), else worked out now."""
    from memtui.core.creds import derived

    shipped = derived.hints()
    return shipped if shipped is not None else worked_out_hint_words()


def worked_out_hint_words() -> dict[str, bool]:
    """`hint_words`, from ``lexicon.json``."""
    out: dict[str, bool] = {"-----begin": True, "pgpass": True, "admin": False, "root": False,
                            "guest": False, "@": False, "://": False, " / ": False,
                            "／": False, " — ": False, " – ": False,
                            "_key": True, 'key"': True, "private_key": True,
                            # a key file's name heading its content (``config/master.key:``)
                            ".key:": True, ".key`": True, ".key\n": True,
                            # a name ending in "Key" set to a literal in code (``static let
                            # backendAdminKey = "…"``, ``val apiKey = '…'``)
                            'key = "': True, "key = '": True, 'key="': True, "key='": True}
    for lang, by_kind in lexicon.data()["labels"].items():
        for kind, listed in by_kind.items():
            value = kind in lexicon.VALUE_KINDS or kind == "code"
            if not value:
                continue  # "user" is everywhere (使用者 was on a third of one corpus's lines):
                # a pair is hinted by its account name or its password word instead
            for w in listed:
                plain = lexicon.variants(w)
                for written in lexicon.forms(w, lang):
                    if written in plain or not any(p in written for p in plain):
                        out[written] = True  # ``claves`` is hinted by ``clave``
    for w in _LOGIN_HINTS:  # ``Login CPanel: tokoibu:Dr2*…``: a login label, then a pair
        out.setdefault(w, False)
    return _shortest(out, keep=("-----begin", "pgpass", "private_key", ".key:", ".key`",
                                ".key\n"))


def _shortest(hints: dict[str, bool], keep: tuple[str, ...]) -> dict[str, bool]:
    """``hints`` without the words that hold another hint as good (a line holding ``wifi
    password`` holds ``password``): the first look's automaton stays small."""
    automaton = ahocorasick.Automaton()
    for w, value in hints.items():
        automaton.add_word(w, (w, value))
    automaton.make_automaton()
    out = {}
    for w, value in hints.items():
        if w in keep or not any(h != w and v >= value for _, (h, v) in automaton.iter(w)):
            out[w] = value
    return out


def _room(out: list[Labelled], limit: int | None) -> int | None:
    """How many more values a place may add to ``out`` under ``limit`` (and one past it)."""
    return None if limit is None else max(0, limit + 1 - len(out))


def labelled_values(lines: list[str], hints: dict[str, bool] | None = None) -> list[Labelled]:
    """Every labelled value in a memory's lines (see ``labelled_values_upto``)."""
    return labelled_values_upto(lines, hints)[0]


#: Distinct lines whose values `labelled_values_upto` keeps to read a repeated line once.
_MAX_READ = 4096


def _line_values(line: str, i: int, level: int, fence: bool) -> list[Labelled]:
    """The values a line holds by itself, as line ``i`` (``level``: 2 when it may hold a
    value label, 1 a user word; ``fence``: inside a code block)."""
    found = list(_label_value(line, i))
    if level == 2:
        found += _assignments(line, i)
        found += [f for f in code_pairs(line, i) if not _overlapping(found, f)]
    found = [f for f in found if not part_of_a_name(line, f)]
    then = _THEN_ANOTHER.match(line, max(f.end for f in found)) \
        if found and level == 2 and not fence else None
    if then:  # ``키: HVQZ… / 시크릿 ZKMW…``: a second label and its value after the first's
        found += [f for f in prose_values(line, i, then.end())
                  if not _overlapping(found, f) and not code_name(f.value)]
    comment = _SHELL_COMMENT.search(line) if not found and fence and level == 2 else None
    if comment:  # ``$ ssh shop@host   # пароль …``: a comment in code is prose
        found = [f for f in prose_values(line, i, comment.end()) if not code_name(f.value)]
    logged = _LOG_MARK.match(line) if not found and fence and level == 2 else None
    if logged:  # ``[ok] password set to …``, ``Dec 02 09:14 app[81]: …``: a log's message
        found = [f for f in prose_values(line, i, logged.end()) if not code_name(f.value)]
    if not found and not fence:
        found = ([f for f in prose_values(line, i, _negated_label(line))
                  if not code_name(f.value)] if level == 2 else []) or \
            list(account_pairs(line, i))
    elif not found and _ACCOUNT_ALONE.match(line):  # ``admin Ararat547$``, a fence's line
        found = list(account_pairs(line, i, fenced=True))
    return found


#: A line of code that may be a well-known account and its password alone.
_ACCOUNT_ALONE = lazy_pattern(r"[ \t]*(?:admin|administrator|root)[ \t]+\S+[ \t]*$")


def _login_account(line: str) -> bool:
    """``Router login admin Bx7#…``: a login word right before a well-known account (a pair
    without a separator, newuser32 #39)."""
    low = line.lower()
    return any(f"{w} {a} " in low for w in _LOGIN_HINTS for a in _LOGIN_ACCOUNTS)


_LOGIN_ACCOUNTS = ("admin", "root", "administrator", "postgres")


def labelled_values_upto(lines: list[str], hints: dict[str, bool] | None = None,
                         limit: int | None = None) -> tuple[list[Labelled], int | None]:
    """Every labelled value in a memory's lines (0-based line numbers). ``hints``: the words
    of ``hint_words`` known to be in the text; a line holding none is not read (a table is
    read when its header or a row holds one, a list when its heading does), and a line
    holding only user words is read for a pair or as a heading alone. Every line is read
    when None."""
    out: list[Labelled] = []
    fence = ""
    i = 0
    quiet: Quiet = {}
    read: dict[tuple[str, bool], list[Labelled]] = {}  # a line's values, by its text

    def hinted(text: str) -> int:
        """2: a value label may be here; 1: only a user word; 0: nothing."""
        if hints is None:
            return 2
        low = text.lower()
        level = 0
        for w, value in hints.items():
            if w in low:
                if value:
                    return 2
                level = 1
        return level

    while i < len(lines):
        if limit is not None and len(out) >= limit:
            return out, i  # the line the reading stopped at
        line = lines[i][:MAX_LINE]
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            # a block closes on its own mark alone, at least as long (CommonMark): a
            # ```` ```sql ```` inside a block is its text, not its end
            run = len(stripped) - len(stripped.lstrip(stripped[0]))
            if not fence:
                fence = stripped[:run]
            elif stripped.startswith(fence) and not stripped[run:].strip():
                fence = ""
            i += 1
            continue
        if not fence and "|" in line and i + 1 < len(lines) and TABLE_SEP.match(lines[i + 1]):
            end = i + 2
            while end < len(lines) and "|" in lines[end]:
                end += 1
            if any(hinted(lines[k][:MAX_LINE]) for k in range(i, end)):
                found, i = _table(lines, i)
                out.extend(found)
            else:
                i = end
            continue
        if "#" in line and "://" in line:
            out.extend(_link_keys(line, i))
        level = hinted(line)
        first = _pairs_below(lines, i) if level < 2 and not fence else None
        if first is not None:
            word = _heading_word(line)  # ``## Konta testowe``: a user word names the list
            if word is not None:
                listed, nxt = _listed(lines, first - 1, word, quiet)
                if listed:
                    out.extend(listed)
                    i = nxt
                    continue
        if level == 0 or (level == 1 and not (_PAIR_MARK.search(line) or
                                               _HEADING.match(line) or _login_account(line) or
                                               (fence and _ACCOUNT_ALONE.match(line)))):
            i += 1
            continue
        seen = read.get((line, bool(fence)))
        if seen is not None:  # a line met before reads as it did (a hostile text repeats one)
            found = [f if f.line == i else Labelled(i, f.start, f.end, f.value, f.why)
                     for f in seen]
        else:
            found = _line_values(line, i, level, bool(fence))
            if len(read) < _MAX_READ:
                read[(line, bool(fence))] = found
        out.extend(found)
        if not found and not fence:
            word = _heading_word(line, lines[i + 1][:MAX_LINE] if i + 1 < len(lines) else "")
            if word is not None:
                listed, nxt = _listed(lines, i, word, quiet)
                if listed:
                    out.extend(listed)
                    i = nxt
                    continue
        i += 1
    if hints is None or "-----begin" in hints or "private_key" in hints:
        out.extend(private_keys(lines))
    if hints is None or "pgpass" in hints:
        out.extend(pgpass_lines(lines))
    # each place below adds at most ``limit`` + 1 values it keeps (newuser29's hostile texts:
    # 5,000 key files' names each read to a value cost 1.4 s where 101 are ever reported —
    # past ``limit`` values of one place, the caller cuts every later line)
    sealed = encrypted_lines(lines) if any("ncrypted" in ln or "sops" in ln for ln in lines) \
        else set()

    def upto(found: Iterator[Labelled], taken_lines: set[int]) -> Iterator[Labelled]:
        kept = (f for f in found if f.line not in taken_lines and f.line not in sealed and
                not part_of_a_name(lines[f.line][:MAX_LINE], f) and
                not commented_away(lines[f.line][:MAX_LINE], f.end))
        return kept if limit is None else islice(kept, limit + 1)

    out.extend(upto(defined_values(lines), {f.line for f in out}))
    out.extend(upto(folded_values(lines, hinted), {f.line for f in out}))
    if hints is None or ".key\n" in hints:
        out.extend(upto(file_contents(lines), {f.line for f in out}))
    taken = {(f.line, f.start) for f in out}
    out.extend(f for f in netrc_lines(lines) if (f.line, f.start) not in taken)
    # (past ``limit`` values, one more says the reading stopped: the caller cuts there)
    if any("</" in ln for ln in lines):
        out.extend(islice((f for f in markup_values(lines) if (f.line, f.start) not in taken),
                          _room(out, limit)))
    out.extend(islice((f for f in delimited_values(lines, hinted)
                       if (f.line, f.start) not in taken), _room(out, limit)))
    return [f for f in out if f.line not in sealed and
            not part_of_a_name(lines[f.line][:MAX_LINE], f) and
            not commented_away(lines[f.line][:MAX_LINE], f.end)], None
