"""Synthetic copies of the SHAPE of real public agent folders (issue 33 evidence).

Each fixture repeats a real folder's file names, sizes, entry counts and reference forms
(``bench/agentfolders.json`` names the sources; their text never enters this repository)
with made-up text. Each test asserts memtui's profile, that it reports exactly the true
error/warning findings the hand labels found in the real folder (0 false ones), and that
its injected block is byte-equal to the block ``bench.agent_rules`` computes from the
agent's own source. (Each false finding the real folders showed has its test here.)
"""

from __future__ import annotations

import random
import string
from pathlib import Path

from bench import agent_rules
from memtui.core.audit import audit

DATE_NOTES = ("2026-02-22", "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26",
              "2026-02-27")


def text(chars: int, seed: str = "note") -> str:
    """Markdown of about ``chars`` characters: a heading, then bullet lines of made-up
    words drawn from ``seed`` (two seeds share few words: no accidental near-duplicates)."""
    rng = random.Random(seed)
    out = [f"# {seed}", ""]
    while sum(len(x) + 1 for x in out) < chars:
        words = ("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 8)))
                 for _ in range(9))
        out.append("- " + " ".join(words) + ".")
    return "\n".join(out)[:chars].rstrip() + "\n"


def serious(result) -> list[tuple[str, str]]:
    return sorted((f.kind, f.path) for f in result.findings
                  if f.severity in ("error", "warning"))


def write(root: Path, files: dict[str, str]) -> None:
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")


# --- OpenClaw ---------------------------------------------------------------------------

def test_openclaw_workspace_memory_just_past_the_cap(tmp_path: Path) -> None:
    """robouden/openclaw-workspace: eight bootstrap files, MEMORY.md 135 characters past
    20,000, project docs at the root, six dated notes and a JSON state file in memory/."""
    files = {"AGENTS.md": text(7800, "agents"), "SOUL.md": text(1670, "soul"),
             "TOOLS.md": text(860, "tools"), "IDENTITY.md": text(335, "identity"),
             "USER.md": text(1270, "user"), "HEARTBEAT.md": text(168, "heartbeat"),
             "BOOTSTRAP.md": text(1470, "bootstrap"), "MEMORY.md": text(20135, "memory"),
             "README.md": text(1600, "readme"), "SETUP_GUIDE.md": text(9900, "setup"),
             "SESSION_SUMMARY_2026-02-27.md": text(7600, "session"),
             "memory/heartbeat-state.json": '{"lastCheck": 0}\n'}
    files.update({f"memory/{d}.md": text(600, d) for d in DATE_NOTES})
    write(tmp_path, files)
    result = audit(tmp_path)
    assert result.profile == "openclaw"
    assert serious(result) == [("over_limit", "MEMORY.md")]
    assert not [f for f in result.findings if f.kind == "orphan"]
    assert result.block.text == agent_rules.openclaw_block(tmp_path)


def test_openclaw_workspace_slugged_notes_within_caps(tmp_path: Path) -> None:
    """duaneleitch/openclaw-workspace: no BOOTSTRAP.md (a [MISSING] line), all files within
    the caps, daily notes named ``YYYY-MM-DD-<slug>.md`` as well as ``YYYY-MM-DD.md``."""
    files = {"AGENTS.md": text(12700, "agents"), "SOUL.md": text(1670, "soul"),
             "TOOLS.md": text(4090, "tools"), "IDENTITY.md": text(1520, "identity"),
             "USER.md": text(5600, "user"), "HEARTBEAT.md": text(4390, "heartbeat"),
             "MEMORY.md": text(5980, "memory"), "RESTORE.md": text(2650, "restore")}
    for i, slug in enumerate(("", "-obsidian-structure", "-github-backup", "-2259",
                              "-ai-support", "-session-start")):
        files[f"memory/2026-03-0{i + 1}{slug}.md"] = text(800 + 300 * i, f"day {i}")
    write(tmp_path, files)
    result = audit(tmp_path)
    assert result.profile == "openclaw"
    assert serious(result) == []
    assert result.block.text == agent_rules.openclaw_block(tmp_path)
    assert "[MISSING] Expected at:" in result.block.text


# --- Hermes Agent -----------------------------------------------------------------------

def entries(lengths: list[int], seed: str) -> str:
    return "\n§\n".join(text(n, f"{seed} {i}").strip() for i, n in enumerate(lengths))


