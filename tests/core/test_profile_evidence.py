"""Which agent's memory is this (newuser34 #1 #20 #23 #29 #30 #31): the profile is chosen by
weighing each layout's evidence — its canonical path (as given and as resolved), its
config, its index's shape, its files' frontmatter — and a single file or folder name never
overrides stronger evidence of another layout. When the evidence is weak or mixed the text
report says which profile was chosen, why, and how to force one."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import make_ws, memory, run_audit

INDEX = ("# Memory index\n\n- [Deploy](memory/deploy.md) — how we deploy\n")


def item_workspace(root: Path, extra: dict[str, str]) -> Path:
    """The SPEC §1 item layout: one indexed memory, one never indexed, plus ``extra``."""
    return make_ws(root, {"MEMORY.md": INDEX,
                          "memory/deploy.md": memory("deploy", "Blue/green."),
                          "memory/orphan-fact.md": memory("orphan-fact", "Never indexed."),
                          **extra})


def orphans(root: Path) -> list[str]:
    return sorted(o.path for o in run_audit(root).orphans)


def test_a_date_named_memory_leaves_an_item_workspace_item(tmp_path: Path) -> None:
    """#31: one ``memory/2026-11-05.md`` made it OpenClaw's, and its orphans vanished."""
    root = item_workspace(tmp_path / "itemdate",
                          {"memory/2026-11-05.md": memory("incident review", "Outage.")})
    assert run_audit(root).profile == "item"
    assert orphans(root) == ["memory/2026-11-05.md", "memory/orphan-fact.md"]


def test_agents_and_tools_md_leave_an_item_workspace_item(tmp_path: Path) -> None:
    """#31: a repository's AGENTS.md + TOOLS.md are no OpenClaw bootstrap set."""
    root = item_workspace(tmp_path / "itemag", {"AGENTS.md": "Run tests with make test.\n",
                                                "TOOLS.md": "We use ruff and pytest.\n"})
    assert run_audit(root).profile == "item"
    assert orphans(root) == ["memory/orphan-fact.md"]


def test_an_openclaw_workspace_is_still_openclaw(tmp_path: Path) -> None:
    """Its own files still make it OpenClaw's: SOUL.md, or openclaw.json beside it."""
    soul = make_ws(tmp_path / "a" / "ws", {"MEMORY.md": "# notes\n", "SOUL.md": "Be kind.\n",
                                           "memory/2026-11-05.md": "met Ola\n"})
    assert run_audit(soul).profile == "openclaw"
    dated = make_ws(tmp_path / "b" / "ws", {"MEMORY.md": "# notes\n",
                                            "memory/2026-11-05.md": "met Ola\n"})
    assert run_audit(dated).profile == "openclaw"  # nothing of another layout: the name


def test_memory_md_beside_the_heartbeat_state_alone_is_openclaw(tmp_path: Path) -> None:
    """real35: a workspace holding MEMORY.md (the facts themselves, long lines, no link)
    and OpenClaw's ``memory/heartbeat-state.json``, none of its bootstrap files kept, was
    taken for the item layout: each long line a false ``content_in_index``."""
    facts = "".join(f"- Fact {n}: " + "the quarterly report goes out on the first Monday, "
                    "signed by the two leads, filed under finance, copied to the board.\n"
                    for n in range(3))
    root = make_ws(tmp_path / "ws", {"MEMORY.md": "# Long-term memory\n\n" + facts,
                                     "memory/heartbeat-state.json": '{"lastChecks": {}}\n',
                                     "memory/graph/entities.json": "{}\n"})
    result = run_audit(root)
    assert result.profile == "openclaw"
    assert [f.kind for f in result.findings if f.kind == "content_in_index"] == []


def test_the_heartbeat_state_leaves_an_item_workspace_item(tmp_path: Path) -> None:
    """The heartbeat state is one name: an index of links to memories with frontmatter
    outweighs it, and the item workspace's orphan stays one."""
    root = item_workspace(tmp_path / "itemhb",
                          {"memory/heartbeat-state.json": '{"lastChecks": {}}\n'})
    assert run_audit(root).profile == "item"
    assert orphans(root) == ["memory/orphan-fact.md"]


