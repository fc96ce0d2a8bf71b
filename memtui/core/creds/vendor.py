"""Providers' token formats, from gitleaks' maintained rule set (data, not code).

``gitleaks/gitleaks.toml`` is gitleaks' default configuration at the version named in
``gitleaks/VERSION``, under gitleaks' MIT licence (``gitleaks/LICENSE``). Each rule is used as
gitleaks uses it: its keywords select the lines (one Aho–Corasick pass over the text, shared
with the other checks), its pattern finds the token, its secret group picks the value, its
entropy floor and allow-lists (patterns and stop words, on the secret or the match) reject the
rest, and the global allow-list applies to every rule. Left out: rules for one kind of file
(paths only, Terraform, NuGet, Kubernetes YAML), and ``generic-api-key`` (a keyword then any
value: memtui's labelled values replace it, in more languages and with fewer false alarms).

Go's patterns are RE2; two constructs need a word in Python: ``(?i)`` in the middle of a
pattern scopes to the end of its group (Python wants ``(?i:…)``), and ``\\z`` is ``\\Z``. A
rule whose pattern still does not compile matches nothing (``uncompilable`` names them; a
test holds that list empty). Patterns are compiled when a line first reaches their rule.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

from memtui.core.creds.values import doc_example, entropy
from memtui.core.record import FrozenRecord, init_field

#: The package folder: its data files sit beside its modules (as installed, never zipped).
_HERE = Path(__file__).parent
#: ``twilio-api-key`` matches SK and 32 hex digits: an API key's SID, which names the key as
#: an account SID (AC…) names the account; its secret has no format of its own.
#: ``discord-client-id`` reads 18 digits after "discord": an application's client id or a
#: user's id (``discord:691315817366945832``, a snowflake), public as every client id is
#: (the labelling policy: client ids are no credentials; real36: 6 false lines).
_LEFT_OUT = frozenset({"generic-api-key", "twilio-api-key", "discord-client-id"})


class Rule(FrozenRecord):
    __slots__ = ("allow", "description", "entropy", "group", "id", "keywords", "pattern", "source")

    id: str
    description: str
    pattern: re.Pattern[str]  # compiled on first use (``lazy_pattern``)
    keywords: tuple[str, ...]
    group: int
    entropy: float
    allow: tuple[tuple[str, re.Pattern[str] | None, tuple[str, ...], str], ...]
    source: str

    def __init__(self, id: str, description: str, pattern: re.Pattern[str],
                       keywords: tuple[str, ...], group: int, entropy: float,
                       allow: tuple[tuple[str, re.Pattern[str] | None, tuple[str, ...], str], ...],
                       source: str = "gitleaks") -> None:
        init_field(self, "id", id)
        init_field(self, "description", description)
        init_field(self, "pattern", pattern)
        init_field(self, "keywords", keywords)
        init_field(self, "group", group)
        init_field(self, "entropy", entropy)
        init_field(self, "allow", allow)
        init_field(self, "source", source)

    @property
    def name(self) -> str:
        """How a finding names the format: ``Shopify access token (gitleaks rule)``."""
        words = self.id.replace("-", " ")
        return f"{words[:1].upper()}{words[1:]} ({self.source} rule)"


#: Formats that name themselves, so the token is found wherever it stands, not only right
#: after its provider's name as gitleaks' rule asks (``**Telegram bot (alerts):** `…```):
#: (id, description, pattern with the token as group 1, keywords). Keep each one a shape no
#: word, hash or identifier has.
_OWN_RULES = (
    ("telegram-bot-token", "A Telegram bot token: the bot's id, a colon, 35 characters "
     "starting AA (also as the Bot API's URL writes it, right after /bot).",
     r"(?:(?<=/bot)|(?<![\w:]))(\d{8,10}:AA[A-Za-z0-9_-]{33})(?![\w-])", (":aa",)),
    ("totp-seed", "A one-time-password seed: 16, 26 or 32 base32 characters (A-Z, 2-7, both) "
     "on a line that names two-factor codes.",
     r"(?<![A-Za-z0-9])(?=[A-Z]*[2-7])(?=[2-7]*[A-Z])([A-Z2-7]{32}|[A-Z2-7]{26}|[A-Z2-7]{16})"
     r"(?![A-Za-z0-9])",
     ("otp", "2fa", "mfa", "authenticator", "authy", "二段階", "2段階", "双因素", "两步验证",
      "二次验证", "2단계", "двухфактор")),
    ("openai-project-key", "An OpenAI project, service-account or admin key: sk-proj-, "
     "sk-svcacct- or sk-admin- and 40 or more letters, digits, _ and -, ended by anything "
     "else (a CJK comma too, which gitleaks' rule does not accept).",
     r"(?<![A-Za-z0-9_-])(sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,400})(?![A-Za-z0-9_-])",
     ("sk-proj-", "sk-svcacct-", "sk-admin-")),
    ("cloud-access-key-id", "A cloud provider's access key id, by its prefix: Alibaba Cloud "
     "LTAI and 12 or 20 letters and digits, Tencent Cloud AKID and 32, AWS AKIA, ASIA, ABIA "
     "or ACCA and 16 of A-Z and 2-7, a digit among them; ended by anything but a token "
     "character (a CJK comma or letter too, which gitleaks' rules do not accept).",
     r"(?<![A-Za-z0-9_+/=-])((?:LTAI(?=[A-Za-z]{0,19}[0-9])(?:[A-Za-z0-9]{20}|[A-Za-z0-9]{12})|"
     r"AKID(?=[A-Za-z]{0,31}[0-9])[A-Za-z0-9]{32}|(?:AKIA|ASIA|ABIA|ACCA)(?=[A-Z]{0,15}[2-7])"
     r"[A-Z2-7]{16}))"
     r"(?![A-Za-z0-9_+/=-])",
     ("ltai", "akid", "akia", "asia", "abia", "acca")),
    ("stripe-webhook-secret", "A Stripe webhook signing secret: whsec_ and 32 or more letters "
     "and digits.", r"(?<![A-Za-z0-9_])(whsec_[A-Za-z0-9]{32,80})(?![A-Za-z0-9_])", ("whsec_",)),
    ("mailgun-api-key", "A Mailgun API key: key- and 32 lower-case hex digits.",
     r"(?<![A-Za-z0-9_-])(key-[0-9a-f]{32})(?![A-Za-z0-9_-])", ("key-",)),
    ("openai-legacy-key", "An OpenAI key of the first format: sk- and 48 letters and digits, "
     "both cases and a digit among them.",
     r"(?<![A-Za-z0-9_-])(sk-(?=[a-z0-9]{0,47}[A-Z])(?=[A-Z0-9]{0,47}[a-z])"
     r"(?=[A-Za-z]{0,47}[0-9])[A-Za-z0-9]{48})(?![A-Za-z0-9_-])", ("sk-",)),
    ("fcm-server-key", "A Firebase Cloud Messaging legacy server key: AAAA and 7 characters, "
     "a colon, APA91b and 100 or more.",
     r"(?<![A-Za-z0-9_-])(AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,300})(?![A-Za-z0-9_-])",
     (":apa91b",)),
    ("nvidia-api-key", "An NVIDIA API key (NIM, build.nvidia.com): nvapi- and 64 letters, "
     "digits, _ and -.",
     r"(?<![A-Za-z0-9_-])(nvapi-[A-Za-z0-9_-]{64})(?![A-Za-z0-9_-])", ("nvapi-",)),
    ("mercadopago-access-token", "A Mercado Pago access token: APP_USR-, the application's "
     "number, 6 digits, 32 hex digits and the user's number, joined by dashes (its public key "
     "is APP_USR- and a UUID, which this leaves alone).",
     r"(?<![A-Za-z0-9_-])(APP_USR-\d{10,20}-\d{6}-[0-9a-f]{32}-\d{6,12})(?![A-Za-z0-9_-])",
     ("app_usr-",)),
)


def go_to_python(pattern: str) -> str:
    """An RE2 pattern as Python writes it (mid-pattern ``(?i)`` scoped, ``\\z`` → ``\\Z``)."""
    out: list[str] = []
    closers: list[int] = []  # per open group: how many scoped flags to close with it
    i, n, in_class = 0, len(pattern), False
    closers.append(0)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            out.append("\\Z" if pattern[i + 1] == "z" else pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]" or (out and out[-1] == "[")
            out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = True
            out.append(c)
            if pattern[i + 1:i + 2] == "^":
                out.append("^")
                i += 1
            if pattern[i + 1:i + 2] == "]":
                out.append("]")
                i += 1
            i += 1
            continue
        m = re.match(r"\(\?([imsU]+)\)", pattern[i:])
        if m and i > 0:
            out.append(f"(?{m.group(1).replace('U', '')}:")
            closers[-1] += 1
            i += m.end()
            continue
        if c == "(":
            closers.append(0)
        elif c == ")":
            out.append(")" * closers.pop())
        out.append(c)
        i += 1
    out.append(")" * closers.pop())
    return "".join(out)


def _compile(pattern: str) -> re.Pattern[str] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "possible nested set": RE2 has no nested sets
            return re.compile(go_to_python(pattern))
    except (re.error, RecursionError, OverflowError):
        return None


class _RulePattern:
    """A rule's pattern, compiled when a line first holds one of the rule's keywords (most
    texts reach few rules; compiling all 220 cost a cold audit 0.3 s)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.compiled: re.Pattern[str] | None = None
        self.failed = False

    def get(self) -> re.Pattern[str] | None:
        if self.compiled is None and not self.failed:
            self.compiled = _compile(self.source)
            self.failed = self.compiled is None
        return self.compiled

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        compiled = self.get()
        return compiled.finditer(text) if compiled is not None else iter(())

    def search(self, text: str) -> re.Match[str] | None:
        compiled = self.get()
        return compiled.search(text) if compiled is not None else None


