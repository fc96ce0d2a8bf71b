"""newuser34 #10: ``--file-tokens`` changed nothing in the text report; it now names the
costliest files there (the JSON keeps every file's count), and ``--help`` says where the
counts show. The real CLI on real files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_file_tokens_show_in_the_text_report(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text(
        "# Memory\n- [Big](memory/big.md) — big\n- [Small](memory/small.md) — small\n",
        encoding="utf-8")
    (tmp_path / "memory/big.md").write_text("word " * 300, encoding="utf-8")
    (tmp_path / "memory/small.md").write_text("one line\n", encoding="utf-8")
    plain = memtui("audit", str(tmp_path))
    counted = memtui("audit", str(tmp_path), "--file-tokens")
    assert "Costliest files" not in plain.stdout
    row = next(ln for ln in counted.stdout.splitlines() if ln.startswith("Costliest files"))
    assert row.split("Costliest files", 1)[1].strip().startswith("memory/big.md ")
    assert "memory/small.md" in row and "files[].tokens" in row
    data = json.loads(memtui("audit", str(tmp_path), "--file-tokens", "--json").stdout)
    big = next(f for f in data["files"] if f["path"] == "memory/big.md")
    name, n = next(iter(big["tokens"].items()))
    assert f"memory/big.md {n:,}" in row and f"({name} tokens" in row
    helptext = " ".join(memtui("audit", "--help").stdout.split())
    assert "the text's Costliest files row, JSON files[].tokens" in helptext
