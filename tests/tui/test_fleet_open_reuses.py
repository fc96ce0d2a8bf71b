"""newuser26 #12: Enter on a fleet row opened a workspace whose scans the fleet had just
made and thrown away (its worker audits without writing caches, to write its token counts
once), so the app read and scanned every file again; and its status line said the audit's
own time ("3.16 s") where the operator had waited 6.1 s since Enter."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from memtui.core.caches.scans import cache_path
from memtui.core.fleet import audit_one, save_worker_caches
from memtui.tui.app import open_app
from tests.tui.conftest import wait_for


def small_workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (root / "memory" / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: {name}\ntype: user\n---\nFact {name}.\n",
            encoding="utf-8")
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n",
                                    encoding="utf-8")
    return root


def test_the_fleet_row_leaves_the_scans_for_the_app(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    root = small_workspace(tmp_path / "ws").resolve()
    row = audit_one(str(root), {}, "error")
    save_worker_caches()
    assert row["memory_files"] == 3 and row["exit"] != 2
    stored = cache_path(root)
    assert stored is not None and stored.is_file()  # main: never written by the fleet


def test_a_worker_writes_where_the_cache_folder_is_now(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's caches were made once per process: one made while caching was off (an
    earlier audit in the same process) kept writing nothing after it was turned on (CI of
    ae6e5f9b: the test above failed after another test's fleet audit)."""
    monkeypatch.setattr("memtui.core.fleet_row._caches", None)  # as in a new worker process
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    audit_one(str(small_workspace(tmp_path / "first").resolve()), {}, "error")
    test_the_fleet_row_leaves_the_scans_for_the_app(tmp_path / "then", monkeypatch)


async def test_the_summary_says_the_wait_since_the_workspace_was_asked_for(
        tmp_path: Path) -> None:
    root = small_workspace(tmp_path / "ws")
    app = open_app(root, watch=False, asked_at=time.perf_counter() - 5.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "audited 3 memory files" in app.notice, timeout=60)
        waited = float(app.notice.split(" in ")[1].split(" s")[0])
        assert waited >= 5.0  # main: the audit's own time, a fraction of a second
