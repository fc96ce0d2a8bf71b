"""MEMORY.md is read whole up to 64 MiB (issue 30 §4): at 50,000 memories the 5 MB index
was cut at 1 MiB, so ``entries`` was 4,489 of 18,812, the broken links past the cut went
unreported and warm runs lost their cache. Memory files keep their 1 MiB cap."""

from __future__ import annotations

import time
from pathlib import Path

from memtui.core.caches.derived import cache_path
from memtui.core.caches.derived import load as load_derived
from memtui.core.reporting.json_report import to_json
from tests.core.helpers import found, make_ws, memory, run_audit

LINES = 50_000
HOOK = "when the deploy queue stalls, check the runner's disk before restarting anything"


def _index() -> str:
    rows = [f"- [Memory {i}](memory/m{i % 10}.md) — {HOOK} ({i})" for i in range(LINES - 1)]
    rows.append(f"- [Gone](memory/gone.md) — {HOOK} (the last)")
    return "\n".join(rows) + "\n"


def _workspace(root: Path) -> Path:
    files = {"MEMORY.md": _index()}
    files.update({f"memory/m{i}.md": memory(f"m{i}") for i in range(10)})
    return make_ws(root, files)


def test_a_five_megabyte_index_is_read_whole(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "ws")
    size = (ws / "MEMORY.md").stat().st_size
    assert 5_000_000 < size < 64 * 1024 * 1024
    start = time.process_time()
    result = run_audit(ws, keep_texts=False)
    spent = time.process_time() - start
    data = to_json(result)
    assert data["index"]["entries"] == LINES  # type: ignore[index]
    assert data["index"]["bytes"] == size  # type: ignore[index]
    assert found(result, "broken_link") == [("MEMORY.md", LINES)]
    assert found(result, "read_problem") == []
    assert spent < 120  # ~10 s here; generous for a loaded machine


def test_the_warm_run_keeps_its_cache(tmp_path: Path, cache: Path) -> None:
    ws = _workspace(tmp_path / "ws")
    first = to_json(run_audit(ws, keep_texts=False))
    stored = load_derived(cache_path(ws.resolve()))
    assert stored is not None  # a cut index was never kept: every warm run derived afresh
    start = time.process_time()
    again = to_json(run_audit(ws, keep_texts=False))
    warm = time.process_time() - start
    assert again["findings"] == first["findings"] and \
        again["index"]["entries"] == LINES  # type: ignore[index]
    assert warm < 60


def test_a_memory_file_keeps_its_one_mebibyte_cap(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md)\n",
        "memory/a.md": memory("a", "word " * 300_000),
    })
    size = (ws / "memory/a.md").stat().st_size
    problems = [f.message for f in run_audit(ws).findings if f.kind == "read_problem"]
    assert problems == [f"larger than 1024 KiB ({size:,} bytes); only the head was read"]


def test_an_index_of_a_million_lines_is_parsed_in_part(tmp_path: Path) -> None:
    """64 MiB of newlines would be 64 M line records (tens of GB); the parse stops at
    MAX_INDEX_LINES and says so. The injected block is the whole file, as the agent gets it
    (newuser27 #34: it was the parsed part, and the Index row stated the cap as the
    length)."""
    from memtui.core.scanner.index import MAX_INDEX_LINES

    text = "- [A](memory/a.md)\n" + "\n" * 1_000_000 + "- [G](memory/gone.md)\n"
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": text, "memory/a.md": memory("a")})
    start = time.process_time()
    result = run_audit(ws, keep_texts=False)
    assert time.process_time() - start < 60  # ~5 s here
    assert len(result.index.lines) == MAX_INDEX_LINES
    problems = [(f.line, f.message) for f in result.findings if f.kind == "read_problem"]
    assert problems == [(MAX_INDEX_LINES + 1, f"lines from {MAX_INDEX_LINES + 1:,} on not "
                         f"parsed: an index is parsed up to its {MAX_INDEX_LINES:,}th line or "
                         "its 2,000,000th bracket or backtick")]
    assert result.block.chars == len(text) and not result.block.cut
