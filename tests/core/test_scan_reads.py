"""The scan's cheaper reads give what the plain ones gave: one read call for a file read
whole, and the first look for invisible characters through the file's bytes."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from memtui.core.checks.hidden_text import hidden_findings
from memtui.core.scanner.textfile import MAX_READ_BYTES, read_text

PIECES = ["a", "記憶", " ", "\n", "\u200b", "\u200d", "\ufe0f", "\U000e0041", "\U000e0100",
          "\U000e007f", "\U000e0fff", "\U000e1000", "\U0001f600", "\U0001f3f4", "\u2066",
          "\u061c", "\u0627", "x\u200by"]


def test_the_first_look_through_the_bytes_answers_the_same() -> None:
    rnd = random.Random(35)
    for _ in range(3000):
        text = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 30)))
        assert hidden_findings(text, 3, raw=text.encode("utf-8")) == hidden_findings(text, 3)


@pytest.mark.parametrize("size", [0, 1, 4095, MAX_READ_BYTES - 1, MAX_READ_BYTES,
                                  MAX_READ_BYTES + 1, 3 * MAX_READ_BYTES + 7])
def test_read_whole_or_its_head(tmp_path: Path, size: int) -> None:
    data = (b"0123456789abcde\n" * (size // 16 + 1))[:size]
    path = tmp_path / "m.md"
    path.write_bytes(data)
    read = read_text(path)
    assert read.text == data[:MAX_READ_BYTES].decode("utf-8")
    assert read.size == size
    assert (read.problems != []) == (size > MAX_READ_BYTES)


def test_a_file_that_grew_after_its_stat_is_read_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "m.md"
    path.write_bytes(b"0123456789")
    st = os.stat(path)
    with path.open("ab") as fh:
        fh.write(b"x" * 100_000)
    read = read_text(path, st=st)
    assert read.text == "0123456789" + "x" * 100_000
    assert read.size == 100_010
