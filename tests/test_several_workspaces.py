"""A folder holding several workspaces (issue 32 §8): ``memtui audit ROOT`` says so in one
line and exits 2 (pointing at ``--discover`` and ``memtui fleet``) instead of reporting
every file an orphan; ``memtui ROOT`` offers the fleet; ``memtui fleet ROOT`` is a command
(``fleet`` is no longer taken as a path), and ``--fleet ROOT`` still works."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from memtui.commands import app as app_command
from memtui.commands import fleet as fleet_command
from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from tests.core.helpers import memory
from tests.test_cli_audit import memtui
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for


def several(root: Path) -> Path:
    """``root/items``: three workspaces, no MEMORY.md of its own."""
    return fleet(root) / "items"


def test_audit_of_several_workspaces_says_so_in_one_line(tmp_path: Path) -> None:
    items = several(tmp_path)
    for args in ((), ("--json",), ("--format", "sarif")):
        proc = memtui("audit", str(items), *args)
        assert proc.returncode == 2, proc.stdout
        assert proc.stdout == ""
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        line = proc.stderr
        assert line.startswith(f"memtui audit: error: {items} looks like several workspaces")
        assert "holds no MEMORY.md but 3 folders under it are memory folders (broken/, " \
            "clean/, orphaned/)" in line
        assert f"memtui audit {items} --discover" in line and f"memtui fleet {items}" in line
    # What the line says to run works.
    proc = memtui("audit", str(items), "--discover", "--json")
    assert proc.returncode == 1 and len(json.loads(proc.stdout)["workspaces"]) == 3


def test_a_workspace_holding_others_and_a_lone_nested_one_are_audited(tmp_path: Path) -> None:
    items = several(tmp_path)
    (items / "MEMORY.md").write_text("# Items\n", encoding="utf-8")  # a workspace itself
    proc = memtui("audit", str(items), "--json")
    assert proc.returncode in (0, 1) and json.loads(proc.stdout)["workspace"] == str(items)
    lone = tmp_path / "lone"
    (lone / "one").mkdir(parents=True)
    (lone / "one" / "MEMORY.md").write_text("# One\n", encoding="utf-8")
    (lone / "note.md").write_text(memory("note", "N."), encoding="utf-8")
    proc = memtui("audit", str(lone), "--json")
    assert proc.returncode in (0, 1), proc.stderr


def chosen(path: str) -> str:
    """What ``memtui audit PATH`` says on stderr when it audits the one memory below."""
    return (f"memtui audit: {path.split('/')[0]} holds no MEMORY.md; auditing the agent's "
            f"memory below it, {path} (the files of {path.split('/')[0]} itself are not "
            "memories)\n")


def test_audit_of_a_project_audits_the_agent_s_memory_below_it(tmp_path: Path) -> None:
    """newuser27 #33 (after newuser21 #9, newuser22 #13): a project audited at its root,
    its memory in ``.claude/memory/``. Its own .md files are the project's documents: read
    as memories they were 540 orphans, 18 broken links and exit 1 on the real
    application-pipeline repository. The agent's memory folder below wins, in every
    format, stderr says it was chosen, and the folder given is its project (stale
    references checked). The report is the one ``memtui audit PROJECT/.claude/memory``
    gives."""
    project = tmp_path / "proj"
    nested = project / ".claude" / "memory"
    nested.mkdir(parents=True)
    (nested / "MEMORY.md").write_text("- [a](a.md) — a thing\n", encoding="utf-8")
    (nested / "a.md").write_text(memory("a", "A."), encoding="utf-8")
    (project / "README.md").write_text("# A project\n", encoding="utf-8")
    # The project's documents: no frontmatter, a link to nothing, linked from nowhere.
    (project / "plan.md").write_text("# Plan\n\nSee [old](gone.md).\n", encoding="utf-8")
    (project / "docs").mkdir()
    (project / "docs" / "notes.md").write_text(memory("notes", "N."), encoding="utf-8")
    direct = memtui("audit", "proj/.claude/memory", "--json", cwd=tmp_path)
    assert direct.returncode == 0, direct.stderr
    for args in ((), ("--json",), ("--format", "sarif")):
        proc = memtui("audit", "proj", *args, cwd=tmp_path)
        assert proc.returncode == 0, (args, proc.stdout)
        assert proc.stderr == chosen("proj/.claude/memory"), args
        assert "plan.md" not in proc.stdout and "gone.md" not in proc.stdout
    data = json.loads(memtui("audit", "proj", "--json", cwd=tmp_path).stdout)
    assert (data["workspace"], data["memory_files"], data["orphans"]) == (
        str(nested), 1, [])
    assert data["project"]["path"] == str(project)
    # A folder with no index and nothing below says nothing of the kind.
    (nested / "MEMORY.md").unlink()
    (nested / "a.md").unlink()
    proc = memtui("audit", "proj", cwd=tmp_path)
    assert "holds no MEMORY.md; auditing" not in proc.stderr
    assert "MEMORY.md: none" in proc.stdout and "plan.md" in proc.stdout


def test_audit_of_the_folder_above_a_claude_code_memory_folder_audits_it(
        tmp_path: Path) -> None:
    """newuser22 #18, newuser27 #33: pointed at the folder above ``memory/`` (as
    ``~/.claude/projects/-home-me-src-app/``), the audit read it as an item workspace with
    no index (memory/MEMORY.md an orphan memory). ``memory/`` is audited, and stderr says
    so, every format."""
    above = tmp_path / "app"
    mem = above / "memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [a](a.md) — a thing\n", encoding="utf-8")
    (mem / "a.md").write_text(memory("a", "A."), encoding="utf-8")
    for args in ((), ("--json",), ("--format", "sarif")):
        proc = memtui("audit", "app", *args, cwd=tmp_path)
        assert (proc.returncode, proc.stderr) == (0, chosen("app/memory")), args
    data = json.loads(memtui("audit", "app", "--json", cwd=tmp_path).stdout)
    assert (data["workspace"], data["memory_files"], data["orphans"]) == (str(mem), 1, [])
    # An item workspace with its index is untouched; without one and with no index under
    # memory/ it is audited as before (its files orphans).
    (above / "MEMORY.md").write_text("- [a](memory/a.md) — a thing\n", encoding="utf-8")
    (mem / "MEMORY.md").unlink()
    assert memtui("audit", "app", "--json", cwd=tmp_path).returncode == 0
    (above / "MEMORY.md").unlink()
    proc = memtui("audit", "app", "--json", cwd=tmp_path)
    assert proc.returncode in (0, 1) and json.loads(proc.stdout)["orphans"]


def test_fleet_is_a_command_and_dash_dash_fleet_still_works(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.cli import main

    opened: list[tuple[str, str]] = []

    def fake(root: str, ns: argparse.Namespace, prog: str = "memtui") -> int:
        opened.append((root, prog))
        return 0

    monkeypatch.setattr(fleet_command, "run_fleet_app", fake)
    items = several(tmp_path)
    assert main(["fleet", str(items)]) == 0
    assert main(["--fleet", str(items)]) == 0
    assert opened == [(str(items), "memtui fleet"), (str(items), "memtui")]
    # Without ROOT, one line (naming ./fleet when there is such a folder); a ROOT that is
    # no folder, one line: never "fleet: no such file or folder".
    (tmp_path / "fleet").mkdir()
    proc = memtui("fleet", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr == (
        "memtui fleet: error: give the ROOT folder whose workspaces to show (the folder "
        "named fleet here: memtui ./fleet)\n")
    proc = memtui("fleet", str(tmp_path / "nope"))  # (newuser39 #12: as every command)
    assert proc.returncode == 2
    assert proc.stderr == f"memtui fleet: error: {tmp_path / 'nope'}: no such file or folder\n"
    proc = memtui("fleet", str(items), "--theme", "no-such-theme")
    assert proc.returncode == 2 and proc.stderr.startswith("memtui fleet: error: unknown theme")
    assert "fleet" in memtui("--help").stdout.split("commands:")[1]


def offer_app(items: Path) -> Any:
    from memtui.tui.fleet.offer import SeveralWorkspacesApp

    return SeveralWorkspacesApp(str(items), ["broken", "clean", "orphaned"],
                                open_workspace(items), AuditOptions(), watch=False)


async def test_the_app_offers_the_fleet_and_enter_opens_it(tmp_path: Path) -> None:
    from memtui.tui.fleet.offer import FleetOfferScreen

    items = several(tmp_path)
    app = offer_app(items)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FleetOfferScreen))
        await pilot.pause()
        screen: Any = app.screen
        assert screen.heading == "This folder looks like several workspaces"
        assert screen.lines[:4] == [
            f"{items} holds no MEMORY.md, but 3 folders under it are memory folders of their "
            "own (not each one holds a MEMORY.md):",
            "  broken/", "  clean/", "  orphaned/"]
        assert str(screen.query_one("#cancel").label) == "Open as one workspace"
        await pilot.press("enter")
        await wait_for(pilot, lambda: not app.is_running)
    assert app.open_fleet is True


async def test_declining_the_fleet_keeps_the_app_and_says_how(tmp_path: Path) -> None:
    from memtui.tui.fleet.offer import FleetOfferScreen

    items = several(tmp_path)
    app = offer_app(items)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FleetOfferScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1 and app.audits >= 1)
        said = [str(n.message) for n in app._notifications]
        assert any("looks like several workspaces" in m and "memtui fleet" in m
                   for m in said)
        assert app.open_fleet is False


def test_memtui_root_opens_the_offer_and_then_the_fleet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``memtui ROOT`` on several workspaces runs the offering app, and the fleet after it
    when the operator chose it (each app's own run is tested above under Pilot)."""
    from memtui.cli import main
    from memtui.tui.fleet.offer import SeveralWorkspacesApp

    ran: list[str] = []

    def chose_fleet(self: SeveralWorkspacesApp) -> None:
        ran.append(type(self).__name__)
        self.open_fleet = True

    def fake(root: str, ns: argparse.Namespace, prog: str = "memtui") -> int:
        ran.append(f"fleet {root}")
        return 0

    monkeypatch.setattr(SeveralWorkspacesApp, "run", chose_fleet)
    monkeypatch.setattr("memtui.commands.app.terminal_problem", lambda: None)
    monkeypatch.setattr(fleet_command, "run_fleet_app", fake)
    items = several(tmp_path)
    assert main([str(items), "--no-watch"]) == 0
    assert ran == ["SeveralWorkspacesApp", f"fleet {items}"]
    assert app_command.PROG == "memtui"


