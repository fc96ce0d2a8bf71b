"""newuser24 #43: "memtui fleet: 1 workspaces under …", "0 of 1 workspaces fail" and
"39 memories older than 1 days"."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.demo import demo_copy
from tests.edit.conftest import cli


def test_one_workspace_and_one_day_are_singular(tmp_path: Path) -> None:
    root = tmp_path / "root"
    demo_copy(root)  # root/<demo>: the one workspace under root
    text = cli("audit", root, "--discover").stdout
    # the header names the command typed (newuser33 #10: it read "memtui fleet:")
    assert "memtui audit --discover: 1 workspace under " in text, text
    assert "of 1 workspace fail (exit " in text, text
    ws = next(root.iterdir())
    stale = [f["message"] for f in json.loads(cli("audit", ws, "--json", "--stale-days", "1")
                                              .stdout)["findings"] if f["kind"] == "stale"]
    assert len(stale) == 1 and " older than 1 day (oldest " in stale[0], stale
