"""newuser30 #2: ``memtui fix fold``, the remedy the load limit's finding names, pushed 86
memories past Claude Code's 25 KB limit where 7 were before, and said nothing (dry run and
the app's ``f`` alike): a packed line keeps each entry's title and hook, so the 13 KB line
it made ended past the byte limit and none of its memories was loaded any more. A fold
that would stop loading a memory loaded now is refused, nothing written; one that loads
more than before is written as ever."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, tree

FRONT = "---\nname: fact_{0}\ndescription: fact {0}\ntype: project\n---\nFact {0}.\n"
LIMIT = 25_000


def near_byte_limit(tmp_path: Path, count: int = 30, end: int = LIMIT - 10) -> Path:
    """A Claude Code folder (flat) whose MEMORY.md, ``count`` entries with long hooks, ends
    at byte ``end``: every entry loaded, a few bytes under the 25,000-byte limit."""
    root = tmp_path / "cc"
    root.mkdir()
    lines = ["# Memory", ""]
    for i in range(1, count + 1):
        (root / f"fact_{i}.md").write_text(FRONT.format(i), encoding="utf-8")
        lines.append(f"- [Fact {i}](fact_{i}.md) — when the pager rings for line {i}, ")
    used = len(("\n".join(lines) + "\n").encode())
    per, extra = divmod(end - used, count)
    lines[2:] = [ln + "x" * (per + (extra if n == count - 1 else 0))
                 for n, ln in enumerate(lines[2:])]
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) == end
    (root / "MEMORY.md").write_text(text, encoding="utf-8")
    return root


def test_a_fold_whose_packed_line_ends_past_the_limit_is_refused(tmp_path: Path) -> None:
    ws = near_byte_limit(tmp_path)
    audit = cli("audit", ws)
    assert "past the load limit" not in audit.stdout  # every memory loaded now
    before = tree(ws, include_state=True)
    for extra in (("--dry-run",), ()):
        done = cli("fix", "fold", ws, "fact_29", "fact_30", *extra)
        assert (done.returncode, done.stdout) == (1, ""), done.stdout
        assert done.stderr.startswith(
            "memtui fix fold: error: folding 2 entries would stop loading 2 memories loaded "
            "now (fact_29.md, fact_30.md): the packed line 31 would end at byte 25,"), \
            done.stderr
        assert done.stderr.endswith(
            " of MEMORY.md, past the load limit (200 lines / 25,000 bytes); 2 memories "
            "linked only past it then (0 now). A packed line keeps each entry's title and "
            "hook: it saves lines, not bytes. Nothing was written; fold fewer entries, or "
            "shorten their hooks first\n"), done.stderr
        assert tree(ws, include_state=True) == before


def test_a_fold_that_pushes_later_lines_out_is_refused_naming_them(tmp_path: Path) -> None:
    ws = near_byte_limit(tmp_path)
    before = tree(ws, include_state=True)
    done = cli("fix", "fold", ws, "fact_1", "fact_2")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "memtui fix fold: error: folding 2 entries would stop loading 1 memory loaded now "
        "(fact_30.md): only the first 30 lines of MEMORY.md would be within the load limit "
        "(200 lines / 25,000 bytes); 1 memory linked only past it then (0 now). A packed line "
        "keeps each entry's title and hook: it saves lines, not bytes. Nothing was written; "
        "fold fewer entries, or shorten their hooks first\n")
    assert tree(ws, include_state=True) == before


def test_a_fold_within_the_limit_or_loading_more_is_written(tmp_path: Path) -> None:
    ws = near_byte_limit(tmp_path, end=LIMIT - 200)
    done = cli("fix", "fold", ws, "fact_29", "fact_30")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "folded 2 entries into line 31" in done.stdout
    # A line-limited index (210 lines): folding makes room, memories past it load again.
    root = tmp_path / "lines"
    root.mkdir()
    for i in range(1, 211):
        (root / f"fact_{i}.md").write_text(FRONT.format(i), encoding="utf-8")
    (root / "MEMORY.md").write_text("".join(f"- [Fact {i}](fact_{i}.md) — fact {i}\n"
                                            for i in range(1, 211)), encoding="utf-8")
    done = cli("fix", "fold", root, *(f"fact_{i}" for i in range(1, 21)))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "past the load limit" not in cli("audit", root).stdout


def test_the_item_profile_loads_the_whole_index_and_folds_as_ever(tmp_path: Path) -> None:
    ws = near_byte_limit(tmp_path)
    done = cli("fix", "fold", ws, "fact_29", "fact_30", "--profile", "item")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr


def test_an_unfold_names_the_memories_it_pushes_past_the_limit(tmp_path: Path) -> None:
    """newuser33 #28: unfolding a packed line (the fold's inverse, CLI and the app's ``F``)
    pushed 12 loaded memories past Claude Code's 200 lines without a word; the dry run and
    the write now name them (not refused: it is what the operator asked for)."""
    root = tmp_path / "lines"
    root.mkdir()
    for i in range(1, 211):
        (root / f"fact_{i}.md").write_text(FRONT.format(i), encoding="utf-8")
    (root / "MEMORY.md").write_text("".join(f"- [Fact {i}](fact_{i}.md) — fact {i}\n"
                                            for i in range(1, 211)), encoding="utf-8")
    assert cli("fix", "fold", root, *(f"fact_{i}" for i in range(1, 21))).returncode == 0
    said = ("10 memories loaded now fall past the load limit (200 lines / 25,000 bytes) "
            "and are no longer loaded: fact_201.md, fact_202.md, fact_203.md, … and 7 more")
    dry = cli("fix", "unfold", root, "1", "--dry-run")
    assert dry.returncode == 0 and said in dry.stdout, dry.stdout
    done = cli("fix", "unfold", root, "1")
    assert done.returncode == 0 and said in done.stdout, done.stdout
    # a profile that loads the whole index says nothing
    assert cli("fix", "fold", root, *(f"fact_{i}" for i in range(1, 21))).returncode == 0
    item = cli("fix", "unfold", root, "1", "--dry-run", "--profile", "item")
    assert item.returncode == 0 and "no longer loaded" not in item.stdout, item.stdout
