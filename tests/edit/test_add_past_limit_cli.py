"""``memtui fix add-to-index`` on a memory linked only past the load limit says why and
what helps, as the app does (issue 32 item 28, CLI side): it said a bare "already in the
index (line 201)"."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, tree, write_tree

FRONT = "---\nname: {0}\ndescription: fact {0}\ntype: project\n---\nFact.\n"


def big(tmp_path: Path) -> Path:
    """A Claude Code folder (flat: the 200-line limit) with 210 memories, one a line."""
    root = tmp_path / "big"
    root.mkdir()
    lines = []
    for i in range(1, 211):
        (root / f"fact_{i}.md").write_text(FRONT.format(f"fact_{i}"), encoding="utf-8")
        lines.append(f"- [Fact {i}](fact_{i}.md) — fact {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_a_memory_linked_past_the_limit_is_refused_saying_what_helps(tmp_path: Path) -> None:
    ws = big(tmp_path)
    before = tree(ws, include_state=True)
    done = cli("fix", "add-to-index", ws, "fact_201.md")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "memtui fix add-to-index: error: fact_201.md is already in MEMORY.md at line 201, "
        "past the load limit (200 lines loaded): adding it again would not load it; make "
        "room above it: archive memories you need less (memtui fix archive MEMORY: moved to "
        "_archive/, their lines dropped), or fold entries (memtui fix fold)\n")
    assert tree(ws, include_state=True) == before


def test_a_memory_linked_within_the_limit_keeps_the_plain_refusal(tmp_path: Path) -> None:
    done = cli("fix", "add-to-index", big(tmp_path), "fact_3.md")
    assert (done.returncode, done.stdout) == (  # nothing to change (newuser25 #41)
        0, "add-to-index: nothing to change (fact_3.md is already in the index (line 3))\n")


# newuser23 #35: on a Claude Code index at its 200-line limit, the entries were added as
# lines 201-202, past the load limit, exit 0 and no word: the "fixed" orphans were still
# never loaded. Refused now (nothing written, exit 1, saying what helps); an entry that goes
# in among the loaded lines is written, naming the lines it pushes out.


def memory(i: int) -> str:
    return (f"---\nname: rule_{i:03d}\ndescription: rule {i}\ntype: feedback\n---\n"
            f"Rule {i}.\n")


def full_index(root: Path, head: list[str]) -> Path:
    files: dict[str, str | bytes] = {f"feedback_rule_{i:03d}.md": memory(i) for i in range(230)}
    lines = [*head, *(f"- [Rule {i}](feedback_rule_{i:03d}.md) — rule {i}"
                      for i in range(200 - len(head)))]
    assert len(lines) == 200
    files["MEMORY.md"] = "\n".join(lines) + "\n"
    return write_tree(root, files)


def test_an_entry_that_would_land_past_the_limit_is_refused(tmp_path: Path) -> None:
    ws = full_index(tmp_path / "cc4", ["# Memory", ""])
    before = (ws / "MEMORY.md").read_bytes()
    for extra in ((), ("--dry-run",)):
        done = cli("fix", "add-to-index", ws, "feedback_rule_210", "feedback_rule_211",
                   *extra)
        assert (done.returncode, done.stdout) == (1, ""), done.stdout
        assert done.stderr == (
            "memtui fix add-to-index: error: the entry for feedback_rule_210.md would be "
            "line 201 of MEMORY.md, past the load limit (200 lines / 25,000 bytes): never "
            "loaded (and 1 other entry); nothing was written. Make room first (memtui fix "
            "fold, or remove lines), or give --at 199 to put them among the loaded lines (2 "
            "loaded lines then fall past the limit), or give --under a heading among the "
            "loaded lines\n")
    assert (ws / "MEMORY.md").read_bytes() == before
    assert not (ws / ".memtui" / "journal").exists()


def test_an_entry_among_the_loaded_lines_says_what_it_pushes_out(tmp_path: Path) -> None:
    ws = full_index(tmp_path / "cc5", ["# Memory", "", "## Hot",
                                       "- [Top](feedback_rule_229.md) — top", "", "## Rest"])
    done = cli("fix", "add-to-index", ws, "feedback_rule_210", "--under", "Hot")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0].startswith("MEMORY.md: +1 entry")
    assert out[1:] == ["  pushed past the load limit (200 lines / 25,000 bytes), no longer "
                       "loaded: line 200: - [Rule 193](feedback_rule_193.md) — rule 193"]
    lines = (ws / "MEMORY.md").read_text().splitlines()
    assert lines[4].startswith("- [Rule 210](feedback_rule_210.md)")
    # An index with room: nothing said.
    (ws / "MEMORY.md").write_text("# Memory\n- [Top](feedback_rule_229.md) — top\n")
    done = cli("fix", "add-to-index", ws, "feedback_rule_211")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1, done.stdout


def test_a_full_index_without_headings_is_offered_a_loaded_line_and_told_what_is_left_out(
        tmp_path: Path) -> None:
    """newuser26 #32: on a 205-line index with no heading (lines 201-205 past the limit, 7
    memories linked nowhere), --all-unreachable's refusal told to give "--under a heading
    among the loaded lines" (there is none), offered nothing like the app's place among the
    loaded lines, and left out the 5 memories linked past the limit without a word."""
    files: dict[str, str | bytes] = {f"feedback_rule_{i:03d}.md": memory(i)
                                     for i in range(1, 213)}
    files["MEMORY.md"] = "".join(f"- [Rule {i}](feedback_rule_{i:03d}.md) — rule {i}\n"
                                 for i in range(1, 206))
    ws = write_tree(tmp_path / "cc210", files)
    done = cli("fix", "add-to-index", ws, "--all-unreachable")
    assert (done.returncode, done.stdout) == (1, "")
    assert "--under" not in done.stderr
    assert done.stderr.endswith(
        "Make room first (memtui fix fold, or remove lines), or give --at 194 to put them "
        "among the loaded lines (7 loaded lines then fall past the limit)\n")
    done = cli("fix", "add-to-index", ws, "--all-unreachable", "--at", "194")
    assert done.returncode == 0, done.stderr
    lines = (ws / "MEMORY.md").read_text().splitlines()
    assert [ln.split("](")[1].split(")")[0] for ln in lines[193:200]] == [
        f"feedback_rule_{i}.md" for i in range(206, 213)]
    assert done.stdout.splitlines()[-1] == (
        "  left out 5 memories linked only past the load limit (MEMORY.md:201 on): each "
        "one's entry is there already, never loaded, and a second one would leave that line "
        "in place; to load them, move each one's entry into the loaded part (memtui fix "
        "move-entry PATH MEMORY --to LINE), or make room above: archive memories you need "
        "less (memtui fix archive MEMORY), or fold entries (memtui fix fold)")
    both = cli("fix", "add-to-index", ws, "feedback_rule_001", "--at", "3", "--under", "X")
    assert (both.returncode, both.stderr) == (
        2, "memtui fix add-to-index: error: give --under HEADING or --at LINE, not both\n")
