"""The window's finding (``over_limit`` / ``near_limit``) is put among the derivation's
findings in their order (the index's first, then by path, line, kind), on the first audit
and on a re-audit: it is placed, not sorted in with the rest (a sort of every finding cost
~15 % of a re-audit at 10,000 files, issue 35)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.results import finding_order
from memtui.core.workspace import open_workspace


def workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for name in ("alpha", "beta", "gamma"):
        (root / "memory" / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: {name}\ntype: user\n---\n"
            f"See [gone](missing-{name}.md) and [[nowhere-{name}]].\n", encoding="utf-8")
    (root / "memory" / "zeta.md").write_text("no frontmatter at all\n", encoding="utf-8")
    (root / "MEMORY.md").write_text(
        "- [Alpha](memory/alpha.md) — a\n- [Lost](memory/lost.md) — gone\n"
        "- [Beta](memory/beta.md) — b\n", encoding="utf-8")
    return root


def test_the_window_finding_sits_in_order_first_and_after_a_change(tmp_path: Path) -> None:
    root = workspace(tmp_path / "ws")
    auditor = Auditor(open_workspace(root), AuditOptions(num_ctx=8, file_tokens=False),
                      autosave=False)
    for edit in range(3):
        result = auditor.run() if edit == 0 else auditor.run(changed={"memory/beta.md"})
        kinds = [f.kind for f in result.findings]
        assert "over_limit" in kinds and len(kinds) > 6
        assert result.findings == sorted(result.findings, key=finding_order)
        assert kinds.count("over_limit") == 1
        (root / "memory" / "beta.md").write_text(
            f"---\nname: beta\ndescription: b\ntype: user\n---\nEdit {edit} [x](gone-{edit}.md)\n",
            encoding="utf-8")
