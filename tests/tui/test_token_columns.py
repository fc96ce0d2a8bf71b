"""The Tok columns of the Index and Files views count as the header does: in the profile's
tokenizer (cl100k under claude-code), and "…" while a count is pending, never 0."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.core.counting.tokens import TokenCounter
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable

from .test_app import started, switch

LONG = ("Yield numbers come from the MES export, nightly; Cpk/Ppk are computed per lot "
        "with the 2026 sampling plan — ask before changing them. ") * 4


def tok_cells(view: AuditTable) -> dict[str, str]:
    col = [c.key for c in view.COLUMNS].index("tokens")
    return {r.key: r.cells[col].plain for r in view.shown}  # type: ignore[attr-defined]


async def test_claude_code_tok_columns_use_cl100k(workspace: Path) -> None:
    (workspace / "memory" / "user-role.md").write_text(
        f"---\nname: user-role\ndescription: role\ntype: user\n---\n{LONG}\n")
    counter = TokenCounter()
    app = open_app(workspace, watch=False, options=AuditOptions(profile="claude-code"))
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.block.tokenizer == "cl100k"
        index = app.query_one("#index-view", AuditTable)
        lines = {f"L{ln.number}": ln.text for ln in app.result.index.lines}
        cells = tok_cells(index)
        for key, shown in cells.items():
            assert shown == f"{counter.counts(lines[key], ('cl100k',))['cl100k']:,}"
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        cells = tok_cells(files)
        want = counter.counts((workspace / "memory/user-role.md").read_text(),
                              ("cl100k", "qwen"))
        assert want["cl100k"] != want["qwen"]
        assert cells["memory/user-role.md"] == f"{want['cl100k']:,}"
        assert "0" not in cells.values()


async def test_a_pending_count_shows_an_ellipsis_not_0(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        result = app.result
        for c in result.line_costs:
            c.tokens.clear()  # as before the counts come in
        index = app.query_one("#index-view", AuditTable)
        rows = type(index).build_rows(result, app.palette)
        col = [c.key for c in index.COLUMNS].index("tokens")
        assert {r.cells[col].plain for r in rows} == {"…"}  # type: ignore[attr-defined]


async def test_a_workspace_opened_from_the_fleet_never_shows_0(tmp_path: Path) -> None:
    """The fleet opens a member with the command line's options (the window's tokenizer
    alone): the Tok columns count in it, "…" until then, never 0 (every row showed 0)."""
    from memtui.core.workspace import open_workspace
    from memtui.tui.fleet.member_app import FleetMemberApp
    from tests.test_cli_fleet import fleet

    member = fleet(tmp_path) / ".claude" / "projects" / "-home-me-app" / "memory"
    (member / "user_role.md").write_text(
        f"---\nname: user_role\ndescription: role\ntype: user\n---\n{LONG}\n")
    app = FleetMemberApp(open_workspace(member), AuditOptions(tokenizers=()), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        tokenizer = app.result.block.tokenizer
        index = app.query_one("#index-view", AuditTable)
        assert "0" not in tok_cells(index).values()
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        want = TokenCounter().counts((member / "user_role.md").read_text(), (tokenizer,))
        assert tok_cells(files)["user_role.md"] in ("…", f"{want[tokenizer]:,}")
        assert "0" not in tok_cells(files).values()
