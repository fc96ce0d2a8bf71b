"""newuser32 #4: ``exclude`` past its read bound (2,000 files): the text report and SARIF
never said how many excluded memories went unread; only JSON's ``excluded.unread`` did.
(The bound is lowered here to 3 files: the same code path, without 2,000 files.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import memtui.core.reporting.hidden as hidden
from memtui.cli import main


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(hidden, "SCAN_FILES", 3)
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    root = tmp_path / "ws"
    (root / "memory" / "notes").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    for n in range(5):
        (root / "memory" / "notes" / f"n{n}.md").write_text(
            f"note {n}: see [gone](gone.md).\n", encoding="utf-8")
    (root / ".memtui.toml").write_text('exclude = ["memory/notes/**"]\n', encoding="utf-8")
    return root


SAID = ("exclude: 5 files left out, 2 of them not read (past the 3-file or 64 MiB bound, or "
        "unreadable): their links and frontmatter were not checked")


def test_the_text_report_says_it(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["audit", str(ws), "--fail-on", "never"])
    text = " ".join(capsys.readouterr().out.split())
    assert SAID in text


def test_sarif_says_it(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["audit", str(ws), "--format", "sarif", "--fail-on", "never"])
    [run] = json.loads(capsys.readouterr().out)["runs"]
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "warning" and note["message"]["text"] == SAID
