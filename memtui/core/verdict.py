"""What the audited workspace cannot accept by itself: one rule for every way a run is
decided (`memtui audit`, `--discover`, `memtui fleet`).

A finding of a *guarded* kind (`Rule.guarded`: a credential, and a text the credential
check did not read — newuser32 #19, a padded memory's own commit switched that check off)
fails the run whatever the workspace's own settings say: its ``.memtui.toml``'s
``ignore``, ``severity``, ``exclude`` or ``fail-on``, or an inline ignore comment. One
commit could otherwise add a credential and the line that hides it (newuser31 #3), and a
fleet of workspaces other people write would read "0 secrets, exit 0" (newuser32 #23).
Only the command line decides otherwise: a ``--fail-on`` flag, a ``--baseline`` or a
``--config`` outside the workspace and the git work tree holding it. A baseline file inside
the workspace is the workspace's own, as a ``.memtui.toml`` there is: the change that adds
a credential can write the baseline entry that accepts it (its key is in the file), so what
it accepts of a guarded kind still fails the run (redteam33); it accepts every other
finding as before. So is one anywhere in the git work tree holding the workspace (a
repository's ``.ci/`` folder: the same pull request rewrites it; newuser38 #13,
`memtui.core.files.input_file.changes_with`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from memtui.core.checks.findings import Finding, reaches
from memtui.core.checks.rules import RULES
from memtui.core.record import FrozenRecord, init_field
from memtui.core.reporting.hidden import effective_severity
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural

if TYPE_CHECKING:
    from pathlib import Path

    from memtui.core.audit import AuditResult
    from memtui.core.config import Config

#: The kinds no audited workspace accepts by itself (the rules say which).
GUARDED = frozenset(rule.id for rule in RULES if rule.guarded)
#: Their nouns, singular and plural (the report's grouping is not imported for two words:
#: a cold audit imports no dataclasses, `tests/core/test_record.py`).
NOUNS: dict[str, tuple[str, str]] = {"secret": ("credential", "credentials"),
    "unchecked_text": ("unchecked text", "unchecked texts")}


def config_inside(result: AuditResult) -> bool:
    """Whether the configuration the run read is the audited workspace's own: a change to
    the workspace can rewrite it (`memtui.core.config.is_workspace_own`)."""
    from memtui.core.config import owned_by_workspace

    path = result.config_path
    return path is not None and owned_by_workspace(path, result.workspace.root)


def baseline_inside(result: AuditResult) -> bool:
    """Whether the ``--baseline`` the run read is the audited workspace's own: in it or in
    the git work tree holding it, where a change to the workspace can rewrite it, key and
    all (newuser38 #13)."""
    from memtui.core.config import owned_by_workspace

    path = getattr(result, "baseline_path", None)
    return path is not None and owned_by_workspace(path, result.workspace.root)


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
            "--baseline file inside it or in the git work tree holding it): a credential, "
            "or text the "
            "credential check did not read, is never the audited workspace's to accept "
            "(give --fail-on on the command line, or a --baseline outside the repository, to "
            "decide it)")


def loosening_settings(config: Config, root: Path, flagged: bool = False) -> list[str]:
    """The settings of the workspace's own configuration file (``config``, when it lies in
    ``root``) that loosen the verdict: its ``fail-on`` (unless a ``--fail-on`` flag,
    ``flagged``, decides), ``ignore``, ``exclude`` and the ``severity`` it lowers, as
    ``key = value``."""
    from memtui.core.config import is_workspace_own

    if not is_workspace_own(config, root):
        return []
    out = []
    if config.fail_on is not None and not flagged:
        out.append(f"fail-on = {config.fail_on}")
    if config.ignore:
        out.append(f"ignore = [{', '.join(sorted(config.ignore))}]")
    if config.exclude:
        out.append(f"exclude = [{', '.join(config.exclude)}]")
    lowered = sorted(f"{kind} = {sev}" for kind, sev in config.severity.items())
    if lowered:
        out.append(f"severity {', '.join(lowered)}")
    return out