def test_hermes_store_without_config(tmp_path: Path) -> None:
    """ItaZure/hermes-memories: 5 and 6 entries, no duplicate, USER.md at 66 % (under 80 %),
    Hermes' ``.lock`` files beside the stores, no config.yaml."""
    mem = tmp_path / "memories"
    write(mem, {"MEMORY.md": entries([43, 415, 94, 75, 123], "fact"),
                "USER.md": entries([202, 282, 68, 103, 115, 127], "user"),
                "MEMORY.md.lock": "", "USER.md.lock": ""})
    result = audit(mem)
    assert result.profile == "hermes"
    assert serious(result) == []
    assert result.block.text == agent_rules.hermes_block(mem)


def test_hermes_store_with_raised_limits(tmp_path: Path) -> None:
    """9to5ai/hermes-agent-backup: config.yaml raises the limits to 50,000 / 25,000, so the
    stores (about 1,100 and 790 characters) are far from 80 %."""
    mem = tmp_path / "memories"
    write(tmp_path, {"config.yaml": "memory:\n  memory_enabled: true\n"
                                    "  memory_char_limit: 50000\n  user_char_limit: 25000\n"})
    write(mem, {"MEMORY.md": entries([500, 265, 94, 234], "fact"),
                "USER.md": entries([269, 138, 207, 165], "user")})
    result = audit(mem)
    assert result.profile == "hermes"
    assert serious(result) == []
    assert [ld.limit for ld in result.block.loads] == [50000, 25000]
    assert result.block.text == agent_rules.hermes_block(mem, 50000, 25000)


# --- Codex CLI --------------------------------------------------------------------------

ROLLOUTS = [f"rollout_summaries/2026-05-19T0{i}-08-17-ab{i}Z-task_{i}.md" for i in range(6)]


def test_codex_summary_within_budget(tmp_path: Path) -> None:
    """ShengLin1001/codex-config: a 6 KB summary, MEMORY.md naming every rollout summary by
    path (some twice), six rollout summaries."""
    lines = ["# Task group: tools", ""] + [f"- {r} (cwd=/home/u/tools, rollout_path=x)"
                                            for r in ROLLOUTS + ROLLOUTS[:3]]
    files = {"memory_summary.md": "v1\n\n" + text(6100, "summary"),
             "MEMORY.md": "\n".join(lines) + "\n" + text(15000, "handbook")}
    files.update({r: text(4000, r) for r in ROLLOUTS})
    write(tmp_path / "memories", files)
    mem = tmp_path / "memories"
    result = audit(mem)
    assert result.profile == "codex"
    assert serious(result) == []
    assert result.block.text == agent_rules.codex_block(mem)


def codex_overflowing(root: Path) -> Path:
    """0x07c4/agent: a 10.5 KB summary (cut), user files beside Codex's (the summary names
    two in backticks), Codex's own ``extensions/ad_hoc/instructions.md``."""
    mem = root / "memories"
    files = {"memory_summary.md": "v1\n\n- read `PROFILE.md` and `ACTIVE.md` first\n"
                                  + text(10500, "summary"),
             "MEMORY.md": "\n".join(f"- {r}" for r in ROLLOUTS) + "\n" + text(30000, "hb"),
             "raw_memories.md": text(5000, "raw"), "PROFILE.md": text(1500, "profile"),
             "ACTIVE.md": text(6000, "active"),
             "extensions/ad_hoc/instructions.md": text(733, "ad hoc instructions")}
    files.update({r: text(5000, r) for r in ROLLOUTS})
    write(mem, files)
    return mem


def test_codex_summary_past_budget_is_cut_exactly(tmp_path: Path) -> None:
    mem = codex_overflowing(tmp_path)
    result = audit(mem)
    assert result.profile == "codex"
    assert ("over_limit", "memory_summary.md") in serious(result)
    assert result.block.text == agent_rules.codex_block(mem)
    assert "tokens truncated…" in result.block.text


def test_codex_files_the_summary_names_and_codex_own_are_no_orphans(tmp_path: Path) -> None:
    mem = codex_overflowing(tmp_path)
    result = audit(mem)
    assert serious(result) == [("over_limit", "memory_summary.md")]


def test_openclaw_two_files_past_the_cap_are_cut_exactly(tmp_path: Path) -> None:
    """leloupdubiz/openclaw_claude: AGENTS.md (28 K) and MEMORY.md (65 K) past the per-file
    cap, no BOOTSTRAP.md; the raw total (122 K) is 82 % of 150,000, the injected one 44 %."""
    files = {"AGENTS.md": text(28255, "agents"), "SOUL.md": text(6000, "soul"),
             "TOOLS.md": text(7850, "tools"), "IDENTITY.md": text(1550, "identity"),
             "USER.md": text(4300, "user"), "HEARTBEAT.md": text(10500, "heartbeat"),
             "MEMORY.md": text(64944, "memory"), "OKR_TASKS.md": text(30000, "okr")}
    files.update({f"memory/{d}.md": text(5000, d) for d in DATE_NOTES})
    write(tmp_path, files)
    result = audit(tmp_path)
    assert result.profile == "openclaw"
    assert ("over_limit", "AGENTS.md") in serious(result)
    assert ("over_limit", "MEMORY.md") in serious(result)
    assert result.block.text == agent_rules.openclaw_block(tmp_path)


