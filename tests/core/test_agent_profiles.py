"""Issue 33: each agent's memory folder audited as that agent loads it.

Each profile gets a fixture built from the agent's documented format (the file names,
separators and pointer forms of docs/formats.md), and the block memtui reports is compared
byte for byte with an independent reimplementation of the agent's injection rule, written
here from the agent's source (named above each) and never calling memtui's. Then: no
finding on the clean fixture, and the broken pointer, the duplicate entry, the over-limit
store and the 80 % warning each found where they are.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import DAY, NOW, make_ws, memory, run_audit

# -- independent reimplementations of the agents' rules ---------------------------------------


def hermes_block(folder: Path, memory_limit: int = 2200, user_limit: int = 1375) -> str:
    """NousResearch/hermes-agent tools/memory_tool.py, MemoryStore.load_from_disk and
    _render_block (threat sanitising aside: the fixtures hold none)."""
    rendered = []
    for target, name, limit in (("memory", "MEMORY.md", memory_limit),
                                ("user", "USER.md", user_limit)):
        path = folder / name
        raw = path.read_text(encoding="utf-8") if path.exists() else ""
        entries = [e.strip() for e in raw.split("\n§\n")] if raw.strip() else []
        entries = list(dict.fromkeys(e for e in entries if e))
        if not entries:
            continue
        content = "\n§\n".join(entries)
        current = len(content)
        pct = min(100, int((current / limit) * 100)) if limit > 0 else 0
        render_cap = max(limit * 2, 4000)
        if current > render_cap:
            head = int(render_cap * 0.7)
            tail = int(render_cap * 0.2)
            omitted = current - head - tail
            content = (content[:head]
                       + f"\n\n[... {omitted:,} chars truncated — memory over budget "
                       f"({current:,}/{limit:,}); consolidate via memory(action=remove/"
                       "replace) ...]\n\n" + content[-tail:])
        over = " ⚠ OVER BUDGET" if current > limit else ""
        if target == "user":
            header = f"USER PROFILE (who the user is) [{pct}% — {current:,}/{limit:,} chars{over}]"
        else:
            header = f"MEMORY (your personal notes) [{pct}% — {current:,}/{limit:,} chars{over}]"
        separator = "═" * 46
        rendered.append(f"{separator}\n{header}\n{separator}\n{content}")
    return "\n\n".join(rendered)  # memtui joins the two stores' blocks with a blank line


class JsString:
    """A JavaScript string: a list of UTF-16 code units."""

    def __init__(self, units: list[int]) -> None:
        self.u = units

    @classmethod
    def of(cls, s: str) -> JsString:
        out: list[int] = []
        for ch in s:
            c = ord(ch)
            if c > 0xFFFF:
                c -= 0x10000
                out += [0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)]
            else:
                out.append(c)
        return cls(out)

    def __len__(self) -> int:
        return len(self.u)

    def __add__(self, other: JsString) -> JsString:
        return JsString(self.u + other.u)

    def slice(self, start: int, end: int | None = None) -> JsString:
        n = len(self.u)
        a = max(n + start, 0) if start < 0 else min(start, n)
        b = n if end is None else (max(n + end, 0) if end < 0 else min(end, n))
        return JsString(self.u[a:b] if b > a else [])

    def text(self) -> str:
        return bytes(b for u in self.u for b in u.to_bytes(2, "little")).decode(
            "utf-16-le", "replace")


def openclaw_block(ws: Path, max_chars: int = 20_000, total_max: int = 150_000) -> str:
    """openclaw/openclaw src/agents/workspace.ts (loadWorkspaceBootstrapFiles: the order,
    MEMORY.md only when it exists, a missing one marked) and
    src/agents/pi-embedded-helpers/bootstrap.ts (buildBootstrapContextFiles,
    trimBootstrapContent, clampToBudget, truncateUtf16Safe)."""
    names = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md",
             "BOOTSTRAP.md", "MEMORY.md"]

    def trim_end(s: JsString) -> JsString:
        ws_units = {0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xA0, 0xFEFF, 0x2028, 0x2029}
        u = list(s.u)
        while u and u[-1] in ws_units:
            u.pop()
        return JsString(u)

    def truncate_utf16_safe(s: JsString, n: int) -> JsString:
        if len(s) <= n:
            return s
        to = n
        if 0 < to < len(s) and 0xD800 <= s.u[to - 1] <= 0xDBFF and 0xDC00 <= s.u[to] <= 0xDFFF:
            to -= 1
        return s.slice(0, to)

    def clamp(s: JsString, budget: int) -> JsString:
        if budget <= 0:
            return JsString([])
        if len(s) <= budget:
            return s
        if budget <= 3:
            return truncate_utf16_safe(s, budget)
        return truncate_utf16_safe(s, budget - 1) + JsString.of("…")

    remaining = max(1, total_max)
    out: list[str] = []
    for name in names:
        path = ws / name
        if name == "MEMORY.md" and not path.exists():
            continue
        if remaining <= 0:
            break
        if not path.exists():
            missing = clamp(JsString.of(f"[MISSING] Expected at: {path}"), remaining)
            if not len(missing):
                break
            remaining = max(0, remaining - len(missing))
            out.append(missing.text())
            continue
        if remaining < 64:
            break
        file_max = max(1, min(max_chars, remaining))
        trimmed = trim_end(JsString.of(path.read_bytes().decode("utf-8")))
        if len(trimmed) > file_max:
            head_n, tail_n = int(file_max * 0.7), int(file_max * 0.2)
            marker = "\n".join(["", f"[...truncated, read {name} for full content...]",
                                f"…(truncated {name}: kept {head_n}+{tail_n} chars of "
                                f"{len(trimmed)})…", ""])
            content = (trimmed.slice(0, head_n) + JsString.of("\n" + marker + "\n")
                       + trimmed.slice(-tail_n))
        else:
            content = trimmed
        within = clamp(content, remaining)
        if not len(within):
            continue
        remaining = max(0, remaining - len(within))
        out.append(within.text())
    return "\n\n".join(out)  # memtui joins the injected files with a blank line


def codex_block(folder: Path, tokens: int = 2500) -> str:
    """openai/codex codex-rs/ext/memories/src/prompts.rs (the summary trimmed, then
    truncate_text with TruncationPolicy::Tokens(2_500)) and codex-rs/utils/string/src/
    truncate.rs (truncate_middle_with_token_budget: 4 bytes a token, half the byte budget
    from each end on char boundaries, "…N tokens truncated…" between)."""
    s = (folder / "memory_summary.md").read_bytes().decode("utf-8").strip()
    b = s.encode("utf-8")
    max_bytes = tokens * 4
    if not b or len(b) <= max_bytes:
        return s
    left = max_bytes // 2
    right = max_bytes - left
    tail_start = len(b) - right
    prefix_end, suffix_start, started, idx = 0, len(b), False, 0
    for ch in s:
        end = idx + len(ch.encode("utf-8"))
        if end <= left:
            prefix_end = end
        elif idx >= tail_start and not started:
            suffix_start, started = idx, True
        idx = end
    suffix_start = max(suffix_start, prefix_end)
    removed = (len(b) - max_bytes + 3) // 4
    return (b[:prefix_end].decode() + f"…{removed} tokens truncated…"
            + b[suffix_start:].decode())


def _kinds(result: object) -> list[tuple[str, str, int | None]]:
    return [(f.kind, f.path, f.line) for f in result.findings]  # type: ignore[attr-defined]


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["audit", *args])
    return status, out.getvalue()


# -- Hermes Agent -----------------------------------------------------------------------------

HERMES_MEMORY = ("The deploy host is build-7; it restarts nightly at 02:00 UTC.\n§\n"
                 "Tests run with `make check`; lint with ruff.\n§\n"
                 "Production database: read replica only, never writes.\n")
HERMES_USER = "Prefers short answers.\n§\nWorks in UTC; calls at 09:00.\n"


def _hermes(tmp: Path, memory: str = HERMES_MEMORY, user: str = HERMES_USER,
            config: str | None = None) -> Path:
    home = tmp / ".hermes"
    files = {"memories/MEMORY.md": memory, "memories/USER.md": user}
    if config is not None:
        files["config.yaml"] = config
    make_ws(home, files)
    return home / "memories"


def test_hermes_clean_folder_is_its_block_and_nothing_else(tmp_path: Path) -> None:
    folder = _hermes(tmp_path)
    result = run_audit(folder)
    assert result.profile == "hermes"
    assert result.findings == []
    assert result.orphans == []  # USER.md is a store Hermes injects, no orphan
    assert result.block.text == hermes_block(folder)
    assert result.block.files == ["MEMORY.md", "USER.md"]
    assert [(ld.what, ld.limit) for ld in result.block.loads] == [("MEMORY.md", 2200),
                                                                  ("USER.md", 1375)]


def test_hermes_store_alone_is_recognised_by_its_separator_and_counted_as_a_store(
        tmp_path: Path) -> None:
    """newuser32 #51: a § store outside a folder named `memories` (a copy, a backup) is
    Hermes' as docs/formats.md says, and without USER.md the Index row counts its entries
    as the Load-limits row does, not "0 entries … without links"."""
    for name in ("memories", "hermes-backup"):
        make_ws(tmp_path / name, {"MEMORY.md": "a fact\n§\nanother fact\n"})
        status, text = _cli(str(tmp_path / name))
        assert status == 0 and "/ hermes (Hermes" in text, text
        assert "MEMORY.md: 3 lines, 2 entries separated by §" in text, text
    make_ws(tmp_path / "plain", {"MEMORY.md": "# Index\n- [a](a.md) — a\n", "a.md": "a\n"})
    assert run_audit(tmp_path / "plain").profile != "hermes"


def test_a_store_past_the_read_bound_says_so_and_counts_no_half_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser32 #46: a store longer than memtui reads of an agent's file (2 MiB; 4,096
    bytes here) was counted from the cut without a word, its half last entry as one."""
    from memtui.core.profiles import files

    monkeypatch.setattr(files, "MAX_AGENT_FILE", 4096)
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    store = "\n§\n".join(f"fact number {i} about the deploy host" for i in range(200))
    folder = _hermes(tmp_path, memory=store + "\n")
    result = run_audit(folder)
    (problem,) = [f for f in result.findings if f.kind == "read_problem"]
    size = len(store.encode()) + 1
    assert problem.path == "MEMORY.md" and problem.message.startswith(
        f"MEMORY.md is {size:,} bytes; memtui reads the first 4,096 of an agent's file")
    (load,) = [ld for ld in result.block.loads if ld.what == "MEMORY.md"]
    read = files.read_bounded(folder / "MEMORY.md", 4096) or ""
    assert load.entries == read.count("\n§\n")  # the entries read whole, not the piece
    assert all(ln.endswith("host") for ln in result.block.text.splitlines()
               if ln.startswith("fact"))


