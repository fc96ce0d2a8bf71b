"""Credentials in memory text, by structure: providers' token formats (gitleaks' rule set,
``memtui.core.creds.vendor``, and detect-secrets' plugins), labelled values in any of two
dozen languages (``memtui.core.creds.structure``), and the command lines, URL user-info,
headers and code calls of ``memtui.core.creds.commands``.

A cheap first look decides what runs: one Aho–Corasick pass over the text for the lexicon's
words, the rules' keywords and the hints of the other forms; a text holding none costs that
pass and nothing else. Each finding says why it is one (``password label "MDP" + 14-character
mixed value``, or the provider's format).

The module is past 500 lines: the one pass over a text (the first look, the forms it calls,
their shared budget) and the ways a text is read before it (as seen, in windows, a token in
pieces) are one reading; the forms themselves live apart.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import time
import types
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from functools import cache
from itertools import chain

from memtui.core.creds.as_seen import as_written, disguised, seen
from memtui.core.creds.continued import rest
from memtui.core.creds.dialogue import may_hold as may_answer
from memtui.core.creds.encoded import Scan as Finder
from memtui.core.creds.encoded import may_hold as may_hold_encoded
from memtui.core.creds.inline import may_hold as _may_hold_inline
from memtui.core.creds.mnemonic import may_follow_a_colon as _may_follow_a_colon
from memtui.core.creds.mnemonic import may_hold as _may_hold_seed
from memtui.core.creds.mnemonic import seed_phrases
from memtui.core.creds.named import may_hold as may_hold_name
from memtui.core.creds.named import named_hits
from memtui.core.creds.runs import may_hold as _may_hold_run
from memtui.core.creds.siblings import LOCKS
from memtui.core.creds.slotted import may_hold as may_slot
from memtui.core.creds.spelled import may_hold as may_spell
from memtui.core.creds.webconfig import may_bundle
from memtui.core.creds.yaml_tags import may_hold as may_hold_tag
from memtui.core.creds.yaml_tags import tagged_hits
from memtui.core.native import native_module
from memtui.core.record import FrozenRecord, Record, init_field
from memtui.core.scanner.keywords import KeywordProbe
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Plain substrings (lower case), one of which every line that can hold a credential
#: contains: a fast first pass over the whole text (an Aho–Corasick automaton, see
#: ``memtui.core.scanner.keywords``), so a clean memory costs one read and no regular expression.
_HINT_WORDS = (
    "pass", "pwd", "pw:", "pw ", "pw=", "pw\t", "pw：", "pin", "secret", "token", "auth",
    "bearer", "credential",
    "private", "akia", "asia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
    "xox", "sk-", "sk_", "rk_live", "sg.", "eyj", "aiza", "npm_", "pypi-", "://", "key",
    "hooks.slack", "discord", "twilio", "mailchimp", "-us", "mysql", "mariadb", "curl",
    "login", "connect", "@tcp(", "@unix(", "smbclient", "redis-cli", "cookie", "sess", " -p ",
    "door code", "identified", "lftp", "bw unlock", "convertto-securestring",
    "access code", "entry code", "gate code", "mdp", "kennw", "contraseña", "senha",
    "hasło", "hasła", "haśle",
    "haseł", "парол", "mật khẩu", "mat khau", "ключ", "токен", "zugangsdaten",
    "密码", "密碼", "口令", "密钥", "密鑰", "金鑰", "令牌", "權杖", "暗証番号", "パスワード",
    "トークン", "비밀번호", "비번", "패스워드", "암호", "토큰", "시크릿", "รหัส",
    )
_HINT_WORDS = tuple(dict.fromkeys(_HINT_WORDS))  # the key formats' prefixes, once each
_HINT = lazy_pattern("(?i)" + "|".join(re.escape(w) for w in _HINT_WORDS))
_DISABLED = ("Base64HighEntropyString", "HexHighEntropyString", "IPPublicDetector",
             "KeywordDetector")


#: Credentials one line may yield (a line of 100,000 ``password=`` is one finding's worth of
#: work, not 100,000).
MAX_HITS_PER_LINE = 50
#: Credentials one text may yield, and distinct lines of one text detect-secrets and the
#: command forms may read (0.1-0.3 ms a line): past either, the rest of the text is left
#: unchecked and the scan says so. A line repeated is read once.
MAX_HITS = 100
MAX_CHECKED_LINES = 5000
_WINDOW, _OVERLAP = 4096, 512
#: A shell's or a compose file's ``${NAME:`` before a value opening with ``-``: the value is
#: the default the variable falls back on, written for anyone who sets none.
_FALLBACK = lazy_pattern(r"\$\{[A-Za-z_]\w*:$")
#: Distinct lines whose rule matches one scan keeps, to read a repeated line once.
_MAX_RULED = 4096


class SecretHit(FrozenRecord):
    """One credential-looking string: its line (1-based), what it looks like, the value."""

    __slots__ = ("kind", "line", "value")

    line: int
    kind: str
    value: str

    def __init__(self, line: int, kind: str, value: str) -> None:
        init_field(self, "line", line)
        init_field(self, "kind", kind)
        init_field(self, "value", value)

    @property
    def redacted(self) -> str:
        return mask(self.value)


def mask(value: str) -> str:
    """How a credential is shown: its first and last two characters at most."""
    return (value[:2] + "…" + value[-2:]) if len(value) > 8 else "…"


def mask_secrets(text: str, hits: list[SecretHit]) -> str:
    """``text`` with each credential found in it shown the way its finding names it
    (``ab…yz``), for anything that displays memory text."""
    for hit in sorted(hits, key=lambda h: -len(h.value)):
        if hit.value:
            text = text.replace(hit.value, hit.redacted)
    return text


def candidate_lines(text: str, probe: KeywordProbe | None = None) -> list[tuple[int, str]]:
    """(0-based index, line) of the lines that could hold a credential at all.
    ``probe``: a KeywordProbe of ``text`` (or of a text containing it) to share."""
    words = (probe or KeywordProbe(text)).present(_HINT_WORDS)
    if not words:
        return []
    out: list[tuple[int, str]] = []
    for i, line in enumerate(text.split("\n")):
        low = line.lower()
        if any(w in low for w in words) and _HINT.search(line):
            out.append((i, line))
    return out


class _RequestsWhenUsed(types.ModuleType):
    """Stands for requests while detect-secrets is imported: a name asked of it imports
    requests then and hands that name over."""

    def __getattr__(self, name: str) -> object:
        if sys.modules.get("requests") is self:
            del sys.modules["requests"]
        return getattr(importlib.import_module("requests"), name)


class _Response:
    """What two of detect-secrets' plugins name in their verifiers' annotations."""


@contextmanager
def _requests_when_used() -> Iterator[None]:
    """detect-secrets imports requests (and with it urllib3, http.client, ssl: 0.18 s of
    CPU, more than the rest of detect-secrets) for verifying a secret with its provider,
    which memtui never asks for. While detect-secrets is imported a stand-in holds its
    place (`_RequestsWhenUsed`; ``requests.Response``, evaluated in two annotations, is a
    placeholder meanwhile); after, ``import requests`` imports the real one, and so does the
    stand-in on any use. Nothing is done when requests is imported already or missing."""
    spec = None
    if "requests" not in sys.modules:
        try:
            spec = importlib.util.find_spec("requests")
        except (ImportError, ValueError):
            spec = None
    if spec is None:
        yield
        return
    stand_in = _RequestsWhenUsed("requests")
    stand_in.__spec__ = spec
    stand_in.Response = _Response  # type: ignore[attr-defined]
    sys.modules["requests"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("requests") is stand_in:
            del sys.modules["requests"]
        del stand_in.Response  # type: ignore[attr-defined]


def _plugin_config() -> list[dict[str, str]]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    return [{"name": cls.__name__}
            for cls in get_mapping_from_secret_type_to_class().values()
            if cls.__name__ not in _DISABLED]


_config: list[dict[str, str]] | None = None
#: What a line must hold for one of detect-secrets' plugins (those not in ``_DISABLED``) to
#: find anything on it: for each plugin, a part every match of its patterns contains (the
#: provider's prefix, or for the four "label = value" plugins their key/pass/token word; a
#: "://" for the URL forms). A line with none skips detect-secrets, and a text whose lines
#: all skip it never imports it. `tests/core/test_plugin_hint.py` pins the plugins and their
#: patterns this was read from.
PLUGIN_HINT = lazy_pattern(
    r"AKC|AP[\dA-F]"  # Artifactory
    r"|A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA|(?i:aws)"  # AWS
    r"|AccountKey="  # Azure storage
    r"|://"  # basic auth, Cloudant's and SoftLayer's URLs
    r"|(?i:key|pw|pass|token)"  # Cloudant, IBM Cloud IAM, IBM COS HMAC, SoftLayer
    r"|[MNO][a-zA-Z\d_-]{23,25}\."  # Discord
    r"|gh[pousr]_"  # GitHub
    r"|gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas)-|GR1348941"  # GitLab
    r"|eyJ"  # JWT
    r"|-us[0-9]"  # Mailchimp
    r"|:_authToken="  # npm
    r"|T3BlbkFJ"  # OpenAI
    r"|PRIVATE KEY|PuTTY-User-Key-File-2"  # private keys
    r"|pypi-AgE"  # PyPI
    r"|SG\."  # SendGrid
    r"|(?i:xox[abposr]-|hooks\.slack\.com)"  # Slack
    r"|sq0csp-"  # Square
    r"|[rs]k_live_"  # Stripe
    r"|\d{8}:"  # Telegram
    r"|AC[a-z0-9]{32}|SK[a-z0-9]{32}")  # Twilio
#: detect-secrets' assignment patterns (``build_assignment_regex``: `` *``, then `` +`` or
#: ``=``, then `` *``) take time cubic in a run of spaces after a keyword: 38 s for 1,600
#: spaces. Its plugins see each run of spaces cut to four, which matches what they match;
#: a value they find is then looked up in the line as written.
_SPACE_RUN = lazy_pattern(r" {5,}")
#: A line of one token read out in groups (three or more, one space apart, the first up to
#: 40 characters, the others 2–10), maybe after a label, maybe in quotes or backticks: what
#: a memory holds when a key was dictated.
_SPACED_GROUPS = lazy_pattern(r"[ \t>*-]*(?:[^:：=\n]{1,60}[:：=][ \t]*)?[`\"']?"
                              r"(?P<g>[\w.+/=-]{2,40}(?: [\w.+/=-]{2,10}){2,40})[`\"']?[ \t]*")
#: A line that is one token of a key's characters (a key broken over lines).
_LONE_TOKEN = lazy_pattern(r"[ \t>]*[`\"']?(?P<t>[\w.+/=-]{4,200})[`\"']?[ \t]*")
_TOKEN_CHAR = lazy_pattern(r"[A-Za-z0-9_\-./+~]")
#: A token the shape rules (`memtui.core.creds.shaped`) could take: a text with none skips
#: them (the same pattern as theirs).
_K = r"[A-Za-z0-9_\-+/=!@#$%^&*~.]"
_SHAPED_TOKEN = lazy_pattern(
    r"(?<![\w\-+/=!@#$%^&*~.\\,;:?])\**(?P<t>(?=[A-Za-z0-9])(?=" + _K + r"{10})"
    r"(?=" + _K + r"*\d)(?:(?=" + _K + r"*[A-Z])|(?=" + _K + r"{35}))" + _K + r"{10,200})")
#: `_SHAPED_TOKEN`'s test in two cheap steps (its lookarounds, tried at every character,
#: were a third of the detector's time on a workspace of prose): a run of ten or more of its
#: characters (every one is a character its look-behind refuses, so a token starts a run),
#: then the run read once in Python.
_K_RUN = lazy_pattern(_K + r"{10,}")
_BEFORE_TOKEN = lazy_pattern(r"[\w\-+/=!@#$%^&*~.\\,;:?]")
_UPPER = lazy_pattern(r"[A-Z]")
_DIGIT = lazy_pattern(r"[0-9]")
_DIGIT_AFTER = lazy_pattern(r"\d")  # (the pattern's ``\d``: any script's digit right after the run)


#: ``memtui_native.shaped_token`` (the same answer in one compiled pass), or None where the
#: C extension is not built or is turned off (tests/core/test_creds_compiled.py).
SHAPED_COMPILED: Callable[[str], bool] | None = getattr(native_module(), "shaped_token", None)


def _holds_shaped_token(text: str) -> bool:
    """Whether `_SHAPED_TOKEN` finds a token in ``text`` (the same answer, faster)."""
    compiled = SHAPED_COMPILED
    if compiled is not None:
        return compiled(text)
    for m in _K_RUN.finditer(text):
        start = m.start()
        if start and _BEFORE_TOKEN.match(text, start - 1):
            continue
        token = m.group().lstrip("*")
        if len(token) >= 10 and token[0].isascii() and token[0].isalnum() and \
                (_DIGIT.search(token) or _DIGIT_AFTER.match(text, m.end())) and \
                (len(token) >= 35 or _UPPER.search(token)):
            return True
    return False


def token_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]`` widened to the whole token around it (and its ``=`` padding), but
    not over the full stop of the sentence it ends (`sentence_end`)."""
    while start > 0 and _TOKEN_CHAR.match(text[start - 1]):
        start -= 1
    while end < len(text) and _TOKEN_CHAR.match(text[end]):
        end += 1
    while end < len(text) and text[end] == "=":
        end += 1
    return start, sentence_end(text, start, end)


