"""Codex names a memory note by the second it was written (``2026-09-10T11-21-39-<slug>.md``,
../shared/AGENT_LAYOUTS.md): one fact per note, not a day's log. Read as a daily log (any
name starting with a date was), two near-verbatim notes were never paired unless one note held
the other's lines whole (blind set rules37, session 38: Codex workspaces 0 of 20 files found).
Examples written here, none of the set's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.helpers import messages

_BODY = ("The staging database moved to host db-stage-2 on port 5433; the nightly backup runs "
         "at 02:30 and keeps fourteen days of dumps in the cold bucket.\n")


def _note(name: str, tail: str) -> str:
    return f"---\nname: {name}\ndescription: {name}\ntype: project\n---\n{_BODY}{tail}\n"


@pytest.mark.parametrize("first,second", [
    ("2026-09-10T11-21-39-staging-db.md", "2026-09-13T12-28-52-staging-database.md"),
    ("staging-db.md", "2026-09-13T12-28-52-staging-database.md"),
])
def test_two_codex_notes_of_one_fact_are_a_pair(tmp_path: Path, first: str,
                                                second: str) -> None:
    """On integ: no finding for the first pair of names, the pair for the second."""
    files = {f"memory/{first}": _note("staging db", "Ask Mira before changing it."),
             f"memory/{second}": _note("staging database", "Ask Mira before you change it."),
             "memory/2026-09-14T09-00-00-prefs.md":
                 "---\nname: prefs\ndescription: prefs\ntype: user\n---\n"
                 "The user prefers short replies in German.\n"}
    files["MEMORY.md"] = "# Memory\n" + "".join(f"- [{p}]({p}) — note\n" for p in files)
    got = messages(tmp_path, "near_duplicate", files)
    assert set(got) == {f"memory/{first}", f"memory/{second}"}


def test_a_day_log_with_a_slug_is_still_a_day_log(tmp_path: Path) -> None:
    """OpenClaw's session hook names a day's note ``2026-04-16-standup.md``: two days'
    routine lines are no copy, as for ``2026-04-16.md``."""
    day = ("# {d}\n\n- Checked the inbox and the calendar.\n- {own}\n")
    files = {"memory/2026-04-16-standup.md": day.format(d="2026-04-16", own="Ann is off."),
             "memory/2026-04-17-standup.md": day.format(d="2026-04-17", own="Bo joins.")}
    assert messages(tmp_path, "near_duplicate", files) == {}
