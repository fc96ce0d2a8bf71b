"""A backticked span of non-ASCII letters is looked at in linear time (issue 33 evidence: a
real Codex MEMORY.md with a Chinese code span hung ``memtui audit``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_cjk_code_span_does_not_hang(tmp_path: Path) -> None:
    span = "记忆文件的索引行" * 8  # 64 CJK letters, no ".md" at the end
    (tmp_path / "MEMORY.md").write_text(f"# Memory\n\n- note: `{span}`\n- `记忆/笔记.md`\n",
                                        encoding="utf-8")
    (tmp_path / "笔记.md").write_text("# 笔记\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(tmp_path), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode in (0, 1), proc.stderr


def test_mentioned_file_keeps_its_characters() -> None:
    from memtui.core.scanner.index import mentioned_file
    from memtui.core.scanner.links import CodeSpan

    assert mentioned_file(CodeSpan(1, "记忆/笔记.md")) == "记忆/笔记.md"
    assert mentioned_file(CodeSpan(1, "see notes/a-b_c.MD")) == "notes/a-b_c.MD"
    assert mentioned_file(CodeSpan(1, "café.md")) == "café.md"
    assert mentioned_file(CodeSpan(1, "x\U0001f600.md")) is None  # an emoji is no name char
    assert mentioned_file(CodeSpan(1, "记忆文件" * 20)) is None


def test_a_span_of_slashes_is_read_in_linear_time() -> None:
    """A code span of a million ``/`` (the regular expression searched from each ``/``:
    quadratic) is read in one pass: 100 times the text costs far less than 10,000 times."""
    import time

    from memtui.core.scanner.index import mentioned_file
    from memtui.core.scanner.links import CodeSpan

    def cost(text: str) -> float:
        start = time.process_time()
        assert mentioned_file(CodeSpan(1, text)) is None  # an emoji is no name character
        return time.process_time() - start

    short, long = "/" * 10_000 + "\U0001f600x.md", "/" * 1_000_000 + "\U0001f600x.md"
    base = min(cost(short) for _ in range(3))
    assert cost(long) < 1000 * max(base, 1e-4), base
