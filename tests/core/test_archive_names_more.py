"""newuser37 #28: an Arabic archive folder (``أرشيف/``) and the "old" folders of languages
whose "archive" word was known (``旧/``, ``старое/``, ``قديم/``) were not archives: what the
operator put away was reported as unreachable orphans."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.workspace import is_archive
from tests.core.helpers import make_ws, memory


@pytest.mark.parametrize("name", ["أرشيف", "قديم", "旧", "старое", "بایگانی", "ארכיון", "arşiv"])
def test_named_an_archive(name: str) -> None:
    assert is_archive(name)


def test_an_arabic_archive_holds_no_orphan(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [A](memory/a.md) — a\n",
                                   "memory/a.md": memory("a"),
                                   "memory/أرشيف/old-note.md": memory("old-note")})
    result = audit(ws)
    assert not [f for f in result.findings if f.kind == "orphan"]
    assert result.archives_excluded == ["memory/أرشيف"]