def test_openclaw_total_counts_what_is_injected(tmp_path: Path) -> None:
    test_openclaw_two_files_past_the_cap_are_cut_exactly(tmp_path)
    result = audit(tmp_path)
    assert serious(result) == [("over_limit", "AGENTS.md"), ("over_limit", "MEMORY.md")]


def test_openclaw_session_notes_are_no_orders(tmp_path: Path) -> None:
    """duaneleitch/openclaw-workspace: notes saved by the session-memory hook."""
    write(tmp_path, {"AGENTS.md": text(3000, "agents"), "SOUL.md": text(900, "soul"),
                     "MEMORY.md": text(2000, "memory"),
                     "memory/2026-03-09-gateway-cleanup.md":
                         "# Session: 2026-03-09\n\nuser: Do I need to migrate the gateway?\n"
                         "assistant: You don't strictly need to; it is a cleanup step.\n"})
    result = audit(tmp_path)
    assert result.profile == "openclaw"
    assert [k for k, _ in serious(result)] == []


def test_openclaw_note_links_are_never_followed(tmp_path: Path) -> None:
    """duaneleitch/openclaw-workspace: a note quoting a chat message with the docs site's
    paths (``/tools/exec-approvals#…``); OpenClaw finds notes by search, never by link."""
    write(tmp_path, {"AGENTS.md": text(3000, "agents"), "SOUL.md": text(900, "soul"),
                     "MEMORY.md": text(2000, "memory"),
                     "memory/2026-03-07-exec-tool-debug.md":
                         "# Exec tool\n\nSee [approvals](/tools/exec-approvals#modes) and "
                         "[the gateway](../gateway/config.md).\n"})
    result = audit(tmp_path)
    assert result.profile == "openclaw"
    assert serious(result) == []


def test_codex_pending_consolidation_is_no_orphan(tmp_path: Path) -> None:
    """doudouqie66/CommonTools: rollout summaries named only in raw_memories.md (Phase 1's
    output, not yet consolidated) and Codex's transient phase2_workspace_diff.md."""
    mem = tmp_path / "memories"
    files = {"memory_summary.md": "v1\n\n" + text(4000, "summary"),
             "MEMORY.md": f"- {ROLLOUTS[0]}\n" + text(8000, "handbook"),
             "raw_memories.md": "\n".join(f"- {r}" for r in ROLLOUTS) + "\n",
             "phase2_workspace_diff.md": text(3000, "diff")}
    files.update({r: text(3000, r) for r in ROLLOUTS})
    write(mem, files)
    result = audit(mem)
    assert result.profile == "codex"
    assert serious(result) == []


def test_codex_raw_memories_name_their_rollout_summary_by_file_name(tmp_path: Path) -> None:
    """doudouqie66/CommonTools: each raw memory says ``rollout_summary_file: NAME.md`` (a
    file of rollout_summaries/), pending consolidation: not an orphan."""
    mem = tmp_path / "memories"
    names = [r.split("/", 1)[1] for r in ROLLOUTS]
    files = {"memory_summary.md": "v1\n\n" + text(4000, "summary"),
             "MEMORY.md": text(8000, "handbook"),
             "raw_memories.md": "".join(f"## raw {i}\nrollout_summary_file: {n}\n\n"
                                        for i, n in enumerate(names))}
    files.update({r: text(3000, r) for r in ROLLOUTS})
    write(mem, files)
    result = audit(mem)
    assert result.profile == "codex"
    assert serious(result) == []