def _order(threshold: str) -> int:
    return ("info", "warning", "error", "never").index(threshold)


def recounted(result: AuditResult, threshold: str, shaped: list[Finding] | None = None,
              lowered_any: bool = True) -> list[tuple[str, list[Finding]]]:
    """What the workspace's own settings kept from reaching ``threshold`` that a
    ``--fail-on`` given on the command line counts, by cause: at the severity its
    configuration lowered (``lowered_any``: whatever file lowered it), suppressed by
    itself (per cause: ``config``, ``inline``, ``exclude``, ``baseline``), and what the
    audit makes without its own settings that shape it (``shaped``)."""
    inside = config_inside(result)
    before = {id(f): was for f, was in result.lowered if lowered_any or inside}
    out: list[tuple[str, list[Finding]]] = []
    raised = [f for f, was in result.lowered if id(f) in before
              and not reaches(f.severity, threshold) and reaches(was, threshold)]
    if raised:
        out.append(("lowered", raised))
    own = {id(f) for f in own_suppressed(result)} - {id(f) for f in shaped or ()}
    by_cause: dict[str, list[Finding]] = {}
    for s in result.suppressed:
        f = s.finding
        if id(f) in own and reaches(effective_severity(f, before.get(id(f))), threshold):
            by_cause.setdefault(s.cause, []).append(f)
    out.extend((f"suppressed {cause}", found) for cause, found in sorted(by_cause.items()))
    extra = [f for f in shaped or () if reaches(f.severity, threshold)]
    if extra:
        out.append(("shaped", extra))
    return out


def recount_text(parts: list[tuple[str, list[Finding]]], lowered: list[tuple[Finding, str]],
                 shaping: str) -> str:
    """``recounted``'s parts in words, each with its count: ``2 findings at the severity
    the configuration lowered (orphan warning→info) and 552 findings the workspace
    suppressed itself (config 546, inline 6)``."""
    was = {id(f): before for f, before in lowered}
    said = []
    suppressed = [(cause.split(" ", 1)[1], found) for cause, found in parts
                  if cause.startswith("suppressed ")]
    for cause, found in parts:
        if cause == "lowered":
            named = ", ".join(sorted({f"{f.kind} {was[id(f)]}\u2192{f.severity}"
                                      for f in found}))
            said.append(f"{plural(len(found), 'finding')} at the severity the configuration "
                        f"lowered ({named})")
        elif cause == "shaped":
            kinds = Counter(f.kind for f in found)
            said.append(f"{plural(len(found), 'finding')} the audit makes without the "
                        "workspace's own settings ("
                        f"{', '.join(f'{k} ×{n}' for k, n in sorted(kinds.items()))}"
                        + (f"; {shaping}" if shaping else "") + ")")
    if suppressed:
        total = sum(len(found) for _cause, found in suppressed)
        said.insert(1 if parts and parts[0][0] == "lowered" else 0,
                    f"{plural(total, 'finding')} the workspace suppressed itself ("
                    + ", ".join(f"{cause} {len(found):,}" for cause, found in suppressed)
                    + ")")
    return " and ".join(said)


