"""Whether a value has a secret's shape, and why: one classifier for every form.

The module is past 500 lines on purpose: every shape a value is judged by sits beside the
others, so that one form's rule is read against the rest.

What is never a credential: a placeholder or template (``<password>``, ``${DB_PASS}``,
``{{ secrets.X }}``, ``changeme``, ``****``, ``your-api-key``), an elided value
(``sk-…abcd``, ``ghp_abc...``), a reference or a variable (``op://vault/item``, ``apiToken``,
``cfg.api_token``, ``OPENAI_API_KEY``, ``os.environ[…]``), a path or a URL without user-info,
a word or phrase of the surrounding language (any letter outside ASCII: passwords are typed
on a keyboard), a number, date, version or size, a hash, UUID or digest when nothing says it
is a credential, a public key, and a provider's documented example key.

What is one depends on how sure the place is (``strong``: a label right beside the value —
a cell, ``label: value``, an assignment, a flag; weak: prose with words between): a
plausible secret is at least 6 characters of at least two kinds (letters and digits, or mixed
case and symbols) or a long random-looking run; beside a strong label also a numeric PIN
(under a password word), an app password in groups (``AbCd eF12 GhIj 3kLm``), a hex or UUID
token, and a quoted word under a password word.
"""

from __future__ import annotations

import base64
import itertools
import json
import math
import re
import unicodedata
from collections import Counter
from functools import cache

import ahocorasick

from memtui.core.creds import lexicon
from memtui.core.scanner.lazy_pattern import lazy_pattern

_PLACEHOLDER = lazy_pattern(
    r"(?i)^(?:<[^>]*>|\[[^\]]*\]|\{\{.*\}\}|\{[^{}]*\}|\$\{\{.*|\$\{?[\w.]+\}?|%\w+%|"
    r"\$\w+|\$\{.*|%\(\w+\)s?|\*+|[x•·●#?]{3,}|\.{3,}|…|-+|_+|\[[A-Z_]{3,}\]?|"
    r"your[-_ ]?[\w-]*|"
    r"(?:my|insert|enter|put|paste|replace|add|tu|votre|ihr|dein|seu|sua)[-_ ][\w-]+|"
    r"[\w-]*[-_](?:here|placeholder|example|changeme|goes[-_]here|xxx+)|"
    r"(?:change[-_]?me|changeit|secret|password|passw0rd|p@ssw0rd|todo|tbd|tba|n/?a|none|null|"
    r"nil|empty|unset|undefined|redacted|hidden|masked|example|sample|dummy|placeholder|test|"
    r"foo|bar|baz|xxx+|abc|abc123|admin|root|user|guest|demo|default|"
    r"hunter2|qwerty|token|key|value|string|str|required|optional|same|see\s.*|"
    r"true|false|yes|no|on|off|set|not\s+set|env|vault|1password|bitwarden|keychain|"
    r"keepass|lastpass|\.env))$")
#: (``__OPENCLAW_REDACTED__``: OpenClaw's own placeholder for what it took out, newuser25 #25)
_ELIDED = lazy_pattern(r"\.\.\.|…|\*{3,}|x{4,}|X{4,}|•{2,}|<redacted>|\[redacted\]|"
                       r"(?<![a-z])redacted(?![a-z])|(?-i:REDACTED)", re.IGNORECASE)
#: (``sk-REDACTEDREDACTED1234``: the mark in capitals inside a key's shape is a run of its own,
#: glued to the rest or not)
_REFERENCE = lazy_pattern(
    r"(?i)^(?:op|vault|env|secret|secrets|ssm|arn|gcp|azure|keychain|bw|pass)://|"
    r"^(?:process\.env|os\.environ|os\.getenv|env\.|secrets\.|vars\.|ENV\[|getenv)|"
    r"^[a-z][a-z0-9+.-]*://[^@\s]*$|^(?:~|\.{1,2})?/|^[A-Za-z]:\\|"
    # a Windows path whose drive letter was read as a label (``C:\Users\admin\…``)
    r"^\\[^\\\s]+\\|"
    # a secret store's path and the field in it (``kv/prod/postgres#password``, Vault's and
    # External Secrets' ``path#key``): where the value is kept, not the value
    r"^(?-i:[a-z][\w-]*(?:/[\w.-]+){2,}#[a-z_][a-z0-9_-]*)$")
_WORDISH = r"[A-Za-z_][a-z_]*(?:[A-Z][a-z_]+)*\d?"
#: What code calls or subscripts: a name, or names joined by dots (``request.headers[``,
#: ``config.get(``): an expression, never a value.
_CALLEE = r"(?:[A-Za-z_]\w*|[A-Za-z_]+(?:\.[A-Za-z_]+)+)"
_IDENTIFIER = lazy_pattern(
    r"^(?:[a-z]+(?:_[a-z]+)+\d*|[a-z]{2,}(?:[A-Z][a-z]{2,})+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|"
    + _WORDISH + r"(?:\." + _WORDISH + r")+|" + _CALLEE + r"\(.*\)?|" + _CALLEE + r"\[.*\]?)$")
#: A run that is typed, not made up: the alphabet or the digits in order.
_SEQUENCE = lazy_pattern(r"(?i)abcdef|bcdefg|cdefgh|defghi|qwerty|asdfgh")


def typed_sequence(v: str) -> bool:
    """``v`` is typed along the alphabet, the digits or a keyboard's row: the longest such run
    (either case: ``ABCdefGhIJ…``) is a third of it or more (``qwerty123``, ``Asdfgh!2024``,
    a placeholder's ``ABCdefGhIJKlmNoPQRsTUVwxyZ``). A long key holding a short run by chance
    (a 90-character ``sk-ant-…`` whose body passes ``QwErTyUiOp``) is not one (set28)."""
    low = v.lower()
    best = run = 1
    for a, b in itertools.pairwise(low):
        run = run + 1 if (a, b) in _NEXT else 1
        best = max(best, run)
    return best * 3 >= len(v)


def runs_joined(v: str) -> bool:
    """``123:abc``, ``abc-123``: two runs along a sequence or more (three characters each at
    least), each joined to the one before by one mark — a docs' stand-in for an id and its
    key, no value (``Abc12345``, glued, is a password typed so)."""
    runs = 0
    low = v.lower()
    i = 0
    while i < len(low):
        if runs and not (low[i] in ":-_." and i + 1 < len(low)):
            return False
        i += 1 if runs else 0
        j = i + 1
        while j < len(low) and (low[j - 1], low[j]) in _NEXT:
            j += 1
        if j - i < 3:
            return False
        runs += 1
        i = j
    return runs >= 2


#: Each character and the one typed after it along a sequence: the alphabet, the digits, a
#: keyboard's letter rows.
_NEXT = frozenset((a, b) for seq in ("abcdefghijklmnopqrstuvwxyz", "0123456789", "qwertyuiop",
                                     "asdfghjkl", "zxcvbnm") for a, b in itertools.pairwise(seq))


#: A constant's name, bare or wrapped in underscores (``__OPENCLAW_REDACTED__``): a placeholder.
#: The same after a bot's or an account's id and a colon (``123456789:YOUR_TOKEN_HERE``,
#: ``123456789:REPLACE_WITH_TOKEN``: a Telegram token's template), two words or more.
_UPPER_TEMPLATE = lazy_pattern(r"^_*[A-Z]+(?:_[A-Z]+)*_*(?::[A-Z]+(?:_[A-Z]+)*)?$|"
                               r"^[\w.-]+:_*[A-Z]+(?:_[A-Z]+)+_*$")
