"""newuser34 #18, the wording items session 34 left (each with its repro)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import memtui.commands.fix as fix_command
from memtui.cli import main
from tests.edit.conftest import BASE, write_tree


def test_a_raced_fix_says_run_it_again_not_reload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`memtui fix` refused by an outside writer said "(reload and try again)", the app's
    word: the command line has nothing to reload. The outside writer here appends to
    MEMORY.md each time memtui has read it (race.sh's appender,
    made certain: after each plan, before its write)."""
    ws = write_tree(tmp_path / "ws", BASE)
    real = fix_command.plan

    def outside_append(*args: Any, **kwargs: Any) -> Any:
        planned = real(*args, **kwargs)  # memtui has read MEMORY.md: now the other writer
        with open(ws / "MEMORY.md", "ab") as fh:
            fh.write(b"- outside line\n")
        return planned

    monkeypatch.setattr(fix_command, "plan", outside_append)
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    assert main(["fix", "add-to-index", str(ws), "lonely_note"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("memtui fix add-to-index: error: MEMORY.md changed on disk since "
                          "memtui read it"), err
    assert err.endswith("nothing was written (run the command again)\n"), err
    assert "reload" not in err
    assert (ws / "MEMORY.md").read_text(encoding="utf-8").endswith("- outside line\n")


def test_an_absent_memory_md_is_replaced_only_by_what_stands_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """OpenClaw with only a lowercase memory.md: "the agent loads AGENTS.md, SOUL.md, …,
    memory.md in its place" — the bootstrap files are loaded anyway, only memory.md stands
    in. Hermes with only USER.md: "loads USER.md in its place" — Hermes loads USER.md
    always, beside MEMORY.md."""
    oc = tmp_path / "octot"
    (oc / "memory").mkdir(parents=True)
    for name in ("AGENTS", "SOUL", "TOOLS", "IDENTITY", "USER", "HEARTBEAT", "BOOTSTRAP"):
        (oc / f"{name}.md").write_text(f"# {name} " + "x" * 20 + "\n", encoding="utf-8")
    (oc / "memory.md").write_text("- line one\n- line two\n", encoding="utf-8")
    (oc / "memory" / "2026-11-01.md").write_text("# n\n", encoding="utf-8")
    main(["audit", str(oc), "--fail-on", "never"])
    index = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Index"))
    assert index.endswith("MEMORY.md: none; the agent loads memory.md in its place, and "
                          "AGENTS.md, SOUL.md, TOOLS.md, IDENTITY.md, USER.md, HEARTBEAT.md, "
                          "BOOTSTRAP.md all the same"), index
    hermes = tmp_path / "h" / "memories"
    hermes.mkdir(parents=True)
    (hermes / "USER.md").write_text("Name: Ola\n§\nTimezone: UTC+1", encoding="utf-8")
    main(["audit", str(hermes), "--fail-on", "never"])
    index = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Index"))
    assert index.endswith("MEMORY.md: none; the agent loads USER.md all the same"), index


def test_every_openclaw_bootstrap_file_names_its_workspace(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`memtui audit …/workspace/SOUL.md` was refused as "not … a file an agent loads every
    session", though OpenClaw injects SOUL.md every session (USER.md was accepted)."""
    ws = tmp_path / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nBe brief.\n", encoding="utf-8")
    (ws / "AGENTS.md").write_text("# Agents\nRun make test.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- a fact\n", encoding="utf-8")
    (ws / "memory" / "2026-11-01.md").write_text("# n\n", encoding="utf-8")
    main(["audit", str(ws), "--fail-on", "never"])
    whole = capsys.readouterr().out
    for name in ("SOUL.md", "AGENTS.md"):
        assert main(["audit", str(ws / name), "--fail-on", "never"]) == 0
        got = capsys.readouterr()
        assert got.err == "" and got.out == whole


@pytest.mark.parametrize("store", [True, False], ids=["hermes", "claude-code"])
def test_a_memory_md_linking_out_is_said_once(tmp_path: Path, store: bool,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A MEMORY.md that is a symbolic link to a dotfiles copy (not followed, by design) had
    two read_problem findings for the one file: "MEMORY.md: symlink leads outside the
    workspace, not followed" and "symlink leads outside the workspace, not followed"."""
    import json

    dot = tmp_path / "dot"
    dot.mkdir()
    (dot / "MEMORY.md").write_text("alpha\n§\nbeta\n" if store else "- [A](a.md) — a\n",
                                   encoding="utf-8")
    mem = tmp_path / ("hsl/.hermes/memories" if store else "cc/memory")
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").symlink_to(dot / "MEMORY.md")
    if store:
        (mem / "USER.md").write_text("Name: Ola", encoding="utf-8")
    else:
        (mem / "a.md").write_text("---\nname: a\ndescription: a\nmetadata:\n  type: user\n"
                                  "---\na\n", encoding="utf-8")
    main(["audit", str(mem), "--json", "--fail-on", "never"])
    found = [f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["path"] == "MEMORY.md" and f["kind"] == "read_problem"]
    assert [f["message"] for f in found] == [
        "MEMORY.md: symlink leads outside the workspace, not followed"]
