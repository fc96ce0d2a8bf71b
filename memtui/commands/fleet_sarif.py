"""``memtui audit ROOT --discover --format sarif``: one SARIF log for every workspace under
ROOT, one run each (newuser41 #10: six uploads, whose runs overwrote one another in code
scanning). Each run is the one ``memtui audit --format sarif`` makes of its workspace, its
URIs relative to ROOT (`memtui.core.reporting.sarif.to_sarif` run from ROOT), its
``automationDetails.id`` naming the workspace; a workspace that could not be audited has a
run with no result whose invocation says why, never no run at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memtui import __version__
from memtui.core.fleet import shown_path
from memtui.core.reporting.sarif import SARIF_SCHEMA, SARIF_VERSION, automation_id


def fleet_sarif(root: Path, rows: list[dict[str, Any]],
                runs: dict[str, dict[str, Any] | None]) -> dict[str, Any]:
    """The SARIF log of the fleet: ``runs`` (a row's path → its run, None when it has
    none), ordered by the workspace's path."""
    out = []
    for row in sorted(rows, key=lambda r: r["path"]):
        run = runs.get(row["path"])
        if run is None:  # (its audit failed: said, as its row says it)
            rel = shown_path(root, row["path"])
            run = {"tool": {"driver": {"name": "memtui", "version": __version__,
                                       "semanticVersion": __version__, "rules": []}},
                   "automationDetails": {"id": automation_id(rel)},
                   "results": [],
                   "invocations": [{"executionSuccessful": False, "exitCode": row["exit"],
                                    "toolExecutionNotifications": [{
                                        "level": "error",
                                        "message": {"text": str(row.get("error"))}}]}]}
        out.append(run)
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": out}
