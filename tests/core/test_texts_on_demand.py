"""An auditor that keeps no memory's text (``Auditor(hold_texts=False)``, the app's; issue
35): its reports and token counts are a holding auditor's, and a text read again later
(`audited_text`: the preview, the counts) is given only while it is the one audited — never
a file swapped in since (another text, a link to a file elsewhere, a FIFO)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.reporting.json_report import to_json
from memtui.core.scanner.scan import audited_text
from memtui.core.scanner.textfile import MAX_READ_BYTES
from memtui.core.workspace import open_workspace
from memtui.tui.change_notice import describe_change
from tests.core.helpers import NOW, make_ws, memory


def _files() -> dict[str, str | bytes]:
    return {
        "MEMORY.md": "- [a](memory/a.md) — a\n- [b](memory/b.md) — b\n",
        "memory/a.md": memory("a", "Alpha facts: the line runs at 42 units per hour.\n"),
        "memory/b.md": memory("b", "Beta, see [[a]]. " * 40 + "\n"),
        "memory/empty.md": "",
        "memory/latin1.md": "---\nname: latin1\n---\ncaf\xe9 \xff\n".encode("latin-1"),
        "memory/crlf.md": memory("crlf", "one\r\ntwo\r\n").replace("\n", "\r\n"),
        "memory/huge.md": memory("huge", "word " * (MAX_READ_BYTES // 5 + 100)),
    }


def _auditor(root: Path, hold: bool, **options: object) -> Auditor:
    opts = AuditOptions(now=NOW, **options)  # type: ignore[arg-type]
    return Auditor(open_workspace(root), opts, hold_texts=hold)


def test_no_text_is_kept_and_the_counts_and_report_are_the_same(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "ws", _files())
    holding = _auditor(root, True, file_tokens=False)
    holding.run()
    holding.count_file_tokens()
    held = holding.run(set())
    assert held.scans["memory/b.md"].memory.text
    lean = _auditor(root, False, file_tokens=False)
    first = lean.run()
    assert all(not s.memory.text for s in first.scans.values())
    assert lean.tokens_pending == len(first.scans)
    assert lean.count_file_tokens() == len(first.scans)
    assert lean.tokens_pending == 0
    again = lean.run(set())
    assert {rel: s.tokens for rel, s in again.scans.items()} == \
        {rel: s.tokens for rel, s in held.scans.items()}
    assert to_json(again) == to_json(held)
    assert again.scans["memory/huge.md"].tokens == _auditor(root, True).run().scans[
        "memory/huge.md"].tokens  # counted in the audit, from the text it read
    assert all(not s.memory.text for s in again.scans.values())


def test_a_text_read_again_is_the_audited_one(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "ws", _files())
    result = _auditor(root, False).run()
    held = _auditor(root, True).run()
    for rel, scan in result.scans.items():
        assert audited_text(root, scan) == held.scans[rel].memory.text, rel
    assert len(audited_text(root, result.scans["memory/huge.md"]) or "") <= MAX_READ_BYTES


def test_a_file_changed_since_its_audit_is_never_given(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "ws", _files())
    outside = tmp_path / "elsewhere.md"
    outside.write_text("password: hunter2-not-audited\n", encoding="utf-8")
    scans = _auditor(root, False).run().scans
    a, b, empty = (root / "memory/a.md"), (root / "memory/b.md"), (root / "memory/empty.md")
    a.write_text(memory("a", "Alpha facts, rewritten after the audit.\n"), encoding="utf-8")
    assert audited_text(root, scans["memory/a.md"]) is None
    b.unlink()
    b.symlink_to(outside)  # swapped for a link to a file the audit never read
    assert audited_text(root, scans["memory/b.md"]) is None
    empty.unlink()
    os.mkfifo(empty)  # a FIFO with no writer: opening or reading it must not block
    got: list[str | None] = []
    reader = threading.Thread(target=lambda: got.append(
        audited_text(root, scans["memory/empty.md"])), daemon=True)
    reader.start()
    reader.join(5)
    assert not reader.is_alive() and got == [""]  # an empty file's text is no secret


def test_a_link_to_the_same_bytes_is_still_the_audited_text(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "ws", _files())
    scans = _auditor(root, False).run().scans
    copy = tmp_path / "copy.md"
    a = root / "memory/a.md"
    copy.write_bytes(a.read_bytes())
    a.unlink()
    a.symlink_to(copy)
    assert audited_text(root, scans["memory/a.md"]) == copy.read_text(encoding="utf-8")


def test_a_file_changed_before_its_count_is_counted_after_its_audit(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "ws", _files())
    lean = _auditor(root, False, file_tokens=False)
    lean.run()
    (root / "memory/a.md").write_text(memory("a", "Changed before it was counted.\n"),
                                      encoding="utf-8")
    lean.count_file_tokens()
    assert lean.tokens_pending == 1  # the changed file's new text is not its scan's
    result = lean.run({"memory/a.md"})
    lean.count_file_tokens()
    assert lean.tokens_pending == 0
    fresh = _auditor(root, True).run()
    assert result.scans["memory/a.md"].tokens == fresh.scans["memory/a.md"].tokens


@pytest.mark.parametrize("hold", [False, True])
def test_a_change_is_noticed_without_the_texts(tmp_path: Path, hold: bool) -> None:
    root = make_ws(tmp_path / "ws", _files())
    auditor = _auditor(root, hold)
    before = auditor.run()
    (root / "memory/a.md").write_text(memory("a", "Alpha, edited.\n"), encoding="utf-8")
    after = auditor.run({"memory/a.md"})
    assert describe_change({"memory/a.md"}, before, after) == "memory/a.md changed"
    echo = auditor.run({"memory/a.md"})  # the watcher's late echo: nothing to say
    assert describe_change({"memory/a.md"}, after, echo) is None