def test_hermes_limits_come_from_its_config_and_a_flag_wins(tmp_path: Path) -> None:
    folder = _hermes(tmp_path, config="memory:\n  memory_char_limit: 190\n"
                                      "  user_char_limit: 500\n")
    result = run_audit(folder)
    assert result.block.text == hermes_block(folder, 190, 500)
    assert result.block.rule == "Hermes: MEMORY.md 190 / USER.md 500 characters"
    assert _kinds(result) == [("near_limit", "MEMORY.md", None)]  # 162 of 190: 85 %
    flagged = run_audit(folder, limits=(("memory_char_limit", 5000),))
    assert flagged.block.text == hermes_block(folder, 5000, 500)
    assert "near_limit" not in {k for k, _, _ in _kinds(flagged)}


def test_hermes_finds_the_duplicate_the_over_limit_store_and_its_cut(tmp_path: Path) -> None:
    big = "\n§\n".join(hashlib.sha256(str(i).encode()).hexdigest() * 8 for i in range(20))
    memory = HERMES_MEMORY + "§\nTests run with `make check`; lint with ruff.\n§\n" + big
    folder = _hermes(tmp_path, memory=memory)
    result = run_audit(folder)
    assert result.block.text == hermes_block(folder)  # over 4,400: cut head and tail
    assert "chars truncated — memory over budget" in result.block.text
    assert result.block.cut
    kinds = _kinds(result)
    assert kinds == [("over_limit", "MEMORY.md", None), ("duplicate_entry", "MEMORY.md", 7)]


