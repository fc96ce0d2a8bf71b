"""A memory or another file written as UTF-16 is read as the text it is (newuser30 #3: a
GitHub token in a UTF-16 memory was a "not valid UTF-8" warning and NUL characters, and
``memtui audit --fail-on error`` passed): with a byte order mark, or without one when every
other byte of its head is NUL; a memory's read problem says so; ``fix redact`` refuses such
a file plainly instead of saying it holds no credential."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.scanner.textfile import decode, utf16
from tests.core.helpers import memory

TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
PASSWORD = "Hu7kd92xqZ4mWp"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
               ) -> None:
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)


def _workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "tok.md").write_bytes(
        memory("tok", f"GitHub token: {TOKEN}\n").encode("utf-16"))
    (root / "memory" / "pw.md").write_bytes(
        memory("pw", f"Staging password: {PASSWORD}\n").encode("utf-16-le"))
    (root / "memory" / "notes.txt").write_bytes(
        f"notes\r\nGitHub token: {TOKEN}\r\n".encode("utf-16"))
    (root / "memory" / "old.bak").write_bytes(
        f"x\nStaging password: {PASSWORD}\n".encode("utf-16-be"))
    (root / "MEMORY.md").write_text("- [Tok](memory/tok.md) — token\n"
                                    "- [Pw](memory/pw.md) — pw\n")
    return root


def test_utf16_files_fail_the_gate_at_their_lines(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ws = _workspace(tmp_path / "w")
    status = main(["audit", str(ws), "--json", "--fail-on", "error"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    secrets = sorted((f["path"], f["line"]) for f in data["findings"] if f["kind"] == "secret")
    assert secrets == [("memory/notes.txt", 2), ("memory/old.bak", 2), ("memory/pw.md", 7),
                       ("memory/tok.md", 7)]
    assert not [f for f in data["findings"] if f["kind"] == "hidden_text"]
    problems = {f["path"]: f["message"] for f in data["findings"] if f["kind"] == "read_problem"}
    assert set(problems) == {"memory/pw.md", "memory/tok.md"}
    assert all("UTF-16" in m for m in problems.values())


def test_redact_refuses_a_utf16_memory_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _workspace(tmp_path / "w")
    before = (ws / "memory" / "tok.md").read_bytes()
    status = main(["fix", "redact", str(ws), "memory/tok.md"])
    err = capsys.readouterr().err
    assert status != 0
    assert "UTF-16" in err and "1 credential" in err and "nothing was written" in err
    assert (ws / "memory" / "tok.md").read_bytes() == before


def test_text_that_is_no_utf16_is_read_as_before() -> None:
    assert utf16(b"plain ascii text, long enough") is None
    assert utf16("日本語のテキスト".encode()) is None
    assert utf16(b"\x00\x01\x02\x03binary\x00\x00\x00") is None
    assert decode(b"a\x00b\x00").text == "a\x00b\x00"  # too short to say
    read = decode("password: x".encode("utf-16"))
    assert read.text == "password: x" and read.problems


def test_a_utf16_index_is_read_and_never_written_as_utf8(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser30 #16: a MEMORY.md saved as UTF-16 was 7 lines of invisible NUL characters
    and its memories orphans; an add-to-index would have appended UTF-8 bytes to it."""
    ws = tmp_path / "w"
    (ws / "memory").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (ws / "memory" / f"{name}.md").write_text(memory(name, f"Fact {name}.\n"))
    index = "- [A](memory/a.md) — a fact\n- [B](memory/b.md) — b fact\n".encode("utf-16")
    (ws / "MEMORY.md").write_bytes(index)
    main(["audit", str(ws), "--json"])
    data = json.loads(capsys.readouterr().out)
    kinds = [(f["kind"], f["path"]) for f in data["findings"]]
    assert ("orphan", "memory/a.md") not in kinds and ("orphan", "memory/c.md") in kinds
    assert not [k for k, _ in kinds if k == "hidden_text"]
    status = main(["fix", "add-to-index", str(ws), "memory/c.md"])
    err = capsys.readouterr().err
    assert status != 0 and "UTF-16" in err and "nothing was written" in err
    assert (ws / "MEMORY.md").read_bytes() == index
