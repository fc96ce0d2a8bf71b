"""``memtui fix new`` without ``--description`` says so (issue 32 item 20): the file's
``description: ""`` is flagged by the audit, and the app's dialog asks for one."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, read

NOTE = ("  no description: add one to its 'description:' line (or give --description); "
        "the agent picks memories by it, and the audit flags it empty")


def test_new_without_a_description_says_to_add_one(ws: Path) -> None:
    done = cli("fix", "new", ws, "fresh", "--type", "user")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == [NOTE]
    assert 'description: ""' in read(ws, "memory/fresh.md")
    dry = cli("fix", "new", ws, "other", "--type", "user", "--dry-run")
    assert dry.stdout.splitlines()[-1] == NOTE


def test_new_with_a_description_says_nothing_more(ws: Path) -> None:
    done = cli("fix", "new", ws, "fresh", "--type", "user", "--description", "who")
    assert done.returncode == 0, done.stderr
    assert NOTE not in done.stdout.splitlines()
