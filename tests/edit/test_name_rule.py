"""One rule for a memory's name, in the app's dialog and the CLI (issue 32 item 19): a
slug (lowercase words joined by - or _); anything else refused in one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.edit.conftest import cli, tree

REFUSAL = ("'{name}' is not a slug: use lowercase words joined by - or _ "
           "(kebab-case or snake_case) — say '{hint}'")


@pytest.mark.parametrize(("argv", "name", "hint"), [
    (["new", "{ws}", "Evil Two", "--type", "user", "--description", "d"], "Evil Two", "evil-two"),
    (["new", "{ws}", "Capital", "--type", "user", "--description", "d"], "Capital", "capital"),
    (["rename", "{ws}", "memory/yield-source.md", "Evil Name"], "Evil Name", "evil-name"),
    (["rename", "{ws}", "yield-source", "YieldSource"], "YieldSource", "yieldsource"),
])
def test_a_name_that_is_not_a_slug_is_refused_in_one_line(
        ws: Path, argv: list[str], name: str, hint: str) -> None:
    before = tree(ws, include_state=True)
    proc = cli("fix", *[a.format(ws=ws) for a in argv])
    op = argv[0]
    expected = f"memtui fix {op}: error: {REFUSAL.format(name=name, hint=hint)}\n"
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", expected)
    assert tree(ws, include_state=True) == before


@pytest.mark.parametrize("argv", [
    ["new", "{ws}", "con", "--type", "user", "--description", "d"],
    ["new", "{ws}", "lpt1", "--type", "user", "--description", "d"],
    ["rename", "{ws}", "yield-source", "nul"],
])
def test_a_device_name_windows_reserves_is_refused(ws: Path, argv: list[str]) -> None:
    """newuser24 #25: `fix new nn con` made memory/con.md, which the audit then flagged as
    unportable_name; the name rule refuses what the audit would flag."""
    before = tree(ws, include_state=True)
    proc = cli("fix", *[a.format(ws=ws) for a in argv])
    assert proc.returncode == 2 and "a device name Windows reserves" in proc.stderr
    assert "choose another name" in proc.stderr and proc.stderr.count("\n") == 1
    assert tree(ws, include_state=True) == before


def test_a_slug_is_still_taken(ws: Path) -> None:
    assert cli("fix", "rename", ws, "yield-source", "yield_origin").returncode == 0
    # the file spelled the folder's way, as `fix new` spells one (newuser26 #23)
    assert (ws / "memory" / "yield-origin.md").is_file()
    assert cli("fix", "new", ws, "night-shift", "--type", "user",
               "--description", "d").returncode == 0
    assert (ws / "memory" / "night-shift.md").is_file()


DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_docs_state_the_rule_the_cli_applies(ws: Path) -> None:
    """newuser23 #36: docs/curate.md said a NAME of words joined by spaces was taken; the
    CLI refuses it (and takes a one-word name in any script). The docs now quote the CLI."""
    curate = " ".join((DOCS / "curate.md").read_text(encoding="utf-8").split())
    app = " ".join((DOCS / "app.md").read_text(encoding="utf-8").split())
    assert "or spaces is kept as given" not in curate
    proc = cli("fix", "new", ws, "night shift notes", "--type", "project",
               "--description", "d", "--dry-run")
    assert proc.returncode == 2
    said = proc.stderr.split("error: ", 1)[1].strip()
    head, _, tail = said.partition(": use lowercase")
    assert head in curate and tail.rsplit(" — ", 1)[1] in curate
    rule = "lowercase words, in any script, joined by `-` or `_`"
    assert rule in curate and rule.replace(",", "") in app
    assert cli("fix", "new", ws, "夜班", "--type", "project", "--description", "d"
               ).returncode == 0
    assert (ws / "memory" / "夜班.md").is_file() and "`夜班`" in curate