def test_memory_summary_md_in_a_claude_code_folder_stays_claude_code(tmp_path: Path) -> None:
    """#30: the canonical Claude Code path outranks a topic file's name; the 200-line
    limit holds (53 lines past it)."""
    lines = ["# Memory", "- [Summary](memory_summary.md) — weekly summary",
             "- [Deploy](deploy.md) — deploys"]
    lines += [f"- [Deploy {i}](deploy.md) — deploy note {i}" for i in range(250)]
    cc = make_ws(tmp_path / ".claude" / "projects" / "-tmp-proj" / "memory", {
        "MEMORY.md": "\n".join(lines) + "\n",
        "memory_summary.md": memory("summary", "Weekly."),
        "deploy.md": memory("deploy", "Blue/green."),
        "lost.md": memory("lost", "Unlinked.")})
    result = run_audit(cc)
    assert result.profile == "claude-code"
    assert any(f.kind == "beyond_load_limit" for f in result.findings)
    item = item_workspace(tmp_path / "itemsum", {"memory_summary.md": "Summary so far.\n"})
    assert run_audit(item).profile == "item"


def test_a_real_codex_folder_elsewhere_is_still_codex(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / "copy", {"memory_summary.md": "# Summary\n",
                                         "raw_memories.md": "- fact\n"})
    assert run_audit(folder).profile == "codex"


def test_a_claude_style_folder_named_memories_is_not_hermes(tmp_path: Path) -> None:
    """#29: frontmatter memories and an index of links, no § and no USER.md."""
    root = make_ws(tmp_path / "docs" / "memories", {
        "MEMORY.md": "# Memory index\n- [Deploy](deploy.md) — d\n- [Stack](stack.md) — s\n"
                     "- [Gone](gone.md) — missing\n",
        "deploy.md": memory("deploy"), "stack.md": memory("stack"), "lost.md": memory("lost")})
    result = run_audit(root)
    assert result.profile == "claude-code"
    assert [o.path for o in result.orphans] == ["lost.md"]
    hermes = make_ws(tmp_path / "h" / "memories", {"MEMORY.md": "alpha\n§\nbeta\n"})
    assert run_audit(hermes).profile == "hermes"


def gemini_folder(folder: Path, named: Path) -> Path:
    """A Gemini memory folder whose pointer lines name ``named`` (the path Gemini wrote)."""
    return make_ws(folder, {
        "MEMORY.md": f"# Project memory\n\n- See {named}/a.md for a notes.\n"
                     f"- See {named}/gone.md for gone notes.\n- fact: port 8000\n",
        "a.md": "# a\nAlpha.\n", "b.md": "# b\nBeta.\n"})


def test_a_copied_gemini_folder_is_gemini(tmp_path: Path) -> None:
    """#20: a backup of ``~/.gemini/tmp/<p>/memory`` elsewhere: its pointer lines say so."""
    copy = gemini_folder(tmp_path / "gbackup", tmp_path / ".gemini" / "tmp" / "p" / "memory")
    result = run_audit(copy)
    assert result.profile == "gemini"
    assert [o.path for o in result.orphans] == ["b.md"]
    # resolved inside the copy, not looked up at the original (newuser38 #16)
    assert [b.target for b in result.broken_links] == ["gone.md"]


def test_a_symlinked_gemini_home_is_gemini(tmp_path: Path) -> None:
    """#23: ``~/.gemini -> /data/gemini``: the path as given is Gemini's."""
    real = tmp_path / "real"
    (tmp_path / "home").mkdir()
    os.symlink(real, tmp_path / "home" / ".gemini")
    given = tmp_path / "home" / ".gemini" / "tmp" / "p" / "memory"
    real.mkdir()
    make_ws(real / "tmp" / "p" / "memory", {"MEMORY.md": "# Project memory\n- See a.md\n",
                                            "a.md": "# a\n", "b.md": "# b\n"})
    result = run_audit(given)
    assert result.profile == "gemini"
    assert [o.path for o in result.orphans] == ["b.md"]


@pytest.mark.parametrize("named", ["home", "file"])
def test_gemini_global_memory_is_audited_beside_its_projects(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str) -> None:
    """#1: a real ``~/.gemini`` has ``tmp/<p>/memory``; GEMINI.md was unreachable, and
    ``audit ~/.gemini/GEMINI.md`` built ``GEMINI.md/tmp/p/memory``."""
    home = make_ws(tmp_path / ".gemini", {
        "GEMINI.md": "## Gemini Added Memories\n- likes tea\n@./missing.md\n",
        "tmp/p/memory/MEMORY.md": "# Project memory\n- See a.md\n",
        "tmp/p/memory/a.md": "# a\n"})
    path = home if named == "home" else home / "GEMINI.md"
    assert main(["audit", str(path), "--json"]) in (0, 1)
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["profile"] == "gemini"
    assert Path(data["workspace"]) == home.resolve()
    assert "broken_import" in {f["kind"] for f in data["findings"]}
    assert "GEMINI.md/tmp" not in out.err
    assert "global memory, GEMINI.md, is audited" in out.err  # and how to reach the project
    assert os.path.join(str(home), "tmp", "p", "memory") in out.err


