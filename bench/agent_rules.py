"""What each agent injects, computed from the agents' own sources — never by calling memtui.

Used by ``bench.agentfolders audit`` (real folders) and the agent fixture tests, to check that
memtui's injected block is byte-equal to what the agent itself would put into context. Each
function is a transcription of the agent's code named in its docstring; where memtui's block
definition differs from the raw prompt (the agent's wrapper text, several files joined), the
difference is the one docs/formats.md states: the files' text without the agent's prompt
template, several parts joined with a blank line.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

# --- OpenClaw ---------------------------------------------------------------------------

#: ``loadWorkspaceBootstrapFiles`` (openclaw ``src/agents/workspace.ts``): the order, and
#: MEMORY.md only when it exists; any other missing file becomes a ``[MISSING]`` line.
OPENCLAW_FILES = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md",
                  "BOOTSTRAP.md", "MEMORY.md")
OPENCLAW_MIN_BUDGET = 64  # MIN_BOOTSTRAP_FILE_BUDGET_CHARS


def _u16(s: str) -> list[int]:
    """The string as JavaScript sees it: UTF-16 code units."""
    b = s.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(b[i:i + 2], "little") for i in range(0, len(b), 2)]


def _js(units: list[int]) -> str:
    raw = b"".join(u.to_bytes(2, "little") for u in units)
    return raw.decode("utf-16-le", "surrogatepass")


def _js_trim_end(units: list[int]) -> list[int]:
    """``String.prototype.trimEnd``: JS WhiteSpace and LineTerminator code points."""
    ws = {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F,
          0x3000, 0xFEFF} | set(range(0x2000, 0x200B))
    end = len(units)
    while end and units[end - 1] in ws:
        end -= 1
    return units[:end]


def _truncate_utf16_safe(units: list[int], n: int) -> list[int]:
    """``truncateUtf16Safe``: the first ``n`` units, never ending on a lone high surrogate."""
    cut = units[:max(0, n)]
    if cut and 0xD800 <= cut[-1] <= 0xDBFF:
        cut = cut[:-1]
    return cut


def _clamp(units: list[int], budget: int) -> list[int]:
    """``clampToBudget``."""
    if budget <= 0:
        return []
    if len(units) <= budget:
        return units
    if budget <= 3:
        return _truncate_utf16_safe(units, budget)
    return _truncate_utf16_safe(units, budget - 1) + _u16("…")


def _trim_bootstrap(units: list[int], name: str, max_chars: int) -> list[int]:
    """``trimBootstrapContent``: trimEnd, then 70 % head + 20 % tail around a marker."""
    trimmed = _js_trim_end(units)
    if len(trimmed) <= max_chars:
        return trimmed
    head_n, tail_n = math.floor(max_chars * 0.7), math.floor(max_chars * 0.2)
    head = trimmed[:head_n]
    tail = trimmed[-tail_n:] if tail_n else trimmed[:]  # JS slice(-0) is the whole string
    marker = "\n".join(["", f"[...truncated, read {name} for full content...]",
                        f"…(truncated {name}: kept {head_n}+{tail_n} chars of {len(trimmed)})…",
                        ""])
    return head + _u16("\n" + marker + "\n") + tail


def openclaw_block(ws: Path, max_chars: int = 20_000, total_max: int = 150_000) -> str:
    """``buildBootstrapContextFiles`` (openclaw ``src/agents/pi-embedded-helpers/bootstrap.ts``)
    over ``loadWorkspaceBootstrapFiles``; each file read as UTF-8 (``fs.readFile``)."""
    remaining = max(1, total_max)
    parts: list[str] = []
    for name in OPENCLAW_FILES:
        path = ws / name
        if remaining <= 0:
            break
        if not path.is_file():
            if name == "MEMORY.md":
                continue
            text = _clamp(_u16(f"[MISSING] Expected at: {path}"), remaining)
            if not text:
                break
            remaining = max(0, remaining - len(text))
            parts.append(_js(text))
            continue
        if remaining < OPENCLAW_MIN_BUDGET:
            break
        content = _u16(path.read_bytes().decode("utf-8", errors="replace"))
        trimmed = _trim_bootstrap(content, name, max(1, min(max_chars, remaining)))
        within = _clamp(trimmed, remaining)
        if not within:
            continue
        remaining = max(0, remaining - len(within))
        parts.append(_js(within))
    return "\n\n".join(parts)


# --- Hermes Agent -----------------------------------------------------------------------

HERMES_DELIMITER = "\n§\n"


def hermes_entries(path: Path) -> list[str]:
    """``MemoryStore._read_file`` then the load-time de-duplication (``dict.fromkeys``)."""
    if not path.exists():
        return []
    raw = path.read_text(encoding="utf-8", errors="replace")  # universal newlines, as Hermes
    if not raw.strip():
        return []
    entries = [e.strip() for e in raw.split(HERMES_DELIMITER)]
    return list(dict.fromkeys(e for e in entries if e))


def hermes_render(target: str, entries: list[str], limit: int) -> str:
    """``MemoryStore._render_block`` (hermes-agent ``tools/memory_tool.py`` at 029cfb255c)."""
    if not entries:
        return ""
    content = HERMES_DELIMITER.join(entries)
    current = len(content)
    pct = min(100, int((current / limit) * 100)) if limit > 0 else 0
    cap = max(limit * 2, 4000)
    if current > cap:
        head, tail = int(cap * 0.7), int(cap * 0.2)
        content = (content[:head] + f"\n\n[... {current - head - tail:,} chars truncated — "
                   f"memory over budget ({current:,}/{limit:,}); consolidate via "
                   f"memory(action=remove/replace) ...]\n\n" + content[-tail:])
    over = " ⚠ OVER BUDGET" if current > limit else ""
    label = "USER PROFILE (who the user is)" if target == "user" else "MEMORY (your personal notes)"
    header = f"{label} [{pct}% — {current:,}/{limit:,} chars{over}]"
    sep = "═" * 46
    return f"{sep}\n{header}\n{sep}\n{content}"


def hermes_block(memories: Path, memory_limit: int = 2200, user_limit: int = 1375) -> str:
    """Both stores' blocks (memory, then user), the empty ones left out."""
    blocks = [hermes_render("memory", hermes_entries(memories / "MEMORY.md"), memory_limit),
              hermes_render("user", hermes_entries(memories / "USER.md"), user_limit)]
    return "\n\n".join(b for b in blocks if b)


