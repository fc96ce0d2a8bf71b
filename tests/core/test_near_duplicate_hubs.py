"""newuser27 #1, real27: a hub memory (a short overview whose few terms every topic memory
repeats) was "the same facts" as each topic, "merge them into one memory"
(`memtui.core.checks.near_duplicate_hubs`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks.near_duplicate_hubs import HUB, hubs, unhubbed
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace

ROOT = Path(__file__).resolve().parents[2]

OVERVIEW = """---
name: Pipeline overview
description: what the Kestrel build pipeline is for
type: project
---
Core mission of `kestrel-ci`: fetch, test, package, publish, within a 45 minute budget,
every artifact kept in `s3://kestrel-artifacts`.
"""

TOPICS = {
    "project_flaky_tests.md": (
        "Flaky test quarantine",
        "The `kestrel-ci` test stage retried integration suites twice; we now quarantine any "
        "test failing 3 of 20 runs into a nightly-only job, and its logs go to "
        "`s3://kestrel-artifacts` for a week. Osprey reviews the quarantine list on Mondays. "
        "The 45 minute budget was blown twice in March because of retries."),
    "project_release_notes.md": (
        "Release notes drafting",
        "Release notes for each train are drafted from merged PR titles by a script in "
        "`tools/notes.py`; Osprey edits them by hand within a day and the publish stage of "
        "`kestrel-ci` uploads them next to the artifacts in `s3://kestrel-artifacts`, which "
        "adds 2 of the 45 minute budget."),
    "project_cache_migration.md": (
        "Build cache migration",
        "We moved the package stage's cache from local disks to `s3://kestrel-artifacts` so "
        "runner machines can be replaced freely; cold builds of `kestrel-ci` went from 52 to "
        "31 minutes, well within the 45 minute budget, and warm ones take 12."),
    "project_oncall.md": (
        "CI on-call rota",
        "Team Osprey keeps a weekly on-call for `kestrel-ci`: the person on call restarts "
        "stuck jobs, files an incident when the 45 minute budget is exceeded three nights "
        "running, checks that `s3://kestrel-artifacts` is under 800 GB, and hands over on "
        "Fridays at 16:00."),
    "project_signing.md": (
        "Artifact signing",
        "Since release 7.2 every artifact the publish stage of `kestrel-ci` writes to "
        "`s3://kestrel-artifacts` is signed with the key held in the vault path "
        "`ci/signing`; signing costs about 90 seconds of the 45 minute budget, and the key "
        "is rotated every quarter."),
}


def _workspace(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "project_overview.md").write_text(OVERVIEW, encoding="utf-8")
    index = ["# Memory", "", "- [Pipeline overview](project_overview.md) — what it is for"]
    for name, (title, body) in TOPICS.items():
        (root / name).write_text(f"---\nname: {title}\ndescription: {title.lower()}\n"
                                 f"type: project\n---\n{body}\n", encoding="utf-8")
        index.append(f"- [{title}]({name}) — {title.lower()}")
    (root / "MEMORY.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    return root


def _near(root: Path) -> list[dict]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(root), "--json"],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert proc.returncode in (0, 1), proc.stderr
    return [f for f in json.loads(proc.stdout)["findings"] if f["kind"] == "near_duplicate"]


def test_an_overview_is_no_duplicate_of_each_topic(tmp_path: Path) -> None:
    """On main: the overview "holds the same facts as" three topics (23-24 % alike), each
    topic the same as the overview, "merge them into one memory"."""
    assert _near(_workspace(tmp_path / "w")) == []


def test_a_topic_restated_is_still_reported_beside_the_hub(tmp_path: Path) -> None:
    """A true copy of one topic (nearly the same words) is reported; the hub's pairs in
    other words stay left out."""
    root = _workspace(tmp_path / "w")
    title, body = TOPICS["project_signing.md"]
    (root / "project_signing_copy.md").write_text(
        f"---\nname: {title} (copy)\ndescription: {title.lower()}\ntype: project\n---\n"
        f"{body} Noted again.\n", encoding="utf-8")
    got = {f["path"]: f["files"] for f in _near(root)}
    assert got == {"project_signing.md": ["project_signing_copy.md"],
                   "project_signing_copy.md": ["project_signing.md"]}


def test_the_app_leaves_the_hub_out_after_an_edit_as_a_fresh_audit(tmp_path: Path) -> None:
    """The live auditor (the app's, `Buckets`) patches its pairs after an edit: the hub is
    judged on every pair known, as a fresh audit judges it."""
    root = _workspace(tmp_path / "w")
    live = Auditor(open_workspace(root), AuditOptions(keep_texts=True))
    first = live.run()
    assert not [f for f in first.findings if f.kind == "near_duplicate"]
    (root / "project_oncall.md").write_text(
        (root / "project_oncall.md").read_text(encoding="utf-8") + "Rota kept in a sheet.\n",
        encoding="utf-8")
    got = live.run(changed={"project_oncall.md"})
    fresh = Auditor(open_workspace(root), AuditOptions()).run()
    assert to_json(got) == to_json(fresh)
    assert not [f for f in got.findings if f.kind == "near_duplicate"]


def test_a_star_is_a_hub_and_a_cluster_is_not() -> None:
    star = {"h": [(0.2, t) for t in "abc"], **{t: [(0.2, "h")] for t in "abc"}}
    assert hubs(star, 0.5) == {"h"} and unhubbed(star, 0.5) == {}
    cluster = {k: [(0.2, o) for o in "habc" if o != k] for k in "habc"}
    assert hubs(cluster, 0.5) == set() and unhubbed(cluster, 0.5) == cluster
    fewer = {"h": [(0.2, t) for t in "ab"], **{t: [(0.2, "h")] for t in "ab"}}
    assert HUB == 3 and unhubbed(fewer, 0.5) == fewer  # two: a memory and its restatements
    alike = {"h": [(0.8, "a"), (0.2, "b"), (0.2, "c"), (0.2, "d")], "a": [(0.8, "h")],
             **{t: [(0.2, "h")] for t in "bcd"}}
    assert unhubbed(alike, 0.5) == {"h": [(0.8, "a")], "a": [(0.8, "h")]}


def test_a_memory_holding_its_partners_is_no_hub() -> None:
    """A long checklist alike with three short memories it holds (blind set rules6 ws09: the
    release checklist, the staging URL, the test rule) is the larger side: no hub. The short
    overview held in three longer topics is."""
    star = {"h": [(0.2, t) for t in "abc"], **{t: [(0.2, "h")] for t in "abc"}}
    assert hubs(star, 0.5, {"h": 900, "a": 300, "b": 250, "c": 400}) == set()
    assert hubs(star, 0.5, {"h": 200, "a": 300, "b": 250, "c": 150}) == {"h"}
