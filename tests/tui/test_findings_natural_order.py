"""newuser37 #15: the Findings view listed paths as strings (交接-笔记-10 before 交接-笔记-3)
while the Files view and the audit's lists put them in natural order (docs/app.md: "Names
and paths sort in natural order … here as in the audit's lists, its findings")."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.views.findings import FindingsView
from tests.tui.test_app import started, switch


async def test_findings_paths_in_natural_order(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    index = []
    for i in (1, 2, 3, 10, 11):
        name = f"交接-笔记-{i}"
        (ws / "memory" / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: 笔记 {i}\ntype: project\n---\n"
            f"见 [旧笔记](gone-{i}.md)。\n", encoding="utf-8")
        index.append(f"- [{name}](memory/{name}.md) — 笔记 {i}\n")
    (ws / "MEMORY.md").write_text("".join(index), encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", FindingsView)
        paths = [r.path for r in sorted(view.rows, key=lambda r: r.sort)
                 if r.path and r.path.startswith("memory/")]
        numbers = [int(p.rsplit("-", 1)[1][:-3]) for p in paths]
        assert numbers == sorted(numbers), paths
