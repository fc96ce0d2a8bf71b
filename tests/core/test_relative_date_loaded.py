"""newuser37 #36, #20: relative dates in what the agent loads every turn.

#36: MEMORY.md's own prose and hooks (injected every turn) were never checked; they are now,
as a project memory's lines are (a date beside it, code and fenced blocks exempt); a hook
as the memory it links would be (a reference's or a feedback rule's, never).
#20: under the agents whose memories carry no type (Hermes, Gemini CLI, OpenClaw) no entry
was checked, as the rule read only "project" memories; every entry of what they load is now
(Hermes' USER.md, Gemini's topic files and GEMINI.md, OpenClaw's USER.md and undated notes),
but a dated day note (its name is the day its words are relative to) and OpenClaw's
instruction files. An untyped memory of an agent whose memories do carry a type stays
unchecked, as before."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from memtui.cli import main
from tests.core.helpers import make_ws

FM = "---\nname: {0}\ndescription: d\ntype: {1}\n---\n"


def _dates(root: Path, *extra: str) -> list[tuple[str, int]]:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(root), "--json", "--fail-on", "never", *extra])
    doc = json.loads(out.getvalue())
    return sorted((f["path"], f["line"]) for f in doc["findings"]
                  if f["kind"] == "relative_date")


def test_the_index_prose_and_hooks_are_checked(tmp_path: Path) -> None:
    make_ws(tmp_path, {
        "MEMORY.md": "# Index\n"
                     "Current focus: finish the migration by tomorrow.\n"  # 2: prose
                     "- [Freeze](memory/freeze.md) — the freeze starts next week\n"  # 3: hook
                     "- [Plan](memory/plan.md) — as of 2026-03-05, written yesterday\n"
                     "Run `git log --since yesterday` for it.\n"
                     "```\nsince yesterday\n```\n"
                     "## Week of 2026-03-02\n"
                     "- The audit was yesterday.\n"  # under a dated heading
                     "## Next\n"
                     "- Übermorgen ist Release.\n"  # 12
                     # a hook of a memory that is no project memory: read as that memory
                     # is (not at all: a reference's terms, a feedback rule's shift)
                     "- [Terms](memory/terms.md) — payment due in 14 days, from tomorrow\n",
        "memory/terms.md": FM.format("Terms", "reference") + "Net 14.\n",
        "memory/freeze.md": FM.format("Freeze", "project") + "The freeze, 2026-03-09.\n",
        "memory/plan.md": FM.format("Plan", "project") + "The plan, 2026-03-05.\n",
    })
    assert _dates(tmp_path) == [("MEMORY.md", 2), ("MEMORY.md", 3), ("MEMORY.md", 12)]


def _excluded(root: Path) -> int:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(root), "--json", "--fail-on", "never"])
    return int(json.loads(out.getvalue())["suppressed"]["exclude"])


def test_an_untyped_memory_of_typed_agents_stays_unchecked(tmp_path: Path) -> None:
    counts = []
    for n, when in enumerate(("tomorrow", "on 2026-03-05")):
        root = make_ws(tmp_path / str(n), {
            "MEMORY.md": "- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n",
            "memory/a.md": f"---\nname: A\ndescription: d\n---\nShip it {when}.\n",
            "memory/b.md": FM.format("B", "user") + "Away next week.\n",
            # left out (an archive folder, the config's exclude): read for what they would
            # yield, and no relative date counted as suppressed either
            "memory/_archive/c.md": f"# C\nShip it {when}.\n",
            ".memtui.toml": 'exclude = ["memory/old/*"]\n',
            "memory/old/d.md": f"---\nname: D\ndescription: d\n---\nShip it {when}.\n",
        })
        assert _dates(root) == []
        counts.append(_excluded(root))
    assert counts[0] == counts[1]


def test_hermes_stores_are_checked(tmp_path: Path) -> None:
    root = make_ws(tmp_path / ".hermes" / "memories", {
        "MEMORY.md": "Project uses Postgres 16.\n§\nThe release was yesterday.\n",
        "USER.md": "Ann is on holiday tomorrow.\n§\nЗавтра у неё отпуск.\n§\n"
                   "She prefers tea.\n§\nBack on 2026-03-09, so next week.\n",
    })
    assert _dates(root, "--profile", "hermes") == [("MEMORY.md", 3), ("USER.md", 1),
                                                     ("USER.md", 3)]


def test_gemini_topic_files_and_its_global_memory_are_checked(tmp_path: Path) -> None:
    folder = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    make_ws(folder, {
        "MEMORY.md": f"- See {folder}/deploy.md for the deploy notes.\n"
                     "- The audit is due next week.\n",
        "deploy.md": "# Deploy\n\nThe deploy moved to tomorrow.\n",
    })
    assert _dates(folder, "--profile", "gemini") == [("MEMORY.md", 2), ("deploy.md", 3)]
    home = make_ws(tmp_path / ".gemini", {
        "GEMINI.md": "## Gemini Added Memories\n- Ann is away until next week.\n"
                     "- Likes tea.\n"})
    assert _dates(home, "--profile", "gemini") == [("GEMINI.md", 2)]


def test_openclaw_loaded_files_and_undated_notes_are_checked(tmp_path: Path) -> None:
    make_ws(tmp_path, {
        "AGENTS.md": "# Rules\n\nRead today's note and yesterday's.\n",
        "SOUL.md": "# Persona\n\nTomorrow is always a new day.\n",
        "USER.md": "# User\n明日から休暇。\nAnn is on holiday tomorrow.\n",
        "MEMORY.md": "# Memory\nThe launch is next week.\n",
        # its name is the day its "yesterday" is relative to: dated
        "memory/2026-12-01.md": "# 2026-12-01\nYesterday we shipped.\n",
        "memory/ideas.md": "# Ideas\nRevisit this next month.\n",
    })
    assert _dates(tmp_path, "--profile", "openclaw") == [
        ("MEMORY.md", 2), ("USER.md", 2), ("USER.md", 3), ("memory/ideas.md", 2)]