def test_audit_of_the_folder_above_a_flat_memory_folder_audits_it(tmp_path: Path) -> None:
    """newuser23 #6, newuser27 #33: the folder above a flat memory folder
    (``claude_memory/``, a Codex or Hermes ``memories/``, a hidden ``.claude-memory/``) was
    audited as if that folder's files were its own. That folder is audited, whatever the
    folder above holds of its own, and stderr says so."""
    above = tmp_path / "repo"
    mem = above / "claude_memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [a](a.md) — a thing\n", encoding="utf-8")
    (mem / "a.md").write_text(memory("a", "A [b](b.md)."), encoding="utf-8")  # broken
    (mem / "c.md").write_text(memory("c", "C."), encoding="utf-8")  # an orphan of its own
    (above / "notes.md").write_text(memory("notes", "N."), encoding="utf-8")
    for args in ((), ("--json",), ("--format", "sarif")):
        proc = memtui("audit", "repo", *args, cwd=tmp_path)
        assert (proc.returncode, proc.stderr) == (1, chosen("repo/claude_memory")), args
    data = json.loads(memtui("audit", "repo", "--json", cwd=tmp_path).stdout)
    assert data["memory_files"] == 2 and [o["path"] for o in data["orphans"]] == ["c.md"]
    hidden = tmp_path / "bot"
    (hidden / ".claude-memory").mkdir(parents=True)
    (hidden / ".claude-memory" / "MEMORY.md").write_text("- [a](a.md) — a\n",
                                                          encoding="utf-8")
    (hidden / ".claude-memory" / "a.md").write_text(memory("a", "A."), encoding="utf-8")
    (hidden / "HANDOFF.md").write_text(memory("handoff", "H."), encoding="utf-8")
    proc = memtui("audit", "bot", "--json", cwd=tmp_path)
    assert (proc.returncode, proc.stderr) == (0, chosen("bot/.claude-memory"))
    assert json.loads(proc.stdout)["workspace"] == str(hidden / ".claude-memory")