def hermes_limits(memories: Path) -> tuple[int, int]:
    """``memory.memory_char_limit`` / ``memory.user_char_limit`` of ``../config.yaml``, read as
    Hermes does (``int()`` of each; both defaults if anything fails)."""
    import yaml

    mem, user = 2200, 1375
    cfg = memories.parent / "config.yaml"
    if not cfg.is_file():
        return mem, user
    try:
        data = yaml.safe_load(cfg.read_text(encoding="utf-8")) or {}
        section = data.get("memory", {}) or {}
        return (int(section.get("memory_char_limit", mem)),
                int(section.get("user_char_limit", user)))
    except Exception:  # Hermes: "config optional — fall back to defaults"
        return mem, user


# --- Codex CLI --------------------------------------------------------------------------

def _floor_boundary(b: bytes, i: int) -> int:
    i = min(i, len(b))
    while 0 < i < len(b) and (b[i] & 0xC0) == 0x80:
        i -= 1
    return i


def codex_truncate(text: str, max_tokens: int) -> str:
    """``truncate_middle_with_token_budget`` (openai/codex ``codex-rs/utils/string/src/
    truncate.rs`` at b24d7f3c9a): 4 bytes a token; past the budget, the first half and the
    last half of ``4 × max_tokens`` bytes on character boundaries around a token marker."""
    b = text.encode("utf-8")
    if not b:
        return ""
    max_bytes = max_tokens * 4
    if max_tokens > 0 and len(b) <= max_bytes:
        return text
    if max_bytes == 0:
        return f"…{math.ceil(len(b) / 4)} tokens truncated…"
    left, right = max_bytes // 2, max_bytes - max_bytes // 2
    prefix_end = _floor_boundary(b, left)
    target = max(0, len(b) - right)
    suffix_start = target
    while suffix_start < len(b) and (b[suffix_start] & 0xC0) == 0x80:
        suffix_start += 1
    suffix_start = max(suffix_start, prefix_end)
    removed = math.ceil(max(0, len(b) - max_bytes) / 4)
    return (b[:prefix_end].decode("utf-8") + f"…{removed} tokens truncated…"
            + b[suffix_start:].decode("utf-8"))