#: A Windows path (``C:\\Users\\x\\y.jks``, ``\\Users\\x``): a drive or a backslash, then two
#: names or more.
_WIN_PATH = lazy_pattern(r"^(?:[A-Za-z]:\\|\\)[\w .$~-]+(?:\\[\w .$~-]+)+\\?$")
#: A call (``UGCRequire('Script.L_Com.L_Enum')``, ``os.getenv("X")``): code, not a value.
_CALL = lazy_pattern(r"^[A-Za-z_$][\w.$:]*\((?:\s*|['\"].*|[A-Za-z_][\w.,\s]*)\)$")
#: A setting of another name (``bucket_capacity=120``, ``mode=fast``): a lower-case name, ``=``
#: and a number or a short lower-case word (``tn=N349zaWjF`` is a password).
_SETTING = lazy_pattern(r"^[a-z_][a-z0-9_]*=(?:\d[\d.]{0,11}|[a-z][a-z_-]{0,11})$")
#: Another name set to a URL without credentials (``BASE_URL=https://…``) or to a number
#: then what it reads as (``exp=1767225600=2026-01-01``).
_SET_TO_A_URL = lazy_pattern(r"^[A-Za-z_][\w.]*=[a-z][\w+.-]*://[^@\s]*$")
_SET_TO_A_TIME = lazy_pattern(r"^[a-z_][a-z0-9_]*=\d{1,13}=[\d:T.+\-/ ]{4,25}$")
#: A measure or a switch set (``ratio_at=4.00x``, ``Isolate=0.39``, ``reduction=87%``,
#: ``t*_restored=7.0``, ``shell=True``): a name of words, ``=``, then a number with at most
#: its unit (``2FA=0.90``, ``degrees=800yr``), or a literal of code — what a result or a
#: setting reads, never made up.
_MEASURE = lazy_pattern(r"^(?P<name>[A-Za-z*][a-z*]*\d{0,3}(?:_+[A-Za-z*][a-z*]*\d{0,3})*|"
                        r"\d?[A-Z]+\d?)="
                        r"(?:[-+]?\d{1,9}(?:[.,]\d{1,9})?(?:%|x|×|[kKmM]|ms|s|h|d|min|wk|mo|yrs?|px|[kKMG]B)?|"
                        r"(?i:true|false|none|null|nil))$")
#: An attribute in CamelCase set to a word (``SameSite=Lax``, ``HttpOnly=True``).
_ATTRIBUTE = lazy_pattern(r"^(?P<name>(?:[A-Z][a-z]+){1,4})=[A-Z]?[a-z]{1,11}$")
#: Names of algorithms and schemes ("QR token = HMAC-SHA256"), not values.
#: An algorithm's name is its names and numbers joined (``HMAC-SHA256``, ``aes-256-gcm``,
#: ``pbkdf2_sha256``, ``RS256``); a name that only starts like one (``Shalom7526Yafo``) is not.
_ALGORITHM_NAME = (r"(?:hmac|sha|md5|aes|rsa|ecdsa|ed25519|bcrypt|scrypt|argon2(?:id|i|d)?|"
                   r"pbkdf2|hs|rs|es|ps|jwt|oauth|totp|hotp|gcm|cbc|ctr|ecb|cfb|ofb|pss|oaep|"
                   r"pkcs|chacha|poly|x25519|curve25519|des|bit|v|"
                   # a wireless network's security mode (``WPA2-PSK``, ``WPA3-SAE``)
                   r"wpa|wep|psk|sae|tkip|ccmp|"
                   # an encoding's name (``base64``, ``base32``, ``base64url``)
                   r"base(?:16|32|36|58|62|64|85)(?:url)?)")
_ALGORITHM = lazy_pattern(r"(?i)^" + _ALGORITHM_NAME + r"\d*(?:[-_/]?(?:" + _ALGORITHM_NAME +
                          r"\d*|\d+))*$")
#: A content digest or a key's fingerprint (``worker@sha256:ebc6…``, ``SHA256:Xk/sJX…``,
#: ``MD5:3b:1f:…``): names a blob or a public key, opens nothing.
_DIGEST = lazy_pattern(r"(?i)^(?:[\w./-]+@)?(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?):"
                       r"[A-Za-z0-9+/=:]{16,}$")
#: A price or a rate (``~$0.02/audit``, ``€4.50``, ``$0.003/1K``): an amount, not a value.
_PRICE = lazy_pattern(r"^[~≈]?(?:[$€£¥]|US\$)\d[\d.,]*[kKmM]?(?:/[\w.]+)?$")
#: An amount said roughly or per thing (``~4k/lead``, ``≈3.7k``, ``12k/day``): a count.
_AMOUNT = lazy_pattern(r"^(?:[~≈]\d[\d.,]*[kKmMbB]?|\d[\d.,]*[kKmMbB])(?:/[A-Za-z]+)?$")
#: A time of day or a span of them (``9h-14h``, ``17h30``, ``09:00-17:30``, ``9am-2pm``,
#: ``2-4h``): when something happens, not a value.
_TIME_SPAN = lazy_pattern(r"(?i)^(?:\d{1,2}(?:h\d{0,2}|:\d\d|\s?[ap]\.?m\.?)?[-–~]"
                          r"\d{1,2}(?:h\d{0,2}|:\d\d|\s?[ap]\.?m\.?)"
                          r"|\d{1,2}(?:h\d\d|:\d\d(?::\d\d)?|\s?[ap]\.?m\.?))$")
#: A place in source code: a file's or a function's name with ``.`` or ``_`` in it, then a
#: line number (``planning_node:133``, ``auth.py:42``).
#: (separators and letters of disjoint classes: ``\w*(?:[._]\w+)+`` read ``ab_ab_…_9999``
#: in exponential time, both holding ``_`` — session 39, a 100-character value hung)
_SOURCE_LINE = lazy_pattern(r"^[A-Za-z_][A-Za-z0-9]*(?:[._]+[A-Za-z0-9]+)+:\d{1,6}$")
#: A name stamped with a year and a month (``key-2026-03``, ``release_2025_11_02``): a
#: version's or a rotation's name, not a secret.
_DATED_NAME = lazy_pattern(r"^[A-Za-z]+[-_.](?:19|20)\d\d[-_.](?:0[1-9]|1[0-2])(?:[-_.]\d\d)?$")
#: Printable ASCII and Latin letters with their accents.
_LATIN = lazy_pattern(r"[!-~\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+")
#: A host name of three labels or more ending in letters (``pwa-demo-4410.firebaseapp.com``):
#: where a thing lives, written lower case as DNS does; never a secret.
_HOST_NAME = lazy_pattern(r"^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){2,}[a-z]{2,12}$")
#: Code that opens a call (``base64(user:password``, the header's value cut at its space).
_CALL_OPEN = lazy_pattern(r"^[A-Za-z_][\w.]*\(")
#: Words joined by separators (``INITIAL_SESSION/SIGNED_IN``, ``src/pages/Auth.tsx``,
#: ``user.email``): names, paths, routes, never a secret.
_JOINED_WORDS = lazy_pattern(r"^[A-Za-z_]+(?:[/.:\\-][A-Za-z_]+)+$|^[\w@.-]+(?:/[\w@.-]+)+$")
_JOINED_SPLIT = lazy_pattern(r"[/.:\\-]")
#: Names joined by arrows (``feature->circuit->behavior``, ``Edge → Worker``): a flow.
_FLOW = lazy_pattern(r"^[A-Za-z_]+(?:[ \t]?(?:->|=>|→|<-)[ \t]?[A-Za-z_]+)+$")
#: ``color.primary.500``: an attribute path ending in a number.
_DOTTED_NUMBER = lazy_pattern(r"^[A-Za-z_]+(?:\.[A-Za-z_]+)+\.\d+$")
#: A utility class with an arbitrary value (``text-[10px]``, ``bg-[#0f172a]``): a name, a dash
#: and a bracketed CSS value.
_UTILITY_CLASS = lazy_pattern(r"^(?:[a-z]+:)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\[[^\]\s]{1,40}\]$")
_EXTENSION = lazy_pattern(r"\.[A-Za-z]{1,5}$")
#: A request signature's scope (``AKIA…/20261130/us-east-1/s3/aws4_request``, a service
#: account and ``…/storage/goog4_request``, URL-encoded or not): whose key signed, when and
#: where; the signature beside it is the secret.
_SIGNING_SCOPE = lazy_pattern(r"(?i)(?:%2F|/)\d{8}(?:%2F|/)[\w-]+(?:%2F|/)[\w-]+(?:%2F|/)"
                              r"\w+_request$")
