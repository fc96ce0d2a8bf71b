"""newuser28 #32: lists sorted names as plain strings (burst-1, burst-10 … burst-19,
burst-2 …): the audit's orphan list, the fix output, the Orphans view, ``A``'s drafts and
the Files view sorted by name now list numbered memories in natural order, one key
(`memtui.core.files.name_order`) for every list."""

from __future__ import annotations

from pathlib import Path

from memtui.core.files.name_order import name_sorted
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.views.files import FilesView
from memtui.tui.views.orphans import OrphansView
from tests.core.helpers import memory
from tests.edit.conftest import cli
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch

NATURAL = [f"memory/burst-{i}.md" for i in range(1, 13)]


def burst(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in (12, 2, 10, 1, 11, 3, 9, 4, 8, 5, 7, 6):
        (root / "memory" / f"burst-{i}.md").write_text(
            memory(f"burst-{i}", f"Burst {i}.\n", "project", f"burst {i}"), encoding="utf-8")
    (root / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    return root


def test_the_key_reads_digit_runs_as_numbers() -> None:
    assert name_sorted(["b-10", "b-2", "b-1", "a", "b-007", "b-7", "b-" + "9" * 5000]) == \
        ["a", "b-1", "b-2", "b-007", "b-7", "b-10", "b-" + "9" * 5000]


def test_the_audit_and_the_fix_list_numbered_memories_in_order(tmp_path: Path) -> None:
    ws = burst(tmp_path / "ws")
    got = cli("audit", ws)
    names = ", ".join(p.removeprefix("memory/") for p in NATURAL)
    assert f"12 orphans in memory/: {names}" in got.stdout, got.stdout
    fixed = cli("fix", "add-to-index", ws, "--all-unreachable", "--dry-run")
    added = [ln.split("](", 1)[1].split(")", 1)[0] for ln in fixed.stdout.splitlines()
             if ln.startswith("+- [")]
    assert added == NATURAL, fixed.stdout


async def test_the_app_s_lists_are_in_natural_order(tmp_path: Path) -> None:
    ws = burst(tmp_path / "ws")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert [o.path for o in app.result.orphans] == NATURAL
        await switch(pilot, app, "3")
        assert keys(app.query_one(OrphansView)) == NATURAL
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen), 60)
        screen = app.screen
        assert isinstance(screen, AddToIndexScreen)
        assert [d[0] for d in screen.drafts] == NATURAL
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, AddToIndexScreen))
        await switch(pilot, app, "2")
        view = app.query_one(FilesView)
        view.sort_by(2)  # the name column: burst-2 before burst-10
        await pilot.pause()
        assert keys(view) == NATURAL, keys(view)