def codex_block(memories: Path, max_tokens: int = 2500) -> str:
    """``build_memory_tool_developer_instructions`` (``codex-rs/ext/memories/src/prompts.rs``
    at 247e74096d): ``memory_summary.md`` trimmed (Rust ``str::trim``), then truncated."""
    path = memories / "memory_summary.md"
    if not path.is_file():
        return ""
    text = path.read_bytes().decode("utf-8", errors="replace").strip()
    return codex_truncate(text, max_tokens)


# --- Gemini CLI -------------------------------------------------------------------------

#: An import in a GEMINI.md (``memoryImportProcessor.ts``): ``@`` at a word's start, then a
#: path ending in a file extension; not inside a code fence or an inline code span.
GEMINI_IMPORT = re.compile(r"(?<!\S)@((?:\.{0,2}/|~/)?[^\s`]+\.[A-Za-z0-9]+)")
#: How deep imports of imports are followed (``processImports``' ``maxDepth``, 5).
GEMINI_IMPORT_DEPTH = 5


def _gemini_imports(path: Path, seen: set[Path], depth: int) -> list[str]:
    """The texts ``path`` imports, each file once (a circular import is skipped), depth
    first in the order written, files that do not exist left out (Gemini CLI leaves a
    comment saying the import failed, which no memory's text holds)."""
    if depth > GEMINI_IMPORT_DEPTH:
        return []
    texts: list[str] = []
    fenced = False
    for line in path.read_bytes().decode("utf-8", errors="replace").splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced:
            continue
        for m in GEMINI_IMPORT.finditer(re.sub(r"`[^`]*`", "", line)):
            target = (path.parent / os.path.expanduser(m.group(1))).resolve()
            if target in seen or not target.is_file():
                continue
            seen.add(target)
            texts.append(target.read_bytes().decode("utf-8", errors="replace"))
            texts.extend(_gemini_imports(target, seen, depth + 1))
    return texts


def gemini_block(memory: Path) -> str:
    """MEMORY.md whole, else a legacy GEMINI.md in the folder (``getUserProjectMemoryPaths``)
    with the files its ``@path`` lines import (``memoryImportProcessor.ts``: Gemini CLI puts
    each in place of its line; here, as docs/formats.md states memtui's block, each file's
    text after the file importing it, joined with a blank line)."""
    index = memory / "MEMORY.md"
    if index.is_file():
        return index.read_bytes().decode("utf-8", errors="replace")
    legacy = memory / "GEMINI.md"
    if not legacy.is_file():
        return ""
    text = legacy.read_bytes().decode("utf-8", errors="replace")
    return "\n\n".join([text, *_gemini_imports(legacy, {legacy.resolve()}, 1)])


def expected_block(profile: str, folder: Path) -> str | None:
    """The block ``profile``'s agent injects from ``folder`` with its default or configured
    limits; None for a profile this module does not model."""
    if profile == "openclaw":
        return openclaw_block(folder)
    if profile == "hermes":
        return hermes_block(folder, *hermes_limits(folder))
    if profile == "codex":
        return codex_block(folder)
    if profile == "gemini":
        return gemini_block(folder)
    return None