#: An Amazon Resource Name (``arn:partition:service:region:account:resource``): names a
#: resource, a secret's place included, never its value.
_ARN = lazy_pattern(r"^arn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:\S+$")
#: A key chord (``Ctrl+Shift+P``, ``⌘+K``): what a key label in a shortcut list names.
_CHORD = lazy_pattern(r"(?i)^(?:(?:ctrl|control|alt|altgr|shift|cmd|command|meta|super|win|"
                      r"option|opt|fn|hyper|⌘|⌥|⇧|⌃)\s?\+\s?)+\S{1,12}$")
#: A reference number or a standard's name: capitals, then numbers (``ORD-2026-118204``,
#: ``ERC-20``, ``ISO-27001``): an order's or a ticket's key, never a login.
_REFERENCE_NUMBER = lazy_pattern(r"^[A-Z]{2,6}(?:-[A-Z]?\d{1,8})+$")  # (``PRT-V7``)
_EMAIL = lazy_pattern(r"^[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$")  # also user@10.0.4.12
#: A stored password's hash (bcrypt ``$2b$12$…``, crypt ``$6$…``, ``$argon2id$…``): not the
#: password, and no way in by itself.
_PASSWORD_HASH = lazy_pattern(r"^\$(?:2[abxy]?|1|5|6|y|argon2(?:id|i|d)|scrypt|pbkdf2[\w-]*)\$"
                              # as SQL stores it: MySQL's ``*`` and 40 hex, PostgreSQL's
                              # ``md5`` and 32 hex or ``SCRAM-SHA-256$…``
                              r"|^\*[0-9A-Fa-f]{40}$|^md5[0-9a-f]{32}$|^SCRAM-SHA-256\$")
_DOOR_CODE = lazy_pattern(r"^(?:\d[\d#*]{2,10}\d|\d{4,7}[^\W\d_]|\d{2,4}[A-Za-z]\d{1,4}|"
                          r"\d{1,2}(?:-\d{1,2}){2,5})$")  # …, a combination: 37-21-09
#: A command-line option or a CSS custom property: dashes, a name of letters, digits, dashes
#: and underscores, maybe ``=`` and its value (``--max-age=3600``, ``-Xmx2g``).
_OPTION = lazy_pattern(r"^--?[A-Za-z][\w-]*(?:[=:].*)?$")
_PREFIX = lazy_pattern(r"^[a-z0-9]{1,6}(?:[-_][a-z0-9]{1,6})*[-_]$")


def _made_up_after_dash(v: str) -> bool:
    """``-uA5XjAQm…``: one dash and a run of 30 or more small and capital letters and digits
    at 4 bits a character (base64url starts with ``-`` one time in 64): no option's name."""
    run = v[1:]
    return len(run) >= 30 and "=" not in run and ":" not in run and \
        any(c.islower() for c in run) and any(c.isupper() for c in run) and \
        sum(c.isdigit() for c in run) >= 2 and entropy(run) >= 4.0
_CODE_GROUPS = lazy_pattern(r"^[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6})+$")
_NUMBERISH = lazy_pattern(
    r"(?i)^(?:v?\d+(?:[.,:/\-]\d+)*(?:[a-z]{1,3}|%)?|\d{4}-\d{2}-\d{2}.*|[\d.,]+\s?[kmgt]i?b?|"
    # (a hex literal; 0x and 64 hex digits is no machine number but 256 random bits, the
    # shape of an EVM private key, read as any hex value beside its label)
    r"0x(?![0-9a-f]{64}$)[0-9a-f]+|#[0-9a-f]{3,8})$")
_HEX = lazy_pattern(r"(?i)^[0-9a-f]{16,}$")
#: Hex digits only, of any length (a commit, an id).
HEX_ID = lazy_pattern(r"(?i)^(?:0x)?[0-9a-f]+$")
_UUID = lazy_pattern(r"(?i)^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
#: Keys and ids whose vendor documents them as public, each a named format: (name, what it
#: is, a pattern matched at the value's start — ``$`` where the whole value must fit). One
#: table behind one matcher (`public_format`), which `not_a_value`, the shape rules
#: (`memtui.core.creds.shaped`) and the providers' rules (through `not_a_value`) all ask.
PUBLIC_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("an SSH public key", "public key", r"ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-|sk-ssh-"),
    # (bech32's alphabet, or any small letters and digits: a recipient written by hand or
    # made up holds a ``b``, ``i`` or ``o`` too — session 36, set24 —, still the public half)
    ("an age recipient", "public key", r"age1[a-z0-9]{20,}"),
    ("a Nostr public key", "public key", r"npub1"),
    ("a Stripe publishable key", "public key", r"pk_(?:live|test)_"),
    ("a PEM public key or certificate", "public key",
     r"-----BEGIN (?:PUBLIC KEY|CERTIFICATE|SSH2 PUBLIC KEY|PGP PUBLIC)"),
    ("an OpenSSH public key's body", "public key", r"AAAA[A-Za-z0-9+/]{20,}"),
    # named so by its prefix (Mapbox's ``pk.``; its secret ones are ``sk.``)
    ("a Mapbox public token", "public key", r"pk\.[A-Za-z0-9_-]{20,}"),
    # one per store, shipped in every app build
    ("a RevenueCat public SDK key", "public key", r"(?:appl|goog|amzn)_[A-Za-z0-9]{20,}$"),
    # sent from every browser that loads the snippet
    ("a PostHog project key", "public key", r"phc_[A-Za-z0-9]{20,}$"),
    # named so by its prefix for the browser (its server key is Mid-server-)
    ("a Midtrans client key", "public key", r"(?:SB-)?Mid-client-"),
    # the anon key's new form, for the browser
    ("a Supabase publishable key", "public key", r"sb_publishable_"),
    # published in DNS or a page's head
    ("a site ownership token", "public key", r"google-site-verification="),
    # the name of its file on the image host: digit, 1, 8 characters, L
    ("an Amazon product image id", "a public id", r"[1-9]1[A-Za-z0-9+\-]{8}L$"),
    # in the document's URL
    ("a Google Drive file id", "a public id", r"1[A-Za-z0-9_-]{43}$"),
    ("a YouTube channel id", "a public id", r"UC[A-Za-z0-9_-]{22}$"),
    ("a Feishu/Lark chat or user id", "a public id", r"o[cu]_[0-9a-f]{32}$"),
    ("a Stripe price or product id", "a public id", r"(?:price|prod)_[A-Za-z0-9]{14,30}$"),
    # in every page's tag, maybe with its conversion label
    ("a Google Ads tag id", "a public id", r"AW-\d{6,12}(?:/[\w-]{8,30})?$"),
    # a base's, table's, view's, field's or record's id: three letters and 14 characters,
    # in every Airtable URL (its API keys were key…, its tokens pat…)
    ("an Airtable object id", "a public id",
     r"(?:app|tbl|viw|fld|rec|sel|usr|wsp|ent)[A-Za-z0-9]{14}$"),
    # the key id Razorpay's checkout script is given in the page (its secret has no prefix)
    ("a Razorpay key id", "a public id", r"rzp_(?:live|test)_[A-Za-z0-9]{14}$"),
    # a DingTalk app's AppKey (its client id) or a corp id: ding and 16 to 32 characters
    # (its AppSecret is the secret)
    ("a DingTalk AppKey or corp id", "a public id", r"ding[a-z0-9]{16,32}$"),
)
_PUBLIC_FORMAT = lazy_pattern("^(?:" + "|".join(
    f"(?P<f{n}>{pattern})" for n, (_name, _kind, pattern) in enumerate(PUBLIC_FORMATS)) + ")")


def public_format(v: str) -> tuple[str, str] | None:
    """The public format ``v`` is in (its name and what it is: ``public key`` or ``a public
    id``), or None."""
    m = _PUBLIC_FORMAT.match(v)
    if m is None or m.lastgroup is None:
        return None
    name, kind, _pattern = PUBLIC_FORMATS[int(m.lastgroup[1:])]
    return name, kind


