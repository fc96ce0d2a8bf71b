"""newuser27 #34: past the parse cap (`MAX_INDEX_LINES`) the text report's Index row gave
the cap as the file's length ("250,000 lines" for 260,001) and the injected block was the
parsed part only (3,388,879 of 3,528,894 bytes), though the agent is given the whole
file. The row says both counts; the block is the file's whole text."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.scanner import index as index_module

CAP = 1_000


def capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    monkeypatch.setattr(index_module, "MAX_INDEX_LINES", CAP)
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    text = "# M\n" + "".join(f"- note {i}\n" for i in range(CAP + 40))
    (ws / "MEMORY.md").write_text(text, encoding="utf-8")
    return ws, text


def test_the_index_row_gives_the_file_s_lines_and_the_parsed_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    ws, text = capped(tmp_path, monkeypatch)
    main(["audit", str(ws), "--profile", "item", "--fail-on", "never"])
    out = capsys.readouterr().out
    row = next(ln for ln in out.splitlines() if ln.startswith("Index"))
    assert f"MEMORY.md: {CAP + 41:,} lines (the first {CAP:,} parsed)" in row, row
    block = next(ln for ln in out.splitlines() if ln.startswith("Injected block"))
    assert f"{len(text):,} chars, {len(text):,} bytes" in block, block
    assert f"lines from {CAP + 1:,} on not parsed" in out


def test_the_json_block_is_the_whole_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    import json

    ws, text = capped(tmp_path, monkeypatch)
    main(["audit", str(ws), "--profile", "item", "--json", "--fail-on", "never"])
    data = json.loads(capsys.readouterr().out)
    block = data["injected_block"]
    assert (block["chars"], block["bytes"], block["cut_by_load_limit"]) == (
        len(text), len(text), False), block