def test_codex_skill_installed_in_the_codex_home_is_found(tmp_path: Path) -> None:
    """georgexin01/codex-ai-agent (the repository is a whole ``~/.codex``): MEMORY.md and the
    summary name ``skills/<name>/SKILL.md`` for skills installed in ``~/.codex/skills``, beside
    the memory folder, not in ``memories/skills``. Codex finds them there: no broken link (an
    ``outside_link`` info each); a skill in neither place stays a broken link."""
    home = tmp_path / ".codex"
    write(home, {"skills/meta-flow/SKILL.md": "---\nname: meta-flow\n---\nSteps.\n",
                 "skills/seo/SKILL.md": "---\nname: seo\n---\nSteps.\n",
                 "skills/lone/notes.md": "no SKILL.md here\n"})
    mem = home / "memories"
    write(mem, {"memory_summary.md": "v1\n\n- Metadata: skills/meta-flow/SKILL.md, with "
                                     "skills/seo/SKILL.md.\n" + text(2000, "summary"),
                "MEMORY.md": "- Routes to `skills/meta-flow/SKILL.md`; pair with "
                             "`skills/seo/SKILL.md`.\n- Old: skills/gone/SKILL.md\n"
                             "- Folder: skills/lone\n" + text(4000, "handbook"),
                "skills/local/SKILL.md": "---\nname: local\n---\nSteps.\n",
                "rollout_summaries/2026-07-22T02-31-42-ab-x.md": text(1500, "rollout")})
    result = audit(mem)
    assert result.profile == "codex"
    broken = sorted((f.path, f.line, f.message) for f in result.findings
                    if f.kind == "broken_link")
    assert broken == [("MEMORY.md", 2, "reference to skills/gone/SKILL.md: no such file"),
                      ("MEMORY.md", 3, "reference to skills/lone: no such file")]
    outside = sorted((f.path, f.line) for f in result.findings if f.kind == "outside_link")
    assert outside == [("MEMORY.md", 1), ("MEMORY.md", 1), ("memory_summary.md", 3),
                       ("memory_summary.md", 3)]
    # the same names beside a folder Codex would not call its memories: not its home
    other = tmp_path / "copy"
    write(other, {"skills/meta-flow/SKILL.md": "---\nname: meta-flow\n---\nSteps.\n"})
    write(other / "mem", {"memory_summary.md": "v1\n\n- skills/meta-flow/SKILL.md\n",
                          "MEMORY.md": "- skills/meta-flow/SKILL.md\n"})
    assert sorted(f.path for f in audit(other / "mem").findings
                  if f.kind == "broken_link") == ["MEMORY.md", "memory_summary.md"]


def test_codex_file_named_by_its_path_from_the_codex_home_is_no_orphan(tmp_path: Path) -> None:
    """georgexin01/codex-ai-agent: MEMORY.md names a file of a subfolder by its path from the
    Codex home (`` `memories/2_governance/artifacts/router.md` ``, also ``~/.codex/memories/…``):
    the agent finds it, so it is no orphan; a file nothing names stays one."""
    mem = tmp_path / ".codex" / "memories"
    write(mem, {"memory_summary.md": "v1\n\n" + text(2000, "summary"),
                "MEMORY.md": "- Triggers live in `memories/2_governance/artifacts/router.md`.\n"
                             "- Kernel: ~/.codex/memories/0_apex/KERNEL.md, read when needed.\n"
                             "- Old: memories/0_apex/gone.md\n" + text(4000, "handbook"),
                "2_governance/artifacts/router.md": text(1500, "router"),
                "0_apex/KERNEL.md": text(1500, "kernel"),
                "0_apex/LONE.md": text(1500, "lone")})
    result = audit(mem)
    assert result.profile == "codex"
    assert sorted(o.path for o in result.orphans) == ["0_apex/LONE.md"]
    assert [f.kind for f in result.findings if f.kind == "broken_link"] == []


def test_codex_path_from_the_home_in_the_queue_alone_is_still_an_orphan(tmp_path: Path
                                                                       ) -> None:
    """0x07c4/agent: raw_memories.md (the queue, not yet consolidated) names
    ``~/.codex/memories/NOTES.md``; nothing the agent reads names it: still an orphan."""
    mem = tmp_path / ".codex" / "memories"
    write(mem, {"memory_summary.md": "v1\n\n" + text(2000, "summary"),
                "MEMORY.md": text(4000, "handbook"),
                "raw_memories.md": "- `~/.codex/memories/NOTES.md` entry added\n",
                "NOTES.md": text(1500, "notes")})
    assert [o.path for o in audit(mem).orphans] == ["NOTES.md"]