def decide(result: AuditResult, threshold: str, flagged: bool, own_fail_on: bool = False,
           shaped: tuple[list[Finding], list[str]] = ([], []),
           operator_guarded: list[Finding] | None = None, settings: list[str] | None = None,
           source: str = "a --fail-on given on the command line",
           honour: str = "leave the flag out to honour them") -> tuple[int, list[str]]:
    """The exit status of one audited workspace and the lines that say why on stderr (one
    code path for ``memtui audit``, each row of ``--discover`` and ``memtui fleet``).

    ``threshold``: the ``--fail-on`` that decides; ``flagged``: the command line (or the
    operator's own file) gave it, so the workspace's settings do not loosen it — what they
    lowered, suppressed or kept out (``shaped``: the findings its shaping settings kept
    out, and those settings) counts, all of it said by cause (newuser35 #11). Unflagged,
    the workspace's settings hold, but a guarded kind fails all the same (`own_kept`,
    ``own_fail_on``: the threshold is its own file's), and when its settings (``settings``,
    `loosening_settings`) turn a run that would fail into a pass, one line says so (newuser35
    #10: ``fail-on = "never"`` passed 6 errors, stderr empty)."""
    extra_found, extra_settings = shaped
    config = printable(str(result.config_path)) if result.config_path else "the configuration"
    shaping = f"{config} sets {', '.join(extra_settings)}" if extra_settings else ""
    if not flagged:
        kept = own_kept(result, threshold, own_fail_on) + list(operator_guarded or ())
        if kept:
            return 1, [f"exit 1: {kept_line(kept)}"]
        if any(reaches(f.severity, threshold) for f in result.findings):
            return 1, []
        # what the run would have failed on without the workspace's own settings
        reference = threshold if _order(threshold) <= _order("error") else "error"
        named = list(settings or ())
        parts = recounted(result, reference, extra_found, lowered_any=False)
        if not any(n.startswith("exclude") for n in named):  # memtui's default (archives)
            parts = [(cause, found) for cause, found in parts if cause != "suppressed exclude"]
        loosened = own_fail_on and reference != threshold
        failing = [f for f in result.findings if reaches(f.severity, reference)] \
            if loosened else []
        if not parts and not failing:
            return 0, []
        counts = [(plural(len(failing), "error") if reference == "error" else
                   f"{plural(len(failing), 'finding')} at {reference} or above") + " reported"
                  ] if failing else []
        text = recount_text(parts, result.lowered, shaping)
        if text:
            counts.append(text)
        where = " and ".join(
            ([f"{config} (inside the workspace) sets {', '.join(named)}"] if named else [])
            + (["inline ignore comments in its files"] if any(
                cause == "suppressed inline" for cause, _ in parts) else [])) \
            or "the workspace's own settings"
        return 0, [f"exit 0: {where}: {' and '.join(counts)}, not counted (give --fail-on "
                   f"{reference} on the command line to count them)"]
    if any(reaches(f.severity, threshold) for f in result.findings):
        return 1, []
    parts = recounted(result, threshold, extra_found)
    if not parts:
        return 0, []
    fix = "give the setting as a flag, or " if extra_found and any(
        cause == "shaped" for cause, _ in parts) else ""
    return 1, [f"exit 1: --fail-on {threshold} counts "
               f"{recount_text(parts, result.lowered, shaping)}: {source} is not loosened "
               f"by the repository it checks ({fix}{honour})"]


def stricter(threshold: str | None, than: str) -> bool:
    """Whether ``threshold`` fails on more than ``than`` does (None: on nothing more)."""
    return threshold is not None and _order(threshold) < _order(than)


class Gate(FrozenRecord):
    """Which ``--fail-on`` decides one workspace's run, and whose it is (`gate_for`)."""

    threshold: str
    #: given by the operator (the command line, or their own user-level file over the
    #: workspace's): the workspace's settings do not loosen it
    flagged: bool
    #: the threshold is the workspace's own file's (it may not pass a guarded finding)
    own_fail_on: bool
    #: whose fail-on it is, when the operator's own file's (None: the command line's)
    source: str | None

    def __init__(self, threshold: str, flagged: bool, own_fail_on: bool,
                 source: str | None) -> None:
        init_field(self, "threshold", threshold)
        init_field(self, "flagged", flagged)
        init_field(self, "own_fail_on", own_fail_on)
        init_field(self, "source", source)

    def whose(self) -> str:
        """Whose ``--fail-on`` decides, as `decide` names it."""
        return self.source or "a --fail-on given on the command line"

    def honour(self) -> str:
        """How the operator lets the workspace's settings decide after all."""
        return ("leave fail-on out of that file to honour them" if self.source
                else "leave the flag out to honour them")


