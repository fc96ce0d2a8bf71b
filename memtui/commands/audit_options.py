"""The audit options every auditing command shares (audit, the app, fleet, trend), the
configuration file merged into them, and how their JSON is encoded; apart from
`memtui.commands.audit` so that fleet, which audit runs, need not import it back."""

from __future__ import annotations

import argparse
import codecs
from pathlib import Path
from typing import TextIO

from memtui.commands.parser import context_window, days, folder, max_bytes, max_lines
from memtui.core.audit import DEFAULT_NUM_CTX, PROFILES, AuditOptions
from memtui.core.config import Config, ConfigError, load_config
from memtui.core.counting.tokens import TOKENIZERS


def profile_windows() -> str:
    """Each profile's window, as its reports name it (newuser42 #9: the help said every
    agent but claude-code and item was measured against Qwen's, the reports Gemini's and
    gpt-5's): ``gemini 1,048,576, codex 272,000, …; hermes, …: their models are unknown,
    Qwen's 40,960 assumed``."""
    from memtui.core.profiles.base import ASSUMED_WINDOW
    from memtui.core.profiles.registry import BY_NAME

    known = [f"{name} {p.window[0]:,}" for name, p in BY_NAME.items()
             if p.window[1] != ASSUMED_WINDOW]
    unknown = [name for name, p in BY_NAME.items() if p.window[1] == ASSUMED_WINDOW]
    return "; ".join([", ".join(known), *([f"{', '.join(unknown)}: their models are "
                                           f"unknown, Qwen's {DEFAULT_NUM_CTX:,} assumed"]
                                          if unknown else [])])


def add_audit_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by every command that audits (audit, the app)."""
    parser.add_argument("--profile", choices=PROFILES,
                        help="what the consumer loads: the agent (default: recognised from "
                        "the layout, else item for an item layout, claude-code otherwise)")
    parser.add_argument("--config", metavar="FILE", default=None,
                        help="the configuration file (default: the workspace's .memtui.toml "
                        "when there is one); flags override it")
    parser.add_argument("--max-lines", type=max_lines, default=None,
                        help="claude-code profile: index lines loaded (default 200)")
    parser.add_argument("--max-bytes", type=max_bytes, default=None,
                        help="claude-code profile: index bytes loaded (default 25000)")
    parser.add_argument("--num-ctx", type=context_window, default=None, metavar="N",
                        help="context window to measure against, in tokens (default: the "
                        f"profile's: {profile_windows()})")
    parser.add_argument("--stale-days", type=days, default=None,
                        help="report memories older than this many days (default 90)")
    for flag, key, what in LIMIT_FLAGS:
        # Codex has no config memtui reads: its default only (newuser34 #18)
        default = ".memtui.toml's summary-tokens, else 2,500" if key == "summary_tokens" else \
            "the agent's config next to the memory, else the agent's default"
        parser.add_argument(flag, type=max_bytes, default=None, dest=key, metavar="N",
                            help=f"{what} (default: {default})")
    parser.add_argument("--project", metavar="DIR", default=None, type=folder,
                        help="the project the memories are about: stale references are "
                        "checked against it (default: an item workspace itself, or the "
                        "folder a Claude Code folder's name encodes)")
    parser.add_argument("--tokenizer", choices=(*TOKENIZERS, "both"),
                        help="count tokens with qwen, cl100k or both (default: the window's, "
                        "qwen for the item profile, cl100k for claude-code)")


#: The agents' load limits a flag sets (flag, option key, help), issue 33; each wins over
#: the agent's own config file.
LIMIT_FLAGS = (
    ("--memory-char-limit", "memory_char_limit", "hermes profile: MEMORY.md's characters"),
    ("--user-char-limit", "user_char_limit", "hermes profile: USER.md's characters"),
    ("--bootstrap-max-chars", "bootstrap_max_chars",
     "openclaw profile: characters a bootstrap file"),
    ("--bootstrap-total-max-chars", "bootstrap_total_max_chars",
     "openclaw profile: characters of all bootstrap files"),
    ("--summary-tokens", "summary_tokens", "codex profile: memory_summary.md's tokens"),
)


def limits_from(ns: argparse.Namespace) -> tuple[tuple[str, int], ...]:
    """The agents' limits the command line gives."""
    return tuple((key, value) for _, key, _ in LIMIT_FLAGS
                 if (value := getattr(ns, key, None)) is not None)


#: The flags that cut the index (the profiles whose ``index_cut`` is set), by option key.
INDEX_FLAGS = (("--max-lines", "max_lines"), ("--max-bytes", "max_bytes"))


