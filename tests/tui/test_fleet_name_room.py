"""newuser42 #20: the fleet at 120 columns cut ``homes/bot/.codex/memories`` to
``…bot/… [codex]`` (14 cells of a 27-cell column) and ``homes/ops/.hermes/memories`` to
``…ops/… [hermes]``: a name cut around the folder that tells it apart now keeps as much of
the path as the column holds, whole folder names, the ones before it first. The real fleet
screen under Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp, folder_cut
from tests.tui.conftest import wait_for


def monorepo(root: Path) -> dict[str, Path]:
    codex = root / "homes" / "bot" / ".codex" / "memories"
    (codex / "rollout_summaries").mkdir(parents=True)
    (codex / "memory_summary.md").write_text("# Summary\nThe build uses make.\n",
                                             encoding="utf-8")
    (codex / "MEMORY.md").write_text("# Memory\n- build: make\n", encoding="utf-8")
    hermes = root / "homes" / "ops" / ".hermes" / "memories"
    hermes.mkdir(parents=True)
    (hermes / "MEMORY.md").write_text("Deploys go out on Tuesdays.\n§\nThe cache is redis.\n",
                                      encoding="utf-8")
    (hermes / "USER.md").write_text("Name: Ana\n", encoding="utf-8")
    plain = root / "tools"  # (not under homes/: no front every row shares)
    (plain / "memory").mkdir(parents=True)
    (plain / "memory" / "a.md").write_text(
        "---\nname: a\ndescription: d\nmetadata:\n  type: project\n---\nfact\n",
        encoding="utf-8")
    (plain / "MEMORY.md").write_text("- [a](memory/a.md) — a\n", encoding="utf-8")
    return {"codex": codex, "hermes": hermes}


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_workspace_names_use_the_room_of_their_column(tmp_path: Path,
                                                            size: tuple[int, int]) -> None:
    spaces = monorepo(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=1)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 3, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        cells = {str(table.coordinate_to_cell_key((i, 0)).row_key.value):
                 str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        width = app.widths["path"]
        for folder in spaces.values():
            cell = cells[str(folder)]
            assert len(cell) <= width, (cell, width)
            if width >= 20:  # the folder before the one that tells it apart stays
                who = folder.parts[-3]
                assert f"homes/{who}/" in cell, (cell, width)


def test_a_cut_keeps_whole_folder_names_around_the_one_that_tells_apart() -> None:
    assert folder_cut("homes/bot/.codex/memories [codex]", 27).plain == \
        "homes/bot/.codex/… [codex]"
    assert folder_cut("homes/ops/.hermes/memories [hermes]", 27).plain == \
        "homes/ops/… [hermes]"
    assert folder_cut("homes/ana/.gemini/tmp/tienda-web/memory [gemini]", 27).plain == \
        "…tmp/tienda-web/… [gemini]"
