"""Issue 33 in the app: the header names an agent's rule and each limit's share, the Block
view shows what the agent injects and marks its cut."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static, TextArea

from memtui.tui.app import open_app
from memtui.tui.widgets.health_header import HealthHeader
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def _hermes(tmp: Path, memory: str) -> Path:
    folder = tmp / ".hermes" / "memories"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(memory, encoding="utf-8")
    (folder / "USER.md").write_text("Prefers short answers.\n§\nWorks in UTC.\n",
                                    encoding="utf-8")
    return folder


async def test_header_and_block_view_show_the_agents_rule_and_cut(tmp_path: Path) -> None:
    big = "\n§\n".join(f"{i:04d} " + "abcdefghij"[i % 10] * 400 for i in range(15))
    folder = _hermes(tmp_path, big + "\n")
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        header = str(app.query_one(HealthHeader).render_text(app.result, app.palette))
        assert "hermes profile" in header
        assert "Hermes: MEMORY.md 2,200 / USER.md 1,375 characters" in header
        assert "MEMORY.md" in header and "/2,200" in header
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: "MEMORY (your personal notes)" in area.text)
        assert "chars truncated — memory over budget" in area.text
        summary = str(app.query_one("#block-view .summary", Static).render())
        assert "Hermes: MEMORY.md 2,200" in summary and "cut by the agent's limit" in summary


async def test_gemini_pointer_lines_are_the_index_entries(tmp_path: Path) -> None:
    """newuser24 #14: the Index view drew Gemini's pointer lines as prose with no target,
    the header said "index 0 entries", while the audit reached build.md by one and counted
    the other (to a missing file) as a broken link."""
    from memtui.tui.views.index import IndexView

    folder = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(
        f"# Project memory\n\n- See {folder}/build.md for build notes.\n"
        f"- See {folder}/gone.md for gone notes.\n", encoding="utf-8")
    (folder / "build.md").write_text("# build\n\nRun make.\n", encoding="utf-8")
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        header = str(app.query_one(HealthHeader).render_text(app.result, app.palette))
        assert "index 2 pointers" in header and "1 broken link" in header
        await switch(pilot, app, "1")
        view = app.query_one(IndexView)
        rows = {r.key: [c.plain for c in r.cells] for r in view.shown}
        assert rows["L3"][1] == "pointer" and rows["L3"][5] == "build.md"
        assert rows["L4"][1] == "pointer" and rows["L4"][5] == "✗ gone.md"
        assert rows["L1"][1] == "heading"
        shown = {r.key: r for r in view.shown}
        assert shown["L3"].path == "build.md" and shown["L4"].path == "MEMORY.md"
        assert "2 pointer lines" in str(view.summary(app.result, app.palette))


async def test_a_legacy_gemini_md_is_named_as_what_loads(tmp_path: Path) -> None:
    """newuser28 #29: a Gemini folder with only a legacy GEMINI.md read "MEMORY.md whole" and
    "MEMORY.md: none" beside a block that is GEMINI.md's: the rule, the report's Index row
    and the app's Index view name GEMINI.md as what the agent loads."""
    import io
    from contextlib import redirect_stdout

    from memtui.cli import main
    from memtui.tui.views.index import IndexView

    folder = tmp_path / ".gemini" / "tmp" / "proj2" / "memory"
    folder.mkdir(parents=True)
    (folder / "GEMINI.md").write_text("- See notes.md for the deploy notes.\n",
                                      encoding="utf-8")
    (folder / "notes.md").write_text("# notes\n\nTwo sign-offs.\n", encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(folder)])
    rows = {ln.split("  ", 1)[0]: ln.split("  ", 1)[1].strip()
            for ln in out.getvalue().splitlines() if "  " in ln}
    assert "(Gemini CLI: GEMINI.md whole, legacy, as there is no MEMORY.md)" in \
        rows["Layout / profile"], rows
    assert rows["Index"] == "MEMORY.md: none; the agent loads GEMINI.md in its place"
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and "GEMINI.md whole" in app.result.block.rule
        await switch(pilot, app, "1")
        summary = str(app.query_one(IndexView).summary(app.result, app.palette))
        assert summary == "no MEMORY.md · the agent loads GEMINI.md", summary
