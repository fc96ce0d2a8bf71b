"""The why check folds each label phrase once per run, not once per memory (issue 35).

`memtui.core.checks.missing_why` folds every label it reads (NFKC, case-folding, accents
off letter by letter outside ASCII: ~16 µs a phrase); a folder's memories repeat the same
labels, and a cold audit of 10,000 memories spent 0.3 s of CPU folding ~18,500 of them.
The fold is remembered by its phrase: 40 memories holding the same two labels fold them a
handful of times, and each memory is judged as before.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest

from memtui.core.checks import missing_why
from tests.core.helpers import make_ws, memory, run_audit

N = 40


def test_labels_repeated_across_memories_are_folded_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = {}
    for i in range(N):
        # the labels inline, after a space (`inline_kinds`), in words outside ASCII; every
        # fourth memory lacks its how-to-apply label
        how = "" if i % 4 == 0 else f" **Как применять:** шаг {i}."
        files[f"memory/f{i}.md"] = memory(
            f"f{i}", f"Правило {i}. **Почему:** причина {i}.{how}\n", type_="feedback")
    files["MEMORY.md"] = "".join(f"- [f{i}](memory/f{i}.md) — f{i}\n" for i in range(N))
    root = make_ws(tmp_path / "ws", files)
    getattr(missing_why._fold, "cache_clear", lambda: None)()  # (integ: no memory)
    real = unicodedata.normalize
    folded: list[str] = []

    def normalize(form: str, text: str) -> Any:
        if form == "NFKC":
            folded.append(text)
        return real(form, text)

    monkeypatch.setattr(missing_why.unicodedata, "normalize", normalize)
    result = run_audit(root)
    monkeypatch.undo()
    lacking = sorted(f.path for f in result.findings if f.kind == "missing_why")
    assert lacking == sorted(f"memory/f{i}.md" for i in range(0, N, 4)), lacking
    labels = [t for t in folded if t.lower().startswith(("почему", "как применять"))]
    assert 0 < len(labels) <= 4, labels  # once each, not once a memory