#: A vendor's prefix then upper-case words (``ghp_STORED_IN_VAULT``): a placeholder.
_PREFIXED_WORDS = lazy_pattern(r"^[a-z]{2,8}_[A-Z]{2,}(?:_[A-Z]{2,})+$")
#: A piece of a path that is a word or words joined by dashes or dots (``customers``,
#: ``Self-Evolving-Agents``, ``application-pipeline``), never a run cut by ``/`` of base64.
_PATH_PART = lazy_pattern(r"[A-Za-z0-9_.~-]+")
#: A name of words, maybe stamped with a date or a time
#: (``old-agent-memory-import-20260515T143703Z``, ``backup-2026-05-15``: a backup's folder).
_PATH_WORD = lazy_pattern(r"^(?:[a-z]{4,}(?:[-.][a-z]+)*|[A-Za-z][a-z]+(?:-[A-Za-z][a-z]+)+)"
                          r"(?:[-_.]\d{4}-?\d{2}-?\d{2}(?:T\d{2}[-:]?\d{2}[-:]?\d{2}(?:\.\d+)?Z?)?)?$")
#: The file a path ends with, named as a file is: an extension of a file's type, or an SSH
#: key's file (``secrets/github_ed25519``, ``keys/deploy.pub``, ``secrets/rut200.env``).
#: (matched whole against the last part only: one start, linear in the value)
_FILE_AT_END = lazy_pattern(
    r"[\w.-]*\.(?:pub|pem|key|crt|cer|der|p12|pfx|jks|keystore|env|json|ya?ml|toml|ini|"
    r"conf|cfg|txt|md|gpg|asc|age|kdbx|sh|py|js|ts)(?:\.(?:bak|orig|old|backup)(?:[._-]?\d[\d_.-]*)?)?"
    r"|(?:[\w-]+_)?(?:id_)?(?:rsa|ed25519|ecdsa|dsa)")  # (a backup's copy: ``x.js.bak.20260404``)
#: Capitalised words, then a count from one (``…123``) and a symbol or two: a template's
#: stand-in when one of the words is a label's (``AdminStrongPassword123!``).
_WORDS_AND_COUNT = lazy_pattern(r"(?:[A-Z][a-z]+){2,5}1(?:2(?:3(?:4(?:5(?:6)?)?)?)?)?"
                                r"[!.?#*@$]{0,3}")
#: A typed password opening with ``@`` (``@Casa2024``, ``@Portao5521!``): a capitalised word,
#: then digits, as a handle never is when a password's label stands beside it.
_AT_TYPED = lazy_pattern(r"@[A-Z][a-z]{2,}\d{2,}[!#$%&*?.]*")
#: A release's version with its build or flavour (``4.17.4-2ubuntu3``, ``3.11.2-slim``): dotted
#: numbers (after a package's epoch, ``1:``), then lower-case words a package or an image is
#: built as.
_VERSION = lazy_pattern(r"(?:\d{1,2}:)?\d{1,4}(?:\.\d{1,4}){1,3}(?:[-+~][a-z]*\d*[a-z]+\d*)+")
#: A shell's prompt (``openclaw@vader:~$``, ``root@pve-01:/etc#``): a user, a host, a path.
_PROMPT = lazy_pattern(r"^[\w.-]+@[\w.-]+:[~/][^\s]*[$#]$")
#: A function's name in camelCase, a verb first (``getEapDot1xSetting``, ``setSiteApExist6G``):
#: words, acronyms and digits glued, as an API's calls are named.
_CALL_NAME = lazy_pattern(r"^(?:get|set|is|has|on|handle|fetch|create|update|delete|remove|"
                          r"load|save|list|find|make|build|parse|check|read|write|add|to|from)"
                          r"(?:[A-Z][a-z]+|[A-Z]{2,5}|\d+[a-z]?(?=[A-Z])|\d*[A-Z](?=[A-Z]|$))*"
                          r"(?:[A-Z][a-z]{2,}|\d*[A-Z]{1,5})$")  # (a word or an acronym last:
#: ``getMeIn2024x`` ends as a password does, kept)
_CAPITALISED = lazy_pattern(r"[A-Z][a-z]+")
#: A name at a version (``actions/checkout@v3``'s ``checkout@v3``, ``lodash@4.17.21``): a
#: GitHub Action's or a package's reference.
#: (a word, ``@`` and digits alone is a password's common shape: ``Lahore@786``, kept)
_AT_VERSION = lazy_pattern(r"^(?:[\w.-]+/)?[A-Za-z][\w.-]*@"
                           r"(?:v\d+(?:\.\d+){0,3}|\d+(?:\.\d+){1,3})$")
_VOWELS = lazy_pattern(r"(?i)[aeiouy]")
#: A class's or a method's name: capitalised words and acronyms glued, after maybe an
#: interface's ``I`` or a first word in small letters (``AutoModelForCausalLM``,
#: ``HTTPServerAuthHandler``, ``IContextParamResolver``, ``challengeExpiresAt``), a word may
#: hold one or two digits (``Qwen2ForCausalLM``, ``I18nEditorDialog``); three parts at least,
#: no symbol, and no digit last (``Summer2024`` ends as a typed password does).
_CLASS_PART = r"(?:[A-Z][a-z]{1,15}\d{0,2}|[A-Z]\d{1,2}[a-z]{1,8}|[A-Z]{2,5}(?=[A-Z][a-z]|$))"
_CLASS_NAME = lazy_pattern(r"^(?:I(?=[A-Z])|[a-z]{2,15}(?=[A-Z]))?" + _CLASS_PART + r"{2,}$")
_SNAKE_PART = r"(?:[A-Z][a-z]{1,15}|[A-Z]{2,5}(?=[A-Z][a-z]|_|$))+"
_SNAKE_NAME = lazy_pattern(r"^[a-z]{2,}(?:_[a-z]{2,})+(?:_?v?\d{1,3})?$|"
                           r"^(?:[A-Z]{1,5}_)?" + _SNAKE_PART + r"(?:_" + _SNAKE_PART + r")+$")
_CAMEL_WORDS = lazy_pattern(r"^[A-Z]*(?:[A-Z][a-z]{2,})+$|^[a-z]{2,}(?:[A-Z][a-z]{2,})+$")
#: Words in CamelCase, then at most an acronym (``KeePassXC``, ``phpMyAdmin``).
_WORDS_THEN_CAPS = lazy_pattern(r"^[A-Za-z][a-z]+(?:[A-Z][a-z]+)+[A-Z]{0,4}$")
#: A word, then a run of letters with capitals where no word starts, and at most a symbol
#: (``SaudadeEwBXv``, ``BaguetteKXgi#``): a password made of a word and a random tail.
_WORD_THEN_RANDOM = lazy_pattern(r"^[A-Z]?[a-z]{3,}(?P<tail>[A-Za-z]{4,})[!#$%&*+?@^~]?$")
_GROUPED = lazy_pattern(r"^[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){3,7}$")
_DIGIT_GROUPS = lazy_pattern(r"^\d{3,5}(?: \d{3,5}){1,3}$")
_WORD_CHAIN = lazy_pattern(r"^[^\W\d_]{3,}(?:-[^\W\d_]{3,}){3,7}$")
_MODELISH = lazy_pattern(r"(?i)^[a-z]+[-_.]?\d+(?:\.\d+)?[a-z]?(?:[-_.][a-z0-9]+)*$")
_FILENAME = lazy_pattern(r"(?i)\.(?:md|txt|json|ya?ml|toml|ini|env|pem|key|crt|py|js|ts|sh|"
                         r"conf|cfg|log|csv|html?|png|jpe?g|pdf|zip)$|^[a-z][a-z_-]*\.[a-z]{2,4}$")
_SYMBOLS = set("!@#$%^&*+=?~_-.:;,/|\\'\"`()[]{}<>")
#: Providers' documented example keys: shown in their docs, never anyone's secret.
_DOC_EXAMPLES = frozenset({
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
    "sk_test_26PHem9AhJZvU623DfE1x4sd", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY", "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    # xkcd 936's passphrase, the example every password guide and test fixture quotes
    "correct horse battery staple", "correcthorsebatterystaple",
    # the storage emulator's (Azurite's) account key, published in Microsoft's docs
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    # Telegram's Bot API documentation
    "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
    # Slack's "Verifying requests from Slack" signing secret
    "8f742231b10e8888abcd99yyyzzz85a5",
    # Google Authenticator's wiki example TOTP seed, in every TOTP library's docs and tests
    "JBSWY3DPEHPK3PXP"})
_JWT_SAMPLE_PAYLOAD = "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"


