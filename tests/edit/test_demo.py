"""Every operation on a copy of the bundled demo workspace: exact bytes after, undo back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from memtui.core.workspace import open_workspace
from memtui.demo import demo_copy
from memtui.edit import fold_ops, index_ops, memory_ops
from memtui.edit.apply import apply
from memtui.edit.changeset import Changeset
from memtui.edit.draft import spelled_as
from memtui.edit.journal import undo
from memtui.edit.snapshot import Snapshot
from tests.edit.conftest import tree

COLD = ("- Cold, spring 2025: [A seasoning](memory/chamber-a-seasoning.md) · "
        "[氣體洩漏](memory/gas-line-leak-2025.md) · [MES fields](memory/mes-field-names.md) · "
        "[舊管制界限](memory/old-spc-limits.md) · [HMDS prime](memory/photo-hmds-prime.md) · "
        "[操作員訓練](memory/operator-training.md)")

#: The demo index's last hot entry, after which new entries go (not under "## Cold").
HOT_END = "- [邊環磨耗](memory/edge-ring-wear.md) — 邊環壽命約 900 RF 小時\n"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return demo_copy(tmp_path)


def raw(root: Path, rel: str) -> bytes:
    return (root / rel).read_bytes()


def sub(data: bytes, old: str, new: str) -> bytes:
    assert data.count(old.encode()) == 1, old
    return data.replace(old.encode(), new.encode())


Plan = Callable[[Snapshot], Changeset]
# name → (plan, {path: expected bytes from the original bytes, or None = deleted})
Expect = Callable[[Callable[[str], bytes]], dict[str, bytes | None]]
CASES: dict[str, tuple[Plan, Expect]] = {
    "add-to-index under a heading": (
        lambda s: index_ops.add_to_index(s, ["scrap-log"], under="Alerts"),
        lambda o: {"MEMORY.md": sub(o("MEMORY.md"), "before quoting them.\n",
                                    "before quoting them.\n- [Scrap log](memory/scrap-log.md)"
                                    " — Scrap counts per week, kept by the user\n")}),
    "add-to-index --all-unreachable": (
        lambda s: index_ops.add_to_index(s, [], all_unreachable=True),
        lambda o: {"MEMORY.md": sub(o("MEMORY.md"), HOT_END, HOT_END + (
            "- [Endpoint detector](memory/endpoint-detector.md) — OES endpoint detector: "
            "watches the 703 nm line\n"
            "- [Chart colors](memory/feedback_chart-colors.md) — 圖表配色：管制界限用"
            "紅色虛線，目標值用灰色\n"
            "- [Notes scratch](memory/notes-scratch.md)\n"
            "- [Scrap log](memory/scrap-log.md) — Scrap counts per week, kept by the user\n"
            # Not a second "Cpk target": line 25 has that title (newuser23 #40).
            "- [Cpk target 2025](memory/superseded/cpk-target-2025.md) — Capability targets "
            "as they were in 2025 (superseded)\n"))}),
    "repoint a broken index link": (
        lambda s: index_ops.repoint(s, "memory/endpoint-trace.md", "memory/endpoint-detector.md"),
        lambda o: {"MEMORY.md": sub(o("MEMORY.md"), "(memory/endpoint-trace.md)",
                                    "(memory/endpoint-detector.md)")}),
    "repoint a broken link inside a memory": (
        lambda s: index_ops.repoint(s, "memory/chamber-a-pm-2024.md",
                                    "memory/chamber-a-pm-2025-03.md"),
        lambda o: {"memory/chamber-a-history.md": sub(
            o("memory/chamber-a-history.md"), "(chamber-a-pm-2024.md)",
            "(chamber-a-pm-2025-03.md)")}),
    "remove-link from the packed line": (
        lambda s: index_ops.remove_link(s, "memory/operator-training.md"),
        lambda o: {"MEMORY.md": sub(o("MEMORY.md"),
                                    " · [操作員訓練](memory/operator-training.md)", "")}),
    "fold": (
        lambda s: fold_ops.fold(s, ["memory/cpk-target.md", "legacy-export"], "Cold, 2026"),
        lambda o: {"MEMORY.md": sub(
            o("MEMORY.md"),
            "- [Cpk target](memory/cpk-target.md) — 1.33 for CD, 1.67 for critical layers\n"
            "- [Legacy export](memory/legacy-export.md) — the 2019 Excel export, saved in Big5\n",
            "- Cold, 2026: [Cpk target](memory/cpk-target.md) — 1.33 for CD, 1.67 for "
            "critical layers · [Legacy export](memory/legacy-export.md) — the 2019 Excel "
            "export, saved in Big5\n")}),
    "unfold": (
        lambda s: fold_ops.unfold(s, 37),
        lambda o: {"MEMORY.md": sub(o("MEMORY.md"), COLD + "\n", (
            "- [A seasoning](memory/chamber-a-seasoning.md) — Chamber A seasoning: three "
            "bare-Si wafers after every wet clean\n"
            "- [氣體洩漏](memory/gas-line-leak-2025.md) — 2025 年五月 CF4 管路洩漏事件\n"
            "- [MES fields](memory/mes-field-names.md) — MES export field names and what they "
            "mean\n"
            "- [舊管制界限](memory/old-spc-limits.md) — 2025 年以前的管制界限（已停用）\n"
            "- [HMDS prime](memory/photo-hmds-prime.md) — HMDS prime time for the litho step "
            "upstream of etch\n"
            "- [操作員訓練](memory/operator-training.md) — 操作員訓練：新人要跟班兩週才能獨立處理 "
            "hold\n"))}),
    "rename a file with spaces, linked percent-encoded": (
        lambda s: memory_ops.rename(s, "lot-hold-rules", "lot-holds"),
        lambda o: {
            "memory/lot hold rules.md": None,
            "memory/lot-holds.md": sub(o("memory/lot hold rules.md"), "name: lot-hold-rules",
                                       "name: lot-holds"),
            "MEMORY.md": sub(o("MEMORY.md"), "(memory/lot%20hold%20rules.md)",
                             "(memory/lot-holds.md)"),
            "memory/spc-rules.md": sub(o("memory/spc-rules.md"), "(lot%20hold%20rules.md)",
                                       "(lot-holds.md)")}),
    "rename a file linked in angle brackets": (
        lambda s: memory_ops.rename(s, "memory/tool matching.md", "chamber-matching"),
        lambda o: {
            "memory/tool matching.md": None,
            "memory/chamber-matching.md": sub(o("memory/tool matching.md"),
                                              "name: tool-matching", "name: chamber-matching"),
            "MEMORY.md": sub(o("MEMORY.md"), "(<memory/tool matching.md>)",
                             "(memory/chamber-matching.md)")}),
    "rename keeps a Big5 body byte for byte": (
        lambda s: memory_ops.rename(s, "legacy-export", "export-2019"),
        lambda o: {
            "memory/legacy-export.md": None,
            "memory/export-2019.md": sub(o("memory/legacy-export.md"), "name: legacy-export",
                                         "name: export-2019"),
            "MEMORY.md": sub(o("MEMORY.md"), "(memory/legacy-export.md)",
                             "(memory/export-2019.md)")}),
    "rename rewrites wikilinks": (
        lambda s: memory_ops.rename(s, "chamber-a-seasoning", "seasoning"),
        lambda o: {
            "memory/chamber-a-seasoning.md": None,
            "memory/seasoning.md": sub(o("memory/chamber-a-seasoning.md"),
                                       "name: chamber-a-seasoning", "name: seasoning"),
            "MEMORY.md": sub(o("MEMORY.md"), "(memory/chamber-a-seasoning.md)",
                             "(memory/seasoning.md)"),
            "memory/cleaning-cycle.md": sub(o("memory/cleaning-cycle.md"),
                                            "[[chamber-a-seasoning]]", "[[seasoning]]")}),
    "fix-wikilinks": (
        lambda s: memory_ops.fix_wikilinks(s),
        lambda o: {"memory/recipe-v2-(draft).md": sub(o("memory/recipe-v2-(draft).md"),
                                                      "[[Deploy_Checklist]]",
                                                      "[[deploy-checklist]]")}),
    "new": (
        lambda s: memory_ops.new(s, "shift-rule", "feedback", "No night DOE runs", index=True),
        lambda o: {
            "memory/shift-rule.md": b"---\nname: shift-rule\ndescription: \"No night DOE runs\""
                                    b"\nmetadata:\n  type: feedback\n---\n\n**Why:** \n"
                                    b"**How to apply:** \n",
            "MEMORY.md": sub(o("MEMORY.md"), HOT_END, HOT_END + "- [Shift rule]"
                             "(memory/shift-rule.md) — No night DOE runs\n")}),
    "delete": (
        lambda s: memory_ops.delete(s, ["chamber-a-seasoning"]),
        lambda o: {"memory/chamber-a-seasoning.md": None,
                   "MEMORY.md": sub(o("MEMORY.md"),
                                    "[A seasoning](memory/chamber-a-seasoning.md) · ", "")}),
    "redact": (
        lambda s: memory_ops.redact(s, "vendor-contacts"),
        lambda o: {"memory/vendor-contacts.md": sub(o("memory/vendor-contacts.md"),
                                                    "AKIAQ7XK2MB4VZJ6TR3N", "[REDACTED]")}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_operation_on_the_demo(demo: Path, case: str) -> None:
    plan, expect = CASES[case]
    start = tree(demo)
    originals: dict[str, bytes] = {}

    def original(rel: str) -> bytes:
        if rel not in originals:
            originals[rel] = raw(demo, rel)
        return originals[rel]

    expected = expect(original)
    w = open_workspace(demo)
    changeset = plan(Snapshot.read(w))
    assert sorted(changeset.paths) == sorted(expected)
    changeset.diff()
    assert tree(demo) == start  # planning and diffing write nothing
    apply(w, changeset)
    for rel, data in expected.items():
        if data is None:
            assert not (demo / rel).exists(), rel
        else:
            assert raw(demo, rel) == data, rel
    after = tree(demo)
    untouched = set(start) - set(expected)
    assert {k: after[k] for k in untouched} == {k: start[k] for k in untouched}
    if case == "redact":  # the credential is not kept: not undoable (test_redaction_undo)
        return
    undo(w)
    assert tree(demo) == start


def test_delete_on_the_demo_reports_the_dangling_wikilink(demo: Path) -> None:
    cs = memory_ops.delete(Snapshot.read(open_workspace(demo)), ["chamber-a-seasoning"])
    assert cs.notes == ["memory/cleaning-cycle.md:8: [[chamber-a-seasoning]] now dangles"]


def test_the_fixes_clear_their_findings(demo: Path) -> None:
    from memtui.core.audit import audit

    def kinds() -> dict[str, int]:
        counts: dict[str, int] = {}
        for f in audit(demo).findings:
            counts[f.kind] = counts.get(f.kind, 0) + 1
        return {k: counts.get(k, 0) for k in ("broken_link", "fuzzy_wikilink", "secret")}

    assert kinds() == {"broken_link": 2, "fuzzy_wikilink": 1, "secret": 1}
    w = open_workspace(demo)
    for plan in (lambda s: index_ops.repoint(s, "memory/endpoint-trace.md",
                                             "memory/endpoint-detector.md"),
                 lambda s: index_ops.repoint(s, "memory/chamber-a-pm-2024.md",
                                             "memory/chamber-a-pm-2025-03.md"),
                 memory_ops.fix_wikilinks,
                 lambda s: memory_ops.redact(s, "vendor-contacts"),
                 lambda s: index_ops.add_to_index(s, [], all_unreachable=True)):
        apply(w, plan(Snapshot.read(w)))
    assert kinds() == {"broken_link": 0, "fuzzy_wikilink": 0, "secret": 0}
    assert [o.path for o in audit(demo).orphans if not o.reachable] == []


def test_delete_removes_a_wikilink_index_entry(demo: Path) -> None:
    original = raw(demo, "MEMORY.md")
    w = open_workspace(demo)
    apply(w, memory_ops.delete(Snapshot.read(w), ["cleaning-cycle"]))
    assert raw(demo, "MEMORY.md") == sub(
        original, "- [[cleaning-cycle]] — wet clean every 1,200 RF hours\n", "")


def test_remove_link_by_name_on_a_wikilink_entry(demo: Path) -> None:
    original = raw(demo, "MEMORY.md")
    w = open_workspace(demo)
    apply(w, index_ops.remove_link(Snapshot.read(w), "cleaning-cycle"))
    assert raw(demo, "MEMORY.md") == sub(
        original, "- [[cleaning-cycle]] — wet clean every 1,200 RF hours\n", "")


def test_drafted_titles_keep_the_acronyms_the_description_spells(demo: Path) -> None:
    """newuser26 #29: "Rf generator swap", "Bias power doe", "Chamber a pm 2025 03" beside
    hooks spelling "RF", "DOE", "Chamber A PM"; a sentence's first word is not taken (its
    capital is the sentence's)."""
    snap = Snapshot.read(open_workspace(demo))
    cs = index_ops.add_to_index(snap, ["rf-generator-swap", "bias-power-doe",
                                       "chamber-a-pm-2025-03"])
    added = [ln for ln in cs.changes[0].after.decode().splitlines()
             if ln not in snap.index.text.splitlines()]
    assert [ln.split("](")[0] for ln in added] == [
        "- [RF generator swap", "- [Bias power DOE", "- [Chamber A PM 2025 03"]
    assert spelled_as("Deploy day", "Deploy runs on Fridays.") == "Deploy day"
    assert spelled_as("Use ios app", "Team: use the iOS app.") == "Use iOS app"
