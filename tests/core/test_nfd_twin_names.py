"""newuser32 #5: ``memory/café.md`` (NFC, linked, clean) and its NFD twin (``cafe`` + U+0301,
holding a credential) printed identically in every line of the report: the orphan and the
credential read as the linked file's. A name not in NFC shows its combining mark escaped."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.reporting.safe_output import printable
from tests.core.helpers import make_ws, memory

NFC = unicodedata.normalize("NFC", "café")
NFD = unicodedata.normalize("NFD", "café")


def test_the_twins_print_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": f"# Memory\n- [Cafe](memory/{NFC}.md) — the cafe\n",
        f"memory/{NFC}.md": memory("cafe", "clean\n"),
        f"memory/{NFD}.md": memory("cafe2", "api_key: Pq7Lm3Zp9Xr2Ks8Tw4Yb6Nd\n")})
    if len({p.name for p in (ws / "memory").iterdir()}) != 2:
        pytest.skip("this file system folds the two spellings into one name")
    main(["audit", str(ws), "--fail-on", "never"])
    out = capsys.readouterr().out
    secret = next(line for line in out.splitlines() if "api key" in line)
    assert "memory/cafe\\u0301.md:" in secret, secret
    orphan = next(line for line in out.splitlines() if "not linked from the index" in line)
    assert "memory/cafe\\u0301.md" in orphan, orphan


def test_only_what_nfc_would_compose_is_escaped() -> None:
    assert printable(f"memory/{NFD}.md") == "memory/cafe\\u0301.md"
    assert printable(f"memory/{NFC}.md") == f"memory/{NFC}.md"
    assert printable(NFD, lines=True) == NFD  # a memory's body: as written
    assert printable("\u0301 alone") == "\u0301 alone"  # nothing to compose with