def test_hermes_over_limit_says_head_and_tail_only_when_it_cuts(tmp_path: Path) -> None:
    """newuser27 #11: a store past its limit but under max(2 × limit, 4,000) characters is
    shown whole; over_limit said Hermes "shows only its head and tail"."""
    def note(memory: str) -> str:
        result = run_audit(_hermes(tmp_path / str(len(memory)), memory=memory))
        return next(f.message for f in result.findings if f.kind == "over_limit")

    between = HERMES_MEMORY + "§\n" + "x" * 2_500 + "\n"  # past 2,200, under 4,400
    said = note(between)
    assert said.endswith("past Hermes's load limit; Hermes refuses to add to it (it still "
                         "shows it whole, up to 4,400 characters)"), said
    big = "\n§\n".join(hashlib.sha256(str(i).encode()).hexdigest() * 8 for i in range(20))
    assert note(HERMES_MEMORY + "§\n" + big).endswith(
        "Hermes refuses to add to it and shows only its head and tail")


def test_hermes_entry_over_limit_and_a_store_that_does_not_round_trip(tmp_path: Path) -> None:
    folder = _hermes(tmp_path, memory="A fact.\n§\n\n§\n" + "long " * 500 + "\n")
    kinds = {k for k, _, _ in _kinds(run_audit(folder))}
    assert {"entry_over_limit", "no_round_trip", "over_limit"} <= kinds


