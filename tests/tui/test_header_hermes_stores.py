"""newuser26 #42: under the hermes profile the header read "1 memory · index 0 entries ·
0 orphans (0 unreachable) · 0 broken links · 0 dangling [[ ]]" for a MEMORY.md of §-separated
entries; it counts each store's entries as Hermes reads them, and the text report's Index
row says them too (not "no link entries")."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from memtui.tui.app import open_app
from tests.tui.test_app import header_text, started


def _hermes(tmp: Path) -> Path:
    ws = tmp / "memories"
    ws.mkdir()
    (ws / "MEMORY.md").write_text(
        "User prefers short answers.\n§\nProject uses uv.\n§\nUser prefers short answers."
        "\n§\nNo deploys on Fridays.\n", encoding="utf-8")
    (ws / "USER.md").write_text("Name: Ana.\n§\nTimezone: UTC+1.\n", encoding="utf-8")
    return ws


async def test_the_header_counts_the_stores_entries(tmp_path: Path) -> None:
    app = open_app(_hermes(tmp_path), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "hermes"
        counts = header_text(app).splitlines()[1]
        assert counts == "MEMORY.md 4 entries (1 repeated) · USER.md 2 entries", counts


def test_the_text_report_counts_the_stores_entries(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    main(["audit", str(_hermes(tmp_path))])
    out = capsys.readouterr().out
    assert "MEMORY.md: 7 lines, 4 entries (1 repeated) separated by §" in out
    assert "no link entries" not in out


def test_the_json_report_counts_the_stores_entries(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """newuser26 #42 addendum: ``audit --json`` gives the same counts, in each store's load
    (keys added; the others' loads are as they were)."""
    import json

    main(["audit", str(_hermes(tmp_path)), "--json"])
    loads = json.loads(capsys.readouterr().out)["injected_block"]["loads"]
    assert [(ld["what"], ld["entries"], ld["repeated"]) for ld in loads] == [
        ("MEMORY.md", 4, 1), ("USER.md", 2, 0)]
    assert set(loads[0]) == {"what", "used", "limit", "unit", "share", "entries", "repeated"}
