"""Score the content rules (issue 34) on a blind set of workspaces: precision and recall per rule.

A blind set is a folder written by someone who had not read the rules' code: workspaces
``wsNN/`` (item layout), projects ``projects/pNN/`` (git repositories) and ``labels.json``, a
list of ``{workspace, lang, project, files: {path: [rule ids]}, pairs, notes}`` where
``files`` names every markdown file of the workspace with the exact set of rules that should
fire on it. Each workspace is audited as an operator would, ``memtui audit WS --json
[--project PROJECT]`` in a child process with no cache; a finding of one of the rules on a
file labelled with it is true, on any other file false, and a label without its finding is
missed. Nothing is written into the set's folder.

    python -m bench.rules_blind FOLDER [--errors]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

RULES = ("stale_reference", "near_duplicate", "relative_date", "missing_why", "hidden_text",
         "instruction_like")
ROOT = Path(__file__).resolve().parents[1]


def audit(workspace: Path, project: Path | None) -> list[dict]:
    """The findings ``memtui audit --json`` reports for ``workspace``."""
    args = [sys.executable, "-m", "memtui", "audit", str(workspace), "--json"]
    if project is not None:
        args += ["--project", str(project)]
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{workspace}: exit {proc.returncode}: {proc.stderr.strip()}")
    return json.loads(proc.stdout)["findings"]


def score(folder: Path, audit: Callable[[Path, Path | None], list[dict]] = audit
          ) -> tuple[dict[str, list[int]], list[str]]:
    """Counts (true, missed, false) per rule and per rule and language; errors in words.
    ``audit``: the findings of a workspace (by default ``memtui audit`` in a child; a test
    may audit in its own process)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    errors: list[str] = []
    for case in json.loads((folder / "labels.json").read_text()):
        ws = folder / case["workspace"]
        project = folder / case["project"] if case.get("project") else None
        found: dict[str, list[str]] = defaultdict(list)
        for f in audit(ws, project):
            if f["kind"] in RULES:
                found[f["path"]].append(f["kind"])
        for path in sorted(set(case["files"]) | set(found)):
            want = set(case["files"].get(path, ()))
            got = set(found.get(path, ()))
            for rule in RULES:
                if rule not in want | got:
                    continue
                slot = 0 if rule in want and rule in got else 1 if rule in want else 2
                for key in (rule, f"{rule} {case['lang']}"):
                    counts[key][slot] += 1
                if slot:
                    what = "missed" if slot == 1 else "false"
                    notes = case.get("notes")
                    note = notes.get(path, "") if isinstance(notes, dict) else ""
                    errors.append(f"{case['workspace']} {path}: {what} {rule} ({case['lang']})"
                                  + (f" — {note}" if note else ""))
    return counts, errors


def table(counts: dict[str, list[int]]) -> str:
    rows = []
    for key in sorted(counts, key=lambda k: (k.split()[0], " " in k, k)):
        true, missed, false = counts[key]
        pre = f"{true / (true + false):.1%}" if true + false else "-"
        rec = f"{true / (true + missed):.1%}" if true + missed else "-"
        rows.append(f"{key:<26} true {true:>3}  false {false:>3}  missed {missed:>3}  "
                    f"precision {pre:>6}  recall {rec:>6}")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--errors", action="store_true", help="list each false and missed one")
    args = parser.parse_args()
    counts, errors = score(args.folder)
    print(table(counts))
    if args.errors:
        print("\n".join(["", *errors]))


if __name__ == "__main__":
    main()