def test_codex_home_skill_whose_entry_is_lower_case_is_found(tmp_path: Path) -> None:
    """real35 (georgexin01/codex-ai-skills, a whole ``~/.codex`` written on Windows): MEMORY.md
    names the folder ``skills/starting-point``, installed in the Codex home with its entry
    ``skill.md`` in lower case, which a case-blind file system opens as SKILL.md. It is
    there: an ``outside_link`` info, no broken link; a folder with no skill entry at all
    stays one."""
    home = tmp_path / ".codex"
    write(home, {"skills/starting-point/skill.md": "---\nname: starting-point\n---\nSteps.\n",
                 "skills/lone/notes.md": "no skill entry here\n"})
    mem = home / "memories"
    write(mem, {"memory_summary.md": "v1\n\n- Start: see MEMORY.md.\n" + text(1500, "summary"),
                "MEMORY.md": "- Bootstrap lives in `skills/starting-point`.\n"
                             "- Folder: skills/lone\n" + text(3000, "handbook")})
    result = audit(mem)
    assert result.profile == "codex"
    broken = sorted((f.path, f.line, f.message) for f in result.findings
                    if f.kind == "broken_link")
    assert broken == [("MEMORY.md", 2, "reference to skills/lone: no such file")]
    assert [(f.path, f.line) for f in result.findings if f.kind == "outside_link"] == \
        [("MEMORY.md", 1)]


def test_codex_file_named_in_backticks_by_its_path_in_the_folder_is_no_orphan(
        tmp_path: Path) -> None:
    """real35 (georgexin01/codex-ai-skills): the summary routes skill requests through
    `` `2_governance/artifacts/router.md` `` and MEMORY.md names
    `` `project_notes/LOCAL_DEV.md` ``, each by its path in the memory folder: the agent
    opens them, so they are no orphans; a file only another unnamed file names stays one."""
    mem = tmp_path / ".codex" / "memories"
    write(mem, {"memory_summary.md": "- Route skill requests through "
                                     "`2_governance/artifacts/router.md` first.\n"
                                     + text(2000, "summary"),
                "MEMORY.md": "- reuse while `project_notes/LOCAL_DEV.md` is current\n"
                             + text(4000, "handbook"),
                "2_governance/artifacts/router.md": text(1500, "router"),
                "project_notes/LOCAL_DEV.md": text(1500, "localdev"),
                "project_notes/LONE.md": "See `project_notes/OTHER.md`.\n",
                "project_notes/OTHER.md": text(800, "other")})
    result = audit(mem)
    assert result.profile == "codex"
    assert sorted(o.path for o in result.orphans) == ["project_notes/LONE.md",
                                                      "project_notes/OTHER.md"]


def test_openclaw_bootstrap_file_of_a_newline_alone_is_not_cut(tmp_path: Path) -> None:
    """Ehetz/Arturito (real36): BOOTSTRAP.md holds a single newline, the other bootstrap
    files 15,000 characters in all. OpenClaw trims it to nothing and skips it: nothing is
    cut, and no over_limit names it (it said "0 of 20,000 characters … OpenClaw cut it or
    left it out")."""
    files = {"AGENTS.md": text(9500, "agents"), "SOUL.md": text(1650, "soul"),
             "TOOLS.md": text(860, "tools"), "IDENTITY.md": text(208, "identity"),
             "USER.md": text(1090, "user"), "HEARTBEAT.md": text(229, "heartbeat"),
             "BOOTSTRAP.md": "\n", "MEMORY.md": text(1148, "memory")}
    files.update({f"memory/{d}.md": text(600, d) for d in DATE_NOTES})
    write(tmp_path, files)
    result = audit(tmp_path)
    assert result.profile == "openclaw"
    assert not [f for f in result.findings if f.kind in ("over_limit", "near_limit")]
    assert serious(result) == []


def test_gemini_md_with_imports_block_matches_the_agents_rule(tmp_path: Path) -> None:
    """real40: a ``~/.gemini`` (chezmoi's ``dot_gemini``) whose GEMINI.md imports rule
    files, one of them missing and one inside a code fence: Gemini CLI loads GEMINI.md and
    the files it imports; the bench's rule took GEMINI.md alone (its block "DIFFERS")."""
    root = tmp_path / "dot_gemini"
    (root / "rules").mkdir(parents=True)
    (root / "GEMINI.md").write_text(
        "# Main context\n\n- Answer in Traditional Chinese.\n\n@./rules/workflow.md\n"
        "@./rules/missing.md\n\n```\n@./rules/fenced.md\n```\n", encoding="utf-8")
    (root / "rules" / "workflow.md").write_text("# Workflow\n\nSee @./style.md too.\n",
                                                encoding="utf-8")
    (root / "rules" / "style.md").write_text("# Style\n\nShort answers.\n", encoding="utf-8")
    (root / "rules" / "fenced.md").write_text("# Not imported\n", encoding="utf-8")
    result = audit(root)
    assert result.profile == "gemini"
    want = agent_rules.gemini_block(root)
    assert "# Workflow" in want and "# Style" in want and "Not imported" not in want
    assert result.block.text == want
