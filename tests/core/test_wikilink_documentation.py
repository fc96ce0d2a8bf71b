"""real30: ``[[CLAUDE.md]]`` in a memory ("the navigation tree is in [[CLAUDE.md]]") was a
dangling wikilink that "names no memory yet". README.md, CLAUDE.md and AGENTS.md are the
project's documentation, never memories (SPEC §3): a wikilink naming one is no memory to
write. A missing memory named like one but without the extension is still dangling."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit


def _memory(body: str) -> str:
    return f"---\nname: nav\ndescription: nav\ntype: project\n---\n{body}\n"


def test_a_wikilink_to_the_documentation_is_no_missing_memory(tmp_path: Path) -> None:
    make_ws(tmp_path, {
        "MEMORY.md": "- [Nav](nav.md) — the navigation\n",
        "nav.md": _memory("The tree is in [[CLAUDE.md]] and [[agents.md]]; see [[routing]]."),
    })
    result = run_audit(tmp_path)
    dangling = sorted(f.message for f in result.findings if f.kind == "dangling_wikilink")
    assert dangling == ["[[routing]] names no memory yet"]
    assert [w.target for w in result.wikirefs] == ["routing"]