def test_hermes_near_duplicate_and_an_unreadable_config(tmp_path: Path) -> None:
    # the same values in other words (entries that differ by a value are two facts:
    # newuser33 #1)
    memory = ("The deploy host is build-7; it restarts nightly at 02:00 UTC.\n§\n"
              "The deploy host is build-7, and it restarts nightly at 02:00 UTC.\n")
    folder = _hermes(tmp_path, memory=memory, config="memory: [unclosed\n")
    kinds = _kinds(run_audit(folder))
    assert ("duplicate_entry", "MEMORY.md", 3) in kinds
    assert ("agent_config", ".", None) in kinds


# -- OpenClaw ---------------------------------------------------------------------------------

def _openclaw(tmp: Path, extra: dict[str, str] | None = None, config: str | None = None
              ) -> Path:
    home = tmp / ".openclaw"
    files = {
        "workspace/AGENTS.md": "# AGENTS.md\n\nRead SOUL.md first. Log each day in "
                               "memory/YYYY-MM-DD.md.\n",
        "workspace/SOUL.md": "# SOUL.md\n\nCalm, direct, dry humour. 🦞\n",
        "workspace/IDENTITY.md": "# IDENTITY.md\n\n- Name: Rex\n- Emoji: 🦞\n",
        "workspace/USER.md": "# USER.md\n\n- Name: Ann\n- Timezone: UTC\n",
        "workspace/TOOLS.md": "# TOOLS.md\n\nThe NAS is at nas.local.\n",
        "workspace/MEMORY.md": "# MEMORY.md\n\n- Deploys run on Fridays.\n"
                               "- Ann prefers short answers.\n",
        "workspace/memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann about the NAS.\n",
        "workspace/memory/2026-07-24.md": "# 2026-07-24\n\nThe NAS disk was replaced.\n",
        **(extra or {}),
    }
    if config is not None:
        files["openclaw.json"] = config
    make_ws(home, files, days_ago=400)  # mtimes old: the notes' age is their names'
    return home / "workspace"