@cache
def _label_words() -> frozenset[str]:
    """Every label word of the lexicon in every language, and its ASCII spelling
    (``contrasena``, ``haslo``): a value that is one is a placeholder."""
    from memtui.core.creds import lexicon

    out = set()
    for by_kind in lexicon.data()["labels"].values():
        for listed in by_kind.values():
            for w in listed:
                for v in lexicon.variants(w):
                    out.add(v)
                    out.add(unicodedata.normalize("NFKD", v.replace("ł", "l"))
                            .encode("ascii", "ignore").decode())
    return frozenset(out)


def _label_name(name: str) -> bool:
    """``name`` (an identifier) names a credential itself (``Password``, ``pin``): what is
    set to it is that credential's value, not another name's setting."""
    from memtui.core.creds import lexicon

    return lexicon.name_label(name.strip("*_")) is not None


def _label_word(value: str) -> bool:
    low = value.lower().replace("ł", "l")
    return low.isalpha() and low in _label_words()


def _holds_label_word(value: str) -> bool:
    """``Kennwortwechsel``: a compound of a label word is a word of the text."""
    return next(_label_automaton().iter(value.lower()), None) is not None


def holds_label_word(value: str) -> bool:
    """``value`` holds a label's word (``Kennwortwechsel``, ``Password123!``): a word of the
    text, or an example made of one, not a value typed or generated."""
    return _holds_label_word(value)


@cache
def _label_automaton() -> ahocorasick.Automaton:
    """The label words of five letters or more, to look for inside a value."""
    automaton = ahocorasick.Automaton()
    for w in _label_words():
        if len(w) >= 5 and w.isalpha():
            automaton.add_word(w, w)
    automaton.make_automaton()
    return automaton


#: Words a placeholder is written with, in capitals or not (``YOURAPITOKENHERE``,
#: ``notconfiguredyet``): no provider makes these up.
_PLACEHOLDER_PIECE = lazy_pattern(r"(?i)your|here|replace|insert|example|sample|dummy|change|"
                                  r"redact|hidden|notset|missing|unknown|pending|secret|tbd")


def random_letters(value: str) -> bool:
    """16 to 64 letters of one case at 3.2 bits a character or more, holding no label's word
    and no placeholder's: a code a provider made up of letters alone — a mail provider's
    authorization code (16 of them), a TOTP seed with no digit, a key in capitals. Beside a
    label only: a long word of the text has such a spread too; in small letters, under 40 %
    vowels (a word has 35–45 %: ``verantwoordelijkheid`` 40 %; random letters 19 % on
    average)."""
    n = len(value)
    return 16 <= n <= 64 and value.isascii() and value.isalpha() and \
        (value.isupper() or (value.islower() and
                             sum(c in "aeiou" for c in value) < 0.4 * n)) and \
        entropy(value) >= 3.2 and \
        not _holds_label_word(value) and not _PLACEHOLDER_PIECE.search(value) and \
        not _SEQUENCE.search(value)


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def doc_example(value: str) -> bool:
    """A provider's documented example key (AWS ``…EXAMPLE``, the jwt.io sample, Stripe's)."""
    return ("EXAMPLE" in value or value in _DOC_EXAMPLES or _JWT_SAMPLE_PAYLOAD in value
            or value.partition("=")[2] in _DOC_EXAMPLES  # ``AccountKey=<the emulator's>``
            or value.startswith("AKIAIOSFODNN7"))


def public_jwt(value: str) -> bool:
    """A JWT whose claims give it the anonymous role (``"role": "anon"``: Supabase's anon key,
    public by design: it ships to every browser, and row-level security guards the data)."""
    parts = value.split(".")
    if len(parts) != 3 or not value.startswith("eyJ") or len(parts[1]) > 4096:
        return False
    try:
        claims = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(claims, dict) and claims.get("role") == "anon"


#: One piece of a name (split at ``/ - _ .``): a word, a number, a word and a digit or two
#: (``ps1``, ``VP9``), a number and a unit (``10px``, ``14h``, ``5s``) or an acronym (``2FA``,
#: ``3D``, ``5G``).
_NAME_PIECE = lazy_pattern(r"^(?:[A-Za-z]+\d{0,2}|\d{1,4}(?:[a-z]{0,3}|[A-Z]{1,3}))$")
_PIECE_SPLIT = lazy_pattern(r"[-_./+]")


def plain_name(value: str) -> bool:
    """``value`` is words, numbers, versions and units joined: a path (``src/views/login/``,
    ``sessions/2026/06``), a provider's model id (``claude-sonnet-4-5``, ``abab6.5s-chat``), a
    product's name (``KSM-66``), a single word; never random-looking. A lone piece counts only
    as a word of letters whose capitals start words (``blueprint``, ``WebM``; not ``4821``,
    ``Welcome1`` nor ``DvqqceWoFFxa``)."""
    v = value.strip().strip("/")
    if not v or len(v) > 200 or not v.isascii():
        return False
    pieces = [p for p in _PIECE_SPLIT.split(v) if p]
    if not pieces or not all(_NAME_PIECE.match(p) and not _irregular_case(p) and
                             not (len(p) >= 6 and _capitals_inside(p)) for p in pieces):
        return False  # ``SuxoxfgctS``: capitals where no word starts
    if any(len(p) >= 4 and p.isalpha() and not any(c in "aeiouyAEIOUY" for c in p)
           for p in pieces):
        return False  # ``tnghc``: letters no word is spelt with
    if len(pieces) == 1:
        return v.isalpha()
    # pieces of one length joined by dashes: a code in groups (``dlnu-edkz``, ``AQZH-MXK7``)
    return not (set(v) & set("/_.") == set() and len({len(p) for p in pieces}) == 1 and
                len(pieces[0]) >= 3)


def public_id(v: str) -> bool:
    """A key or an id its vendor documents as public (`PUBLIC_FORMATS`)."""
    return public_format(v) is not None


def _path_of_words(v: str) -> bool:
    """``customers/123/adGroupAds/…``, ``memory/warm/x.md.bak-2026``, ``owner/repo-name``:
    pieces of letters, digits and ``_.~-`` joined by ``/``, one a word (with a vowel) or words
    joined by dashes."""
    parts = v.split("/")
    if len(parts) < 2 or not all(_PATH_PART.fullmatch(p) for p in parts):
        return False  # (``user/Pass#2024``: a login, its password's symbol no path's)
    # two pieces: the last one a name (``owner/repo-name``), as no password is
    return any(_PATH_WORD.match(p) and _VOWELS.search(p)
               for p in (parts if len(parts) > 2 else parts[1:]))


