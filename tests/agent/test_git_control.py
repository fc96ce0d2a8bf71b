"""The agent's tools never create a git repository's control files (issue 18, part 1).

A workspace whose root holds ``HEAD``, ``objects/`` and ``refs/`` is a bare repository to
git, and its ``config`` then names programs git runs. So the tools refuse those names at
any depth, with one error line the model can read.
"""

from __future__ import annotations

import os
import subprocess

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace

CONTROL = ["HEAD", "config", "packed-refs", "objects/ab/cdef", "refs/heads/main", ".git",
           "head", "Config", "memory/HEAD", "memory/objects/x.md", "deep/er/refs/tags/v1",
           "commondir", "objects", "memory/refs"]


@pytest.mark.parametrize("path", CONTROL)
def test_write_file_refuses_a_git_control_name(ws: Workspace, path: str) -> None:
    box = ToolBox(ws)
    before = sorted(os.listdir(ws.root))
    out = box.call("write_file", {"path": path, "content": "ref: refs/heads/main\n"})
    assert not out.ok and out.result.startswith("error: refused")
    assert "\n" not in out.result
    assert sorted(os.listdir(ws.root)) == before
    assert not os.path.lexists(ws.root / path)


def test_a_link_to_a_folder_named_refs_is_refused_too(ws: Workspace) -> None:
    (ws.root / "objects").mkdir()
    os.symlink("../objects", ws.root / "memory" / "store")
    out = ToolBox(ws).call("write_file", {"path": "memory/store/x.md", "content": "x"})
    assert not out.ok and "control file" in out.result
    assert os.listdir(ws.root / "objects") == []


def test_the_agent_cannot_turn_the_root_into_a_bare_repository(ws: Workspace) -> None:
    box = ToolBox(ws)
    for path, content in (("HEAD", "ref: refs/heads/main\n"),
                          ("config", "[core]\n\tfsmonitor = /bin/touch\n"),
                          ("objects/info/x", ""), ("refs/heads/main", "0" * 40 + "\n")):
        assert not box.call("write_file", {"path": path, "content": content}).ok
    proc = subprocess.run(["git", "-C", str(ws.root), "rev-parse", "--git-dir"],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "GIT_CEILING_DIRECTORIES": str(ws.root.parent)})
    assert proc.returncode != 0
    ok = box.call("write_file", {"path": "memory/head-of-sales.md", "content": "x"})
    assert ok.ok, ok.result