def limit_flags_given(ns: argparse.Namespace) -> list[tuple[str, str]]:
    """The agents' limit flags the command line gives, as (flag, option key); call it before
    the configuration is merged (`merge_config` fills ``max_lines`` from the file)."""
    return [(flag, key) for flag, key, *_ in (*INDEX_FLAGS, *LIMIT_FLAGS)
            if getattr(ns, key, None) is not None]


def unused_limit_lines(given: list[tuple[str, str]], profile: str,
                       subject: str = "this folder is") -> list[str]:
    """One line for each flag of ``given`` that ``profile`` has no use for: which profile it
    applies to, and how to use it (newuser29 #31: they were accepted and silently ignored)."""
    from memtui.core.profiles.registry import BY_NAME

    out = []
    for flag, key in given:
        owners = [p.name for p in BY_NAME.values()
                  if (key in p.limit_keys) or (p.index_cut and (flag, key) in INDEX_FLAGS)]
        if profile in owners or not owners:
            continue
        use = " or ".join(f"--profile {name}" for name in owners)
        out.append(f"{flag} applies to the {' and '.join(owners)} profile; {subject} "
                   f"audited as {profile}, so it has no effect here ({use} to use it)")
    return out


def unused_by_all_lines(given: list[tuple[str, str]], profiles: set[str]) -> list[str]:
    """`unused_limit_lines` for commands that read several workspaces (``audit
    --discover``): one line for each flag of ``given`` that none of ``profiles`` has a use
    for (newuser29 #31: said by ``audit`` alone)."""
    if not profiles:
        return []
    named = " and ".join(sorted(profiles))
    return [unused_limit_lines([flag], named, "these folders are")[0] for flag in given
            if all(unused_limit_lines([flag], p) for p in profiles)]


def tokenizers_from(choice: str | None) -> tuple[str, ...]:
    """``--tokenizer``'s tokenizers (none given: the window's alone)."""
    return TOKENIZERS if choice == "both" else (choice,) if choice else ()


#: The defaults of the options a configuration file may also set (flag > file > these).
DEFAULTS: dict[str, object] = {"profile": None, "max_lines": 200, "max_bytes": 25_000,
                               "stale_days": 90.0, "fail_on": "error", "num_ctx": None,
                               "tokenizer": None,
                               **{key: None for _, key, _ in LIMIT_FLAGS}}


def merge_config(ns: argparse.Namespace, config: Config) -> None:
    """Fill the options the command line left unset from ``config``, then the defaults."""
    for key, default in DEFAULTS.items():
        if getattr(ns, key, None) is None:
            value = getattr(config, key)
            setattr(ns, key, default if value is None else value)


def load_config_for(root: Path, ns: argparse.Namespace) -> Config:
    """The workspace's configuration (``--config FILE`` or ``.memtui.toml``), merged into
    ``ns``. Raises ConfigError."""
    config = load_config(root, getattr(ns, "config", None))
    merge_config(ns, config)
    if config.project and not getattr(ns, "project", None):
        # a bad value in the file stops the audit, as the flag's does (newuser24 #45: a
        # typo turned the stale-reference check off with a note and the CI step went on)
        where = Path(config.project).expanduser()
        where = where if where.is_absolute() else root / where
        if not where.is_dir():
            raise ConfigError(f"{config.path}: project = {config.project!r}: no such folder "
                              f"({where}; a relative one is read from the workspace)")
    return config


def options_from(ns: argparse.Namespace, config: Config | None = None) -> AuditOptions:
    """The audit options a parsed command line asks for; the app counts each file's tokens
    after its first audit, ``memtui audit`` only with ``--file-tokens``."""
    merge_config(ns, config or Config())
    return AuditOptions(profile=ns.profile, max_lines=ns.max_lines, max_bytes=ns.max_bytes,
                        num_ctx=ns.num_ctx, stale_days=ns.stale_days,
                        tokenizers=tokenizers_from(ns.tokenizer),
                        file_tokens=getattr(ns, "file_tokens", False),
                        exclude=config.exclude if config else (),
                        include_archives=config.include_archives if config else False,
                        limits=limits_from(ns),
                        project=getattr(ns, "project", None) or
                        (config.project if config else None),
                        project_from_config=not getattr(ns, "project", None) and
                        bool(config and config.project))


def utf8_stream(stream: TextIO) -> bool:
    """Whether ``stream`` encodes UTF-8 (else JSON goes out as ASCII with escapes)."""
    try:
        return codecs.lookup(stream.encoding or "").name == "utf-8"
    except (LookupError, AttributeError):
        return False
