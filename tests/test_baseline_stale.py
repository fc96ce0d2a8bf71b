"""newuser31 #16: a baseline's entries that match no finding any more (fixed) are named on
stderr, credentials among them said to be accepted again if pasted back; nothing said when
every entry still matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import memory

KEY = "The deploy password is `Zq8!vR2#pL9wX4`.\n"


def test_entries_matching_nothing_are_named(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "w"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [A](a.md) — about a\n- [B](b.md) — about b\n")
    (ws / "a.md").write_text(memory("a", KEY))
    (ws / "b.md").write_text(memory("b", "b links [[gone]]\n"))
    base = tmp_path / "baseline.json"
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    capsys.readouterr()
    assert main(["audit", str(ws), "--baseline", str(base), "--fail-on", "info"]) == 0
    assert "match no finding" not in capsys.readouterr().err
    (ws / "a.md").write_text(memory("a", "Rotated; nothing here now.\n"))
    (ws / "b.md").write_text(memory("b", "b links nothing\n"))
    main(["audit", str(ws), "--baseline", str(base), "--json"])
    err = capsys.readouterr().err
    line = next(ln for ln in err.splitlines() if "match no finding" in ln)
    assert "has 2 of 2 entries that match no finding now" in line, err
    assert "secret a.md" in line and "b.md" in line
    assert "1 credential among them" in line and "--write-baseline" in line
    assert "Zq8!vR2#pL9wX4" not in err