def gate_for(config: Config, root: Path, flag: str | None) -> Gate:
    """The gate of the workspace at ``root`` read with ``config``: a ``--fail-on`` given on
    the command line (``flag``) decides, else the configuration's ``fail-on``, else
    ``error``; but the operator's own fail-on (the user-level file, which the workspace's
    file replaces) is theirs as the flag is: the repository it checks may tighten it, never
    loosen it (newuser32 #37). One rule for ``memtui audit`` and each ``--discover`` row
    (newuser40 #5: a row read neither). ConfigError when the user-level file is bad."""
    from memtui.core.config import is_workspace_own, operator_config

    if flag is not None:
        return Gate(flag, True, False, None)
    own = is_workspace_own(config, root)
    if own:
        mine = operator_config(root)
        if mine.fail_on is not None and not stricter(config.fail_on, mine.fail_on):
            return Gate(mine.fail_on, True, False,
                        f"the fail-on of {printable(str(mine.path))}")
    return Gate(config.fail_on or "error", False, own and config.fail_on is not None, None)


def _where(path: str | None, root: Path) -> str:
    """Where a file the workspace owns lies: in it, or elsewhere in its git work tree."""
    from memtui.core.files.input_file import lies_within

    return ("inside the audited workspace" if path and lies_within(path, root) else
            "in the git work tree that holds the audited workspace")


#: Why a baseline the workspace owns accepts no credential (newuser40 #6: said beside each
#: finding it listed, which is reported as a finding).
OWN_BASELINE = ("a change that adds a credential can accept it in the same change (keep the "
                "baseline outside the repository, e.g. the base branch's copy: git show "
                "origin/main:PATH > /tmp/base.json, to accept one)")


def refuse_own_baseline(result: AuditResult) -> list[Finding]:
    """Put back among ``result``'s findings the guarded ones a ``--baseline`` the workspace
    owns (`baseline_inside`) lists: it cannot accept them (the run fails on them), so the
    report shows them as the findings they are, not as suppressed (newuser40 #6: "No
    findings." above exit 1, the JSON's ``findings: []``). Each message says why; returns
    them."""
    from memtui.core.record import replace

    if not baseline_inside(result):
        return []
    where = _where(result.baseline_path, result.workspace.root)
    back = [s.finding for s in result.suppressed
            if s.cause == "baseline" and s.finding.kind in GUARDED]
    if not back:
        return []
    gone = {id(f) for f in back}
    result.suppressed = [s for s in result.suppressed if id(s.finding) not in gone]
    note = (f" — the baseline {printable(result.baseline_path or '')} lists it but cannot "
            f"accept it: it lies {where}")
    back = [replace(f, message=f.message + note) for f in back]
    result.findings = [*result.findings, *back]
    return back


