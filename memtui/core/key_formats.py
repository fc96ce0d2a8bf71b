"""Provider key formats detect-secrets 1.5 does not know, as one small table.

detect-secrets stays the engine for known-format keys (bench/RESULTS.md, "Engine for
known-format keys"); this table adds the shapes it misses, each from the provider's
documented token format (the prefix the provider announces, and the length its tokens
have). A value must be the whole token: the patterns refuse a token character on either
side, and they ask for the full length, so an elided form (``sk-ant-...``, ``AIza...``) or
a prefix quoted in prose is never one. Every prefix is also a keyword of the secret
pre-filter (``memtui.core.secrets._HINT_WORDS``): a line holding none is never searched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memtui.core.lazy_pattern import lazy_pattern

#: (finding kind, pattern, the prefix the pre-filter looks for, lower case).
KEY_FORMATS: tuple[tuple[str, str, str], ...] = (
    # Google Cloud API keys: "AIza" and 35 more characters of [A-Za-z0-9_-] (39 in all).
    ("Google API Key", r"AIza[0-9A-Za-z_-]{35}", "aiza"),
    # Anthropic: sk-ant-api03-… (API), sk-ant-admin01-… (Admin API), sk-ant-oat01-… (OAuth,
    # as Claude Code's setup-token writes it); 90-odd characters after the version.
    ("Anthropic API Key", r"sk-ant-[a-z]{3,5}\d{2}-[A-Za-z0-9_-]{80,}", "sk-ant-"),
    # OpenAI project, service-account and admin keys: the base64 of "OpenAI" (T3BlbkFJ)
    # sits inside every one (the legacy sk-… shape is detect-secrets' OpenAIDetector).
    ("OpenAI API Key", r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}",
     "sk-"),
    # PyPI and TestPyPI API tokens: "pypi-" and a macaroon whose base64 begins with the
    # index's name ("AgEIcHlwaS5vcmc" is pypi.org); detect-secrets asks for 70+ characters
    # after it, real tokens of restricted scope are shorter.
    ("PyPI Token", r"pypi-Ag(?:EIcHlwaS5vcmc|ENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,}", "pypi-"),
    # GitHub fine-grained personal access tokens: github_pat_, 22 characters, _, 59.
    ("GitHub Fine-grained Token", r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}",
     "github_pat_"),
    # Stripe test-mode secret and restricted keys (live ones are detect-secrets').
    ("Stripe Test Key", r"[rs]k_test_[A-Za-z0-9]{24,247}", "k_test_"),
    # Slack app-level tokens (xapp-1-A…-…-hex) and token-rotation tokens (xoxe…).
    ("Slack App Token", r"xapp-\d-[A-Z0-9]{9,}-\d{10,}-[a-f0-9]{32,}", "xapp-"),
    ("Slack Refresh Token", r"xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{100,}", "xoxe"),
    # npm access tokens (granular and classic since 2021): npm_ and 36 characters.
    ("npm Token", r"npm_[A-Za-z0-9]{36}", "npm_"),
    # Hugging Face user access tokens: hf_ and 34 letters.
    ("Hugging Face Token", r"hf_[A-Za-z]{34}", "hf_"),
)

#: Keywords the pre-filter must hold for these formats.
PREFIXES: tuple[str, ...] = tuple(sorted({prefix for _, _, prefix in KEY_FORMATS}))

_EDGE_BEFORE = r"(?<![A-Za-z0-9_\-])"
_EDGE_AFTER = r"(?![A-Za-z0-9_\-])"
_PATTERNS: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (kind, prefix, lazy_pattern(_EDGE_BEFORE + f"(?:{pattern})" + _EDGE_AFTER))
    for kind, pattern, prefix in KEY_FORMATS)


def key_matches(line: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each whole key of a format in the table found in ``line``."""
    low = line.lower()
    for kind, prefix, pattern in _PATTERNS:
        if prefix in low:
            for m in pattern.finditer(line):
                yield kind, m.start(), m.end()
