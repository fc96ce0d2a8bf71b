"""What the audited workspace cannot accept by itself: one rule for every way a run is
decided (`memtui audit`, `--discover`, `memtui fleet`).

A finding of a *guarded* kind (`Rule.guarded`: a credential, and a text the credential
check did not read — newuser32 #19, a padded memory's own commit switched that check off)
fails the run whatever the workspace's own settings say: its ``.memtui.toml``'s
``ignore``, ``severity``, ``exclude`` or ``fail-on``, or an inline ignore comment. One
commit could otherwise add a credential and the line that hides it (newuser31 #3), and a
fleet of workspaces other people write would read "0 secrets, exit 0" (newuser32 #23).
Only the command line decides otherwise: a ``--fail-on`` flag, a ``--baseline`` or a
``--config`` outside the workspace. A baseline file inside the workspace is the
workspace's own, as a ``.memtui.toml`` there is: the change that adds a credential can
write the baseline entry that accepts it (its key is in the file), so what it accepts of a
guarded kind still fails the run (redteam33); it accepts every other finding as before.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from memtui.core.checks.findings import Finding, reaches
from memtui.core.checks.rules import RULES
from memtui.core.files.input_file import lies_within
from memtui.core.reporting.wording import plural

if TYPE_CHECKING:
    from memtui.core.audit import AuditResult

#: The kinds no audited workspace accepts by itself (the rules say which).
GUARDED = frozenset(rule.id for rule in RULES if rule.guarded)
#: Their nouns, singular and plural (the report's grouping is not imported for two words:
#: a cold audit imports no dataclasses, `tests/core/test_record.py`).
NOUNS: dict[str, tuple[str, str]] = {"secret": ("credential", "credentials"),
    "unchecked_text": ("unchecked text", "unchecked texts")}


def config_inside(result: AuditResult) -> bool:
    """Whether the configuration the run read lies in the audited workspace (a change to
    the workspace can rewrite it)."""
    return result.config_path is not None and lies_within(result.config_path,
                                                          result.workspace.root)


def baseline_inside(result: AuditResult) -> bool:
    """Whether the ``--baseline`` the run read lies in the audited workspace (a change to
    the workspace can rewrite it, key and all)."""
    path = getattr(result, "baseline_path", None)
    return path is not None and lies_within(path, result.workspace.root)


def own_suppressed(result: AuditResult) -> list[Finding]:
    """The findings the audited workspace suppressed itself: by inline comments, by its
    configuration's ``exclude``, by its own ``.memtui.toml``'s ``ignore`` (not a
    ``--config FILE`` outside it, nor the user-level file), and the guarded ones a
    ``--baseline`` file inside it accepts."""
    causes = {"inline", "exclude"}
    if config_inside(result):
        causes.add("config")  # named by --config or not, it is the workspace's (newuser27 #16)
    inside = baseline_inside(result)
    return [s.finding for s in result.suppressed if s.cause in causes or (
        inside and s.cause == "baseline" and s.finding.kind in GUARDED)]


def own_kept(result: AuditResult, threshold: str = "error", own_fail_on: bool = False
             ) -> list[Finding]:
    """The guarded findings the audited workspace kept from failing the run by itself:
    suppressed by its own file or inline comments, lowered by its own file below
    ``threshold``, or reported under a ``fail-on`` its own file loosened (``own_fail_on``)."""
    own = {id(f) for f in own_suppressed(result)}
    kept = [s.finding for s in result.suppressed
            if s.finding.kind in GUARDED and id(s.finding) in own]
    if config_inside(result):
        kept.extend(f for f, _was in result.lowered
                    if f.kind in GUARDED and not reaches(f.severity, threshold))
    if own_fail_on and not reaches("error", threshold):
        kept.extend(f for f in result.findings if f.kind in GUARDED and f.severity == "error")
    return kept


def kept_nouns(kept: list[Finding]) -> str:
    """``5 credentials and 1 unchecked text``: what ``kept`` holds, by kind."""
    counts = Counter(f.kind for f in kept)
    parts = [plural(n, *NOUNS.get(kind, (kind, kind + "s")))
             for kind, n in sorted(counts.items(), key=lambda kv: (kv[0] != "secret", kv[0]))]
    return " and ".join(parts)


def places(found: list[Finding]) -> str:
    """``a.md:7, b.md`` for the first five findings, and how many more."""
    return first_few([f"{f.path}:{f.line}" if f.line else f.path for f in found])


def first_few(items: list[str]) -> str:
    """The first five of ``items`` joined, and how many more."""
    return ", ".join(items[:5]) + (f" and {len(items) - 5:,} more" if len(items) > 5 else "")


def kept_line(kept: list[Finding]) -> str:
    """The reason a run fails on ``kept`` (said on stderr)."""
    return (f"{kept_nouns(kept)} ({places(kept)}) kept from failing by the workspace's own "
            "settings (its .memtui.toml's ignore, severity, exclude or fail-on, a setting "
            "that shapes the audit such as profile, an inline ignore comment, or a "
            "--baseline file inside it): a credential, or text the "
            "credential check did not read, is never the audited workspace's to accept "
            "(give --fail-on on the command line, or a --baseline outside the workspace, to "
            "decide it)")
