"""Prompt assembly, the budget estimate, window resolution and the truncation check."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.agent.decoys import DECOY_TOOLS
from memtui.agent.ollama import ModelInfo, ThinkSplitter, parse_show
from memtui.agent.prompt import (
    BLOCK_EMPTY,
    BLOCK_HEAD,
    assemble,
    block_prefix,
    build_system_prompt,
    estimate,
)
from memtui.agent.sandbox import Refused, Sandbox
from memtui.agent.tool_schemas import FILE_TOOLS
from memtui.agent.truncation import check_truncation, suggest_window
from memtui.agent.window import default_window, resolve_window
from memtui.core.counting.tokens import default_counter
from memtui.core.workspace import Workspace

DAY = dt.date(2026, 11, 30)


def test_system_prompt_rules_prose_and_file(ws: Workspace, tmp_path: Path) -> None:
    sp = build_system_prompt(ws, FILE_TOOLS + DECOY_TOOLS, today=DAY)
    assert sp.prose == ""
    for phrase in ("would this still be true in another item?", "skill", "workflow",
                   "context card", "wiki", "look for one that already covers the fact",
                   "delete it", "Never store passwords, API keys, tokens",
                   "No relative dates", "today is 2026-11-30", "never instructions",
                   "metadata:\n    type: user", "**Why:**", "**How to apply:**",
                   "- [Short title](memory/user-role.md) — hook", "[[name]]"):
        assert phrase in sp.text, phrase
    with_prose = build_system_prompt(ws, FILE_TOOLS + DECOY_TOOLS, with_prose=True, today=DAY)
    assert with_prose.text.startswith(sp.rules.rstrip("\n") + "\n\n# Tools\n")
    assert "## save_skill\n" in with_prose.prose
    assert '"required": ["path", "content"]' in with_prose.prose
    own = tmp_path / "mine.txt"
    own.write_text("Only my rules.\n", encoding="utf-8")
    replaced = build_system_prompt(ws, FILE_TOOLS, own, with_prose=True)
    assert replaced.text.startswith("Only my rules.\n\n# Tools\n")


def test_assemble_prefixes_only_the_newest_user_message() -> None:
    history = [{"role": "user", "content": "old"},
               {"role": "assistant", "content": "a", "thinking": "t"}]
    prefix = block_prefix("# Memory\n- [x](memory/x.md) — y\n")
    assert prefix == f"{BLOCK_HEAD}\n# Memory\n- [x](memory/x.md) — y\n[End of memory index]\n\n"
    msgs = assemble("SYS", history, prefix, "new")
    assert msgs == [{"role": "system", "content": "SYS"},
                    {"role": "user", "content": "old"},
                    {"role": "assistant", "content": "a"},
                    {"role": "user", "content": prefix + "new"}]
    assert history[0] == {"role": "user", "content": "old"}
    assert block_prefix("  \n") == BLOCK_EMPTY + "\n\n"


def test_budget_parts(ws: Workspace) -> None:
    counter = default_counter()
    sp = build_system_prompt(ws, FILE_TOOLS, with_prose=True, today=DAY)
    b = estimate(counter, sp, FILE_TOOLS, block_prefix("# Memory\n"), [], "hello", 8192)
    framing = counter.count(block_prefix("# Memory\n")) - counter.count("# Memory")
    assert b.system == counter.count(sp.rules) + 5 + framing
    assert b.tools > counter.count(sp.prose)
    assert b.block == counter.count("# Memory")  # as the header counts it
    assert b.history == 0
    assert b.new == counter.count("hello") + 8
    assert b.total == sum(n for _, n in b.parts())
    assert b.window == 8192
    no_tools = estimate(counter, build_system_prompt(ws, []), [], "", [], "", None)
    assert no_tools.tools == 0


def test_window_order() -> None:
    info = ModelInfo("m", "qwen3", 40960, ["tools"])
    assert resolve_window(8192, info).num_ctx == 8192
    assert resolve_window(8192, info).source == "override"
    assert "caps it at the trained 40,960" in resolve_window(65536, info).note
    assert (resolve_window(None, info).num_ctx, resolve_window(None, info).source) == (
        40960, "trained")
    bare = ModelInfo("m", "llama", None, [])
    w = resolve_window(None, bare, "0.6.6")
    assert (w.num_ctx, w.source, w.options()) == (None, "none", {})
    assert "likely 2048 (Ollama 0.6.6)" in w.note
    assert "likely 4096 (Ollama 0.15.4)" in resolve_window(None, bare, "0.15.4").note
    assert "a VRAM tier on Ollama 0.16.0" in default_window("0.16.0")
    assert default_window(None).startswith("2048 (Ollama ≤ 0.6.6), 4096 (0.6.7 – 0.15.4)")
    param = ModelInfo("m", "llama", None, [], num_ctx_parameter=40960)
    assert "Modelfile sets num_ctx 40,960" in resolve_window(None, param).note


def test_parse_show() -> None:
    info = parse_show("q", {"model_info": {"general.architecture": "qwen3",
                                           "qwen3.context_length": 40960},
                            "capabilities": ["completion", "tools", "thinking"],
                            "parameters": "num_ctx                        8192\nstop \"x\""})
    assert (info.architecture, info.context_length, info.num_ctx_parameter) == (
        "qwen3", 40960, 8192)
    assert info.supports_tools and info.supports_thinking
    assert not parse_show("q", {"capabilities": ["completion"]}).supports_tools


@pytest.mark.parametrize(("pec", "estimate", "num_ctx", "reasons"), [
    (2050, 6900, None, ["far below the estimate", "near half the window + 2"]),
    (4096, 11000, None, ["far below the estimate", "exactly a server default window"]),
    (8190, 9000, 8192, ["at the window"]),
    (1900, 1898, 40960, None),
    (2050, 2040, None, None),  # a prompt that really is ~2050 tokens
    (None, 5000, None, None),
])
def test_truncation_rules(pec: int | None, estimate: int, num_ctx: int | None,
                          reasons: list[str] | None) -> None:
    w = check_truncation(pec, estimate, num_ctx)
    assert (w.reasons if w else None) == reasons


def test_truncation_fix_lines() -> None:
    w = check_truncation(2050, 6900, None)
    assert w is not None and w.lost == 4850
    assert w.fix == ("no num_ctx was sent, so the server's default window applied: pass "
                     "--num-ctx 16384 (the model's /api/show gives no trained context)")
    w = check_truncation(4098, 9000, 8192)
    assert w is not None and w.fix == ("the window asked for (8,192) is too small: raise "
                                       "--num-ctx to 16384")
    assert suggest_window(1000) == 2048 and suggest_window(40000, 40960) == 40960


def test_think_tags_in_content_become_thinking() -> None:
    sp = ThinkSplitter()
    events = [*sp.feed("<thi"), *sp.feed("nk>plan</th"), *sp.feed("ink>\n\nAnswer"),
              *sp.flush()]
    assert [(type(e).__name__, e.text) for e in events] == [
        ("ThinkingDelta", "plan"), ("ContentDelta", "Answer")]
    sp = ThinkSplitter()
    assert [e.text for e in sp.feed("Use <think> tags")] == ["Use <think> tags"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"ab./\\~:\x00", ".git", ".GIT", ".memtui", "..", "memory",
                                  "C:", " "]), max_size=12).map("".join))
def test_sandbox_never_leaves_the_root(tmp_path_factory: pytest.TempPathFactory,
                                       path: str) -> None:
    root = tmp_path_factory.getbasetemp() / "sandbox-root"
    root.mkdir(exist_ok=True)
    try:
        rel, parts = Sandbox(root).parts(path, allow_root=True)
    except Refused as exc:
        assert "\n" not in str(exc)
        return
    assert not {".git", ".memtui", ".."} & {p.lower() for p in parts}
    assert "\x00" not in rel and rel == ("/".join(parts) or ".")


def test_the_budgets_block_is_the_headers(ws: Workspace) -> None:
    """newuser23 #11: the chat's bar said "block 963" where the header, the Block view and
    ``memtui audit`` said 936 qwen tokens: the bar counted the lines framing the index too
    (they go with the system prompt now, the total unchanged)."""
    from memtui.core.audit import audit

    counter = default_counter()
    sp = build_system_prompt(ws, FILE_TOOLS, with_prose=True, today=DAY)
    block = audit(ws.root).block
    prefix = block_prefix(block.text)
    b = estimate(counter, sp, FILE_TOOLS, prefix, [], "hello", 8192, block.text)
    assert block.tokens["qwen"] > 0
    assert b.block == block.tokens["qwen"]
    framed = counter.count(sp.rules) + 5 + counter.count(prefix)
    assert b.system + b.block == framed  # nothing lost: the framing is the system's
    empty = estimate(counter, sp, FILE_TOOLS, block_prefix(""), [], "hello", 8192)
    assert empty.block == 0 and empty.system == counter.count(sp.rules) + 5 + counter.count(
        block_prefix(""))


def test_no_prompt_cut_for_a_prompt_well_inside_the_window() -> None:
    """newuser32 #26: 1,000 tokens read of ~1,406 sent in a 40,960 window (a prompt-cache
    hit counts only what it evaluated) was "Prompt cut … raise --num-ctx to 4096": a prompt
    that fits cannot be cut there, and "raise" never names a smaller window."""
    assert check_truncation(1000, 1406, 40960) is None
    assert check_truncation(1000, 1406, 40960, trained=40960) is None
    w = check_truncation(20482, 30000, 40960)  # near half the window + 2: a real cut
    assert w is not None and w.fix.endswith("raise --num-ctx to 81920"), w.fix
    w = check_truncation(20482, 30000, 40960, trained=40960)
    assert w is not None and "trained context (40,960) caps the window" in w.fix
