"""newuser23 #42: ``rename`` left the index's backtick mention of the old path
(`` `memory/scrap-log.md` ``), a file that no longer existed, and the audit went quiet about
it. The mention follows the rename (and undo brings it back); the audit still names it, in
the memory's orphan finding (fix40a), now under its new path."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree


def memory(name: str) -> str:
    return f"---\nname: {name}\ndescription: about {name}\nmetadata:\n  type: project\n---\nX.\n"


def test_rename_follows_the_index_s_backtick_mentions(tmp_path: Path) -> None:
    index = ("# Memory\n- [A](memory/a.md) — a\n"
             "- Scrap numbers are in `memory/scrap-log.md`; see also `scrap-log.md`.\n"
             "- Not it: `memory/scrap-log.md.bak`, `other/scrap-log.md`\n")
    ws = write_tree(tmp_path / "ws", {"MEMORY.md": index, "memory/a.md": memory("a"),
                                      "memory/scrap-log.md": memory("scrap-log")})
    before = cli("audit", ws)
    # a memory the index only names in backticks is an orphan that says so (fix40a)
    assert "named in backticks at MEMORY.md:3, not linked from the index" in before.stdout
    assert "[scrap-log.md](memory/scrap-log.md)" in before.stdout
    done = cli("fix", "rename", ws, "scrap-log", "scrap-ledger")
    assert done.returncode == 0, done.stderr
    assert "; 2 backtick mentions in MEMORY.md renamed [#1;" in done.stdout
    assert (ws / "MEMORY.md").read_text().splitlines()[2:] == [
        "- Scrap numbers are in `memory/scrap-ledger.md`; see also `scrap-ledger.md`.",
        "- Not it: `memory/scrap-log.md.bak`, `other/scrap-log.md`"]
    after = cli("audit", ws)
    assert "[scrap-ledger.md](memory/scrap-ledger.md)" in after.stdout
    assert cli("undo", ws).returncode == 0
    assert (ws / "MEMORY.md").read_text() == index


def test_a_backtick_path_naming_no_file_in_memory_is_a_finding(tmp_path: Path) -> None:
    """newuser23 #42, the audit's side: a backtick path in memory/ naming no file (a memory
    renamed or deleted by hand) sends the agent to a file that is not there; it was not
    reported at all. Paths elsewhere (the project's files) and files that exist but are no
    memory (an archived one) are not."""
    index = ("# Memory\n- [A](memory/a.md) — a\n"
             "- Scrap numbers are in `memory/scrap-log.md`.\n"
             "- Old plan: `memory/_archive/plan.md`; spec in `docs/spec.md`.\n")
    ws = write_tree(tmp_path / "ws", {"MEMORY.md": index, "memory/a.md": memory("a"),
                                      "memory/_archive/plan.md": memory("plan")})
    audit = cli("audit", ws)
    found = [ln.strip() for ln in audit.stdout.splitlines() if "backticks" in ln]
    assert found == ["MEMORY.md:3  `memory/scrap-log.md` is named in backticks but no such "
                     "file: the agent is sent to a file that is not there"]