@cache
def rules() -> tuple[tuple[Rule, ...], tuple[_RulePattern | None, tuple[str, ...]]]:
    """The rules and the global allow-list (pattern, stop words), none compiled yet."""
    import tomllib  # only when a text holds a rule's keyword

    data = tomllib.loads((_HERE / "gitleaks" / "gitleaks.toml").read_text(encoding="utf-8"))
    out: list[Rule] = []
    for r in data["rules"]:
        if r["id"] in _LEFT_OUT or "regex" not in r or "path" in r:
            continue  # a rule for one kind of file (``.tf``, ``nuget.config``) is not ours
        pattern = _RulePattern(r["regex"])
        allow = []
        for al in r.get("allowlists", []):
            if al.get("paths") and not al.get("regexes") and not al.get("stopwords"):
                continue
            joined = "|".join(f"(?:{x})" for x in al.get("regexes", []))
            allow.append((al.get("regexTarget", "secret"),
                          _RulePattern(joined) if joined else None,
                          tuple(s.lower() for s in al.get("stopwords", [])),
                          al.get("condition", "OR")))
        out.append(Rule(r["id"], r.get("description", r["id"]), pattern,  # type: ignore[arg-type]
                        tuple(k.lower() for k in r.get("keywords", [])),
                        int(r.get("secretGroup", 0)), float(r.get("entropy", 0.0)),
                        tuple(allow)))
    out.extend(Rule(id_, text, _RulePattern(pattern), words, 1, 0.0, (), "memtui")  # type: ignore[arg-type]
               for id_, text, pattern, words in _OWN_RULES)
    g = data.get("allowlist", {})
    joined = "|".join(f"(?:{x})" for x in g.get("regexes", []))
    glob = (_RulePattern(joined) if joined else None,
            tuple(s.lower() for s in g.get("stopwords", [])))
    return tuple(out), glob