#: A part of a dotted name after its first: a word in capitals and small letters, or an
#: acronym (``Core``, ``UI``, ``Services``, ``IO``, ``Tests``).
_NAME_PART = lazy_pattern(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*|[A-Z]{2,5}|[a-z]{2,}")
_NAME_HEAD = lazy_pattern(r"[A-Za-z][A-Za-z0-9_]*")


def dotted_name(v: str) -> bool:
    """``Acme247.UI.Shared``, ``Foo365.Core.Services.Auth``: three parts or more joined by
    dots, the first an identifier (a product's name with its digits), each other a word or
    an acronym — a .NET-style namespace, a project or a module, written on line after line
    of a codebase's notes (session 36: 56 false credentials in one real folder). Two parts
    are no namespace (``Pulpo.Feira91``: a password)."""
    parts = v.split(".")
    return len(parts) >= 3 and bool(_NAME_HEAD.fullmatch(parts[0])) and \
        all(_NAME_PART.fullmatch(p) for p in parts[1:]) and any(c.isalpha() for c in parts[0])


_JOINS = lazy_pattern(r"[._/\\-]+")


def namespace_family(text: str, v: str) -> bool:
    """``Acme247.Data``, ``Acme247_Shared``, ``src/Acme247.UI/Views``: a name made of a root
    that heads two names or more in ``text`` (``Acme247.Api``, ``Acme247_Core``: a
    codebase's namespaces, assemblies, folders) and of words or acronyms, joined by dots,
    underscores, dashes or slashes — the product's name in its folders, assemblies and
    files, written on line after line. A password is written once, alone; its parts are
    no family's."""
    parts = [p for p in _JOINS.split(v) if p]
    if len(parts) < 2:
        return False
    for root in parts:
        if not (_NAME_HEAD.fullmatch(root) and any(c.isdigit() for c in root)):
            continue
        if all(p == root or _NAME_PART.fullmatch(p) for p in parts) and _heads_names(text, root):
            return True
    return False


#: A URL whose host is a stand-in (``xxx.feishu.cn``, ``example.com``, ``your-team.slack.com``):
#: a vendor's documented example, its path's parts examples too.
_EXAMPLE_URL = lazy_pattern(r"(?i)\bhttps?://(?:x{3,}|example|your[\w-]*|[\w-]+\.example)\.[\w.-]+"
                            r"(?P<path>/[^\s?#'\"`<>()]*)")


def example_url_parts(text: str) -> frozenset[str]:
    """The parts of the paths of ``text``'s example URLs (`_EXAMPLE_URL`): a value given as
    one (``token: ABC123def`` below ``xxx.feishu.cn/wiki/ABC123def``) is the example's id."""
    return frozenset(p for m in _EXAMPLE_URL.finditer(text) for p in m.group("path").split("/")
                     if p)


def _heads_names(text: str, root: str) -> bool:
    """``root`` then a dot, an underscore or a dash starts two names or more of ``text``,
    each with another part after it (``Acme247.Api``, ``Acme247_Shared``)."""
    seen: set[str] = set()
    at = text.find(root)
    while at >= 0 and len(seen) < 2:
        end = at + len(root)
        if (at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "._")) and \
                end < len(text) and text[end] in "._-":
            stop = end + 1
            while stop < len(text) and (text[stop].isalnum() or text[stop] == "_"):
                stop += 1
            if stop > end + 1:
                seen.add(text[end + 1:stop])
        at = text.find(root, at + 1)
    return len(seen) >= 2


#: A PowerShell environment variable (``$env:GITHUB_TOKEN``), a shell's with a default
#: (``${TOKEN:-x}`` is a placeholder already): where the value is kept, not the value.
_ENV_REFERENCE = lazy_pattern(r"(?i)^\$env:[A-Za-z_]\w*$")
#: The extensions of source code and of the files code is kept beside: a path ending in one
#: of them is a file, with or without its line.
_CODE_EXTENSIONS = (r"py|pyi|js|jsx|mjs|cjs|ts|tsx|go|rb|rs|java|kt|kts|scala|swift|c|cc|cpp|"
                    r"h|hpp|cs|php|lua|dart|vue|svelte|sh|bash|zsh|ps1|sql|md|mdx|json|ya?ml|"
                    r"toml|ini|cfg|conf|txt|html?|css|scss|ipynb|gradle|xml|proto|tf|env")
#: A place in source code: a path, a file with its extension, then a line or a range of
#: lines (``src/lib/apiKeys.ts:87-107``, ``auth.rb:12``, ``vault.go#L58-L60``); or a path
#: of one folder or more ending in a code file (``apps/web/src/lib/auth/session.ts``).
#: (one way to read it: the folders cut by ``/``, the file's name up to its last dot)
_CODE_PLACE = lazy_pattern(
    r"^(?:[\w@~.-]+/)*[\w.-]*\.(?:" + _CODE_EXTENSIONS + r")"
    r"(?::\d{1,6}(?:[-\u2013:]\d{1,6})?|#L\d{1,6}(?:-L?\d{1,6})?)$")
_CODE_PATH = lazy_pattern(
    r"^(?:[\w@~.-]+/)+[\w.-]*\.(?:" + _CODE_EXTENSIONS + r")$")
#: ``owner/repo`` (``tiktoken/cl100k_base``, ``meta-llama/Llama-3.1-8B``): two names, each
#: of pieces that are words, numbers or a word with a number and a unit glued
#: (``cl100k``, ``7B``, ``Qwen2``), joined by ``-_.``.
_REPO_PIECE = lazy_pattern(r"^(?:[A-Za-z]{2,}\d{0,4}[A-Za-z]{0,2}|\d{1,4}[A-Za-z]{0,2})$")
_REPO_SPLIT = lazy_pattern(r"[-_.]")


def _owner_repo(v: str) -> bool:
    """``owner/repo``: one slash, each side pieces of names (see ``_REPO_PIECE``), every
    piece of four letters or more with a vowel and no capitals where no word starts — a
    base64 run cut by one ``/`` has none of that."""
    if v.count("/") != 1 or len(v) > 140:
        return False
    for side in v.split("/"):
        if not side or not side[0].isalnum():
            return False
        pieces = [p for p in _REPO_SPLIT.split(side) if p]
        if any(c.isdigit() for c in side) and (
                len(pieces) == 1 or (len(pieces) == 2 and pieces[1].isdigit())):
            return False  # ``admin/Summer2024``, ``root/hunter-2024``: a login and its password
        for piece in _REPO_SPLIT.split(side):
            if not piece:
                continue
            if not _REPO_PIECE.match(piece) or _irregular_case(piece) or \
                    (len(piece) >= 6 and _capitals_inside(piece)):
                return False
            letters = "".join(c for c in piece if c.isalpha())
            if len(letters) >= 4 and not _VOWELS.search(letters):
                return False
    return True


def code_reference(v: str) -> str | None:
    """Why ``v`` is code the note points at — an environment variable, a place in source
    code, a repository — or None. Issue 39: on real notes most false credentials were code
    written beside a label word."""
    if v[:1] == "$" and _ENV_REFERENCE.match(v):
        return "an environment variable"
    if "." in v and (_CODE_PLACE.match(v) or ("/" in v and _CODE_PATH.match(v))):
        return "a place in source code"
    if "/" in v and _owner_repo(v):
        return "names joined (a repository, a model)"
    return None


