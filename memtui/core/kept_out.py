"""What a workspace's own configuration keeps out of its audit by the settings that shape
it (`memtui.core.config.SHAPING`: ``max-bytes = 99999999`` hid the memories Claude Code never
loads, newuser30 #12; ``profile = "openclaw"`` took an item workspace's orphans away,
newuser28 #15): the findings an audit with the operator's settings instead (the flags, the
user-level file, the defaults) makes that this one did not, by rule and file. One
implementation for ``memtui audit --fail-on`` (counted, on stderr) and the app (listed with
the suppressed findings under ``i``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from pathlib import Path

from memtui.core.audit import Auditor
from memtui.core.checks.findings import Finding, reaches
from memtui.core.config import (
    LIMIT_KEYS,
    SHAPING,
    Config,
    is_workspace_own,
    operator_config,
)
from memtui.core.record import replace
from memtui.core.reporting.suppress import Baseline, apply_to
from memtui.core.results import AuditOptions, AuditResult
from memtui.core.workspace import Workspace


def setting_text(value: object) -> str:
    """A setting as the configuration file writes it: ``120`` for ``stale-days = 120``,
    read as a number of days (newuser42 #23: "stale-days = 120.0"); a string quoted."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value)


def own_settings(config: Config, root: Path, given: Collection[str]) -> list[str]:
    """The shaping settings the workspace's own file sets and no flag overrides
    (``given``: the keys of `SHAPING` given on the command line), as ``key = value``."""
    if not is_workspace_own(config, root):
        return []
    return [f"{key.replace('_', '-')} = {setting_text(getattr(config, key))}" for key in SHAPING
            if key not in given and getattr(config, key) is not None]


def shaping_note(config: Config, root: Path, given: Collection[str], again: AuditResult
                 ) -> str:
    """``.memtui.toml sets max-lines = 100000 (without it 200), profile = 'item' (without
    it claude-code)``: each shaping setting the workspace's own file sets, with what the
    audit ``again`` (the operator's settings) used instead; "" when none."""
    parts = []
    for key in SHAPING:
        value = getattr(config, key)
        if key in given or value is None:
            continue
        instead = again.profile if key == "profile" else \
            dict(again.options.limits).get(key) if key in LIMIT_KEYS else \
            getattr(again.options, key, None)
        shown = f"{instead:,}" if isinstance(instead, int) else setting_text(instead) \
            if isinstance(instead, float) else str(instead)
        if instead is None:
            shown = {"stale_days": "not checked", "project": "found from the workspace",
                     "num_ctx": "the profile's window"}.get(key, "the agent's own")
        parts.append(f"{key.replace('_', '-')} = {setting_text(value)} (without it {shown})")
    if not parts:
        return ""
    name = Path(config.path).name if config.path else "the workspace's configuration"
    return f"{name} sets {', '.join(parts)}"


def operator_options(options: AuditOptions, config: Config, mine: Config,
                     given: Collection[str]) -> AuditOptions:
    """``options`` with each setting the workspace's file set (no flag over it) taken from
    the operator's configuration ``mine``, else the default."""
    changes: dict[str, object] = {"keep_texts": False}
    limits = dict(options.limits)
    for key in SHAPING:
        if key in given or getattr(config, key) is None:
            continue
        value = getattr(mine, key)
        if key in LIMIT_KEYS:  # an agent's limit: one of the options' ``limits``
            limits.pop(key, None)
            if value is not None:
                limits[key] = value
            continue
        changes[key] = getattr(AuditOptions, key, None) if value is None else value
        if key == "project":
            changes["project_from_config"] = value is not None
    changes["limits"] = tuple(limits.items())
    return replace(options, **changes)


def kept_out(ws: Workspace, options: AuditOptions, result: AuditResult, config: Config,
             given: Collection[str], baseline: Baseline | None = None,
             threshold: str = "info") -> tuple[list[Finding], list[str]]:
    """The findings at ``threshold`` or above an audit with the operator's settings makes
    that ``result`` (audited with ``options`` under ``config``) neither reports nor
    suppresses, and the settings that kept them out. The same scans, from the cache the
    first audit wrote. Nothing when the workspace's file sets none."""
    settings = own_settings(config, ws.root, given)
    if not settings:
        return [], []
    mine = operator_config(ws.root)
    wanted = operator_options(options, config, mine, given)
    again = apply_to(Auditor(ws, wanted, one_shot=True).run(), mine, baseline)
    result.shaping = shaping_note(config, ws.root, given, again)
    seen = Counter((f.kind, f.path) for f in (*result.findings,
                                               *(s.finding for s in result.suppressed)))
    found = []
    for f in again.findings:
        if not reaches(f.severity, threshold):
            continue
        if seen[(f.kind, f.path)]:
            seen[(f.kind, f.path)] -= 1
        else:
            found.append(f)
    return found, settings