def test_audit_of_an_item_workspaces_memory_folder_names_the_workspace(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser24 #19, the other direction: ``memtui audit WS/memory`` read an item
    workspace's memory folder as a flat folder with no index, every memory an orphan, exit
    1. Refused in one line naming the workspace, every format, and by the app alike."""
    assert memtui("demo", "demo", cwd=tmp_path).returncode == 0
    for args in ((), ("--json",), ("--format", "sarif")):
        proc = memtui("audit", "demo/memory", *args, cwd=tmp_path)
        assert (proc.returncode, proc.stdout) == (2, ""), (args, proc.stdout)
        assert proc.stderr == ("memtui audit: error: demo/memory is the memory/ folder of "
                               "the workspace demo, whose MEMORY.md is there: memtui audit "
                               "demo\n")
    proc = memtui("audit", cwd=tmp_path / "demo" / "memory")  # from inside: "." and ".."
    assert proc.stderr == ("memtui audit: error: . is the memory/ folder of the workspace .., "
                           "whose MEMORY.md is there: memtui audit ..\n")
    parser = argparse.ArgumentParser(prog="memtui")
    app_command.add_arguments(parser)
    mem = str(tmp_path / "demo" / "memory")
    assert app_command.app_for(mem, parser.parse_args([mem, "--no-watch"])) == 2
    assert capsys.readouterr().err == (f"memtui: error: {mem} is the memory/ folder of the "
                                       f"workspace {tmp_path / 'demo'}, whose MEMORY.md is "
                                       f"there: memtui {tmp_path / 'demo'}\n")
    # a memory/ folder with its own MEMORY.md (Claude Code's) is a workspace: audited
    (tmp_path / "demo" / "memory" / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    assert memtui("audit", "demo/memory", "--json", "--fail-on", "never",
                  cwd=tmp_path).returncode == 0


def test_the_fleet_screen_takes_jobs_as_discover_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser33 #30: ``memtui fleet ROOT --jobs 1`` was refused ("unrecognized
    arguments"), so the screen could not be kept to one worker on a shared machine."""
    from memtui.cli import main
    from memtui.tui.fleet.app import FleetApp

    seen: list[int | None] = []

    def run(self: FleetApp, *args: Any, **kwargs: Any) -> None:
        seen.append(self.jobs)

    monkeypatch.setattr(FleetApp, "run", run)
    monkeypatch.setattr(fleet_command, "terminal_problem", lambda: None)
    items = several(tmp_path)
    assert main(["fleet", str(items), "--jobs", "1"]) == 0
    assert main(["fleet", str(items)]) == 0
    assert seen == [1, None]
    proc = memtui("fleet", str(items), "--jobs", "0")
    assert proc.returncode == 2 and "--jobs: must be from 1 to 256" in proc.stderr


def test_the_several_workspaces_count_agrees_with_discover(tmp_path: Path) -> None:
    """newuser42 #6: a workspace five levels down (a Gemini folder in a home's
    ``.gemini/tmp/<p>/memory``) was left out of the line's count and list ("5 folders"),
    which ``--discover`` and the fleet counted (6)."""
    items = several(tmp_path)
    deep = items / "homes" / "ana" / "a" / "b" / "deep"
    deep.mkdir(parents=True)
    (deep / "MEMORY.md").write_text("- [a](a.md) — hook\n", encoding="utf-8")
    (deep / "a.md").write_text(memory("a", "fact\n"), encoding="utf-8")
    proc = memtui("audit", str(items))
    assert proc.returncode == 2
    assert "but 4 folders under it are memory folders" in proc.stderr, proc.stderr
    proc = memtui("audit", str(items), "--discover", "--json", "--fail-on", "never")
    assert len(json.loads(proc.stdout)["workspaces"]) == 4