def sentence_end(line: str, start: int, end: int) -> int:
    """``end`` less the full stops that end the sentence a value closes (newuser29 #6: ``…
    AKIA…TY.`` was taken with its full stop, shown ``AK…Y.``, and ``fix redact`` removed the
    sentence's full stop with it): a run of ``.`` ending the value and followed by a blank,
    the line's end or closing punctuation is the sentence's, not the value's."""
    stop = end
    while stop - start > 8 and line[stop - 1] == ".":
        stop -= 1
    if stop == end or (end < len(line) and not line[end].isspace()
                       and line[end] not in ")]}>\"'`*_»」』）"):
        return end
    return stop


@cache
def _hint_words() -> dict[str, bool]:
    """``structure.hint_words()``, read once (it builds its dict on every call: 36 calls
    were ~3 ms of a cold audit of 261 memories)."""
    from memtui.core.creds import structure

    return structure.hint_words()


@cache
def _label_hints() -> tuple[str, ...]:
    """Words one of which a text with a labelled value holds (``structure.hint_words``)."""
    return tuple(sorted(_hint_words()))


@cache
def _vendor_hints() -> tuple[str, ...]:
    """The rules' keywords (read once: the probe knows a list by its identity)."""
    from memtui.core.creds import vendor

    return vendor.keywords()


