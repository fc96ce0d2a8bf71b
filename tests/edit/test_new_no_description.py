"""``memtui fix new`` without ``--description`` is refused, as the app's `n` is (newuser24
#65: the CLI wrote ``description: ""``, a finding of its own audit, where the form asked for
one; issue 32 item 20 had it write the file and say so after)."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, tree

ERROR = ("memtui fix new: error: a description is needed: the agent picks memories by it (an "
         "empty one is a finding); give --description D\n")


def test_new_without_a_description_is_refused_and_writes_nothing(ws: Path) -> None:
    before = tree(ws, include_state=True)
    for extra in ([], ["--dry-run"], ["--description", "   "], ["--index"]):
        done = cli("fix", "new", ws, "fresh", "--type", "user", *extra)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", ERROR), extra
    assert tree(ws, include_state=True) == before


def test_new_says_when_it_leaves_the_memory_out_of_the_index(ws: Path) -> None:
    done = cli("fix", "new", ws, "fresh", "--type", "user", "--description", "who")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == [
        "  memory/fresh.md is not in MEMORY.md: an orphan the agent never sees until an index "
        "line links it (--index, or fix add-to-index; a in the app)"]  # newuser25 #24
    assert (ws / "memory/fresh.md").read_text().count("description: \"who\"") == 1
    indexed = cli("fix", "new", ws, "other", "--type", "user", "--description", "who",
                  "--index")
    assert indexed.returncode == 0 and indexed.stdout.splitlines()[1:] == []
