"""newuser33 #22: ``memtui trend``'s sparklines were one character per commit: 151 commits
wrapped at 120 columns and broke the label/line layout. They are resampled to the width
(each cell the highest of its run of commits, so a peak stays seen), with a note."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from rich.console import Console

from memtui.cli import main
from memtui.core.reporting.wording import resampled
from tests.core.helpers import memory
from tests.core.test_trend import commit, git

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True,
                                               check=False).returncode != 0,
                                reason="git is not installed")


def test_a_long_history_fits_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n",
                  "memory/a.md": memory("a", "A.")}, "first")
    for i in range(90):  # one orphan more each commit
        commit(repo, {f"memory/m{i}.md": memory(f"m{i}", f"Fact {i}.")}, f"c{i}")
    import memtui.commands.trend as trend_command

    monkeypatch.setattr(trend_command, "wide_console",
                        lambda: Console(width=80, highlight=False, color_system=None))
    assert main(["trend", str(repo)]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = [line for line in out if line.lstrip().startswith(("orphans ", "unreachable "))]
    assert len(lines) == 2, out[-6:]
    assert all(len(line) <= 80 for line in lines), lines
    assert lines[0].endswith("0 → 90"), lines[0]
    assert any("91 commits in" in line for line in out), out[-3:]


def test_resampled_keeps_the_peaks() -> None:
    values = [0] * 50 + [9] + [0] * 49
    assert resampled(values, 10) == [0] * 5 + [9] + [0] * 4
    assert resampled([1, 2, 3], 10) == [1, 2, 3]
