"""The audit options every auditing command shares (audit, the app, fleet, trend), and how
their JSON is encoded; apart from `memtui.commands.audit` so that fleet, which audit runs,
need not import it back."""

from __future__ import annotations

import argparse
import codecs
from typing import TextIO

from memtui.commands.parser import context_window, days, positive_int
from memtui.core.audit import CLAUDE_WINDOW, DEFAULT_NUM_CTX, PROFILES, AuditOptions
from memtui.core.tokens import TOKENIZERS


def add_audit_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by every command that audits (audit, the app)."""
    parser.add_argument("--profile", choices=PROFILES,
                        help="what the consumer loads (default: follows the layout)")
    parser.add_argument("--max-lines", type=positive_int, default=200,
                        help="claude-code profile: index lines loaded (default 200)")
    parser.add_argument("--max-bytes", type=positive_int, default=25_000,
                        help="claude-code profile: index bytes loaded (default 25000)")
    parser.add_argument("--num-ctx", type=context_window, default=None, metavar="N",
                        help="context window to measure against (default: the profile's, "
                        f"{CLAUDE_WINDOW:,} for claude-code, {DEFAULT_NUM_CTX:,} for item)")
    parser.add_argument("--stale-days", type=days, default=90,
                        help="report memories older than this many days (default 90)")
    parser.add_argument("--tokenizer", choices=(*TOKENIZERS, "both"),
                        help="count tokens with qwen, cl100k or both (default: the window's, "
                        "qwen for the item profile, cl100k for claude-code)")


def tokenizers_from(choice: str | None) -> tuple[str, ...]:
    """``--tokenizer``'s tokenizers (none given: the window's alone)."""
    return TOKENIZERS if choice == "both" else (choice,) if choice else ()


def options_from(ns: argparse.Namespace) -> AuditOptions:
    """The audit options a parsed command line asks for; the app counts each file's tokens
    after its first audit, ``memtui audit`` only with ``--file-tokens``."""
    return AuditOptions(profile=ns.profile, max_lines=ns.max_lines, max_bytes=ns.max_bytes,
                        num_ctx=ns.num_ctx, stale_days=ns.stale_days,
                        tokenizers=tokenizers_from(ns.tokenizer),
                        file_tokens=getattr(ns, "file_tokens", False))


def utf8_stream(stream: TextIO) -> bool:
    """Whether ``stream`` encodes UTF-8 (else JSON goes out as ASCII with escapes)."""
    try:
        return codecs.lookup(stream.encoding or "").name == "utf-8"
    except (LookupError, AttributeError):
        return False
