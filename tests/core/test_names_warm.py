"""issue 35 (session 37): a warm audit reads the names of the workspace's files again only
where they changed. The names are one text the credential check reads (redteam35,
`memtui.core.scanner.names`); 50,000 of them cost a warm audit ~0.2 s of CPU each run.
The batches found clean are remembered by the digest of their text (the readable files'
cache): a name renamed to a credential is a new text, read again."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import memtui.core.scanner.names as names
from memtui.cli import main
from tests.core.helpers import make_ws, memory

TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"


def audit(ws: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    """(kind, path) of every finding of ``memtui audit WS --json``, run in this process."""
    capsys.readouterr()
    main(["audit", str(ws), "--json"])
    return [(f["kind"], f["path"]) for f in json.loads(capsys.readouterr().out)["findings"]]


def test_a_warm_audit_reads_names_again_only_where_they_changed(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    files = {f"memory/note-{i}.md": memory(f"note-{i}", f"Note {i}.\n") for i in range(30)}
    files["MEMORY.md"] = "# Memory\n" + "".join(
        f"- [note {i}](memory/note-{i}.md) — note {i}\n" for i in range(30))
    ws = make_ws(tmp_path / "ws", files)
    read: list[str] = []
    check = names.scan_text_bounded

    def counted(text: str, *args: object, **kwargs: object) -> object:
        read.append(text)
        return check(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(names, "scan_text_bounded", counted)
    first = audit(ws, capsys)
    assert read and not [f for f in first if f[0] == "secret"]
    read.clear()
    assert audit(ws, capsys) == first
    assert read == []  # the names as they were: found clean before, not read again
    os.rename(ws / "memory" / "note-3.md", ws / "memory" / f"{TOKEN}.md")
    third = audit(ws, capsys)
    assert len(read) == 1
    assert ("secret", f"memory/{TOKEN}.md") in third
    read.clear()
    assert audit(ws, capsys) == third  # a batch with a credential: never remembered clean
    assert len(read) == 1
