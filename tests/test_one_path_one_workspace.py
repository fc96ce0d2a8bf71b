"""newuser29 #19: one PATH, one workspace. ``memtui audit HOME`` of a Hermes home (its
memory in ``HOME/memories/``) audited ``HOME/memories`` under the hermes profile, while
``fix … HOME`` refused ("a hermes operation; this folder is curated under the claude-code
profile"), ``history HOME`` said "no operations journaled" and the app opened HOME as an
empty claude-code folder. Every command and the app now read PATH alike, and say so."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from memtui.cli import main
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_profile_tokens import command_app

MEMORY = ("The deploy host is build-7.\n§\nTests run with make check.\n§\n"
          "Tests run with make check.\n")


def hermes_home(tmp: Path) -> Path:
    home = tmp / "hm"
    (home / "memories").mkdir(parents=True)
    (home / "config.yaml").write_text("model: x\n", encoding="utf-8")
    (home / "memories" / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (home / "memories" / "USER.md").write_text("Prefers short answers.\n", encoding="utf-8")
    return home


def run(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([*map(str, args)])
    return status, out.getvalue(), err.getvalue()


def test_fix_history_and_undo_read_path_as_audit_does(tmp_path: Path) -> None:
    home = hermes_home(tmp_path)
    status, out, err = run("audit", home)
    assert "duplicate_entry" in out and "holds no MEMORY.md; auditing the agent's memory " \
        f"below it, {home}/memories" in err, (out, err)
    status, out, err = run("fix", "remove-duplicate-entry", home)
    assert status == 0, err
    assert f"memtui fix remove-duplicate-entry: {home} holds no MEMORY.md; curating the " \
        f"agent's memory below it, {home}/memories" in err, err
    assert (home / "memories" / "MEMORY.md").read_text(encoding="utf-8") == \
        "The deploy host is build-7.\n§\nTests run with make check.\n"
    assert not (home / ".memtui").exists()  # journaled where audit reads: hm/memories
    status, out, err = run("history", home)
    assert status == 0 and "remove-duplicate-entry" in out, (out, err)
    status, out, err = run("undo", home)
    assert status == 0, err
    assert (home / "memories" / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


async def test_the_app_opens_the_workspace_audit_reads(tmp_path: Path) -> None:
    home = hermes_home(tmp_path)
    app = command_app(home)
    assert app.workspace.root == home / "memories"
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "audited" in app.notice)
        assert app.notice.startswith(f"{home} holds no MEMORY.md; opened the agent's memory "
                                     f"below it, {home}/memories"), app.notice
        assert app.result is not None and app.result.profile == "hermes"
        assert any(f.kind == "duplicate_entry" for f in app.result.findings)
