"""A workspace's health in one flat row: the numbers a fleet table and a trend plot show."""

from __future__ import annotations

from typing import Any

from memtui.core.checks.findings import SEVERITY_RANK, reaches

#: The columns of a health row, in the order tables show them.
ROW_KEYS = ("path", "memory_files", "orphans", "unreachable", "broken_links", "dangling",
            "block_tokens", "share", "secrets", "oldest_days", "exit")


def load_share(loads: list[dict[str, Any]]) -> dict[str, Any]:
    """The worst share of the agent's load limits (``load_share``, ``load_what``: the
    file or store it measures), none when the agent has no load limit."""
    worst = max(loads, key=lambda ld: ld.get("share") or 0.0, default=None)
    if worst is None:
        return {}
    return {"load_share": worst.get("share"), "load_what": worst.get("what")}


def index_loads(index: dict[str, Any]) -> list[dict[str, Any]]:
    """Claude Code's index against its load limits (lines, bytes) as ``loads`` are: the
    fleet's limit column and the app's header agree (newuser37 #32)."""
    limits = index.get("load_limits") or {}
    return [{"what": f"MEMORY.md {unit}", "share": index[unit] / limit}
            for unit, limit in limits.items() if limit and isinstance(index.get(unit), int)]


def result_loads(result: Any) -> list[dict[str, Any]]:
    """An `AuditResult`'s load limits as its JSON report's ``injected_block.loads`` (an
    agent profile's) or ``index.load_limits`` (Claude Code's) give them to `load_share`:
    what a trend point reads without writing the report (newuser42 #17)."""
    block, idx = result.block, result.index
    if block.rule:
        return [load.to_dict() for load in block.loads]
    if result.profile == "claude-code" and idx.exists:
        return index_loads({"lines": idx.line_count, "bytes": idx.size,
                            "load_limits": {"lines": result.options.max_lines,
                                            "bytes": result.options.max_bytes}})
    return []


def health_row(report: dict[str, Any], fail_on: str = "error") -> dict[str, Any]:
    """The health of one workspace in one flat row, from its JSON report (SPEC §4)."""
    findings = report.get("findings", [])
    severities = {s: 0 for s in SEVERITY_RANK}
    for f in findings:
        severities[f["severity"]] = severities.get(f["severity"], 0) + 1
    orphans = report.get("orphans", [])
    # a file whose age is unknown (its mtime is a copy date) has no age to be oldest by
    ages = [f["age_days"] for f in report.get("files", [])
            if f.get("age_days") is not None and f.get("age_source") != "unknown"]
    block = report.get("injected_block", {})
    tokens = block.get("tokens", {})
    tokenizer = block.get("share_tokenizer", "qwen")
    return {
        "path": report.get("workspace", ""),
        "layout": report.get("layout"),
        "profile": report.get("profile"),
        "memory_files": report.get("memory_files", 0),
        "orphans": len(orphans),
        "unreachable": sum(1 for o in orphans if not o.get("reachable")),
        "broken_links": len(report.get("broken_links", [])),
        "dangling": len(report.get("wikilinks", {}).get("dangling", [])),
        # in the tokenizer the window is measured in (qwen for items, cl100k for Claude)
        "block_tokens": tokens.get(tokenizer, next(iter(tokens.values()), 0)),
        "tokenizer": tokenizer,
        "window": block.get("window"),
        "window_name": block.get("window_name"),
        "share": block.get("share"),
        "secrets": sum(1 for f in findings if f["kind"] == "secret"),
        "oldest_days": max(ages) if ages else None,
        "findings": severities,
        "exit": 1 if any(reaches(f["severity"], fail_on) for f in findings) else 0,
        "error": None,
        # a warning (an injection, a store near or over its limit) shows in the fleet,
        # and the agent's own load limit at its worst, where it has one (newuser36 #11)
        "warnings": severities.get("warning", 0),
        **load_share(block.get("loads") or index_loads(report.get("index") or {})),
        # memories saved as entries of a file the agent loads (Gemini's GEMINI.md:
        # newuser36 #10, a row of "0 files"), only where there are
        **({"saved_memories": sum(saved.values())}
           if (saved := block.get("saved_memories")) else {}),
    }


def files_cell(r: dict[str, Any]) -> str:
    """A row's files, or its saved memories where it holds no memory file but entries saved
    in a file the agent loads (Gemini's GEMINI.md: newuser36 #10, a row of "0 files")."""
    if not r.get("memory_files") and r.get("saved_memories"):
        return f"{r['saved_memories']:,} saved"
    return f"{r['memory_files']:,}"


def limit_text(r: dict[str, Any]) -> str:
    """A row's worst load-limit share (``109%``), or "–" when the agent has none."""
    share = r.get("load_share")
    return "–" if share is None else f"{share:.0%}"


def limit_style(r: dict[str, Any]) -> str:
    share = r.get("load_share") or 0.0
    return "bold red" if share > 1 else "yellow" if share >= 0.8 else ""
