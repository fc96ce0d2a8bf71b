"""One row of a fleet (``memtui audit ROOT --discover``, ``memtui fleet``): a workspace
audited and judged as ``memtui audit`` judges it alone — the same configuration (its own
``.memtui.toml``, the user-level file, or ``--config FILE``), the same gate
(`memtui.core.verdict.gate_for`), the same verdict (`memtui.core.verdict.decide`) and the
same lines on what its settings kept out (`memtui.core.verdict.credential_lines`):
newuser40 #4, #5. Runs in a worker process: everything in and out is plain data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memtui.core.audit import AuditOptions
from memtui.core.caches.clean_texts import CleanTexts
from memtui.core.caches.pair_verdicts import PairVerdicts
from memtui.core.counting.tokens import TokenCounter

if TYPE_CHECKING:
    from memtui.core.checks.findings import Finding
    from memtui.core.config import Config
    from memtui.core.reporting.suppress import Baseline

#: The findings a row names at most (`failing`): what a pre-commit run shows under its
#: table, bounded (newuser40 #11).
FAILING_MAX = 20


#: One auditor per worker process, reset for each workspace: its token counts, check
#: verdicts and near-duplicate pair verdicts are loaded from the cache once and written back
#: once, when the worker ends.
_caches: tuple[TokenCounter, CleanTexts, PairVerdicts] | None = None
#: The cache folder ``_caches`` were made for (None: caching off).
_caches_in: Path | None = None
_hooked = False  # the exit hook that saves them is registered (once)


def _worker_caches() -> tuple[TokenCounter, CleanTexts, PairVerdicts]:
    """The worker's token counter and verdicts, made anew (the old ones saved first) when
    the cache folder in force is not the one they were made for: a process that outlives
    a change of ``MEMTUI_CACHE_DIR`` or ``MEMTUI_NO_CACHE`` writes where it is told now."""
    global _caches, _caches_in, _hooked
    from memtui.core.caches.store import cache_dir

    folder = cache_dir()
    if _caches is not None and folder != _caches_in:
        save_worker_caches()
        _caches = None
    if _caches is None:
        from multiprocessing import util

        from memtui.core.counting.tokens import default_counter

        counter = default_counter()
        if not _hooked:
            util.Finalize(None, save_worker_caches, exitpriority=10)
            _hooked = True
        _caches = (counter, CleanTexts.beside(counter.cache_file),
                   PairVerdicts.beside(counter.cache_file))
        _caches_in = folder
    return _caches


def save_worker_caches() -> None:
    if _caches is not None:
        for cache in _caches:
            cache.save()


def row_options(options: dict[str, Any], config: Config) -> dict[str, Any]:
    """The options a row audits its workspace with: the command line's, and what it left
    at the defaults from the workspace's own ``.memtui.toml``, as ``memtui audit`` on that
    workspace alone takes them (newuser36 #13: a row took the file's ``exclude`` but not its
    ``bootstrap-max-chars``, and counted a block no audit makes). A row counts broken links
    only: naming files for them is work nobody sees."""
    from memtui.core.config import LIMIT_KEYS

    opts = {**options, "suggestions": False}
    if config.exclude and not opts.get("exclude"):
        opts["exclude"] = config.exclude
    if config.include_archives:
        opts["include_archives"] = True
    default = AuditOptions()
    for key in ("profile", "num_ctx", "max_lines", "max_bytes", "stale_days"):
        value = getattr(config, key)
        if value is not None and opts.get(key, getattr(default, key)) == getattr(default, key):
            opts[key] = value
    given = dict(opts.get("limits", ()))
    opts["limits"] = (*given.items(), *((key, value) for key in LIMIT_KEYS if key not in given
                                        and (value := getattr(config, key)) is not None))
    if opts.get("project") is None and config.project:
        opts["project"], opts["project_from_config"] = config.project, True
    return opts


def audit_one(path: str, options: dict[str, Any], fail_on: str,
              nested: tuple[str, ...] = (), fail_on_flag: bool = False,
              config_file: str | None = None, extra: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """Audit the workspace at ``path`` and return its fleet row (exit 2 when it cannot be
    opened). ``nested``: the folders under it (relative) that are rows of their own: what
    they hold is counted in their rows only (newuser34 #4: ``~/.gemini``'s row counted the
    credential of ``~/.gemini/tmp/<project>/memory/MEMORY.md`` too, one credential in two
    rows). ``fail_on_flag``: ``fail_on`` was given on the command line (else the gate is
    the single audit's: `gate_for`). ``config_file``: ``--config FILE``, read for every
    row as the single audit reads it (newuser40 #4: it was ignored, unsaid).

    Beside the health numbers a row holds what the single audit says of it: ``said``, its
    stderr lines (the credentials its configuration kept out and by what, the verdict's
    reason), ``config`` and ``suppressed`` (by cause) as in its JSON report, ``failing``
    (at most `FAILING_MAX` of the findings that fail it, ``failing_total`` of them all)
    and ``shallow`` (the shallow clone holding it, or null).

    ``extra`` (newuser41 #10, #21), each key optional: ``rules``, ``--fail-on-rule``'s;
    ``baseline`` (this workspace's entry of a ``--discover`` baseline, or None: none
    accepted) and ``baseline_path``, the file's; ``write_baseline``: the row carries
    ``baseline_data``, its findings as a baseline records them; ``sarif_root``: the row
    carries ``sarif_run``, its SARIF run, URIs relative to that folder. The caller takes
    these two out of the row before it reports it."""
    extra = extra or {}
    from memtui.core.audit import Auditor
    from memtui.core.checks.findings import drop_nested, reaches
    from memtui.core.config import ConfigError, load_config
    from memtui.core.git.find import find_repo, shallow_line
    from memtui.core.reporting.health import ROW_KEYS, health_row
    from memtui.core.reporting.json_report import to_json
    from memtui.core.reporting.suppress import apply_to, baseline_of
    from memtui.core.verdict import (
        Gate,
        at_gate,
        credential_lines,
        decide,
        gate_for,
        loosening_settings,
        own_kept,
        refuse_own_baseline,
        rule_failing,
        rule_gate,
    )
    from memtui.core.workspace import (
        INDEX_NAME,
        WorkspaceError,
        index_link_problem,
        open_workspace,
    )

    counter, clean, verdicts = _worker_caches()
    try:
        ws = open_workspace(path)
        problem = index_link_problem(ws)
        if problem:  # a MEMORY.md leading out of the workspace is not audited, but said
            raise WorkspaceError(f"{INDEX_NAME}: {problem}, not followed")
        config = load_config(ws.root, config_file)  # as `memtui audit` reads it
        gate: Gate = gate_for(config, ws.root, fail_on if fail_on_flag else None)
        # a row is a one-shot report: no memory's text kept, so that an unchanged workspace's
        # row comes from its derived result as a warm single audit does (newuser38 #10)
        auditor = Auditor(ws, AuditOptions(**{**row_options(options, config),
                                              "keep_texts": False}),
                          counter=counter, clean=clean, verdicts=verdicts, autosave=False)
        path_of = extra.get("baseline_path")
        accepted = None
        if path_of is not None and not extra.get("write_baseline"):
            # none for a workspace the file does not name: all it reports is new
            accepted = baseline_of(extra.get("baseline") or {
                "memtui-baseline": 2, "key": "0" * 64, "findings": []}, path_of)
        unmatched: Counter[str] = Counter()
        result = apply_to(auditor.run(), config, accepted, left_over=unmatched)
        auditor.save_scans()
        if nested:  # (the verdict too: what lies in a row of its own is decided there)
            drop_nested(result, nested)
        refused: list[Finding] = []
        if accepted is not None:  # one the workspace owns accepts no credential (as alone)
            result.baseline_path = path_of
            refused = refuse_own_baseline(result)
        if extra.get("write_baseline"):
            row_baseline = _baseline_data(result)
        report = to_json(result)
        threshold = gate.threshold
        row = health_row(report, threshold)
        # what the workspace's own settings keep from failing, it cannot keep from the
        # fleet either (newuser32 #23: `ignore = ["secret"]` read "0 secrets, exit 0")
        kept = own_kept(result, threshold, gate.own_fail_on) \
            if reaches("error", threshold) or gate.own_fail_on else []
        if kept:
            # a lowered credential is still a finding the row counted (newuser33 #8)
            shown = {id(f) for f in result.findings}
            row["secrets"] += sum(1 for f in kept if f.kind == "secret" and id(f) not in shown)
        rules = tuple(extra.get("rules") or ())
        code, said = rule_gate(result, rules, decide(
            result, threshold, gate.flagged, gate.own_fail_on,
            settings=loosening_settings(config, ws.root, gate.flagged),
            source=gate.whose(), honour=gate.honour()))
        row["exit"] = code
        if said:
            row["kept"] = said[0]
        row["said"] = [*([] if extra.get("write_baseline") else
                         credential_lines(result, path_of, refused)), *said]
        if unmatched and accepted is not None:  # (as the single audit says it: fixed
            # since, a credential pasted back would be accepted again, newuser31 #16)
            row["said"].append(stale_line(accepted, unmatched))
        row["config"] = report.get("config")
        row["suppressed"] = report.get("suppressed")
        failing = at_gate(result, gate) if code else []
        if code and rules:  # (and what --fail-on-rule fails it on, each once)
            shown = {id(f) for f in failing}
            failing += [f for f in rule_failing(result, rules) if id(f) not in shown]
        row["failing"] = [_named(f) for f in failing[:FAILING_MAX]]
        row["failing_total"] = len(failing)
        row["fail_on"] = threshold
        repo = find_repo(ws.root)
        row["shallow"] = str(repo[0]) if repo and shallow_line(ws.root) else None
        if extra.get("write_baseline"):
            row["baseline_data"] = row_baseline
        if extra.get("sarif_root"):
            from memtui.core.reporting.sarif import to_sarif

            row["sarif_run"] = to_sarif(result, Path(extra["sarif_root"]),
                                        verdict=(code, said))["runs"][0]
    except (WorkspaceError, OSError, ConfigError) as exc:
        row = {key: None for key in ROW_KEYS}
        row.update(path=path, exit=2, error=str(exc).splitlines()[0] if str(exc) else repr(exc))
    except Exception as exc:  # a bug met in one workspace must not end the fleet's report
        row = {key: None for key in ROW_KEYS}
        row.update(path=path, exit=2, error=f"memtui failed on this workspace: {exc!r}"[:300])
    row["path"] = path
    return row


def _named(f: Finding) -> dict[str, Any]:
    """A failing finding as a row names it (`memtui.core.checks.findings.Finding.to_dict`)."""
    return f.to_dict()


def _baseline_data(result: Any) -> dict[str, Any]:
    """``result``'s reported findings as ``--write-baseline`` records them for one
    workspace, then counted as accepted by it, as the single audit counts them (a
    credential whose value cannot be read again is not recorded, and stays reported)."""
    from memtui.core.reporting.suppress import Suppressed, baseline_data, secret_values

    recorded: list[Finding] = []
    data = baseline_data(result.findings, secret_values(
        result.scans, result.workspace.root, result.findings), recorded=recorded)
    taken = {id(f) for f in recorded}
    result.findings = [f for f in result.findings if id(f) not in taken]
    result.suppressed = [*result.suppressed, *(Suppressed(f, "baseline") for f in recorded)]
    return data


def stale_line(baseline: Baseline, unmatched: Counter[str]) -> str:
    """What a row says of its baseline entries that match no finding now."""
    from memtui.core.reporting.wording import plural

    n = sum(unmatched.values())
    secret = sum(k for fp, k in unmatched.items()
                 if baseline.named.get(fp, ("",))[0] == "secret")
    return (f"the baseline has {n:,} of {sum(baseline.counts.values()):,} entries for this "
            "workspace that match no finding now"
            + (f", {plural(secret, 'credential')} among them: pasted back, it would be "
               "accepted again" if secret else "")
            + "; write it again with --write-baseline to drop them")
