"""The bench's generated workspaces: the ``name`` link style names each memory its own way and
links by that name, and memtui reads it as it reads the ``stem`` style."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from bench.generate import generate
from memtui.core.audit import AuditOptions, audit

KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")


def _names(ws: Path) -> dict[str, str]:
    """file stem → frontmatter name, for every memory."""
    out = {}
    for p in ws.glob("*_*.md"):
        m = re.search(r"^name: (.*)$", p.read_text(encoding="utf-8"), re.M)
        assert m is not None, p
        out[p.stem] = m.group(1)
    return out


def test_name_style_gives_each_memory_a_kebab_name_and_links_by_it(tmp_path: Path) -> None:
    ws = generate(tmp_path / "name", 120, layout="flat", median=2900, link_style="name")
    names = _names(ws)
    assert len(names) == 120 and len(set(names.values())) == 120
    assert all(KEBAB.match(n) and n != stem for stem, n in names.items())
    links = [t for p in ws.glob("*.md") for t in re.findall(r"\[\[([^\]]+)\]\]",
                                                             p.read_text(encoding="utf-8"))]
    assert links and not set(links) & set(names)  # no link names a file stem
    named = [t for t in links if t in set(names.values())]
    assert len(named) >= 0.9 * len(links)


def test_both_styles_draw_the_same_workspace_and_audit_alike(tmp_path: Path) -> None:
    stem = generate(tmp_path / "stem", 120, layout="flat", median=2900)
    name = generate(tmp_path / "name", 120, layout="flat", median=2900, link_style="name")
    assert sorted(p.name for p in stem.iterdir()) == sorted(p.name for p in name.iterdir())
    linked = [re.findall(r"\]\(([^)]+)\)", (ws / "MEMORY.md").read_text(encoding="utf-8"))
              for ws in (stem, name)]
    assert linked[0] == linked[1]  # the same index lines link the same memories
    options = AuditOptions(now=1_800_000_000.0)
    results = [audit(ws, options) for ws in (stem, name)]
    kinds = [Counter(f.kind for f in r.findings) for r in results]
    assert kinds[0] == kinds[1]
    assert kinds[1]["dangling_wikilink"] > 0 and "fuzzy_wikilink" not in kinds[1]
    assert [o.path for o in results[0].orphans] == [o.path for o in results[1].orphans]
    assert results[0].reachable == results[1].reachable
