"""A pathological file cannot hide a credential (newuser27 #7): the credential check reads a
memory past the audit's 1 MiB head (in blocks, up to 8 MiB), and whatever part of a text no
check read is an ``unchecked_text`` error, so ``--fail-on error`` never passes it as clean.
Real files in temporary folders, the real command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.scanner.tail_secrets import MAX_CHECKED_BYTES
from memtui.core.scanner.textfile import MAX_READ_BYTES
from tests.core.helpers import memory

TOKEN = "ghp_B1gF1leq2RwYb7NpJc4HsFd6GeUa1KoVZ9xk3"
FILLER = "lorem ipsum dolor sit amet, " * 3 + "\n"  # 85 bytes a line, nothing like a value


def _ws(root: Path, body: str | bytes) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [Big](memory/big.md) — big\n")
    head = memory("big").encode()
    (root / "memory" / "big.md").write_bytes(head + (body.encode() if isinstance(body, str)
                                                     else body))
    return root


def _audit(capsys: pytest.CaptureFixture[str], ws: Path, *args: str) -> tuple[int, list[dict]]:
    status = main(["audit", str(ws), "--json", "--fail-on", "error", *args])
    return status, json.loads(capsys.readouterr().out)["findings"]


def _lines_before(path: Path, needle: bytes) -> int:
    data = path.read_bytes()
    return data[:data.index(needle)].count(b"\n") + 1


def test_a_credential_past_the_head_is_found_on_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path / "w", FILLER * (3 * MAX_READ_BYTES // len(FILLER)) + f"token {TOKEN}\n")
    status, findings = _audit(capsys, ws)
    secrets = [f for f in findings if f["kind"] == "secret"]
    assert status == 1
    want = _lines_before(ws / "memory/big.md", TOKEN.encode())
    assert [(f["path"], f["line"]) for f in secrets] == [("memory/big.md", want)]
    assert not [f for f in findings if f["kind"] == "unchecked_text"]
    # again, from the caches: the same verdict
    assert _audit(capsys, ws) == (status, findings)


def test_a_credential_across_the_head_s_end_is_found_once_and_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = len(memory("big").encode())
    lead = FILLER * ((MAX_READ_BYTES - head) // len(FILLER))
    pad = "x" * (MAX_READ_BYTES - head - len(lead) - 26)  # the cap falls inside the token
    ws = _ws(tmp_path / "w", lead + pad + " token " + TOKEN + "\n" + FILLER * 10)
    status, findings = _audit(capsys, ws)
    secrets = [f for f in findings if f["kind"] == "secret"]
    assert status == 1 and len(secrets) == 1
    assert TOKEN[:2] + "…" + TOKEN[-2:] in secrets[0]["message"]


def test_one_endless_line_is_read_in_overlapping_pieces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path / "w", "lorem ipsum " * 400_000 + f" token {TOKEN} end\n")
    status, findings = _audit(capsys, ws)
    assert status == 1
    assert [f["kind"] for f in findings if f["kind"] in ("secret", "unchecked_text")] == ["secret"]


def test_a_crlf_split_by_the_cap_keeps_the_line_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = len(memory("big").encode())
    line = b"lorem ipsum dolor sit amet\r\n"
    body = line * ((MAX_READ_BYTES - head) // len(line))
    body += b"y" * (MAX_READ_BYTES - head - len(body) - 1) + b"\r\n"  # the cap between \r and \n
    body += line * 3 + f"token {TOKEN}\r\n".encode()
    ws = _ws(tmp_path / "w", body)
    status, findings = _audit(capsys, ws)
    assert status == 1
    secrets = [f for f in findings if f["kind"] == "secret"]
    assert [f["line"] for f in secrets] == [_lines_before(ws / "memory/big.md", TOKEN.encode())]


def test_past_the_check_s_reach_the_rest_is_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path / "w", FILLER * (MAX_CHECKED_BYTES // len(FILLER) + 100)
             + f"token {TOKEN}\n")
    status, findings = _audit(capsys, ws)
    unchecked = [f for f in findings if f["kind"] == "unchecked_text"]
    assert status == 1
    assert len(unchecked) == 1 and unchecked[0]["severity"] == "error"
    # the line the 8 MiB end falls in (read in part) and every one after it
    assert unchecked[0]["line"] == (ws / "memory/big.md").read_bytes()[
        :MAX_CHECKED_BYTES].count(b"\n") + 1
    assert "8 MiB" in unchecked[0]["message"]
    assert _audit(capsys, ws) == (status, findings)  # kept in the caches, same verdict


def test_a_check_stopped_by_its_line_budget_is_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = "".join(f"key{i}: value number {i} here\n" for i in range(5001))
    ws = _ws(tmp_path / "w", body + f"token {TOKEN}\n")
    status, findings = _audit(capsys, ws)
    assert status == 1
    assert [f["kind"] for f in findings if f["severity"] == "error"] == ["unchecked_text"]


def test_an_ordinary_big_memory_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    ws = _ws(tmp_path / "w", FILLER * (2 * MAX_READ_BYTES // len(FILLER)))
    status, findings = _audit(capsys, ws)
    assert status == 0
    assert [f["kind"] for f in findings if f["kind"] != "frontmatter"] == ["read_problem"]


def test_a_text_cut_short_is_never_remembered_as_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The user cache's clean texts (texts that passed the credential check, skipped next
    time) never hold one the check stopped in: the second audit, and a copy of the memory
    under another name, still say it was not read (it was remembered, and the error gone)."""
    body = "".join(f"key{i}: value number {i} here\n" for i in range(5001))
    ws = _ws(tmp_path / "w", body)
    first = _audit(capsys, ws)
    assert first[0] == 1
    (ws / "memory" / "copy.md").write_bytes((ws / "memory" / "big.md").read_bytes())
    status, findings = _audit(capsys, ws)
    assert status == 1
    assert sorted(f["path"] for f in findings if f["kind"] == "unchecked_text") == [
        "memory/big.md", "memory/copy.md"]