def keyword_lists() -> tuple[tuple[str, ...], ...]:
    """The keyword lists a credential check asks a probe about
    (`memtui.core.scanner.keywords.expect`)."""
    return (_label_hints(), _vendor_hints(), _HINT_WORDS)


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in spans)


def scan_text(text: str, first_line: int = 1, probe: KeywordProbe | None = None
              ) -> list[SecretHit]:
    """Credential-looking strings in ``text``, with 1-based lines (offset by ``first_line``)."""
    return scan_text_bounded(text, first_line, probe)[0]


#: The CPU time one file's credential check may spend (redteam42): `FLOOR_SECONDS`, and
#: `SECONDS_PER_MIB` a MiB of the text it is given, counted on the reading thread's clock. A
#: text longer than `memtui.core.scanner.continued_lines.BLOCK_CHARS` is read a block at a
#: time and the clock looked at between blocks: past its allowance the rest is left
#: unchecked and an ``unchecked_text`` error says from which line, whatever shape of text
#: made the forms slow (one bound for all of them, not a guard per pattern).
FLOOR_SECONDS = 0.5
SECONDS_PER_MIB = 2.0


class LineBudget(Record):
    """What one file's credential check may still spend, shared by the pieces of one text
    read piece by piece (`memtui.core.scanner.tail_secrets`, the blocks of
    `memtui.core.scanner.continued_lines.scan_joined`): ``left`` distinct lines the command
    forms and detect-secrets may read, and CPU time (`FLOOR_SECONDS`, and `SECONDS_PER_MIB`
    a MiB of text given, `grant`)."""

    left: int
    started: float
    allowed: float

    def __init__(self, left: int = MAX_CHECKED_LINES) -> None:
        self.left = left
        self.started = time.thread_time()
        self.allowed = FLOOR_SECONDS

    def grant(self, size: int) -> None:
        """Add a text of ``size`` bytes (UTF-8) to the file's allowance."""
        self.allowed += SECONDS_PER_MIB * size / (1 << 20)

    def spent(self) -> bool:
        """Whether the file's check has spent its allowance."""
        return time.thread_time() - self.started > self.allowed


