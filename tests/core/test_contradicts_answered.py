"""newuser36 #22: in the app, the chat tools' own auditor audited the folder cold though the
app's auditor had just done it: ~1 s CPU at 220 templated memories, most of it judging again
each pair whose one value differs (a pair found contradicting is kept by no verdict store).
`contradicts` now answers a pair it judged before in this process from its answer, so the
second auditor's pairing reads no pair whole again; its findings are the same. Real files,
two real auditors."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import open_workspace

BODY = ("The nightly build on runner {i} needs the cache warmed before 02:00; otherwise the "
        "job times out after {m} minutes and the release is held back ({tag}).")


def _folder(root: Path) -> None:
    """24 memories of one template; a word of the test's own (its folder's name): texts no
    other test in this process judged."""
    root.mkdir()
    tag = root.parent.name.replace("_", " ")
    lines = ["# Memory", ""]
    for i in range(24):
        name = f"note-{'abcdefghijklmnopqrstuvwx'[i]}"
        (root / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: build note\ntype: project\n---\n"
            f"{BODY.format(i=i % 3, m=40 + i, tag=tag)}\n", encoding="utf-8")
        lines.append(f"- [{name}]({name}.md) — build note")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_second_auditor_reads_no_pair_whole_again(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    _folder(tmp_path / "memory")
    matched: list[int] = []
    real = difflib.SequenceMatcher

    def counted(*args: Any, **kwargs: Any) -> difflib.SequenceMatcher[str]:
        matched.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(difflib, "SequenceMatcher", counted)

    def findings() -> list[tuple[str, str, str]]:
        result = Auditor(open_workspace(str(tmp_path / "memory")),
                         AuditOptions(stale_days=None)).run()
        return [(f.kind, f.path, f.message) for f in result.findings]
    first = findings()
    assert matched, "the folder's pairs were never read whole: the test proves nothing"
    assert any(kind == "contradiction" for kind, _, _ in first)
    matched.clear()
    assert findings() == first  # the app's auditor, then the chat tools' own
    assert matched == []