def test_weak_or_mixed_evidence_is_said_in_the_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report says which profile was chosen and why, and how to force another."""
    root = item_workspace(tmp_path / "itemdate",
                          {"memory/2026-11-05.md": memory("incident review", "Outage.")})
    main(["audit", str(root)])
    text = " ".join(capsys.readouterr().out.split())
    assert "profile item chosen" in text and "openclaw" in text and "--profile" in text
    weak = make_ws(tmp_path / "x" / "memories", {"MEMORY.md": "alpha\n"})
    main(["audit", str(weak)])
    text = " ".join(capsys.readouterr().out.split())
    assert "profile hermes chosen: a folder named memories, the only sign seen" in text
    main(["audit", str(weak), "--profile", "hermes"])
    assert "chosen" not in capsys.readouterr().out
    main(["audit", str(root), "--json"])
    assert json.loads(capsys.readouterr().out)["profile_note"].startswith("profile item chosen")


def _git(cwd: Path, *args: str) -> None:
    import subprocess

    env = {**os.environ, "GIT_AUTHOR_DATE": "2026-03-01T12:00:00Z",
           "GIT_COMMITTER_DATE": "2026-03-01T12:00:00Z", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com"}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def test_a_committed_hermes_memory_md_is_dated_by_git(tmp_path: Path) -> None:
    """#16: a clean checkout (mtime today, commit in March): MEMORY.md was "edited" by its
    mtime, never stale, while USER.md beside it was 280 days old by git."""
    mem = tmp_path / "memories"
    mem.mkdir()
    (mem / "MEMORY.md").write_text("alpha fact one\n§\nbeta fact two\n", encoding="utf-8")
    (mem / "USER.md").write_text("Name: Ola\n", encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "c1")
    stale = [f for f in run_audit(mem).findings
             if f.kind == "stale"]
    assert [list(f.files) for f in stale] == [["MEMORY.md", "USER.md"]]
    (mem / "MEMORY.md").write_text("alpha fact one, edited\n", encoding="utf-8")
    stale = [f for f in run_audit(mem).findings
             if f.kind == "stale"]
    assert [list(f.files) for f in stale] == [["USER.md"]]  # edited since: its mtime dates it


def test_the_fleet_finds_a_claude_code_folder_with_a_dated_memory(tmp_path: Path) -> None:
    """#31 in the fleet: ``~/.claude/projects/<p>/`` (its memory/ holding MEMORY.md and a
    memory named by a date) was an OpenClaw workspace row, the memory folder none."""
    from memtui.core.fleet import find_workspaces

    mem = make_ws(tmp_path / ".claude" / "projects" / "-tmp-proj" / "memory", {
        "MEMORY.md": "# Memory\n- [Deploy](deploy.md) — deploys\n",
        "deploy.md": memory("deploy"), "2026-11-05.md": memory("incident review")})
    assert find_workspaces(tmp_path) == [mem]
    assert run_audit(mem).profile == "claude-code"


def test_hermes_stores_beside_a_copied_soul_md_stay_hermes(tmp_path: Path) -> None:
    """real39: a backup of ~/.hermes put Hermes' own SOUL.md (its persona) in memories/
    beside MEMORY.md and USER.md, whose entries are split by § lines; SOUL.md made the
    folder OpenClaw's, and a MEMORY.md of 2,050 characters (93 % of Hermes' 2,200) was
    judged against OpenClaw's 20,000: no near_limit. OpenClaw never writes a § line."""
    entry = "Host ci-{}: deploys go through the blue/green script, then the smoke tests. " * 3
    store = "\n§\n".join(entry.format(n, n, n).strip() for n in range(9)) + "\n"
    root = make_ws(tmp_path / "backup" / "memories", {
        "MEMORY.md": store, "USER.md": "Prefers short answers.\n§\nWorks in UTC.\n",
        "SOUL.md": "You are Hermes Agent, an intelligent AI assistant.\n"})
    result = run_audit(root)
    assert result.profile == "hermes"
    assert any(f.kind == "near_limit" and f.path == "MEMORY.md" for f in result.findings)
    # without a § line, MEMORY.md beside SOUL.md is still OpenClaw's
    plain = make_ws(tmp_path / "ws", {"MEMORY.md": "# notes\nmet Ola\n",
                                      "USER.md": "Ola\n", "SOUL.md": "Be kind.\n"})
    assert run_audit(plain).profile == "openclaw"