def scan_text_bounded(text: str, first_line: int = 1, probe: KeywordProbe | None = None,
                      budget: LineBudget | None = None) -> tuple[list[SecretHit], int | None]:
    """``scan_text`` within the bounds of one text (``MAX_HITS`` credentials, and
    ``MAX_CHECKED_LINES`` lines through detect-secrets and the command forms, or what
    ``budget`` has left, which is then spent), and the line (1-based, offset like the hits)
    from which a bound left the text unchecked, or None. The text is read as its reader
    sees it (`memtui.core.creds.as_seen`: no invisible character or look-alike letter
    hides a credential), each hit given back as written."""
    hits, cut = _scan_read(text, first_line, probe, budget)
    if may_hold_encoded(text):
        hits, cut = _with_encoded(text, first_line, hits, cut, budget)
    if may_hold_name(text):  # a token written as a file's or folder's name (redteam35)
        hits, cut = _with_encoded(text, first_line, hits, cut, budget, named_hits)
    if may_hold_tag(text):  # a value behind a YAML tag (redteam35)
        hits, cut = _with_encoded(text, first_line, hits, cut, budget, tagged_hits)
    return _with_rests(text, first_line, _with_base64(text, first_line, hits, cut)), cut


def _with_base64(text: str, first_line: int, hits: list[SecretHit], cut: int | None
                 ) -> list[SecretHit]:
    """``hits`` and each found value written again base64-encoded elsewhere in the text
    (``base64 code: cXd6…``): the same credential, wherever no label stands beside it."""
    if not hits or ("==" not in text and "=\n" not in text and not text.endswith("=")):
        return hits  # (only a padded encoding is looked for: a value of 8 characters or
        # more whose length is no multiple of three)
    import base64

    out = list(hits)
    for value in dict.fromkeys(h.value for h in hits if len(h.value) >= 8):
        raw = value.encode("utf-8")
        if len(raw) % 3 == 0:
            continue
        coded = base64.b64encode(raw).decode("ascii")
        at = text.find(coded)
        while at >= 0 and len(out) < MAX_HITS:
            line = first_line + text.count("\n", 0, at)
            if (cut is None or line < cut) and not any(
                    o.line == line and coded in o.value for o in out):
                out.append(SecretHit(line, "a found value, base64-encoded", coded))
            at = text.find(coded, at + len(coded))
    return sorted(out, key=lambda h: h.line) if len(out) > len(hits) else out