def test_openclaw_clean_workspace_injects_its_bootstrap_files_in_order(tmp_path: Path) -> None:
    ws = _openclaw(tmp_path)
    result = run_audit(ws)
    assert result.profile == "openclaw"
    assert result.findings == []
    assert result.orphans == []  # the daily notes are searched, never orphans
    assert result.block.text == openclaw_block(ws)
    assert result.block.files == ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md",
                                  "USER.md", "MEMORY.md"]
    note = result.file("memory/2026-07-20.md")
    assert note is not None and note.age_source == "name"
    assert note.age_days == int((NOW - 1784505600) // DAY)  # 2026-07-20 00:00 UTC


def test_openclaw_notes_dated_by_name_are_not_of_unknown_age_in_a_copy(tmp_path: Path
                                                                        ) -> None:
    """newuser24 #7: in an extracted OpenClaw folder (every file one mtime) the copy finding
    said all 58 memories' "age is unknown" while 53 were dated by their names. Only the
    files with no other date are listed; the daily notes keep their names' age."""
    notes = {f"workspace/memory/2026-03-{d:02}.md": f"# 2026-03-{d:02}\n\nNotes.\n"
             for d in range(1, 13)}
    logs = {f"workspace/memory/{n}-log.md": f"# {n}\n\nA running log.\n"
            for n in ("food", "sleep")}
    ws = _openclaw(tmp_path, {**notes, **logs})
    for p in ws.rglob("*"):
        os.utime(p, (1_760_000_000, 1_760_000_000))  # one extraction's time
    result = run_audit(ws)
    copies = [f for f in result.findings if f.kind == "unknown_age"]
    assert [f.files for f in copies] == [("memory/food-log.md", "memory/sleep-log.md")]
    assert copies[0].message.startswith("2 memories share one modification time")
    ages = {r.path: r.age_source for r in result.files}
    assert ages["memory/food-log.md"] == "unknown"
    assert ages["memory/2026-03-01.md"] == "name"


def test_openclaw_counts_no_broken_link_it_does_not_report(tmp_path: Path) -> None:
    """newuser24 #8: a note's link to a missing file was counted ("4 broken links" in the
    header, the text and JSON) though OpenClaw never follows a note's links and no finding
    reported it. Counted where reported: in MEMORY.md, not in a note."""
    ws = _openclaw(tmp_path, {
        "workspace/memory/2026-07-25.md": "# 2026-07-25\n\nSee [x](/tools/gone#a).\n",
        "workspace/MEMORY.md": "# MEMORY.md\n\n- See [n](memory/nope.md).\n"})
    result = run_audit(ws)
    assert [(b.source, b.target) for b in result.broken_links] == [
        ("MEMORY.md", "memory/nope.md")]
    assert [(f.kind, f.path) for f in result.findings if f.kind == "broken_link"] == [
        ("broken_link", "MEMORY.md")]


def test_openclaw_reply_tags_are_not_wikilinks(tmp_path: Path) -> None:
    """newuser23 #27: OpenClaw's reply tags (``[[reply_to_current]]``, ``[[reply_to:<id>]]``),
    kept in the transcripts its session-memory hook saves as notes, were 82 dangling
    wikilinks in a real workspace and the headline count. Not wikilinks under openclaw; a
    real wikilink beside them still is one, and under another profile the tag is what it
    looks like."""
    note = ("# 2026-07-25\n\nuser: is the NAS back?\n"
            "assistant: [[reply_to_current]]Yes, the disk was replaced.\n"
            "assistant: [[ reply_to_current ]] And [[reply_to: 8812]] checked twice.\n"
            "See [[nas-runbook]] for the steps.\n")
    ws = _openclaw(tmp_path, {"workspace/memory/2026-07-25.md": note})
    result = run_audit(ws)
    # (newuser40 #18: nor is any [[name]]: OpenClaw follows no link, AGENT_LAYOUTS.md)
    assert result.wikirefs == []
    assert not [f for f in result.findings if f.kind == "dangling_wikilink"]
    status, text = _cli(str(ws))
    assert status == 0 and "0 wikilinks (0 dangling, 0 fuzzy)" in text and "reply_to" not in text
    other = run_audit(ws, profile="item")
    assert sorted(w.target for w in other.wikirefs) == [
        "nas-runbook", "reply_to: 8812", "reply_to_current", "reply_to_current"]


def test_openclaw_cuts_per_file_and_in_all_its_way(tmp_path: Path) -> None:
    long_agents = "# AGENTS.md\n" + "".join(f"- Rule {i}: keep it short 🦞\n"
                                            for i in range(400))
    ws = _openclaw(tmp_path, {"workspace/AGENTS.md": long_agents},
                   config=json.dumps({"agents": {"defaults": {
                       "bootstrapMaxChars": 3000, "bootstrapTotalMaxChars": 3300}}}))
    result = run_audit(ws)
    assert result.block.rule == "OpenClaw: 3,000 characters a file, 3,300 in all"
    assert result.block.text == openclaw_block(ws, 3000, 3300)
    assert "[...truncated, read AGENTS.md for full content...]" in result.block.text
    assert result.block.cut
    kinds = _kinds(result)
    assert ("over_limit", "AGENTS.md", None) in kinds
    # The total is charged with AGENTS.md after its own cut (3,000 + the marker), so the
    # files fit in 3,300: near the total, not past it (their raw lengths would be past).
    assert ("near_limit", ".", None) in kinds
    assert ("over_limit", ".", None) not in kinds


def test_openclaw_warns_at_80_percent_before_anything_is_cut(tmp_path: Path) -> None:
    ws = _openclaw(tmp_path, {"workspace/MEMORY.md": "# MEMORY.md\n" + "x" * 850 + "\n"})
    result = run_audit(ws, limits=(("bootstrap_max_chars", 1000),))
    assert result.block.text == openclaw_block(ws, 1000)
    assert not result.block.cut
    assert ("near_limit", "MEMORY.md", None) in _kinds(result)


def test_openclaw_agents_md_at_paths_are_prose_not_imports(tmp_path: Path) -> None:
    """newuser30 #17: OpenClaw injects AGENTS.md as written (nothing expands an ``@path``),
    so a missing ``@docs/gone.md`` is no ``broken_import`` error and a loop no cycle."""
    ws = _openclaw(tmp_path, {
        "workspace/AGENTS.md": "# AGENTS.md\n@docs/rules.md\n@docs/gone.md\n"
                               "```\n@docs/rules.md\n```\n",
        "workspace/docs/rules.md": "# Rules\nSee @../AGENTS.md\n"})
    kinds = {k for k, _, _ in _kinds(run_audit(ws))}
    assert not kinds & {"broken_import", "import_in_code", "import_cycle", "import_too_deep"}


def test_gemini_md_imports_are_checked(tmp_path: Path) -> None:
    ws = _gemini(tmp_path, "", {
        "GEMINI.md": "# GEMINI.md\n@docs/rules.md\n@docs/gone.md\n```\n@docs/rules.md\n```\n",
        "docs/rules.md": "# Rules\nSee @../GEMINI.md\n"})
    (ws / "MEMORY.md").unlink()  # GEMINI.md loads when there is no MEMORY.md
    kinds = _kinds(run_audit(ws))
    assert ("broken_import", "GEMINI.md", 3) in kinds
    assert ("import_in_code", "GEMINI.md", 5) in kinds
    assert ("import_cycle", "docs/rules.md", 2) in kinds


# -- Codex ------------------------------------------------------------------------------------

def _codex(tmp: Path, summary: str, memory: str) -> Path:
    folder = tmp / ".codex" / "memories"
    make_ws(folder, {
        "memory_summary.md": summary,
        "MEMORY.md": memory,
        "raw_memories.md": "- raw: the deploy ran twice\n",
        "rollout_summaries/2026-07-20T09-00-00-deploy.md": "# Deploy thread\nIt ran twice.\n",
        "skills/deploy/SKILL.md": "---\nname: deploy\ndescription: how to deploy\n---\n"
                                  "Run make deploy.\n",
    })
    return folder


CODEX_MEMORY = ("# Memory\n\n## Deploys\n- Ran twice on 2026-07-20: see "
                "rollout_summaries/2026-07-20T09-00-00-deploy.md\n"
                "- How: skills/deploy/SKILL.md\n")


def test_codex_clean_folder_injects_the_summary_only(tmp_path: Path) -> None:
    folder = _codex(tmp_path, "  # Summary\n- Deploys: Fridays, via skills/deploy.\n\n",
                    CODEX_MEMORY)
    result = run_audit(folder)
    assert result.profile == "codex"
    assert result.findings == []
    assert result.orphans == []
    assert result.block.text == codex_block(folder)
    assert result.block.files == ["memory_summary.md"]


def test_codex_cuts_the_summary_at_2500_tokens_and_finds_a_missing_path(tmp_path: Path
                                                                        ) -> None:
    summary = "".join(f"- fact {i}: ünïcödé and 漢字 keep their bytes whole\n"
                      for i in range(400))
    folder = _codex(tmp_path, summary,
                    CODEX_MEMORY + "- Older: rollout_summaries/2026-01-01T00-00-00-gone.md\n")
    result = run_audit(folder)
    assert result.block.text == codex_block(folder)
    assert "tokens truncated…" in result.block.text and result.block.cut
    kinds = _kinds(result)
    assert ("over_limit", "memory_summary.md", None) in kinds
    assert ("broken_link", "MEMORY.md", 6) in kinds
    assert run_audit(folder, limits=(("summary_tokens", 100_000),)).block.text == \
        codex_block(folder, 100_000)


# -- Gemini CLI -------------------------------------------------------------------------------

def _gemini(tmp: Path, index: str, topics: dict[str, str]) -> Path:
    folder = tmp / ".gemini" / "tmp" / "my-project" / "memory"
    make_ws(folder, {"MEMORY.md": index.replace("$DIR", str(folder.resolve())), **topics,
                     "skills/deploy/SKILL.md": "---\nname: deploy\n---\nSteps.\n"})
    return folder


def test_gemini_pointer_lines_are_references_and_a_missing_one_is_broken(tmp_path: Path
                                                                         ) -> None:
    folder = _gemini(tmp_path, "# Project Memory\n- See $DIR/deploy-notes.md for deploy "
                               "notes notes.\n- The VPN: vpn.md\n", {
                                   "deploy-notes.md": "# deploy notes\nFridays.\n",
                                   "vpn.md": "# vpn\nDrops at midnight.\n"})
    result = run_audit(folder)
    assert result.profile == "gemini"
    assert result.findings == []  # siblings without frontmatter, pointers not links
    assert result.orphans == []
    assert result.block.text == (folder / "MEMORY.md").read_text(encoding="utf-8")
    broken = _gemini(tmp_path / "b", "# Project Memory\n- See $DIR/gone.md for gone "
                                     "notes.\n", {"lonely.md": "# lonely\n"})
    kinds = _kinds(run_audit(broken))
    assert ("broken_link", "MEMORY.md", 2) in kinds
    assert ("orphan", "lonely.md", None) in kinds  # named nowhere: Gemini never reads it
    # newuser24 #15: the missing file is in the folder (the Broken view said "outside the
    # memory folder" and offered nothing): its path there, and the closest files
    gone = run_audit(broken).broken_links
    assert [(b.target, b.outside, b.suggestions) for b in gone] == [
        ("gone.md", False, ["lonely.md"])]


def test_gemini_md_beside_memory_md_is_neither_a_topic_nor_checked_for_imports(
        tmp_path: Path) -> None:
    """newuser24 #49: a GEMINI.md beside MEMORY.md was an orphan topic file and its import
    an error, while Gemini loads it only when there is no MEMORY.md."""
    both = _gemini(tmp_path / "a", "# m\n", {"GEMINI.md": "x @nope.md\n"})
    result = run_audit(both)
    assert result.findings == [] and result.orphans == []
    assert "GEMINI.md" not in result.scans
    alone = _gemini(tmp_path / "b", "", {"GEMINI.md": "x @nope.md\n"})
    (alone / "MEMORY.md").unlink()
    assert ("broken_import", "GEMINI.md", 1) in _kinds(run_audit(alone))


# -- the command line names the agent ---------------------------------------------------------

def test_memtui_audit_names_each_agent(tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    folders = {
        "hermes": _hermes(tmp_path / "h"),
        "openclaw": _openclaw(tmp_path / "o"),
        "codex": _codex(tmp_path / "c", "# Summary\n", CODEX_MEMORY),
        "gemini": _gemini(tmp_path / "g", "# Project Memory\n", {}),
    }
    agents = {"hermes": "Hermes", "openclaw": "OpenClaw", "codex": "Codex",
              "gemini": "Gemini CLI"}
    for name, folder in folders.items():
        status, text = _cli(str(folder))
        assert status == 0 and f"/ {name} ({agents[name]}" in text.replace("\n", " "), text
        status, out = _cli(str(folder), "--json")
        data = json.loads(out)
        assert (data["profile"], data["agent"]) == (name, agents[name])
        assert data["injected_block"]["rule"].startswith(agents[name])


def test_profile_by_flag_and_by_config(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / "plain", {"MEMORY.md": "One fact.\n§\nAnother.\n",
                                          "USER.md": "Likes tea.\n"})
    (folder / "notes").mkdir()  # nothing agent-shaped beyond the stores
    assert run_audit(folder, profile="claude-code").profile == "claude-code"
    _, out = _cli(str(folder), "--json", "--profile", "hermes")
    assert json.loads(out)["profile"] == "hermes"
    (folder / ".memtui.toml").write_text('profile = "codex"\n', encoding="utf-8")
    _, out = _cli(str(folder), "--json")
    assert json.loads(out)["profile"] == "codex"


# -- fleet: --discover finds the agents' homes -------------------------------------------------

def test_discover_finds_each_agents_home_and_names_its_profile(tmp_path: Path) -> None:
    from memtui.core.fleet import audit_one, find_workspaces

    home = tmp_path / "home"
    hermes = _hermes(home)
    openclaw = _openclaw(home)
    codex = _codex(home, "# Summary\n", CODEX_MEMORY)
    gemini = _gemini(home, "# Project Memory\n", {})
    claude = make_ws(home / ".claude" / "projects" / "p" / "memory",
                     {"MEMORY.md": "- [A](a.md)\n"})
    (home / ".cache" / "x").mkdir(parents=True)  # other hidden folders are not walked
    (home / ".cache" / "x" / "MEMORY.md").write_text("x\n", encoding="utf-8")
    found = find_workspaces(home)
    assert found == sorted([hermes, openclaw, codex, gemini, claude])
    rows = {p: audit_one(str(p), {"now": NOW}, "error")["profile"] for p in found}
    assert rows == {hermes: "hermes", openclaw: "openclaw", codex: "codex",
                    gemini: "gemini", claude: "claude-code"}


# -- hostile input: never a crash, never a read through a link or past a bound ---------------

def test_hostile_agent_files_and_configs(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET\n", encoding="utf-8")
    ws = _openclaw(tmp_path / "o", config='{"agents": {"defaults": {"bootstrapMaxChars": '
                                          '"abc", "bootstrapTotalMaxChars": -5}}}')
    (ws / "SOUL.md").unlink()
    (ws / "SOUL.md").symlink_to(secret)  # a link out: never read, injected as missing
    result = run_audit(ws)
    assert "TOP SECRET" not in result.block.text
    assert f"[MISSING] Expected at: {ws / 'SOUL.md'}" in result.block.text
    assert result.block.rule == "OpenClaw: 20,000 characters a file, 150,000 in all"
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(9)) + "memory:\n  memory_char_limit: *j\n"
    folder = _hermes(tmp_path / "h", config=bomb)
    kinds = _kinds(run_audit(folder))
    assert ("agent_config", ".", None) in kinds
    (folder.parent / "config.yaml").write_bytes(b"memory:\n  memory_char_limit: 9" * 20_000)
    assert ("agent_config", ".", None) in _kinds(run_audit(folder))  # over 256 KiB
    (folder / "MEMORY.md").write_bytes(b"\xff\xfe not utf-8 \x00\n\xc2\xa7\n")
    assert run_audit(folder).profile == "hermes"  # decoded with replacement, no crash


def test_a_store_of_half_a_million_copies_is_bounded(tmp_path: Path) -> None:
    import time

    folder = _hermes(tmp_path, memory="x\n§\n" * 500_000)  # 2.5 MB: read to its 2 MiB
    started = time.process_time()  # CPU: wall time on a shared machine is not the code's
    result = run_audit(folder)
    assert time.process_time() - started < 30  # ~3 s here; quadratic was minutes
    entries = [f for f in result.findings if f.kind == "duplicate_entry"]
    # 2 MiB hold 419,431 entries (5 bytes each): 200 findings, then one for the rest
    assert len(entries) == 201
    assert any(f.message.startswith("and 419,230 more") for f in entries)


def test_openclaw_total_cut_is_over_the_limit(tmp_path: Path) -> None:
    """Files that each fit their own cap but not the total between them: the total cuts
    (OpenClaw's clamp, or a file dropped for lack of room) and says so."""
    big = "# MEMORY.md\n" + "".join(f"- fact {i}: the lobster molts in spring\n"
                                    for i in range(70))
    ws = _openclaw(tmp_path, {"workspace/MEMORY.md": big},
                   config=json.dumps({"agents": {"defaults": {
                       "bootstrapMaxChars": 3000, "bootstrapTotalMaxChars": 2000}}}))
    result = run_audit(ws)
    assert result.block.text == openclaw_block(ws, 3000, 2000)
    assert ("over_limit", ".", None) in _kinds(result)


def test_an_agents_md_alone_does_not_make_an_item_workspace_openclaw(tmp_path: Path) -> None:
    """newuser24 #37: a one-line AGENTS.md (the cross-agent file a repository keeps)
    beside an item workspace's MEMORY.md switched it to openclaw, and its orphans went
    silent. AGENTS.md counts with SOUL.md or another of OpenClaw's own bootstrap files."""
    files = {"MEMORY.md": "- [A](memory/a.md)\n", "memory/a.md": memory("a"),
             "memory/b.md": memory("b"), "AGENTS.md": "# Agents\n"}
    ws = make_ws(tmp_path / "ws", files)
    result = run_audit(ws)
    assert result.profile == "item" and [o.path for o in result.orphans] == ["memory/b.md"]
    (ws / "IDENTITY.md").write_text("# IDENTITY.md\n- Name: Rex\n", encoding="utf-8")
    assert run_audit(ws).profile == "openclaw"


def test_openclaw_credentials_in_a_bootstrap_file_are_reported(
        tmp_path: Path, capsys: object) -> None:
    """newuser29 #14: TOOLS.md (injected every turn) held credentials and --fail-on error
    passed: only MEMORY.md and memory/ were read for them."""
    ws = _openclaw(tmp_path, {
        "workspace/TOOLS.md": "# TOOLS.md\n\nThe NAS is at nas.local.\n"
                              "- **Login** : ann@example.com / Sardine.2310\n"
                              "- NAS_PASSWORD=Zr5@pLq81!mw\n"})
    with redirect_stdout(io.StringIO()) as out:
        status = main(["audit", str(ws), "--json"])
    secrets = [f for f in json.loads(out.getvalue())["findings"] if f["kind"] == "secret"]
    assert status == 1
    assert {(f["path"], f["line"]) for f in secrets} == {("TOOLS.md", 4), ("TOOLS.md", 5)}
    assert all("the agent loads this file into every turn" in f["message"] for f in secrets)
    assert not [f for f in secrets if "Zr5@pLq81!mw" in f["message"]]
