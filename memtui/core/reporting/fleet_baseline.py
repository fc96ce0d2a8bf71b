"""One baseline for every workspace under a root (``memtui audit ROOT --discover
--write-baseline FILE`` / ``--baseline FILE``; newuser41 #10: six folders of a monorepo
needed six baseline files and six hook entries).

The file is a JSON object: ``memtui-baseline`` (its first key, as every baseline's: the
audit knows it for memtui's own, `memtui.core.files.output_file.own_output`) and
``workspaces``, each workspace's path relative to ROOT (``.`` for ROOT itself) → that
workspace's own baseline, as ``--write-baseline`` writes it for one workspace (its own random
key for its credentials' keyed fingerprints). A workspace missing from it has no accepted
finding: everything it reports is new.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memtui.core.files.input_file import BASELINE_LIMIT, InputError, parse_json, read_input
from memtui.core.files.output_file import OutputError, json_with, write_output
from memtui.core.reporting.suppress import BASELINE_VERSION, BaselineError, baseline_of

#: The key of the workspaces' baselines.
WORKSPACES = "workspaces"


def load_fleet_baseline(path: Path, root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Each workspace's baseline data (relative path → the object `baseline_of` reads),
    every one checked now: a bad file stops the run once, not once per row. Raises
    BaselineError."""
    try:
        raw = read_input(path, BASELINE_LIMIT, root)
    except InputError as exc:
        raise BaselineError(str(exc)) from None
    if raw is None:
        raise BaselineError(f"{path}: cannot be read (No such file or directory)")
    try:
        data = parse_json(raw, path)
    except InputError as exc:
        raise BaselineError(f"{path}: not a memtui baseline ({exc.reason})") from None
    if isinstance(data, dict) and "findings" in data and WORKSPACES not in data:
        raise BaselineError(f"{path}: one workspace's baseline: give it with that "
                            "workspace's PATH, or write one for every workspace under the "
                            "root with --discover --write-baseline")
    spaces = data.get(WORKSPACES) if isinstance(data, dict) else None
    if not isinstance(spaces, dict) or data.get("memtui-baseline") != BASELINE_VERSION:
        raise BaselineError(f"{path}: not a memtui baseline (write one with --discover "
                            "--write-baseline)")
    for rel, entry in spaces.items():
        baseline_of(entry, f"{path} (workspace {rel})")
    return spaces


def write_fleet_baseline(path: Path, entries: dict[str, dict[str, Any]]) -> None:
    """Write ``entries`` (relative path → one workspace's baseline data, `baseline_data`)
    to ``path``, never over a file that is not a baseline (as ``write_baseline``)."""
    data = {"memtui-baseline": BASELINE_VERSION,
            WORKSPACES: {rel: entries[rel] for rel in sorted(entries)}}
    try:
        write_output(path, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode(),
                     "a memtui baseline", json_with(("memtui-baseline",)), BASELINE_LIMIT)
    except OutputError as exc:
        raise BaselineError(str(exc)) from None