def _scan_read(text: str, first_line: int, probe: KeywordProbe | None,
               budget: LineBudget | None) -> tuple[list[SecretHit], int | None]:
    """`scan_text_bounded` but for what its encoded values decode to."""
    if disguised(text):
        return _as_seen(text, first_line, budget)
    return _scan_plain(text, first_line, probe, budget)


def _with_encoded(text: str, first_line: int, hits: list[SecretHit], cut: int | None,
                  budget: LineBudget | None, finder: Finder | None = None
                  ) -> tuple[list[SecretHit], int | None]:
    """``hits`` and the credentials in what the text's encoded values decode to
    (`memtui.core.creds.encoded`: base64, a data URI, a right-to-left override), each at the
    encoded value's line with its value as written; the earlier of the two cuts. ``finder``:
    another view of the text read the same way (`memtui.core.creds.named`: its path-shaped
    words read as the names they spell)."""
    from memtui.core.creds.encoded import encoded_hits

    def scan(view: str) -> tuple[list[tuple[int, str, str]], int | None]:
        got, at = _scan_read(view, 1, None, budget)
        return [(h.line - 1, h.kind, h.value) for h in got], None if at is None else at - 1

    found, at = (finder or encoded_hits)(text, scan)
    if at is not None:
        cut = first_line + at if cut is None else min(cut, first_line + at)
    if not found:
        return hits, cut
    out = list(hits)
    for i, kind, value in found:
        line = first_line + i
        if (cut is None or line < cut) and not any(
                h.line == line and (h.value in value or value in h.value) for h in hits):
            out.append(SecretHit(line, kind, value))
    out.sort(key=lambda h: h.line)
    return out[:MAX_HITS], cut


def _with_rests(text: str, first_line: int, hits: list[SecretHit]) -> list[SecretHit]:
    """``hits`` and the rest of each value a line break cut (`memtui.core.creds.continued`),
    found on the next line, unless a hit there holds it already."""
    if not hits:
        return hits
    lines: list[str] | None = None
    out = list(hits)
    for h in hits:
        i = h.line - first_line
        if lines is None:
            lines = text.split("\n")
        if not 0 <= i < len(lines) - 1:
            continue
        piece = rest(lines[i], h.value, lines[i + 1])
        if piece is None or any(o.line == h.line + 1 and (piece in o.value or o.value in piece)
                                for o in out):
            continue
        out.append(SecretHit(h.line + 1, f"the rest of a value begun on line {h.line} "
                             f"({h.kind}), cut by a line break", piece))
    return sorted(out, key=lambda h: h.line) if len(out) > len(hits) else out


def _as_seen(text: str, first_line: int, budget: LineBudget | None
             ) -> tuple[list[SecretHit], int | None]:
    """`scan_text_bounded` of a text `as_seen.disguised`: its lines read as seen, each
    hit's value the span its line writes (newuser29 #45 #46)."""
    lines = text.split("\n")
    reads = [seen(line) for line in lines]
    hits, cut = _scan_plain("\n".join(r for r, _ in reads), first_line, None, budget)
    out = []
    for h in hits:
        i = h.line - first_line
        if 0 <= i < len(lines):
            value = as_written(lines[i], reads[i][0], reads[i][1], h.value)
            h = SecretHit(h.line, h.kind, value) if value != h.value else h
        out.append(h)
    return out, cut


#: A table's separator row (``|---``, ``| :--``): `memtui.core.creds.tables` may read it.
_TABLE_SEPARATOR = lazy_pattern(r"\|[ \t]*:?---")


def _may_hold_table(text: str) -> bool:
    return _TABLE_SEPARATOR.search(text) is not None


