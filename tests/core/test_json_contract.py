"""The SPEC §4 contract of ``to_json``: every fixed key present, with the right type."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.core.reporting.json_report import to_json
from tests.core.helpers import make_ws, memory, run_audit


def _workspace(tmp_path: Path) -> Path:
    return make_ws(tmp_path / "w", {
        "MEMORY.md": "# Memory\n- [A](memory/a.md) — hook\n- [Gone](memory/gone.md)\n"
                     "- Cold: [b](memory/b.md) · [c](memory/c_d.md)\n",
        "memory/a.md": memory("a", "[[c-d]] and [[later]]\n", "feedback"),
        "memory/b.md": memory("b", type_="reference"),
        "memory/c_d.md": memory("c_d"),
        "memory/orphan.md": "no frontmatter\n",
    }, days_ago=3)


def test_fixed_keys_and_types(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    data = json.loads(json.dumps(to_json(run_audit(ws))))
    fixed = {"schema", "workspace", "layout", "profile", "memory_files", "index", "orphans",
             "broken_links", "wikilinks", "types", "injected_block", "files", "findings"}
    assert fixed <= set(data)
    assert data["schema"] == 3
    assert data["workspace"] == str(ws.resolve())
    assert data["layout"] == "item"
    assert data["profile"] == "item"
    assert data["memory_files"] == 4

    index = data["index"]
    assert {k: index[k] for k in ("path", "exists", "lines", "entries", "packed_lines",
                                  "linked_files")} == {
        "path": "MEMORY.md", "exists": True, "lines": 4, "entries": 2, "packed_lines": 1,
        "linked_files": 3}
    text = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert index["chars"] == len(text)
    assert index["bytes"] == len(text.encode())
    for key in ("lines", "chars", "bytes", "entries", "packed_lines", "linked_files"):
        assert type(index[key]) is int, key

    assert data["orphans"] == [{"path": "memory/orphan.md", "reachable": False,
                                "linked_from": [], "past_limit": None}]
    assert [{k: b[k] for k in ("source", "line", "target")} for b in data["broken_links"]] == [
        {"source": "MEMORY.md", "line": 3, "target": "memory/gone.md"}]

    wl = data["wikilinks"]
    assert wl["total"] == 2
    assert wl["dangling"] == [{"source": "memory/a.md", "line": 7, "target": "later"}]
    assert wl["fuzzy"] == [{"source": "memory/a.md", "line": 7, "target": "c-d",
                            "resolved": "memory/c_d.md"}]

    assert data["types"] == {"feedback": 1, "reference": 1, "project": 1, "unknown": 1}
    assert all(type(v) is int for v in data["types"].values())

    block = data["injected_block"]
    assert block["chars"] == len(text)
    assert block["bytes"] == len(text.encode())
    assert set(block["tokens"]) == {"qwen", "cl100k"}
    assert all(type(v) is int and v > 0 for v in block["tokens"].values())
    assert block["window"] == 40960

    assert [f["path"] for f in data["files"]] == [
        "memory/a.md", "memory/b.md", "memory/c_d.md", "memory/orphan.md"]
    first = data["files"][0]
    assert {k: first[k] for k in ("path", "name", "type", "age_days", "age_source",
                                  "linked")} == {
        "path": "memory/a.md", "name": "a", "type": "feedback", "age_days": 3,
        "age_source": "mtime", "linked": True}
    assert first["bytes"] == len((ws / "memory/a.md").read_bytes())
    assert set(first["tokens"]) == {"qwen", "cl100k"}
    for f in data["files"]:
        assert type(f["bytes"]) is int and type(f["age_days"]) is int
        assert f["age_source"] in ("frontmatter", "git", "mtime")
        assert type(f["linked"]) is bool
        assert f["name"] is None or type(f["name"]) is str
        assert f["type"] is None or type(f["type"]) is str
    assert data["files"][3]["name"] is None and data["files"][3]["type"] is None

    assert [(f["kind"], f["severity"], f["path"], f["line"]) for f in data["findings"]] == [
        ("broken_link", "error", "MEMORY.md", 3),
        ("dangling_wikilink", "info", "memory/a.md", 7),
        ("fuzzy_wikilink", "warning", "memory/a.md", 7),
        ("orphan", "warning", "memory/orphan.md", None),
        ("frontmatter", "info", "memory/orphan.md", 1),
    ]
    for f in data["findings"]:
        assert set(f) == {"kind", "severity", "path", "line", "message"}
        assert type(f["message"]) is str and f["message"]


def test_empty_workspace_has_zero_token_block(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    data = to_json(run_audit(tmp_path / "empty"))
    assert data["memory_files"] == 0
    assert data["layout"] == "flat"
    assert data["index"]["exists"] is False
    assert data["index"]["lines"] == 0
    assert data["injected_block"]["chars"] == 0
    assert data["injected_block"]["tokens"] == {"qwen": 0, "cl100k": 0}
    assert data["files"] == [] and data["findings"] == [] and data["orphans"] == []
    assert data["types"] == {}


def test_blank_index_is_an_empty_block(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "\n  \n"})
    data = to_json(run_audit(ws))
    assert data["injected_block"]["chars"] == 0
    assert data["injected_block"]["tokens"] == {"qwen": 0, "cl100k": 0}


def test_an_unknown_age_keeps_its_number_and_the_docs_say_it_means_nothing(
        tmp_path: Path) -> None:
    # newuser24 #26: a copy's mtimes give age_source "unknown" while age_days stays the
    # mtime's age (an int, as SPEC §4 fixes it); docs/audit.md must say the number is void.
    files = {"MEMORY.md": "# Memory\n"}
    files |= {f"memory/m{i}.md": memory(f"m{i}") for i in range(12)}
    ws = make_ws(tmp_path / "w", files, days_ago=155)
    ages = {(f["age_days"], f["age_source"])
            for f in json.loads(json.dumps(to_json(run_audit(ws))))["files"]}
    assert ages == {(155, "unknown")}
    doc = " ".join((Path(__file__).parents[2] / "docs" / "audit.md").read_text(
        encoding="utf-8").split())
    assert ("When `age_source` is `unknown`, `age_days` is still a number (the mtime's age, "
            "a copy date): it means nothing; read such a file's age as unknown.") in doc
