"""Credentials in memory text: keys of a known format (detect-secrets, and the shapes it
lacks in ``memtui.core.key_formats``) and credentials written in words
(``memtui.core.credentials``).

detect-secrets is thorough but slow per line, so a cheap pattern first picks the lines that
could hold a credential at all; only those go through its plugins and the word layer.
High-entropy plugins are off (memory text is full of hashes and ids that are not secrets),
and so is its keyword plugin: the word layer does that job with fewer false alarms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memtui.core.key_formats import PREFIXES, key_matches
from memtui.core.keywords import KeywordProbe
from memtui.core.lazy_pattern import lazy_pattern

#: Plain substrings (lower case), one of which every line that can hold a credential
#: contains: a fast first pass over the whole text (an Aho–Corasick automaton, see
#: ``memtui.core.keywords``), so a clean memory costs one read and no regular expression.
_HINT_WORDS = (
    "pass", "pwd", "pw:", "pw ", "pw=", "pw\t", "pw：", "pin", "secret", "token", "auth",
    "bearer", "credential",
    "private", "akia", "asia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
    "xox", "sk-", "sk_", "rk_live", "sg.", "eyj", "aiza", "npm_", "pypi-", "://", "key",
    "hooks.slack", "discord", "twilio", "mailchimp", "-us", "mysql", "mariadb", "curl",
    "login", "connect", "smbclient", "redis-cli", "door code", "access code", "entry code",
    "gate code", "mdp", "kennw", "contraseña", "senha",
    "hasło", "hasła", "haśle",
    "haseł", "парол", "mật khẩu", "mat khau", "ключ", "токен", "zugangsdaten",
    "密码", "密碼", "口令", "密钥", "密鑰", "金鑰", "令牌", "權杖", "暗証番号", "パスワード",
    "トークン", "비밀번호", "비번", "패스워드", "암호", "토큰", "시크릿", "รหัส",
    *PREFIXES)
_HINT_WORDS = tuple(dict.fromkeys(_HINT_WORDS))  # the key formats' prefixes, once each
_HINT = lazy_pattern("(?i)" + "|".join(re.escape(w) for w in _HINT_WORDS))
_DISABLED = ("Base64HighEntropyString", "HexHighEntropyString", "IPPublicDetector",
             "KeywordDetector")


@dataclass(frozen=True, slots=True)
class SecretHit:
    line: int
    kind: str
    value: str

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


def _plugin_config() -> list[dict[str, str]]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    return [{"name": cls.__name__}
            for cls in get_mapping_from_secret_type_to_class().values()
            if cls.__name__ not in _DISABLED]


_config: list[dict[str, str]] | None = None
_TOKEN_CHAR = lazy_pattern(r"[A-Za-z0-9_\-./+~]")


def token_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]`` widened to the whole token around it (and its ``=`` padding)."""
    while start > 0 and _TOKEN_CHAR.match(text[start - 1]):
        start -= 1
    while end < len(text) and _TOKEN_CHAR.match(text[end]):
        end += 1
    while end < len(text) and text[end] == "=":
        end += 1
    return start, end


def scan_text(text: str, first_line: int = 1, probe: KeywordProbe | None = None
              ) -> list[SecretHit]:
    """Credential-looking strings in ``text``, with 1-based lines (offset by ``first_line``)."""
    candidates = candidate_lines(text, probe)
    if not candidates:
        return []
    global _config
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import transient_settings

    from memtui.core.credential_forms import is_label, is_template
    from memtui.core.credentials import find_credentials

    if _config is None:
        _config = _plugin_config()
    hits: list[SecretHit] = []
    lines = text.split("\n")
    with transient_settings({"plugins_used": _config}):
        for i, ln in candidates:
            seen: set[str] = set()
            try:
                found = list(scan_line(ln))
            except Exception:
                continue
            spans: list[tuple[int, int]] = []
            for secret in found:
                value = secret.secret_value or ""
                pos = ln.find(value) if value else -1
                if pos >= 0:  # some plugins report only a prefix (``ghp`` of a token)
                    start, end = token_span(ln, pos, pos + len(value))
                    value = ln[start:end]
                    spans.append((start, end))
                if value and value not in seen and not is_template(value):
                    seen.add(value)
                    hits.append(SecretHit(first_line + i, secret.type, value))
            for kind, start, end in key_matches(ln):  # the formats detect-secrets lacks
                if not any(s < end and start < e for s, e in spans):
                    spans.append((start, end))
                    if ln[start:end] not in seen:
                        seen.add(ln[start:end])
                        hits.append(SecretHit(first_line + i, kind, ln[start:end]))
            creds = find_credentials(ln)
            for cred in creds:
                if cred.value not in seen and \
                        not any(s < cred.end and cred.start < e for s, e in spans):
                    seen.add(cred.value)
                    hits.append(SecretHit(first_line + i, cred.kind, cred.value))
            if not creds and not found and is_label(ln):
                hits.extend(_listed(lines, i, first_line, seen))
    return hits


def _listed(lines: list[str], label: int, first_line: int, seen: set[str]) -> list[SecretHit]:
    """The values in the list right under a credential heading or label."""
    from memtui.core.credential_forms import list_value

    out: list[SecretHit] = []
    for j in range(label + 1, min(len(lines), label + 30)):
        if not lines[j].strip():
            if j == label + 1:
                continue
            break
        got = list_value(lines[j])
        if got is None:
            if not lines[j].lstrip().startswith(("-", "*", "+")) and \
                    not lines[j].lstrip()[:1].isdigit():
                break
            continue
        value = got[2]
        if value not in seen:
            seen.add(value)
            out.append(SecretHit(first_line + j, "Credential listed under a label", value))
    return out