def credential_lines(result: AuditResult, baseline_path: str | None,
                     refused: list[Finding] | None = None) -> list[str]:
    """One line per cause for the credentials this run does not report as the error they
    are, and what kept them out (newuser27 #16: the baseline; newuser31 #3: the workspace's
    own ``.memtui.toml`` — ``ignore``, ``exclude``, a lowered ``severity`` —, an inline
    ``memtui: ignore`` comment, a ``--config`` file or the user-level one): the report
    counts each among "suppressed" or "lowered", and a file inside the audited workspace
    is one a change can rewrite to hide its own credential. ``refused``: those a baseline
    the workspace owns listed and could not accept (`refuse_own_baseline`). Said by
    ``memtui audit`` and, per workspace, by ``--discover`` (newuser40 #5)."""
    by_cause: dict[str, list[Finding]] = {}
    for s in result.suppressed:
        if s.finding.kind == "secret":
            by_cause.setdefault(s.cause, []).append(s.finding)
    gone = {id(s.finding) for s in result.suppressed}
    lowered = [f for f, _was in result.lowered if f.kind == "secret" and id(f) not in gone]
    if lowered:
        by_cause["lowered"] = lowered
    root = result.workspace.root
    config = printable(str(result.config_path)) if result.config_path else "the configuration"
    own_config = config_inside(result)
    out = []
    found = [f for f in refused or () if f.kind == "secret"]
    if found:
        out.append(f"the baseline {printable(baseline_path or '')} lists "
                   f"{plural(len(found), 'credential')} ({places(found)}) it cannot accept: "
                   f"it lies {_where(baseline_path, root)}, so {OWN_BASELINE}; reported "
                   "as findings")
    for cause in ("baseline", "config", "exclude", "lowered", "inline"):
        found = by_cause.get(cause, [])
        if not found:
            continue
        where = places(found)
        count = plural(len(found), "credential")
        if cause == "baseline":
            line = f"the baseline {printable(baseline_path or '')} accepts {count} ({where})"
        elif cause == "inline":
            line = (f"an inline `memtui: ignore` comment in the file hides {count} "
                    f"({where}) — a change that adds a credential can hide it in "
                    "the same change")
        else:
            how = {"config": "ignores", "exclude": "excludes the files of",
                   "lowered": "lowers below error"}[cause]
            line = (f"{config} {how} {count} ({where})"
                    + (f" — it lies {_where(result.config_path, root)}, so a change that "
                       "adds a credential can hide it in the same change; review changes "
                       "to it, or keep it outside" if own_config else ""))
        out.append(line)
    return out


def at_gate(result: AuditResult, gate: Gate) -> list[Finding]:
    """The findings that fail the run at ``gate``: those reported at its threshold or
    above, and what the workspace's own settings could not keep from failing it (unflagged:
    the guarded ones, `own_kept`; under the operator's ``--fail-on``: all it re-counts,
    `recounted`), in report order, each once. What ``--discover`` lists under its table
    (newuser40 #11)."""
    out = [f for f in result.findings if reaches(f.severity, gate.threshold)]
    more = [f for _cause, found in recounted(result, gate.threshold) for f in found] \
        if gate.flagged else own_kept(result, gate.threshold, gate.own_fail_on)
    shown = {id(f) for f in out}
    for f in more:
        if id(f) not in shown:
            shown.add(id(f))
            out.append(f)
    return out


def rule_gate(result: AuditResult, rules: frozenset[str] | tuple[str, ...],
              verdict: tuple[int, list[str]]) -> tuple[int, list[str]]:
    """``verdict`` with ``--fail-on-rule`` applied (newuser41 #21: a planted prompt
    injection is a warning, so ``--fail-on error`` passed it and ``--fail-on warning``
    failed on every orphan): exit 1 when a finding of one of ``rules`` is reported, or the
    audited workspace suppressed one itself (`own_suppressed`: the operator's flag is not
    loosened by the repository it checks), whatever its severity; a line says which."""
    if not rules:
        return verdict
    found = rule_failing(result, rules)
    if not found:
        return verdict
    kinds = Counter(f.kind for f in found)
    named = ", ".join(f"{kind} ×{n:,}" for kind, n in sorted(kinds.items()))
    return 1, [*verdict[1], f"exit 1: --fail-on-rule counts {plural(len(found), 'finding')} "
               f"of the rules it names ({named}: {places(found)}), whatever their severity"]


def rule_failing(result: AuditResult, rules: frozenset[str] | tuple[str, ...]
                 ) -> list[Finding]:
    """The findings `rule_gate` fails a run on (reported, then the workspace's own
    suppressed ones), in report order."""
    wanted = set(rules)
    found = [f for f in result.findings if f.kind in wanted]
    shown = {id(f) for f in found}
    return found + [f for f in own_suppressed(result) if f.kind in wanted
                    and id(f) not in shown]
