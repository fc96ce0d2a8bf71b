"""newuser27 #35: a memory holding a credential (exit 1 under the default --fail-on) left
the app's header reading healthy ("2 memories · index 2 entries · 0 orphans …"); only view 6
said so. The header counts credentials, at 80 columns too, as the fleet's Secrets column
does, and says nothing of them when there is none."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.test_app import started
from tests.tui.test_widths import screen_text

TOKEN = "ghp_B1gF1leq2RwYb7NpJc4HsFd6GeUa1KoVZ9xk3"


def _workspace(root: Path, body: str) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "deploy.md").write_text(
        f"---\nname: deploy\ndescription: how we deploy\ntype: project\n---\n{body}\n",
        encoding="utf-8")
    (root / "MEMORY.md").write_text("# M\n\n- [Deploy](memory/deploy.md) — deploys\n",
                                    encoding="utf-8")
    return root


async def test_the_header_counts_a_credential_at_80_columns(tmp_path: Path) -> None:
    app = open_app(_workspace(tmp_path / "a", f"Push with token {TOKEN} please."),
                   watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        counts = screen_text(app).splitlines()[1]
        assert "1 memory · 1 credential · index 1 entry" in counts, counts


async def test_no_credential_no_word(tmp_path: Path) -> None:
    app = open_app(_workspace(tmp_path / "b", "Push from the CI job."), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        counts = screen_text(app).splitlines()[1]
        assert "orphans" in counts and "credential" not in counts, counts