def test_a_copy_of_the_folder_kept_in_memory_leaves_it_flat(tmp_path: Path) -> None:
    """real39: a Claude Code memory folder (MEMORY.md linking its own topic files) kept an
    older copy of itself, index and all, in ``memory/``; the ``memory/`` folder made it the
    item layout, so the copy was audited as the memories and each memory the index links
    was an ``unaudited_link``. The index links no file under memory/: the folder is flat,
    and the copy's files are what no link reaches."""
    root = make_ws(tmp_path / "mem", {
        "MEMORY.md": "# Memory\n\n- [Deploy](deploy.md) — how we deploy\n"
                     "- [Style](./style.md) — review style\n",
        "deploy.md": memory("deploy", "Blue/green, then smoke tests."),
        "style.md": memory("style", "Short reviews."),
        "memory/MEMORY.md": "# Memory\n\n- [Deploy](deploy.md) — how we deploy\n",
        "memory/deploy.md": memory("deploy", "Blue/green."),
    })
    result = run_audit(root)
    assert result.workspace.layout == "flat" and result.profile == "claude-code"
    assert not [f for f in result.findings if f.kind == "unaudited_link"]
    assert orphans(root) == ["memory/MEMORY.md", "memory/deploy.md"]
    # an index linking into memory/ keeps the item layout, copy or not
    item = item_workspace(tmp_path / "item", {"memory/MEMORY.md": "# old index\n"})
    assert run_audit(item).workspace.layout == "item"
    # and so does an OpenClaw workspace whose MEMORY.md links a bootstrap file (no memory's
    # frontmatter) beside its memory/MEMORY.md
    claw = make_ws(tmp_path / "claw", {"MEMORY.md": "# notes\nSee [tools](TOOLS.md).\n",
                                       "SOUL.md": "Be kind.\n", "TOOLS.md": "ssh host\n",
                                       "memory/MEMORY.md": "# old index\n",
                                       "memory/2026-01-01.md": "met Ola\n"})
    assert run_audit(claw).workspace.layout == "item"


@pytest.mark.parametrize("name", ["dot_gemini", "private_dot_gemini"])
def test_a_dotfile_managers_gemini_folder_is_gemini(tmp_path: Path, name: str) -> None:
    """real40: a dotfiles repository keeps ``~/.gemini`` as chezmoi's source folder
    ``dot_gemini``: a user-written GEMINI.md (no saved-memories section) importing rule
    files, one of them missing. Read as a Claude Code folder, GEMINI.md and the imported
    files were orphans "never seen" and the missing import unsaid."""
    root = make_ws(tmp_path / "dotfiles" / name, {
        "GEMINI.md": "# Main context\n\n- Answer in Traditional Chinese.\n\n"
                     "@./rules/workflow.md\n@./rules/codestyle.md\n",
        "rules/workflow.md": "# Workflow\n\nAsk before editing files.\n",
        "commands/README.md": "# Commands\n"})
    result = run_audit(root)
    assert result.profile == "gemini"
    assert not result.orphans
    broken = [f for f in result.findings if f.kind == "broken_import"]
    assert [(f.path, f.line) for f in broken] == [("GEMINI.md", 6)]
    # a folder of another name holding the same GEMINI.md is still no Gemini folder
    other = make_ws(tmp_path / "dotfiles" / "gemini_notes", {
        "GEMINI.md": "# Main context\n\n@./rules/workflow.md\n",
        "rules/workflow.md": "# Workflow\n"})
    assert run_audit(other).profile == "claude-code"


def test_openclaws_workspace_template_before_any_memory_is_openclaw(tmp_path: Path) -> None:
    """real41: a workspace holding OpenClaw's template files (SOUL.md, AGENTS.md,
    IDENTITY.md, HEARTBEAT.md …) and no MEMORY.md or memory/ yet — OpenClaw writes no
    MEMORY.md of its own — was claude-code's: every bootstrap file "never seen", no block.
    It is OpenClaw's, its bootstrap files the block; AGENTS.md with only TOOLS.md or
    USER.md beside SOUL.md, or SOUL.md alone, stays the flat folder it was."""
    template = {"AGENTS.md": "# AGENTS.md\nRead SOUL.md first.\n",
                "SOUL.md": "# SOUL.md\nBe genuinely helpful.\n",
                "IDENTITY.md": "# IDENTITY.md\n- Name: Zoi\n",
                "HEARTBEAT.md": "# HEARTBEAT.md\n",
                "USER.md": "# USER.md\n- Name: Ola\n",
                "Design notes.md": "# Design notes\nTokens map to Tailwind.\n"}
    root = make_ws(tmp_path / "zoi", template)
    result = run_audit(root)
    assert result.profile == "openclaw"
    assert not [o.path for o in result.orphans]
    assert "Be genuinely helpful." in result.block.text
    for names in (("AGENTS.md", "SOUL.md", "USER.md"), ("SOUL.md", "IDENTITY.md")):
        other = make_ws(tmp_path / "-".join(names),
                        {n: template[n] for n in (*names, "Design notes.md")})
        assert run_audit(other).profile == "claude-code"
