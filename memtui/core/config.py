"""``.memtui.toml``: a workspace's audit configuration (or ``--config FILE``).

Keys (spelled exactly so; scripts depend on them)::

    exclude = ["briefs/**"]        # globs relative to the workspace: not memories at all
    ignore = ["unlinked_mention"]  # rule ids never reported
    include-archives = true        # audit _archive/, old/, trash/, … too (default: not)
    fail-on = "warning"            # and profile, stale-days, max-lines, max-bytes,
                                   #   num-ctx, tokenizer, memory-char-limit,
                                   #   user-char-limit, bootstrap-max-chars,
                                   #   bootstrap-total-max-chars, summary-tokens:
    [severity]                     #   as the flags of the same names (flags win)
    secret = "warning"
    [agent]                        # the chat agent, in the app (never in memtui eval):
    ask-before = ["delete"]        #   calls that wait for the operator's accept: "delete",
                                   #   "write" (every write); [] asks nothing

Anything else (an unknown key, an unknown rule id, a bad value) is a :class:`ConfigError`
naming the file and the key, in one line.

A user-level default, ``config.toml`` in memtui's user config folder
(``memtui.core.files.user_dirs``, e.g. ``~/.config/memtui/config.toml``; ``MEMTUI_CONFIG_DIR``
overrides the folder), with the same keys, is read only when the workspace has no
``.memtui.toml`` and no ``--config`` is given: the workspace's file wins whole (as ruff's
user configuration does), and flags win over either.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from memtui.core import bounds
from memtui.core.checks.rules import BY_ID
from memtui.core.files.globs import glob_matcher
from memtui.core.files.input_file import (
    CONFIG_LIMIT,
    InputError,
    changes_with,
    lies_within,
    parse_toml,
    read_input,
    written,
)
from memtui.core.files.user_dirs import user_config_dir
from memtui.core.profiles import PROFILES
from memtui.core.record import FrozenRecord, init_field

CONFIG_NAME = ".memtui.toml"
#: The user-level default's name in the user config folder.
USER_CONFIG_NAME = "config.toml"
SEVERITIES = ("error", "warning", "info")
FAIL_ON = (*SEVERITIES, "never")
#: What ``[agent] ask-before`` may list (memtui.agent.approval.KINDS).
ASK_KINDS = ("delete", "write")


class ConfigError(Exception):
    """A configuration file that cannot be used, in one line naming the file and key."""


class Config(FrozenRecord):
    """The settings read from a configuration file (`load_config`), or the defaults."""

    #: The file read (None: none was found, the defaults hold).
    path: str | None = None
    exclude: tuple[str, ...] = ()
    ignore: frozenset[str] = frozenset()
    severity: dict[str, str]
    fail_on: str | None = None
    profile: str | None = None
    stale_days: float | None = None
    max_lines: int | None = None
    max_bytes: int | None = None
    #: Audit the folders whose names say they are archives (excluded by default).
    include_archives: bool = False
    #: ``[agent] ask-before``: the chat agent's calls the app asks about (None: default).
    ask_before: tuple[str, ...] | None = None
    #: The project the memories are about (stale references are checked against it).
    project: str | None = None
    #: The model's context window (``--num-ctx``) and the tokenizers counted
    #: (``--tokenizer``); None: the profile's (newuser33 #23).
    num_ctx: int | None = None
    tokenizer: str | None = None
    #: The agents' load limits (`LIMIT_KEYS`, the flags of the same names); None: the
    #: agent's config next to the memory, else the agent's default.
    memory_char_limit: int | None = None
    user_char_limit: int | None = None
    bootstrap_max_chars: int | None = None
    bootstrap_total_max_chars: int | None = None
    summary_tokens: int | None = None

    def __init__(self, path: str | None = None, exclude: tuple[str, ...] = (),
                       ignore: frozenset[str] = frozenset(), severity: dict[str, str] | None = None,
                       fail_on: str | None = None, profile: str | None = None,
                       stale_days: float | None = None, max_lines: int | None = None,
                       max_bytes: int | None = None, include_archives: bool = False,
                       ask_before: tuple[str, ...] | None = None,
                       project: str | None = None, num_ctx: int | None = None,
                       tokenizer: str | None = None, memory_char_limit: int | None = None,
                       user_char_limit: int | None = None,
                       bootstrap_max_chars: int | None = None,
                       bootstrap_total_max_chars: int | None = None,
                       summary_tokens: int | None = None) -> None:
        init_field(self, "path", path)
        init_field(self, "exclude", exclude)
        init_field(self, "ignore", ignore)
        init_field(self, "severity", {} if severity is None else severity)
        init_field(self, "fail_on", fail_on)
        init_field(self, "profile", profile)
        init_field(self, "stale_days", stale_days)
        init_field(self, "max_lines", max_lines)
        init_field(self, "max_bytes", max_bytes)
        init_field(self, "include_archives", include_archives)
        init_field(self, "ask_before", ask_before)
        init_field(self, "project", project)
        init_field(self, "num_ctx", num_ctx)
        init_field(self, "tokenizer", tokenizer)
        init_field(self, "memory_char_limit", memory_char_limit)
        init_field(self, "user_char_limit", user_char_limit)
        init_field(self, "bootstrap_max_chars", bootstrap_max_chars)
        init_field(self, "bootstrap_total_max_chars", bootstrap_total_max_chars)
        init_field(self, "summary_tokens", summary_tokens)


def load_config(root: Path, explicit: str | None = None) -> Config:
    """The configuration for the workspace at ``root``: ``explicit`` (``--config FILE``,
    which must exist), else ``root/.memtui.toml`` when there is one, else the user-level
    default when there is one, else the defaults.

    Each is read by the one bounded reader (`memtui.core.files.input_file`): a regular file
    only, at most 1 MiB, a file inside the workspace through no link leading out of it;
    whatever it refuses, and whatever does not parse, is a ConfigError (one line)."""
    try:
        if explicit is not None:
            data = read_input(explicit, CONFIG_LIMIT, root)
            if data is None:
                raise ConfigError(f"{explicit}: cannot be read (No such file or directory)")
            return parse(parse_toml(data, explicit), explicit)
        path = root / CONFIG_NAME
        data = read_input(path, CONFIG_LIMIT, root)
        if data is None:
            folder = user_config_dir()
            if folder is None:
                return Config()
            path = folder / USER_CONFIG_NAME
            data = read_input(path, CONFIG_LIMIT, root)
            if data is None:
                return Config()
        return parse(parse_toml(data, path), str(path))
    except InputError as exc:
        raise ConfigError(str(exc)) from None


def is_workspace_own(config: Config, root: Path) -> bool:
    """Whether ``config`` was read from a file a change to the workspace at ``root`` can
    rewrite (`changes_with`: inside it, or in the git work tree holding it; never the
    user-level file): its ``.memtui.toml``, or a file there that ``--config`` names. Such a
    file comes with the memory it configures — a pull request, a cloned repository — so it
    may tighten what the operator asked, never loosen it (newuser27 #16, newuser28 #11,
    #15, newuser38 #13)."""
    return config.path is not None and owned_by_workspace(config.path, root)


def owned_by_workspace(path: str | Path, root: Path) -> bool:
    """Whether a change to the workspace at ``root`` can rewrite the configuration or
    baseline file at ``path`` (`changes_with`), the user-level folder's files excepted."""
    return changes_with(path, root) and not lies_within(path, user_config_dir())


def operator_config(root: Path) -> Config:
    """The operator's own configuration: the user-level file (or the defaults), never the
    workspace's. ConfigError as `load_config`'s."""
    folder = user_config_dir()
    if folder is None:
        return Config()
    path = folder / USER_CONFIG_NAME
    try:
        data = read_input(path, CONFIG_LIMIT, root)
        return Config() if data is None else parse(parse_toml(data, path), str(path))
    except InputError as exc:
        raise ConfigError(str(exc)) from None


#: The settings of a configuration that shape what the audit finds (not what it then
#: suppresses or how severe it says it is): the profile, its limits, the age of a stale
#: memory and the project stale references are looked up in.
#: The agents' load limits (the options' ``limits``; `memtui.commands.audit_options`'s
#: LIMIT_FLAGS), and the model's window: they decide over_limit and near_limit.
LIMIT_KEYS = ("memory_char_limit", "user_char_limit", "bootstrap_max_chars",
              "bootstrap_total_max_chars", "summary_tokens")
SHAPING = ("profile", "max_lines", "max_bytes", "stale_days", "project", "num_ctx",
           *LIMIT_KEYS)
LIMIT_NAMES = tuple(k.replace("_", "-") for k in LIMIT_KEYS)
#: What ``tokenizer`` may name (`memtui.core.counting.tokens.TOKENIZERS`, and both).
TOKENIZER_CHOICES = ("qwen", "cl100k", "both")


def _bad(where: str, key: str, why: str) -> ConfigError:
    return ConfigError(f"{where}: {key}: {why}")


#: Rules no configuration silences or lowers: a line that tries is refused, not ignored
#: (newuser23 #41: it was accepted without a word and had no effect).
NEVER_SILENCED = frozenset({"exclude_all"})


def _close(word: object, known: Iterable[str]) -> str:
    """``did you mean 'secret'? `` for a misspelt word, or '' (newuser25 #15: an inline
    comment's typo got the suggestion, the configuration's the whole list)."""
    import difflib

    close = difflib.get_close_matches(str(word).lower(), list(known), n=1) \
        if isinstance(word, str) else []
    return f"did you mean {close[0]!r}? " if close else ""


def _rule(where: str, key: str, value: object) -> str:
    if not isinstance(value, str) or value not in BY_ID:
        raise _bad(where, key, f"unknown rule {value!r} ({_close(value, BY_ID)}memtui rules "
                               "lists them)")
    if value in NEVER_SILENCED:
        raise _bad(where, key, f"{value} cannot be ignored or lowered: it says the exclude "
                               "leaves out the index or every memory; change the exclude")
    return value


def _number(where: str, key: str, value: object, whole: bool,
            limits: tuple[float, float]) -> Any:
    """``value`` when it is a finite number within ``limits`` (`memtui.core.bounds`: the
    same as the flag of the same name's)."""
    why = bounds.check(value, whole, *limits)
    if why is not None:
        raise _bad(where, key, f"{why}, not {written(value)[:40]!r}")
    return value


def _choice(where: str, key: str, value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise _bad(where, key, f"must be one of {', '.join(choices)}, not {value!r}")
    return str(value)


def _agent(where: str, value: object) -> tuple[str, ...] | None:
    """``[agent]``: its one key, ``ask-before``, a list of ASK_KINDS."""
    if not isinstance(value, dict):
        raise _bad(where, "agent", 'must be a table, e.g. [agent] ask-before = ["delete"]')
    for key in value:
        if key != "ask-before":
            raise _bad(where, f"agent.{key}",
                       f"unknown key ({_close(key, ['ask-before'])}known: ask-before)")
    kinds = value.get("ask-before")
    if kinds is None:
        return None
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise _bad(where, "agent.ask-before", "must be a list of strings, e.g. [\"delete\"]")
    for kind in kinds:
        _choice(where, "agent.ask-before", kind, ASK_KINDS)
    return tuple(dict.fromkeys(kinds))


def parse(data: dict[str, Any], where: str) -> Config:
    """A :class:`Config` from TOML data read from ``where`` (named in errors)."""
    out: dict[str, Any] = {"path": where}
    for key, value in data.items():
        if key in ("exclude", "ignore"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise _bad(where, key, "must be a list of strings")
            if key == "exclude":
                out["exclude"] = tuple(value)
            else:
                out["ignore"] = frozenset(_rule(where, "ignore", v) for v in value)
        elif key == "severity":
            if not isinstance(value, dict):
                raise _bad(where, key, "must be a table, e.g. [severity] secret = \"warning\"")
            out["severity"] = {_rule(where, f"severity.{k}", k):
                               _choice(where, f"severity.{k}", v, SEVERITIES)
                               for k, v in value.items()}
        elif key == "fail-on":
            out["fail_on"] = _choice(where, key, value, FAIL_ON)
        elif key == "profile":
            out["profile"] = _choice(where, key, value, PROFILES)
        elif key == "stale-days":
            out["stale_days"] = float(_number(where, key, value, False, bounds.STALE_DAYS))
        elif key in ("max-lines", "max-bytes"):
            limits = bounds.MAX_LINES if key == "max-lines" else bounds.MAX_BYTES
            out[key.replace("-", "_")] = _number(where, key, value, True, limits)
        elif key == "num-ctx":
            out["num_ctx"] = _number(where, key, value, True, bounds.NUM_CTX)
        elif key in LIMIT_NAMES:  # (the flags' bounds: --max-bytes's)
            out[key.replace("-", "_")] = _number(where, key, value, True, bounds.MAX_BYTES)
        elif key == "tokenizer":
            out["tokenizer"] = _choice(where, key, value, TOKENIZER_CHOICES)
        elif key == "agent":
            out["ask_before"] = _agent(where, value)
        elif key == "include-archives":
            if not isinstance(value, bool):
                raise _bad(where, key, f"must be true or false, not {value!r}")
            out["include_archives"] = value
        elif key == "project":
            if not isinstance(value, str) or not value.strip() or "\0" in value or \
                    len(value) > 4096:
                raise _bad(where, key, "must be a folder's path")
            out["project"] = value
        else:
            raise _bad(where, key, f"unknown key ({_close(key, KEYS)}known: "
                       f"{', '.join(KEYS)})")
    return Config(**out)


#: The keys of .memtui.toml, as the "unknown key" line lists them.
KEYS = ("exclude", "ignore", "severity", "fail-on", "profile", "stale-days", "max-lines",
        "max-bytes", "num-ctx", "tokenizer", "memory-char-limit", "user-char-limit",
        "bootstrap-max-chars", "bootstrap-total-max-chars", "summary-tokens",
        "include-archives", "project", "agent")


def excluder(patterns: tuple[str, ...]) -> Any:
    """A predicate: whether a relative POSIX path is excluded by ``patterns``
    (`memtui.core.files.globs`: linear in the path whatever the pattern)."""
    matchers = [glob_matcher(p) for p in patterns if p.strip()]
    if not matchers:
        return lambda rel: False
    return lambda rel: any(m(rel) for m in matchers)