def not_a_value(value: str) -> str | None:
    """Why ``value`` is never a credential, or None when it may be one."""
    v = value.strip()
    if len(v) < 4:
        return "too short"
    if _PLACEHOLDER.match(v) or (v.isdigit() and len(set(v)) == 1):
        return "placeholder"  # … and 0000, 1111: a factory PIN
    if _ELIDED.search(v):
        return "elided"
    if doc_example(v):
        return "documented example"
    if _REFERENCE.match(v):
        return "reference"
    code = code_reference(v)
    if code:
        return code
    public = public_format(v)
    if public:
        return public[1]
    if public_jwt(v):
        return "public key"
    if _PREFIXED_WORDS.match(v):
        return "placeholder"
    if _path_of_words(v):
        return "names joined (a path, a route, an attribute)"
    if ("." in v or "/" in v) and _FILE_AT_END.fullmatch(v[v.rfind("/") + 1:]):
        return "a file's path"
    if "." in v and _VERSION.fullmatch(v):
        return "a version"
    if "@" in v and _PROMPT.match(v):
        return "a shell's prompt"
    if v[:1].islower() and _CALL_NAME.match(v) and sum(c.isupper() for c in v) >= 2 and \
            all(_VOWELS.search(w) for w in _CAPITALISED.findall(v)):
        return "a function's name"  # (each word with a vowel: ``isChxkgSKkOwH`` is random)
    if "@" in v and _AT_VERSION.match(v):
        return "a name at a version (an action's or a package's reference)"
    if "." in v and dotted_name(v):
        return "a dotted name (a namespace, a module)"
    if _PASSWORD_HASH.match(v):
        return "a password hash"
    if "-----BEGIN" in v:
        return "key block (its body is the value)"
    if _SEQUENCE.search(v) and typed_sequence(v):
        return "typed sequence"
    if len(v) <= 16 and runs_joined(v):
        return "typed sequence"
    if _label_word(v):
        return "placeholder"  # ``user:passwort@``, ``Passwort: kennwort``: a label as value
    if _WORDS_AND_COUNT.fullmatch(v) and _holds_label_word(v):
        return "placeholder"  # ``YourStrongPassword123!``: words naming the thing, counted
    if not v.isascii() and not (_LATIN.fullmatch(v) and any(c.isdigit() for c in v)):
        return "words of the text"  # (a Latin value with accents and digits is typed:
        # ``Älgstek756?``, ``Crêpe0543&Cidre``)
    if _UPPER_TEMPLATE.match(v):
        return "placeholder"
    if _WIN_PATH.match(v):
        return "a path"
    if _CALL.match(v):
        return "a call"
    if _SETTING.match(v) or _SET_TO_A_URL.match(v) or _SET_TO_A_TIME.match(v):
        return "another name's setting"  # ``bucket_capacity=120`` after "token bucket"
    measure = _MEASURE.match(v) or _ATTRIBUTE.match(v)
    if measure and not _label_name(measure.group("name")):
        return "another name's setting"  # ``passes: ratio_at=4.00x``: a result, not a value
        # (``session cookie SameSite=Lax``: an attribute set to a word)
    if _ARN.match(v):
        return "a resource name"  # ``arn:aws:secretsmanager:…:secret:prod/db-Xh44jz``
    if _SIGNING_SCOPE.search(v):
        return "a signing scope"
    if _CHORD.match(v):
        return "a key chord"
    if _REFERENCE_NUMBER.match(v):
        return "a reference number"
    if _EMAIL.match(v):
        return "an e-mail address"
    if _ALGORITHM.match(v):
        return "an algorithm's name"
    if _PRICE.match(v):
        return "a price"
    if _AMOUNT.match(v):
        return "an amount"
    if _DATED_NAME.match(v):
        return "a dated name"
    if _SOURCE_LINE.match(v):
        return "a place in source code"
    if _TIME_SPAN.match(v):
        return "a time or a time span"  # ``heures clés : 9h-14h``: the hours, not a key
    if _DIGEST.match(v):
        return "a digest or a fingerprint"
    if _HOST_NAME.match(v):
        return "a host name"
    if _CALL_OPEN.match(v):
        return "a call"
    if _JOINED_WORDS.match(v) and (not any(c.isdigit() for c in v) or
                                   ("/" in v and _EXTENSION.search(v))) and \
            not any((len(p) >= 8 and p.isalpha() and _irregular_case(p)) or _random_small(p)
                    for q in _JOINED_SPLIT.split(v) for p in q.split("_")):
        return "names joined (a path, a route, an attribute)"  # not ``nkpXNGXvfqQLw-Jm``:
        # a piece with capitals where no word starts is made up
    if _DOTTED_NUMBER.match(v):
        return "names joined (a path, a route, an attribute)"
    if _FLOW.match(v):
        return "names joined (a flow)"  # ``feature->circuit->behavior``
    if v.endswith("%") and (v[:-1].isalpha() or _JOINED_WORDS.match(v[:-1])) and \
            not any(c.isdigit() for c in v):
        return "a measure's name"  # ``low-AND%``, ``CPU%``: the share of what it names
    if "/" in v.strip("/") and plain_name(v):
        return "names joined (a path, a route, an attribute)"  # sessions/2026/06, src/views/
    if _UTILITY_CLASS.match(v):
        return "a style class"  # ``text-[10px]``, ``w-[calc(100%-2rem)]`` after design tokens
    if _PREFIX.match(v):
        return "a prefix"  # ``sk-ant-oat01-``
    if "{" in v or "<" in v:
        return "a template"
    if v[0] == "-" and (v[1:2].isalpha() or (v[1:2] == "-" and v[2:3].isalpha())) and \
            _OPTION.match(v) and not _made_up_after_dash(v):
        return "a command-line option"  # … or a CSS custom property (``--color-key-accent``);
        # ``-C7m*W4l…`` is no option: an option's name holds no symbol
    if v[0] in "@#":
        return "a handle, a host or a tag"
    if _FILENAME.search(v) and "/" not in v[-6:]:
        return "file name"
    if _NUMBERISH.match(v) and not v.isdigit():
        return "number"
    return None


def char_kinds(value: str) -> int:
    """How many of lower case, capitals, digits and other characters ``value`` mixes."""
    return (any(c.islower() for c in value) + any(c.isupper() for c in value)
            + any(c.isdigit() for c in value) + any(c in _SYMBOLS or not c.isalnum()
                                                     for c in value))


def _random_small(v: str) -> bool:
    """24 small letters or more, under a third of them vowels, spread wide: no word of any
    name (the longest hold 35-45 % vowels) but a key's run in one case (``sk-`` then 48
    small letters; session 36: set21's and set24's, read as words joined)."""
    return len(v) >= 24 and v.isalpha() and v.isascii() and v.islower() and \
        sum(c in "aeiou" for c in v) < 0.3 * len(v) and entropy(v) >= 4.0


def _irregular_case(v: str) -> bool:
    """Capitals where no word of a name starts (``DvqqceWoFFxa``), not ``WelcomeHome`` or
    ``HTTPServer``: at least three of each case, and not words in CamelCase."""
    upper = sum(c.isupper() for c in v)
    return upper >= 3 and len(v) - upper >= 3 and not _CAMEL_WORDS.match(v)


def _capitals_inside(v: str) -> bool:
    """Two capitals or more, one past the first letter, and not words in CamelCase nor a
    capitalised or all-capital word (``zCltcVVol``, ``SuxoxfgctS``; not ``WelcomeHome``)."""
    upper = sum(c.isupper() for c in v)
    return upper >= 2 and any(c.isupper() for c in v[1:]) and len(v) - upper >= 2 and \
        not _CAMEL_WORDS.match(v) and not _WORDS_THEN_CAPS.match(v)


def class_name(v: str) -> bool:
    """``v`` is a class's or a method's name (``_CLASS_NAME``): no digit last, every
    capitalised word of three letters or more with a vowel, two such words at least
    (``WbPiVuMmjAr``, ``XkQzTrwBnm`` are made up)."""
    if not v or v[-1].isdigit() or len(v) > 120 or not _CLASS_NAME.match(v):
        return False
    head = v[:len(v) - len(v.lstrip("abcdefghijklmnopqrstuvwxyz"))]  # (``challenge…``)
    words = [w for w in [head, *_CAPITALISED.findall(v)] if len(w) >= 3]
    return len(words) >= 2 and all(_VOWELS.search(w) for w in words)


#: Short function words that are no copula: what follows them is not the value (the prose
#: reading, `memtui.core.creds.prose`), and that make quoted words a note, not a passphrase.
FUNCTION_WORDS = frozenset({"for", "of", "on", "in", "at", "by", "von", "für", "de", "du",
                           "da", "pro", "per", "на", "от", "для", "del", "des", "the", "a",
                           "an", "le", "la", "el", "der", "die", "das", "my", "our", "it",
                           "and", "or", "und", "et", "y", "e", "и", "в", "с", "with", "mit",
                           "avec", "con", "com", "med", "met", "ile", "z", "för", "på", "av",
                           "om", "voor", "van",
                           "naar", "dla", "do", "od", "za", "k", "cho", "của", "untuk",
                           "ke", "di", "al", "ao", "à", "au", "aux", "zu", "zum", "zur", "bei",
                           "till", "tot", "til", "fra", "från", "uit", "aus"})


def chosen_words(words: list[str]) -> bool:
    """Words a person chose as a passphrase, in any language (set28's Wi-Fi keys: ``zils
    kaķis guļ uz dīvāna``, ``lluvia de marzo 23``, ``zelena Kapa na polici``): three to
    eight words of letters of one script, short ones among them, at most one number; twelve
    letters at least, two words of four letters or more, and no word a label's (``see the
    password vault`` is a note) — asked of a quoted value under a password word only."""
    numbers = [w for w in words if w.isdigit()]
    letters = [w for w in words if not w.isdigit()]
    if not 3 <= len(words) <= 8 or len(letters) < 3:
        return False
    sentence = letters[0][:1].isupper() and all(w.islower() for w in letters[1:])
    return len(letters[0]) >= 4 and not sentence and \
        sum(w.lower() in FUNCTION_WORDS for w in letters) <= 1 and len(numbers) <= 1 and \
        all(len(w) <= 4 for w in numbers) and \
        all(w.isalpha() for w in letters) and \
        sum(map(len, letters)) >= 12 and sum(len(w) >= 4 for w in letters) >= 2 and \
        len({_script(w) for w in letters}) == 1 and \
        not any(_label_word(w) or _holds_label_word(w) for w in letters)


