"""The blind set of the content rules (issue 34), folded in once its before-score was
recorded (bench/RESULTS.md, "the content rules on a blind set"): 30 workspaces written by a
helper that had read none of the rules' code, every markdown file labelled with the rules that
should fire on it, 11 of them about a project that is a git repository (kept as JSON,
rebuilt here: `tests.core.blind_rules.projects`). Scored as ``bench/rules_blind.py`` does
(``memtui audit`` in a child per workspace); ``pytest -s`` prints the table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench.rules_blind import RULES, score, table
from tests.core.blind_rules.projects import rebuild

HERE = Path(__file__).parent / "blind_rules"
PRECISION, RECALL = 0.9, 0.9


@pytest.mark.skipif(shutil.which("git") is None, reason="the projects are git repositories")
@pytest.mark.parametrize("name", ["rules1"])
def test_blind_rule_set_holds_after_folding_in(tmp_path: Path, name: str) -> None:
    src = HERE / name
    folder = tmp_path / name
    shutil.copytree(src, folder, ignore=shutil.ignore_patterns("projects.json"))
    for project, commits in json.loads((src / "projects.json").read_text("utf-8")).items():
        rebuild(commits, folder / "projects" / project)
    counts, errors = score(folder)
    print(f"\n{name}\n{table(counts)}\n" + "\n".join(errors))
    for rule in RULES:
        true, missed, false = counts[rule]
        assert true / (true + false) >= PRECISION and true / (true + missed) >= RECALL, \
            (rule, errors)
