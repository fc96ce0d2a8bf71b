"""Reading the workspace's configuration again when the operator re-audits (key ``r``).

The app reads ``.memtui.toml`` (or ``--config FILE``, else the user-level default) when it
starts. A file written or changed while it runs was ignored, even by ``r`` ("audit again
from scratch"), with nothing saying so (newuser21 #18). Now ``r`` reads it again: what the
audit applies to each result (``ignore``, ``[severity]``) takes effect at once; what shapes
the audit itself or the chat session (``exclude``, the profile and its limits, the project,
``[agent] ask-before``) is named as applying when memtui starts again, never silently kept.
"""

from __future__ import annotations

from pathlib import Path

from memtui.core.config import LIMIT_KEYS, Config, ConfigError, load_config

#: Applied to every result as it is shown (`memtui.core.reporting.suppress.apply_to`).
NOW = ("ignore", "severity")
#: Fixed when the app starts (the auditor's options, the chat session's gate).
AT_START = ("exclude", "include_archives", "profile", "stale_days", "max_lines", "max_bytes",
            "project", "ask_before", "num_ctx", "tokenizer", *LIMIT_KEYS)
#: How the notice names a key (as the file spells it).
KEY_NAMES = {"include_archives": "include-archives", "stale_days": "stale-days",
             "max_lines": "max-lines", "max_bytes": "max-bytes", "ask_before": "ask-before",
             "fail_on": "fail-on", "num_ctx": "num-ctx",
             **{k: k.replace("_", "-") for k in LIMIT_KEYS}}


def reread(root: Path, explicit: str | None, old: Config) -> tuple[Config, str]:
    """The configuration to use now, and one line saying what changed (empty: nothing).

    A file that cannot be used now keeps ``old`` and says why; ``fail-on`` changes
    nothing in the app (it is the audit command's exit status)."""
    try:
        new = load_config(root, explicit)
    except ConfigError as exc:
        return old, f"configuration not used (the previous one still applies): {exc}"
    changed = [k for k in (*NOW, *AT_START) if getattr(new, k) != getattr(old, k)]
    if not changed:
        return (new if new.path != old.path else old), ""
    name = Path(new.path).name if new.path else None
    head = f"read {name} again" if name else "no configuration file now"
    now = [KEY_NAMES.get(k, k) for k in changed if k in NOW]
    later = [KEY_NAMES.get(k, k) for k in changed if k in AT_START]
    parts = [head]
    if now:
        parts.append(f"{', '.join(now)} applied")
    if later:
        parts.append(f"{', '.join(later)} {'applies' if len(later) == 1 else 'apply'} when "
                     "memtui starts again")
    # The keys that apply only at start keep their old values until then.
    kept = {k: getattr(old, k) for k in AT_START}
    merged = Config(path=new.path, ignore=new.ignore, severity=new.severity,
                    fail_on=new.fail_on, **kept)
    return merged, ": ".join(parts[:2]) + ("; " + parts[2] if len(parts) > 2 else "")