#: Capitalised words joined by dots, ending in digits (``Granada.Ilustra9``): a chosen
#: password, where an attribute path starts small (``config.timeout2``).
_CAPITALISED_DOTTED = lazy_pattern(r"^[A-Z][a-z]+(?:\.[A-Z][a-z]+\d*)*\.[A-Z][a-z]+\d+$")


def typed_in_its_script(v: str) -> bool:
    """A value of one word in a script other than Latin, with digits or a symbol inside
    (``Θάλασσα77``, ``ຈຳປາ2568``, ``Пароль_2024``): no word of a sentence holds digits, so
    beside a password label it is one typed on that script's keyboard. Not in a script
    written without spaces (``2024年``, ``第3``: the text runs on into the digits)."""
    if not 5 <= len(v) <= 64 or any(c.isspace() for c in v) or lexicon.no_space(v):
        return False
    letters = [c for c in v if c.isalpha()]
    digits = sum(c.isdigit() for c in v)
    if len(letters) < 3 or not (digits >= 2 or (digits and any(
            not c.isalnum() for c in v[1:-1]))):
        return False
    return len({unicodedata.name(c, "?").split()[0] for c in letters}) == 1


def _script(word: str) -> str:
    """The script of ``word``'s first letter, by its Unicode name (``LATIN``, ``GREEK``)."""
    return unicodedata.name(word[0], "?").split()[0]


def typed_after_at(value: str) -> bool:
    """``@Casa2024``: a password typed opening with ``@`` (a capitalised word, then digits),
    when a password's label or a user's pair stands beside it — no handle there."""
    return bool(_AT_TYPED.fullmatch(value))


def secret_shape(value: str, *, strong: bool, password_word: bool = False,
                 quoted: bool = False) -> str | None:
    """A description of ``value`` as a secret (``14-character mixed value``), or None.

    ``strong``: a label stands right beside the value; ``password_word``: that label names a
    password or PIN outright; ``quoted``: the value was in quotes or backticks."""
    v = value
    n = len(v)
    if v.isdigit() and len(set(v)) == 1:
        return None  # 0000: a factory PIN
    if strong and password_word and _DOOR_CODE.match(v) and sum(c.isdigit() for c in v) >= 3 \
            and (sum(c.isdigit() for c in v) >= 4 or v.count("-") >= 2):
        return f"{n}-character code"  # 4829B, 91#274: a door or PIN code
    if strong and (random_letters(v) or (_GROUPED.match(v) and random_letters(v.replace(" ", "")))):
        # an authorization code (QQ's, 163's), a TOTP seed of letters, maybe in groups of four
        return f"{len(v.replace(' ', ''))}-letter random value"
    if strong and password_word and typed_after_at(v):
        return f"{n}-character mixed value"  # ``Senha: @Casa2024``: no handle after a password
    reason = not_a_value(v.replace(" ", ""))
    made_up = reason in (None, "words of the text", "names joined (a path, a route, an attribute)")
    if strong and password_word and made_up and _DIGIT_GROUPS.match(v):
        return f"{n}-character code in groups"  # recovery codes: 0122 5808
    if strong and password_word and made_up and _WORD_CHAIN.match(v):
        return f"{v.count('-') + 1}-word passphrase"  # kanelbulle-älg-snöstorm-skärgård
    groups = v.split("-")
    if strong and password_word and (made_up or reason == "number") and \
            _CODE_GROUPS.match(v) and n >= 7 and (
            (any(c.isdigit() for c in v) and any(c.isalpha() for c in v)) or
            (v.replace("-", "").isdigit() and min(map(len, groups)) >= 4 and
             reason == "number") or
            (v.islower() and len({len(g) for g in groups}) == 1 and len(groups[0]) >= 4)):
        return f"{n}-character code"  # a recovery code: s8b3-6tq3, pebal-tnghc
    if " " in v:
        if not made_up:
            return None
        if strong and _GROUPED.match(v):
            return f"{n}-character grouped app password"
        words = v.split()
        # a quoted passphrase of four words or more, in any language: long words (``see the
        # team vault`` is a sentence)
        if password_word and quoted and len(words) >= 4 and \
                all(w.isalpha() and len(w) >= 3 for w in words) and \
                sum(map(len, words)) >= 5 * len(words):
            return f"{len(words)}-word passphrase"
        if password_word and quoted and chosen_words(words):
            return f"{len(words)}-word passphrase"
        return None
    if reason == "names joined (a path, a route, an attribute)" and strong and password_word \
            and _DOTTED_NUMBER.match(v) and sum(c.isupper() for c in v) >= 2:
        return f"{n}-character mixed value"  # ``Lale.Istanbul.58``: capitalised words and a
        # number under a password label; an attribute path is lower case (color.primary.500)
    if reason == "words of the text" and strong and password_word and typed_in_its_script(v):
        return f"{n}-character mixed value (letters of its own script)"  # ``Θάλασσα77``,
        # ``ຈຳປາ2568``: a value typed on another keyboard, judged by its slot
    if not_a_value(value):
        return None
    if v.isdigit():
        if password_word and strong and 4 <= n <= 12:
            return f"{n}-digit PIN"
        return None
    if _UUID.match(v) or _HEX.match(v):
        return f"{n}-character hex token" if strong else None
    if not password_word and class_name(v):
        return None  # ``AutoModelForCausalLM`` after "token": a class's name; only a
        # password may be words a person chose (``CorrectHorseBatteryStaple``, kept)
    if not password_word and _SNAKE_NAME.match(v):
        return None  # ``get_token_v2``: a function's name, words and a version
    if _IDENTIFIER.match(v) and not (strong and quoted and char_kinds(v) >= 3 and
                                     n >= (6 if password_word else 8)) and \
            not (strong and password_word and _CAPITALISED_DOTTED.match(v)):
        return None
    if _MODELISH.match(v) and not strong and n <= 24:
        return None  # qwen2.5-coder-7b, gpt-4o, node18
    kinds = char_kinds(v)
    has_alpha = any(c.isalpha() for c in v)
    has_digit = any(c.isdigit() for c in v)
    if n >= 16 and entropy(v) >= 3.2 and kinds >= 2:
        return f"{n}-character random-looking value"
    inner_symbol = any(not c.isalnum() for c in v[1:-1])
    if strong and (password_word or n >= 16) and v.isalpha() and v.isascii() and n >= 12 and \
            entropy(v) >= 3.3 and sum(c in "aeiouAEIOU" for c in v) < n / 3 and \
            not _holds_label_word(v):
        return f"{n}-letter random value"  # an app password without its spaces
    if strong and password_word and v.isalpha() and v.isascii() and n >= 10 and \
            _irregular_case(v) and entropy(v) >= 3.0 and \
            sum(c in "aeiouAEIOU" for c in v) < n / 3 and not _holds_label_word(v):
        return f"{n}-letter random value"  # DvqqceWoFFxa: capitals where no word starts
    word_tail = _WORD_THEN_RANDOM.match(v) if strong and password_word else None
    tail = word_tail.group("tail") if word_tail else ""
    if word_tail and sum(c.isupper() for c in tail) >= 2 and any(c.islower() for c in tail) \
            and not _CAMEL_WORDS.match(v.rstrip("!#$%&*+?@^~")) and \
            not _WORDS_THEN_CAPS.match(v.rstrip("!#$%&*+?@^~")) and not _holds_label_word(tail):
        return f"{n}-character word and random tail"  # SaudadeEwBXv, BaguetteKXgi#
    if strong and password_word and v.isalpha() and v.isascii() and n >= 8 and \
            _capitals_inside(v) and entropy(v) >= 2.5 and \
            sum(c in "aeiouAEIOU" for c in v) <= 0.4 * n and not _holds_label_word(v):
        return f"{n}-letter mixed-case value"  # zCltcVVol, SuxoxfgctS under a password label
    if strong:
        if n >= 6 and has_alpha and (has_digit or (kinds >= 3 and inner_symbol)):
            return f"{n}-character mixed value"
        if password_word and quoted and n >= 6 and v.isalpha():
            return f"{n}-letter quoted password"
        return None
    if n >= 8 and has_alpha and has_digit and kinds >= 3:
        return f"{n}-character mixed value"
    if n >= 8 and has_alpha and kinds >= 3 and any(c in _SYMBOLS for c in v):
        return f"{n}-character mixed value"
    return None
