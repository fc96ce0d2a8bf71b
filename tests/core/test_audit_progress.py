"""An audit says how far it has come, without changing what it finds."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.core.audit import COUNT_CHUNK, PROGRESS_EVERY, Auditor
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace

FILES = 2 * PROGRESS_EVERY + 50


def _workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = []
    for i in range(FILES):
        (root / "memory" / f"m{i:03}.md").write_text(
            f"---\nname: m{i:03}\ndescription: fact {i}\nmetadata:\n  type: project\n---\n"
            f"Fact number {i}, see [[m{(i + 1) % FILES:03}]].\n", encoding="utf-8")
        if i % 2:
            lines.append(f"- [Fact {i}](memory/m{i:03}.md) — number {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_progress_reports_each_phase_in_order_and_ends_complete(tmp_path: Path) -> None:
    ws = open_workspace(str(_workspace(tmp_path / "ws")))
    heard: list[tuple[str, int, int]] = []
    result = Auditor(ws).run(progress=lambda *p: heard.append(p))

    reading = [p for p in heard if p[0] == "reading"]
    assert reading == [("reading", n, FILES) for n in (0, 100, 200, FILES)]
    counting = [p for p in heard if p[0] == "counting tokens"]
    assert counting[0] == ("counting tokens", 0, FILES)
    assert counting[-1] == ("counting tokens", FILES, FILES)
    assert len(counting) == -(-FILES // COUNT_CHUNK) + 1
    assert heard[-1] == ("linking", 0, 0)
    phases = [p[0] for p in heard]
    assert phases.index("counting tokens") > max(i for i, p in enumerate(phases)
                                                 if p == "reading")
    assert len(result.files) == FILES


def test_progress_changes_nothing_in_the_result(tmp_path: Path) -> None:
    ws = open_workspace(str(_workspace(tmp_path / "ws")))
    quiet = to_json(Auditor(ws).run())
    told = to_json(Auditor(ws).run(progress=lambda *p: None))
    assert json.dumps(quiet, sort_keys=True) == json.dumps(told, sort_keys=True)


def test_a_re_audit_of_one_file_reports_one_file(tmp_path: Path) -> None:
    root = _workspace(tmp_path / "ws")
    auditor = Auditor(open_workspace(str(root)))
    auditor.run()
    (root / "memory" / "m007.md").write_text(
        "---\nname: m007\ndescription: changed\nmetadata:\n  type: project\n---\nNew.\n",
        encoding="utf-8")
    heard: list[tuple[str, int, int]] = []
    auditor.run({"memory/m007.md"}, progress=lambda *p: heard.append(p))
    assert ("reading", 1, 1) in heard
    assert ("counting tokens", 1, 1) in heard
