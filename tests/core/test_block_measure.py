"""A live re-audit measures the injected block again only when its text changed (issue 35:
encoding and digesting an 800 KB MEMORY.md twice was ~10 ms of a re-audit at 10,000
memories), and its block is always a fresh audit's."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.counting.tokens import TokenCounter
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory

INDEX = "# Memory\n- [a](memory/a.md) the first\n- [b](memory/b.md) the second\n"


def _fresh(root: Path, **options: object) -> dict[str, object]:
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW, **options)).run())


def _spied(auditor: Auditor, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the auditor's own counter is asked to count, from now on (a fresh
    audit's counter is another)."""
    asked: list[str] = []
    counter: TokenCounter = auditor.counter
    real = counter.counts

    def counts(text: str, *rest: object, **kw: object) -> dict[str, int]:
        asked.append(text)
        return real(text, *rest, **kw)  # type: ignore[arg-type]
    monkeypatch.setattr(counter, "counts", counts)
    return asked


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_ws(tmp_path / "w", {
        "MEMORY.md": INDEX,
        "memory/a.md": memory("a", "see [[b]]\n"),
        "memory/b.md": memory("b"),
        "NOTES.md": "# Notes\nsome context\n",
    })


def test_a_memory_edited_leaves_the_block_unmeasured(ws: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    first = auditor.run()
    asked = _spied(auditor, monkeypatch)
    (ws / "memory/a.md").write_text(memory("a", "now [[zz]]\n"), encoding="utf-8")
    again = auditor.run(changed={"memory/a.md"})
    assert first.block.text not in asked  # main: the block counted at every re-audit
    assert to_json(again) == _fresh(ws)
    assert again.block.tokens == first.block.tokens
    assert again.block.tokens is not first.block.tokens  # each result its own dict
    nothing = auditor.run(changed=set())
    assert first.block.text not in asked
    assert to_json(nothing) == _fresh(ws)


def test_the_index_edited_measures_its_new_text(ws: Path) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    first = auditor.run()
    (ws / "MEMORY.md").write_text(INDEX + "- [c](memory/c.md) a third, longer line\n",
                                  encoding="utf-8")
    again = auditor.run(changed={"MEMORY.md"})
    # (measured by pieces kept by their text since perf42, not by the whole block: the
    # new text's count is the fresh audit's, and differs from the first)
    assert again.block.tokens != first.block.tokens
    assert again.block.bytes > first.block.bytes
    assert to_json(again) == _fresh(ws)


def test_another_context_file_edited_is_measured_again(ws: Path) -> None:
    options = {"context_files": ("MEMORY.md", "NOTES.md")}
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW, **options))  # type: ignore[arg-type]
    first = auditor.run()
    assert first.block.files == ["MEMORY.md", "NOTES.md"]
    (ws / "NOTES.md").write_text("# Notes\nsome context, and much more of it ünïcödé\n",
                                 encoding="utf-8")
    again = auditor.run(changed=set())
    assert again.block.bytes > first.block.bytes
    assert to_json(again) == _fresh(ws, **options)