def uncompilable() -> list[str]:
    """The ids of the rules (and allow-lists) whose patterns Python cannot compile."""
    bad = []
    all_rules, (glob, _stops) = rules()
    for rule in all_rules:
        pats = [rule.pattern, *(p for _, p, _, _ in rule.allow if p is not None)]
        if any(p.get() is None for p in pats):  # type: ignore[attr-defined]
            bad.append(rule.id)
    if glob is not None and glob.get() is None:
        bad.append("global allowlist")
    return bad


def rule_keywords() -> tuple[str, ...]:
    """Every rule's keywords (lower case), from the rules themselves."""
    return tuple(sorted({k for r in rules()[0] for k in r.keywords}))


@cache
def keywords() -> tuple[str, ...]:
    """Every rule's keywords (lower case): a line holding none is never searched. Read from
    ``gitleaks/keywords.txt`` (parsing the rule set costs a cold audit 50 ms, and most
    texts need no rule); a test holds that file equal to ``rule_keywords()``."""
    text = (_HERE / "gitleaks" / "keywords.txt").read_text(encoding="utf-8")
    return tuple(w for w in text.split("\n") if w)


def _secret(m: re.Match[str], group: int) -> tuple[int, int] | None:
    if group and group <= (m.re.groups or 0) and m.group(group):
        return m.span(group)
    if group == 0:
        for g in range(1, (m.re.groups or 0) + 1):
            if m.group(g):
                return m.span(g)
    return m.span()


def _allowed(rule: Rule, secret: str, match: str, line: str) -> bool:
    for target, pattern, stops, condition in rule.allow:
        text = {"match": match, "line": line}.get(target, secret)
        hits = []
        if pattern is not None:
            hits.append(bool(pattern.search(text)))
        if stops:
            hits.append(any(s in secret.lower() for s in stops))
        if hits and (all(hits) if condition == "AND" else any(hits)):
            return True
    return False


@lru_cache(maxsize=256)
def _rules_for(present: frozenset[str] | None) -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """The rules a text holding the keywords ``present`` can reach, each with its keywords
    among them (every rule, with all of its keywords, when None)."""
    out = []
    for rule in rules()[0]:
        words = rule.keywords if present is None else \
            tuple(k for k in rule.keywords if k in present)
        if words or not rule.keywords:
            out.append((rule, words))
    return tuple(out)


def matches(line: str, present: set[str] | frozenset[str] | None = None
            ) -> Iterator[tuple[str, int, int]]:
    """(name, start, end) of each provider token in ``line``. ``present``: the keywords
    known to be in the text (all rules are tried when None)."""
    _all, (glob, glob_stops) = rules()
    low = line.lower()
    for rule, words in _rules_for(None if present is None else frozenset(present)):
        if words and not any(k in low for k in words):
            continue
        for m in rule.pattern.finditer(line):
            span = _secret(m, rule.group)
            if span is None:
                continue
            secret = line[span[0]:span[1]]
            if rule.entropy and entropy(secret) < rule.entropy:
                continue
            if glob is not None and glob.search(secret):
                continue
            if any(s in secret.lower() for s in glob_stops) or doc_example(secret):
                continue
            if _allowed(rule, secret, m.group(0), line):
                continue
            yield rule.name, span[0], span[1]
