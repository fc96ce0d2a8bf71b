"""The JSON report of SPEC §4 (``memtui audit --json``)."""

from __future__ import annotations

from typing import Any

from memtui.core.audit import AuditResult

#: 2: workspace-level findings (path ".", with "files"), age_source "unknown", orphans
#: counted from the loaded index only (with "past_limit"), documentation files apart, the
#: window chosen per profile (see the README).
SCHEMA = 2


def hot_and_packed(result: AuditResult) -> dict[str, dict[str, float]]:
    """Average cost per memory on hot (one-link) lines versus packed lines."""
    out: dict[str, dict[str, float]] = {}
    for kind, label in (("entry", "hot"), ("packed", "packed")):
        rows = [c for c in result.line_costs if c.kind == kind]
        memories = sum(c.memories for c in rows)
        chars = sum(c.chars for c in rows)
        tokens = sum(c.tokens.get("qwen", 0) for c in rows)
        out[label] = {
            "lines": len(rows),
            "memories": memories,
            "chars": chars,
            "chars_per_memory": round(chars / memories, 1) if memories else 0.0,
            "qwen_tokens_per_memory": round(tokens / memories, 1) if memories else 0.0,
        }
    return out


def to_json(result: AuditResult) -> dict[str, Any]:
    """The report as a JSON-ready dict: the fixed keys of SPEC §4 plus a few extra ones."""
    idx = result.index
    block = result.block
    wiki = result.wikirefs
    return {
        "schema": SCHEMA,
        "workspace": str(result.workspace.root),
        "layout": result.workspace.layout,
        "profile": result.profile,
        "memory_files": len(result.scans),
        "documentation": result.documentation,
        "index": {
            "path": idx.path,
            "exists": idx.exists,
            "lines": len(idx.lines),
            "chars": len(idx.text),
            "bytes": idx.size,
            "entries": sum(1 for ln in idx.lines if ln.kind == "entry"),
            "packed_lines": sum(1 for ln in idx.lines if ln.kind == "packed"),
            "linked_files": len(result.index_linked),
            "loaded_lines": result.loaded_lines,
            "costs": hot_and_packed(result),
            "line_costs": [{"line": c.line, "kind": c.kind, "memories": c.memories,
                            "chars": c.chars, "bytes": c.bytes, "tokens": c.tokens}
                           for c in result.line_costs],
        },
        "orphans": [{"path": o.path, "reachable": o.reachable, "linked_from": o.linked_from,
                     "past_limit": o.past_limit} for o in result.orphans],
        "broken_links": [{"source": b.source, "line": b.line, "target": b.target,
                          "suggestions": b.suggestions} for b in result.broken_links],
        "wikilinks": {
            "total": len(wiki),
            "dangling": [{"source": w.source, "line": w.line, "target": w.target}
                         for w in wiki if w.state == "dangling"],
            "fuzzy": [{"source": w.source, "line": w.line, "target": w.target,
                       "resolved": w.resolved} for w in wiki if w.state == "fuzzy"],
        },
        "types": result.types,
        "injected_block": {
            "chars": block.chars,
            "bytes": block.bytes,
            "tokens": block.tokens,
            "window": block.window,
            "window_name": block.window_name,
            "share": round(block.share, 4),
            "share_tokenizer": block.tokenizer,
            "files": block.files,
            "cut_by_load_limit": block.cut,
        },
        "files": [{"path": f.path, "name": f.name, "type": f.type, "bytes": f.bytes,
                   "age_days": f.age_days, "age_source": f.age_source, "linked": f.linked,
                   "reachable": f.reachable, "tokens": f.tokens, "findings": f.findings}
                  for f in result.files],
        "findings": [f.to_dict() for f in result.findings],
    }