def _scan_plain(text: str, first_line: int, probe: KeywordProbe | None,
                budget: LineBudget | None) -> tuple[list[SecretHit], int | None]:
    """`scan_text_bounded` of a text read as it is written."""
    if len(text) > LONG_LINE and any(len(ln) > LONG_LINE for ln in text.split("\n")):
        return _windowed(text, first_line, budget)
    probe = probe or KeywordProbe(text)
    labels = probe.present(_label_hints())
    rule_words = frozenset(probe.present(_vendor_hints()))
    candidates = candidate_lines(text, probe)
    # (a seed phrase sits under a line ending in a colon or a count in brackets: a text
    # without one costs no search)
    phrases = list(seed_phrases(text.split("\n"))) if (any(
        c in text for c in (":\n", "：\n", ": \n", "\n>", ")\n", "）\n")) and
        _may_hold_seed(text)) or _may_follow_a_colon(text) else []
    shaped = _holds_shaped_token(text)
    runs = _may_hold_run(text, shaped)
    inline = _may_hold_inline(text)
    tabled = "|" in text and _may_hold_table(text)
    locked = any(c in text for c in LOCKS)
    slotted = may_slot(text)  # ``host / db / user / password``
    if not labels and not rule_words and not candidates and "`" not in text and not phrases \
            and not shaped and not runs and not tabled and not inline and not locked \
            and not slotted:
        return [], None  # (a user name in code may head a login: `logins`)
    cuts: list[int] = []  # 0-based lines from which a bound left the text unchecked
    distinct: dict[str, int] = {}  # a line repeated is read once (its hits are the first's)
    repeats: dict[int, list[int]] = {}  # the first line of a text -> the lines repeating it
    limit = MAX_CHECKED_LINES if budget is None else budget.left
    for i, ln in candidates:
        if ln not in distinct:
            if len(distinct) >= limit:
                cuts.append(i)
                break
            distinct[ln] = i
        else:
            repeats.setdefault(distinct[ln], []).append(i)
    if budget is not None:
        budget.left -= len(distinct)
    candidates = [(i, ln) for ln, i in distinct.items()]
    lines = text.split("\n")
    taken: dict[int, list[tuple[int, int]]] = {}
    hits: list[tuple[int, int, SecretHit]] = []

    def add(i: int, start: int, end: int, kind: str) -> None:
        end = sentence_end(lines[i], start, end)
        if lines[i][start:start + 1] == "-" and _FALLBACK.search(lines[i], 0, start):
            return  # ``${ADMIN_PASSWORD:-Admin123!}``: the default a template falls back on
        spans = taken.setdefault(i, [])
        if len(spans) >= MAX_HITS_PER_LINE or end <= start or _overlaps(spans, start, end) or \
                lines[i][end:end + 1] == "…" or lines[i][end:end + 3] == "...":
            return  # ``pypi-AgEI…``: an elided value
        spans.append((start, end))
        hits.append((i, start, SecretHit(first_line + i, kind, lines[i][start:end])))

    if candidates:
        # each line holding a credential is a finding: a repeated line's hits are the
        # first's, given at every line repeating it (a value in each service of a compose)
        _known_formats(lines, candidates, add if not repeats else (
            lambda i, a, b, kind: [add(j, a, b, kind) for j in (i, *repeats.get(i, ()))]))
    if rule_words:
        # a line met before (with the same line after it) matches what it matched then
        ruled: dict[tuple[str, str], list[list[_Span] | None]] = {}
        for i, line in enumerate(lines):
            low = line.lower()
            if not any(k in low for k in rule_words):
                continue
            key = (line, lines[i + 1] if i + 1 < len(lines) else "")
            seen = ruled.get(key)
            if seen is None:
                seen = [_rule_matches(line, rule_words), None]
                if len(ruled) < _MAX_RULED:
                    ruled[key] = seen
            for a, b, kind in seen[0] or ():
                add(i, a, b, kind)
            if not taken.get(i) and len(line) <= 400:
                if seen[1] is None:
                    joined: list[_Span] = []
                    _joined_tokens(lines, i, rule_words,
                                   lambda _i, a, b, kind, to=joined: to.append((a, b, kind)))
                    seen[1] = joined
                for a, b, kind in seen[1]:
                    add(i, a, b, kind)
    if labels:
        from memtui.core.creds import structure

        hints = _hint_words()
        found_values, stop = structure.labelled_values_upto(
            lines, {w: hints[w] for w in labels}, MAX_HITS)
        if stop is not None:
            cuts.append(stop)
        for found in found_values:
            add(found.line, found.start, found.end, found.why)
        if ":\n" in text or "：\n" in text or ": \n" in text:
            from memtui.core.creds.siblings import introduced_values

            for n, found in enumerate(introduced_values(lines)):
                if n > MAX_HITS:
                    break
                add(found.line, found.start, found.end, found.why)
        if may_spell(text):
            from memtui.core.creds.spelled import spelled_values

            words = [w for w in labels if any(c.isalpha() for c in w)]  # (not `` — ``)
            for n, found in enumerate(spelled_values(lines, words) if words else ()):
                if n > MAX_HITS:
                    break
                add(found.line, found.start, found.end, found.why)
        if may_answer(text):
            from memtui.core.creds.dialogue import answered_values

            given = {i for i, spans in taken.items() if spans}
            for n, found in enumerate(answered_values(lines, _read_labelled, given)):
                if n > MAX_HITS:
                    break
                add(found.line, found.start, found.end, found.why)
    if shaped:
        from memtui.core.creds.shaped import shaped_values

        for n, found in enumerate(shaped_values(lines)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    if runs:
        from memtui.core.creds.runs import run_values

        for n, found in enumerate(run_values(lines, text, shaped)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    if inline:
        from memtui.core.creds.inline import inline_values

        for n, found in enumerate(inline_values(lines, text)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    if tabled:
        from memtui.core.creds.tables import table_values

        for n, found in enumerate(table_values(lines)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    if "`" in text:
        from memtui.core.creds.logins import login_pairs

        for n, found in enumerate(f for f in login_pairs(lines) if not taken.get(f.line)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    if slotted:
        from memtui.core.creds.slotted import slotted_values, user_pairs

        for n, found in enumerate(chain(slotted_values(lines), user_pairs(lines))):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    for i, start, end, why in phrases[:MAX_HITS + 1]:
        add(i, start, end, why)
    if locked:
        from memtui.core.creds.siblings import pictured_values

        for n, found in enumerate(pictured_values(lines)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    chained = [(i, start, start + len(h.value), h.kind) for i, start, h in hits
               if ";" in lines[i] and lines[i][start - 1:start] == "="]
    if chained:
        from memtui.core.creds.siblings import chained_values

        for n, found in enumerate(chained_values(lines, chained)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    pw = [(i, h.value, h.kind) for i, _, h in hits if h.kind.startswith("password label")]
    if pw:
        from memtui.core.creds.siblings import sibling_values

        spans = [(i, lines[i].find(v), lines[i].find(v) + len(v), kind) for i, v, kind in pw
                 if v in lines[i]]
        for n, found in enumerate(sibling_values(lines, spans)):
            if n > MAX_HITS:
                break
            add(found.line, found.start, found.end, found.why)
    if "authDomain" in text or "auth_domain" in text:
        from memtui.core.creds.webconfig import public_web_key

        hits = [h for h in hits if not public_web_key(lines, h[0], h[2].value)]
    if any(c in h[2].value for h in hits for c in "._/"):
        from memtui.core.creds.values import namespace_family

        hits = [h for h in hits if not namespace_family(text, h[2].value)]
    if hits and "://" in text:
        from memtui.core.creds.values import example_url_parts

        parts = example_url_parts(text)
        if parts and any(h[2].value in parts for h in hits):
            from memtui.core.creds import vendor

            # A provider's token format is the provider's, whatever URL names it.
            hits = [h for h in hits if h[2].value not in parts
                    or any(vendor.matches(h[2].value))]
    if hits and may_bundle(text):
        from memtui.core.creds.webconfig import bundled

        hits = [h for h in hits if not bundled(lines[h[0]], h[2].value)]
    hits.sort(key=lambda h: (h[0], h[1]))
    if len(hits) > MAX_HITS:
        cuts.append(hits[MAX_HITS][0])
        del hits[MAX_HITS:]
    cut = min(cuts) if cuts else None
    if cut is not None:
        hits = [h for h in hits if h[0] < cut]
    return [h for _, _, h in hits], (first_line + cut if cut is not None else None)


def _read_labelled(line: str) -> list[tuple[int, int, str]]:
    """(start, end, why) of each value a label on ``line`` vouches for (``dialogue``: an
    answer read as if its question's label stood before it)."""
    out = []
    for h in _scan_plain(line, 1, None, None)[0]:
        at = line.find(h.value)
        if at >= 0 and "label" in h.kind:
            out.append((at, at + len(h.value), h.kind))
    return out


#: A line longer than this is read as overlapping windows of this many characters (the
#: labelled, command and URL forms read a line up to `structure.MAX_LINE`, 4,000), each
#: starting at a blank so no word is cut at a window's start.
LONG_LINE = 4000
_STEP = 3400


def _windows(line: str) -> list[str]:
    """``line`` as pieces of at most `LONG_LINE` characters that overlap by at least 400, so
    that a label and its value (far shorter) stand whole in one of them."""
    out: list[str] = []
    at = 0
    while True:
        out.append(line[at:at + LONG_LINE])
        if at + LONG_LINE >= len(line):
            return out
        nxt = at + _STEP
        blank = line.rfind(" ", nxt - 200, nxt)
        at = blank + 1 if blank > at else nxt


def _windowed(text: str, first_line: int, budget: LineBudget | None
              ) -> tuple[list[SecretHit], int | None]:
    """`scan_text_bounded` of a text holding a line past `LONG_LINE` (newuser29 #3: a
    password after 4,240 characters of prose was read by no check, and nothing said so):
    each long line read as overlapping windows, each window a line of its own, the hits
    and the cut given back at the line they are on (a value seen by two windows once)."""
    pieces: list[str] = []
    where: list[int] = []
    for i, line in enumerate(text.split("\n")):
        for piece in _windows(line) if len(line) > LONG_LINE else (line,):
            pieces.append(piece)
            where.append(i)
    hits, cut = _scan_plain("\n".join(pieces), 1, None, budget)
    seen: set[tuple[int, str, str]] = set()
    out: list[SecretHit] = []
    for h in hits:
        line = first_line + where[h.line - 1]
        if (line, h.kind, h.value) not in seen:
            seen.add((line, h.kind, h.value))
            out.append(SecretHit(line, h.kind, h.value))
    return out, (first_line + where[cut - 1] if cut is not None else None)
_Span = tuple[int, int, str]


def _rule_matches(line: str, rule_words: frozenset[str]) -> list[_Span]:
    """(start, end, kind) of each provider's token the rules find on ``line``."""
    from memtui.core.creds import vendor
    from memtui.core.creds.values import not_a_value

    out: list[_Span] = []
    # A long line is read in overlapping windows: no rule sees more than a window.
    for at in range(0, max(1, len(line) - _OVERLAP), _WINDOW - _OVERLAP):
        for kind, start, end in vendor.matches(line[at:at + _WINDOW], rule_words):
            if line[at + start - 4:at + start] == "/bot" and "://" in line[:at + start]:
                start, end = at + start, at + end  # the Bot API's URL: the token, not the URL
            else:
                start, end = token_span(line, at + start, at + end)
            if not not_a_value(line[start:end]):
                out.append((start, end, kind))
    return out


def _joined_tokens(lines: list[str], i: int, rule_words: frozenset[str], add) -> None:
    """A provider's token written in pieces: read out in groups one space apart, alone on
    its line or after a label (``SG.BoQ6A YvvIwL6f 6gv0AuCY …``, ``võti: sk_live_51bt X21K
    …``: the spaced span is the value), or broken over two lines, each a lone token (the
    first line is reported, as a key block is by its first line). Only when the pieces
    joined are that provider's format whole."""
    from memtui.core.creds import vendor

    line = lines[i]
    spaced = _SPACED_GROUPS.fullmatch(line)
    if spaced:
        joined = spaced.group("g").replace(" ", "")
        for kind, start, end in vendor.matches(joined, rule_words):
            if start == 0 and end == len(joined):
                add(i, spaced.start("g"), spaced.end("g"), kind)
                return
    first = _LONE_TOKEN.fullmatch(line)
    second = _LONE_TOKEN.fullmatch(lines[i + 1]) if first and i + 1 < len(lines) else None
    if second:
        joined = first.group("t") + second.group("t")
        for kind, start, end in vendor.matches(joined, rule_words):
            if start == 0 and end == len(joined):
                add(i, first.start("t"), first.end("t"), kind)
                return


def _known_formats(lines: list[str], candidates: list[tuple[int, str]], add) -> None:
    """detect-secrets' plugins and the command, URL, header and code forms, on the lines
    holding a hint. detect-secrets is imported (its plugins and filters, `_requests_when_used`)
    only when a line may match one of its plugins (`PLUGIN_HINT`)."""
    from memtui.core.creds import structure
    from memtui.core.creds.commands import forms
    from memtui.core.creds.values import not_a_value

    cut = [(i, ln[:structure.MAX_LINE]) for i, ln in candidates]
    plugins = [i for i, ln in cut if PLUGIN_HINT.search(ln)]
    found: dict[int, list] = {}
    if plugins:
        with _requests_when_used() if _config is None else nullcontext():
            found = _plugin_hits(dict(cut), plugins)
    for i, ln in cut:
        for start, end, kind in found.get(i, ()):
            add(i, start, end, kind)
        for start, end, value, kind in forms(ln):
            reason = not_a_value(value)
            if not reason or (reason == "reference" and kind == "Webhook URL"):
                add(i, start, end, kind)


def _plugin_hits(lines: dict[int, str], which: list[int]
                 ) -> dict[int, list[tuple[int, int, str]]]:
    """(start, end, kind) of what detect-secrets' plugins find on each line of ``which``."""
    global _config
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import transient_settings

    from memtui.core.creds.commands import is_template, same_as_user
    from memtui.core.creds.values import not_a_value

    if _config is None:
        _config = _plugin_config()
    out: dict[int, list[tuple[int, int, str]]] = {}
    with transient_settings({"plugins_used": _config}):
        for i in which:
            ln = lines[i]
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    found = list(scan_line(_SPACE_RUN.sub("    ", ln)))
            except Exception:
                found = []
            for secret in found:
                value = secret.secret_value or ""
                pos = ln.find(value) if value else -1
                if secret.type == "Basic Auth Credentials" and value:
                    # the password of ``scheme://user:value@``, not the first place the same
                    # letters stand (``postgres`` inside ``postgresql://``)
                    at = ln.find(":" + value + "@")
                    pos = at + 1 if at >= 0 else pos
                    user = ln[:max(at, 0)].rsplit("/", 1)[-1]
                    if at >= 0 and same_as_user(user, value):
                        continue
                if pos < 0 or secret.type == "Private Key":
                    continue  # a key block's value is its body (structure.private_keys)
                start, end = token_span(ln, pos, pos + len(value))
                if secret.type == "Twilio API Key" and value.startswith(("AC", "SK")):
                    continue  # an account's or an API key's SID names it; its secret is apart
                reason = is_template(ln[start:end]) or not_a_value(ln[start:end])
                if reason == "reference" and "://" in value and secret.type != "Basic Auth " \
                        "Credentials":
                    reason = None  # a provider's URL form (a Slack webhook): the URL is the key
                if not reason:
                    out.setdefault(i, []).append((start, end, secret.type))
    return out
