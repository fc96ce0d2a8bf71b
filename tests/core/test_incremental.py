"""Re-auditing in process: only changed files are re-read, results equal a fresh audit."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

import memtui.core.audit as audit_mod
import memtui.core.checks.near_duplicate as nd
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.reporting.json_report import to_json
from memtui.core.results import AuditResult
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, memory


def _fresh(root: Path) -> dict[str, object]:
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW)).run())


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_ws(tmp_path / "w", {
        "MEMORY.md": "- [a](memory/a.md)\n- [b](memory/b.md)\n",
        "memory/a.md": memory("a", "see [[b]]\n"),
        "memory/b.md": memory("b"),
        "memory/c.md": memory("c"),
    })


def _counting_scans(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = audit_mod.scan_file

    def spy(full: Path, rel: str, mtime: float, st: os.stat_result | None = None,
            *rest: Any) -> audit_mod.FileScan:
        seen.append(rel)
        return real(full, rel, mtime, st, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(audit_mod, "scan_file", spy)
    return seen


def test_change_one_file(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    seen = _counting_scans(monkeypatch)
    auditor.run()
    assert seen == ["memory/a.md", "memory/b.md", "memory/c.md"]
    seen.clear()
    (ws / "memory/a.md").write_text(memory("a", "now [[c]] and [[zz]]\n"), encoding="utf-8")
    r = auditor.run(changed={"memory/a.md"})
    assert seen == ["memory/a.md"]
    assert [(o.path, o.reachable) for o in r.orphans] == [("memory/c.md", True)]
    assert to_json(r) == _fresh(ws)
    seen.clear()
    r = auditor.run(changed=set())  # nothing changed: nothing re-read
    assert seen == []
    r = auditor.run()  # a full walk re-reads nothing unchanged either
    assert seen == []


def test_added_and_deleted_files(ws: Path) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    auditor.run()
    (ws / "memory/new.md").write_text(memory("new"), encoding="utf-8")
    os.remove(ws / "memory/b.md")
    r = auditor.run(changed={"memory/new.md", "memory/b.md"})
    assert sorted(r.scans) == ["memory/a.md", "memory/c.md", "memory/new.md"]
    assert [(b.source, b.target) for b in r.broken_links] == [("MEMORY.md", "memory/b.md")]
    assert to_json(r) == _fresh(ws)


def test_index_change(ws: Path) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    auditor.run()
    (ws / "MEMORY.md").write_text("- [a](memory/a.md)\n- [c](memory/c.md)\n", encoding="utf-8")
    r = auditor.run(changed={"MEMORY.md"})
    assert r.index_linked == {"memory/a.md", "memory/c.md"}
    assert [(o.path, o.reachable) for o in r.orphans] == [("memory/b.md", True)]
    assert to_json(r) == _fresh(ws)


def test_new_folder_walks_again(ws: Path) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    auditor.run()
    (ws / "memory/sub").mkdir()
    (ws / "memory/sub/d.md").write_text(memory("d"), encoding="utf-8")
    r = auditor.run(changed={"memory/sub"})
    assert "memory/sub/d.md" in r.scans
    assert to_json(r) == _fresh(ws)


def test_sequence_of_edits_matches_fresh_audits(ws: Path) -> None:
    """Renames, duplicates, links appearing and vanishing: every step equals a fresh audit."""
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    auditor.run()
    steps: list[tuple[str, str]] = [
        ("memory/c.md", memory("b", "now a duplicate of b's name\n")),
        ("memory/b.md", memory("b2", "renamed; [[c]] and [x](a.md)\n")),
        ("memory/a.md", memory("a", "no links any more\n")),
        ("memory/c.md", memory("c", "[[a]] [[b2]] [[ghost]]\n", extra="  modified: 2020-01-01\n")),
        ("memory/a.md", memory("a", "[gone](nope.md) [[C]]\n")),
    ]
    for rel, text in steps:
        (ws / rel).write_text(text, encoding="utf-8")
        got = to_json(auditor.run(changed={rel}))
        assert got == _fresh(ws), rel


def test_changed_options_rebuild_file_states(ws: Path) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW, stale_days=None))
    assert [f.kind for f in auditor.run().findings].count("stale") == 0
    auditor.options.stale_days = 0.5
    stale = [f for f in auditor.run(changed=set()).findings if f.kind == "stale"]
    assert [len(f.files) for f in stale] == [3]


def test_ages_follow_the_clock_between_audits(ws: Path) -> None:
    """A kept file state holds only while its age in whole days is the same: later (and
    earlier) clocks give every age a fresh audit gives."""
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    ages = [[r.age_days for r in auditor.run().files]]
    for now in (NOW + 0.25 * DAY, NOW + 3 * DAY, NOW + 3.5 * DAY, NOW - 0.5 * DAY):
        auditor.options.now = now
        result = auditor.run(changed=set())
        fresh = Auditor(open_workspace(ws), AuditOptions(now=now)).run()
        assert to_json(result) == to_json(fresh), now
        ages.append([r.age_days for r in result.files])
    assert ages[0] == [1, 1, 1] and ages[2] == [4, 4, 4] and ages[4] == [0, 0, 0]


def test_hint_never_adds_hidden_files_or_symlinks_out(ws: Path, tmp_path: Path) -> None:
    auditor = Auditor(open_workspace(ws), AuditOptions(now=NOW))
    auditor.run()
    (ws / "memory/.drafts").mkdir()
    (ws / "memory/.drafts/x.md").write_text(memory("x"), encoding="utf-8")
    (tmp_path / "outside.md").write_text(memory("out"), encoding="utf-8")
    (ws / "memory/link.md").symlink_to(tmp_path / "outside.md")
    r = auditor.run(changed={"memory/.drafts/x.md", "memory/link.md"})
    assert sorted(r.scans) == ["memory/a.md", "memory/b.md", "memory/c.md"]
    assert [(f.path, f.message) for f in r.findings if f.kind == "read_problem"] == [
        ("memory/link.md", "symlink leads outside the workspace, not followed")]
    assert to_json(r) == _fresh(ws)


def test_links_that_change_what_is_reachable_match_fresh_audits(tmp_path: Path) -> None:
    """One file's links decide whether a chain of files the index does not link is reachable
    and who links them: the files the re-audit looks at again must include all of them."""
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [a](memory/a.md)\n",
        "memory/a.md": memory("a", "see [[d]]\n"),
        "memory/d.md": memory("d", "see [[e]]\n"),
        "memory/e.md": memory("e", "see [[f]]\n"),
        "memory/f.md": memory("f"),
    })
    auditor = Auditor(open_workspace(root), AuditOptions(now=NOW))
    auditor.run()
    steps: list[tuple[str, str]] = [
        ("memory/a.md", memory("a", "no links now\n")),  # d, e, f: no longer reachable
        ("memory/f.md", memory("f", "the body alone\n")),
        ("memory/e.md", memory("e", "[[d]] instead of f\n")),  # f loses its only link
        ("memory/a.md", memory("a", "[[e]] again\n")),  # e, d reachable; f still not
        ("memory/d.md", memory("d", "[[f]] too\n")),  # f reachable through d
    ]
    for rel, text in steps:
        (root / rel).write_text(text, encoding="utf-8")
        got = to_json(auditor.run(changed={rel}))
        assert got == to_json(Auditor(open_workspace(root), AuditOptions(now=NOW)).run()), rel



def _graph(result: object) -> tuple[object, ...]:
    """What of a result the JSON leaves out but the app shows: the graph, in its order."""
    g = result.graph  # type: ignore[attr-defined]
    return (list(g.out.items()), list(g.back.items()), list(g.placeholders.items()),
            list(result.types.items()), sorted(result.reachable))  # type: ignore[attr-defined]


WORDS = ["etch", "rate", "drift", "after", "the", "chamber", "cleaning", "on", "lot", "twelve",
         "was", "measured", "again", "with", "new", "recipe", "and", "yield", "stayed", "flat",
         "across", "every", "wafer", "of", "week"]


def _body(rng: random.Random, words: int) -> str:
    start = rng.randrange(len(WORDS))
    return " ".join(WORDS[(start + i) % len(WORDS)] for i in range(words)) + "\n"


@pytest.mark.parametrize("keep_texts", [True, False])
def test_random_edits_match_fresh_audits(tmp_path: Path, keep_texts: bool) -> None:
    """Links added and taken away (reachability growing and shrinking), names, types and
    dates changed, bodies copied from another file (near-duplicates appearing and going),
    sixty edits in a row: every re-audit equals a fresh audit, graph and counts included
    (the steps over all files derive their value from the last one, `Memo.once_by`; an
    auditor that keeps no texts keeps no parts and derives them whole)."""
    rng = random.Random(35)
    n = 40
    files = {f"memory/m{i:02}.md": memory(f"m{i:02}", _body(rng, 30) + f"[[m{(i + 1) % n:02}]]\n")
             for i in range(n)}
    files["MEMORY.md"] = "".join(f"- [m{i:02}](memory/m{i:02}.md)\n" for i in range(0, n, 7))
    root = make_ws(tmp_path / "w", files)
    live = Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=keep_texts))
    live.run()
    texts = {rel: text for rel, text in files.items() if rel != "MEMORY.md"}
    for step in range(60):
        rel = f"memory/m{rng.randrange(n):02}.md"
        name, kind = rel[7:10], rng.choice(("project", "feedback", "reference"))
        links = " ".join(f"[[m{rng.randrange(n):02}]]" for _ in range(rng.randrange(3)))
        if rng.random() < 0.1:
            links += " [[ghost]] [x](nope.md)"
        body = texts[rng.choice(sorted(texts))].split("---\n", 2)[-1] \
            if rng.random() < 0.3 else _body(rng, rng.choice((8, 30, 60)))
        if rng.random() < 0.15:
            name = f"m{rng.randrange(n):02}"  # a duplicate name
        extra = "  modified: 2020-01-01\n" if rng.random() < 0.2 else ""
        texts[rel] = memory(name, body + links + "\n", type_=kind, extra=extra)
        (root / rel).write_text(texts[rel], encoding="utf-8")
        got = _as_fresh(live, root, rel, step)
    assert any(f.kind == "near_duplicate" for f in got.findings)


def _as_fresh(live: Auditor, root: Path, rel: str, step: int) -> AuditResult:
    """``live``'s re-audit after ``rel`` changed, checked equal to a fresh audit's."""
    got = live.run(changed={rel})
    fresh = Auditor(open_workspace(root), AuditOptions(now=NOW)).run()
    assert to_json(got) == to_json(fresh), (step, rel)
    assert _graph(got) == _graph(fresh), (step, rel)
    return got


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


_ALIKE = ("Backups of the billing database run nightly at 02:15 UTC and are kept for 35 "
          "days in the cold bucket; the restore drill runs every quarter on a staging copy "
          "and the on-call engineer signs the report afterwards.\n")


@pytest.mark.parametrize("all_pairs", [300, 3])
def test_content_rules_and_files_coming_and_going_match_fresh_audits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, all_pairs: int) -> None:
    """The issue-34 content rules through a live auditor: a near-duplicate pair made and
    undone by an edit, by a new file and by a deleted one; a relative date; a stale
    reference into a real project and its fix; the **Why:** convention taken up and
    dropped; hidden text; a rename; every re-audit equals a fresh audit (every pair
    compared, or LSH buckets past ``ALL_PAIRS``)."""
    monkeypatch.setattr(nd, "ALL_PAIRS", all_pairs)
    proj = tmp_path / "proj"
    make_ws(proj, {"src/app.py": "def run_app():\n    pass\n", "src/old.py": "x = 1\n"})
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "one")
    _git(proj, "rm", "-q", "src/old.py")
    _git(proj, "commit", "-qm", "two")
    rng = random.Random(34)
    own = {f"memory/m{i}.md": _body(rng, 40) for i in range(8)}
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "".join(f"- [m{i}](memory/m{i}.md)\n" for i in range(0, 8, 2)),
        **{rel: memory(rel[7:9], body + f"[[m{(int(rel[8]) + 1) % 8}]]\n")
           for rel, body in own.items()}})
    opts = {"now": NOW, "project": str(proj)}
    live = Auditor(open_workspace(root), AuditOptions(**opts))  # type: ignore[arg-type]
    live.run()
    steps: list[tuple[str, str | None]] = [
        ("memory/m1.md", memory("m1", _ALIKE)),  # alone: nothing yet
        ("memory/m2.md", memory("m2", _ALIKE + "[[m3]]\n")),  # a pair by an edit
        ("memory/m2.md", memory("m2", own["memory/m2.md"])),  # undone
        ("memory/new.md", memory("new", _ALIKE.replace("35", "36"))),  # a pair by a new file
        ("memory/m1.md", None),  # the pair undone by a deletion (and an index link broken)
        ("memory/m3.md", memory("m3", "Shipped last week; the freeze starts tomorrow.\n")),
        ("memory/m4.md", memory("m4", "Config lives in `src/old.py`; see src/app.py.\n")),
        ("memory/m4.md", memory("m4", "Config lives in `src/app.py` now.\n")),
        ("memory/m5.md", memory("m5", "**Why:** the auditors asked.\n**How to apply:** "
                                      "always.\n", type_="feedback")),  # the convention
        ("memory/m3.md", memory("m3", "plain\n", type_="feedback")),  # lacking both labels
        ("memory/m6.md", memory("m6", "pay \u200bthe invoice\n")),
        ("memory/m5.md", memory("m5", "no labels now\n", type_="feedback")),  # dropped
        ("memory/m7.md", memory("renamed", own["memory/m7.md"] + "[[m0]] [[m7]]\n")),
        ("memory/m1.md", memory("m1", _ALIKE + "[[new]]\n")),  # back, the pair again
        ("memory/new.md", None),
    ]
    kinds: set[str] = set()
    for rel, text in steps:
        if text is None:
            (root / rel).unlink()
        else:
            (root / rel).write_text(text, encoding="utf-8")
        got = live.run(changed={rel})
        fresh = Auditor(open_workspace(root), AuditOptions(**opts)).run()  # type: ignore[arg-type]
        assert to_json(got) == to_json(fresh), rel
        assert _graph(got) == _graph(fresh), rel
        kinds.update(f.kind for f in got.findings)
    assert {"near_duplicate", "relative_date", "hidden_text", "stale_reference",
            "missing_why"} - kinds == set()


@pytest.mark.parametrize("all_pairs", [300, 8])
def test_random_files_created_and_deleted_match_fresh_audits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, all_pairs: int) -> None:
    """Files created (some copying another's body) and deleted among edits, forty steps:
    every re-audit equals a fresh audit (the steps that take files coming and going,
    `Memo.once_by`'s ``moves``, and those made whole when the files change)."""
    monkeypatch.setattr(nd, "ALL_PAIRS", all_pairs)
    rng = random.Random(21)
    texts = {f"memory/m{i:02}.md": memory(f"m{i:02}", _body(rng, 30) + f"[[m{i + 1:02}]]\n")
             for i in range(16)}
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "".join(f"- [m{i:02}](memory/m{i:02}.md)\n" for i in range(0, 16, 5)),
        **texts})
    live = Auditor(open_workspace(root), AuditOptions(now=NOW))
    live.run()
    for step in range(40):
        pick = rng.random()
        if pick < 0.3 and len(texts) > 4:
            rel = rng.choice(sorted(texts))
            del texts[rel]
            (root / rel).unlink()
        else:
            rel = f"memory/m{rng.randrange(24):02}.md"
            body = texts[rng.choice(sorted(texts))].split("---\n", 2)[-1] \
                if rng.random() < 0.4 else _body(rng, rng.choice((8, 30)))
            texts[rel] = memory(rel[7:10], body + f"[[m{rng.randrange(24):02}]]\n")
            (root / rel).write_text(texts[rel], encoding="utf-8")
        got = _as_fresh(live, root, rel, step)
    assert any(f.kind == "near_duplicate" for f in got.findings)


def test_renames_resolve_others_links_as_fresh_audits(tmp_path: Path) -> None:
    """A ``name:`` changed (the files the same): the links of other files that the names
    answer otherwise (exact names taken and given up, fuzzy spellings, a dangling name
    that now names a file, the spelling a fuzzy link is told to use) resolve as in a fresh
    audit; the others are not resolved again (`names_reach`)."""
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [a](memory/alpha.md)\n- [d](memory/d.md)\n",
        "memory/alpha.md": memory("alpha", "first\n"),
        "memory/beta-notes.md": memory("Beta Notes", "second\n"),
        "memory/feedback_gamma.md": memory("gamma rules", "third\n", type_="feedback"),
        "memory/d.md": memory("d", "[[Beta Notes]] [[beta_notes]] [[gamma]] [[gamma-rules]] "
                                   "[[ALPHA]] [[zeta]] [v](zeta)\n"),
        "memory/e.md": memory("e", "[[alpha]] [[delta]] [[Zeta]]\n"),
        "memory/f.md": memory("f", "no links\n"),
        # [[PQ]] finds b/q.md by its name's spelling and is told to write [[Pq]], its name,
        # as a/q.md holds the stem; once c/Pq.md takes that name it is told [[q]].
        "memory/a/q.md": memory("qa", "x\n"),
        "memory/b/q.md": memory("Pq", "y\n"),
        "memory/c/Pq.md": memory("other", "z\n"),
        "memory/g.md": memory("g", "[[PQ]]\n"),
    })
    live = Auditor(open_workspace(root), AuditOptions(now=NOW))
    live.run()
    steps = [
        ("memory/alpha.md", memory("zeta", "first\n")),
        ("memory/e.md", memory("Beta Notes", "[[alpha]] [[delta]] [[Zeta]]\n")),
        ("memory/beta-notes.md", memory("beta", "second\n")),
        ("memory/d.md", memory("gamma", "[[Beta Notes]] [[beta_notes]] [[gamma]] "
                                        "[[gamma-rules]] [[ALPHA]] [[zeta]] [v](zeta)\n")),
        ("memory/feedback_gamma.md", memory("delta", "third\n", type_="feedback")),
        ("memory/f.md", memory("ALPHA", "no links\n")),
        ("memory/alpha.md", memory("alpha", "first\n")),
        ("memory/f.md", memory("f", "no links\n")),
        ("memory/c/Pq.md", memory("Pq", "z\n")),
        ("memory/c/Pq.md", memory("other", "z\n")),
    ]
    for rel, text in steps:
        (root / rel).write_text(text, encoding="utf-8")
        got = live.run(changed={rel})
        fresh = Auditor(open_workspace(root), AuditOptions(now=NOW)).run()
        assert to_json(got) == to_json(fresh), rel
        assert _graph(got) == _graph(fresh), rel
        assert [(w.source, w.target, w.resolved, w.state) for w in got.wikirefs] == \
            [(w.source, w.target, w.resolved, w.state) for w in fresh.wikirefs], rel


def test_a_memo_for_one_call_keys_and_keeps_no_item() -> None:
    """``Memo(keep_items=False)`` (a one-shot audit, issue 35): each item made once, its key
    never asked for, nothing kept for a next call."""
    from memtui.core.derivation.memo import Memo

    def no_key(item: object) -> object:
        raise AssertionError(f"{item} keyed")

    memo = Memo(keep_items=False)
    items = ("a", "b", "c")
    assert memo.changed("scans", dict.fromkeys(items, 1)) is None
    assert memo.each_changed("step", items, None, no_key, str.upper) == \
        {"a": "A", "b": "B", "c": "C"}
    assert memo.made is None
    again = memo.each_changed("step", items, ["a"], no_key, lambda i: i * 2)
    assert again == {"a": "aa", "b": "bb", "c": "cc"}  # made again: nothing was kept
    assert memo.changed("scans", dict.fromkeys(items, 1)) is None
    kept = Memo()
    kept.each_changed("step", items, None, lambda i: i, str.upper)
    assert kept.each_changed("step", items, [], lambda i: i, lambda i: i * 2) == \
        {"a": "A", "b": "B", "c": "C"}


def test_a_rename_in_a_live_audit_is_a_fresh_audit_whichever_path_sorts_first(
        tmp_path: Path) -> None:
    """newuser22 #1: after ``R`` (scrap-log.md → scrap-log-2.md) every audit of the app
    failed with "audit failed: 'memory/scrap-log.md'": the new path, sorting before the
    old, joined the near-duplicate buckets (which the live auditor keeps) where the old one
    still was, ranked by an order that no longer held it. Renames each way, two at once,
    and the undo, each as a fresh audit."""
    body = " ".join(f"word{i} fact{i * 7} about the line yield" for i in range(40)) + "\n"
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [a](memory/a.md)\n",
        "memory/a.md": memory("a", "first\n"),
        "memory/scrap-log.md": memory("scrap-log", body),
        "memory/tool matching.md": memory("tool", body.replace("yield", "tools")),
        "memory/other.md": memory("other", "entirely different text " * 20 + "\n"),
    })
    live = Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=True))
    live.run()
    steps = [[("scrap-log.md", "scrap-log-2.md")], [("tool matching.md", "tool-matching.md")],
             [("tool-matching.md", "tool matching.md")], [("scrap-log-2.md", "scrap-log.md")],
             [("scrap-log.md", "a-scrap.md")],
             [("a-scrap.md", "zz.md"), ("tool matching.md", "0-tool.md")]]  # two at once
    for moves in steps:
        changed = set()
        for a, b in moves:
            (root / "memory" / a).rename(root / "memory" / b)
            changed |= {f"memory/{a}", f"memory/{b}"}
        got = live.run(changed=changed)
        fresh = Auditor(open_workspace(root), AuditOptions(now=NOW)).run()
        assert to_json(got) == to_json(fresh), moves
        assert any(f.kind == "near_duplicate" for f in got.findings), moves


def test_an_audit_that_failed_half_way_leaves_no_half_patched_state(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser22 #1, the rest: one failure (there, the rename's) made every later audit of
    the app fail the same way, the views stale until it was restarted: the failed step had
    left its memo half patched. The next run derives afresh."""
    body = " ".join(f"word{i} fact{i * 7} about the line yield" for i in range(40)) + "\n"
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [a](memory/a.md)\n",
        "memory/a.md": memory("a", "first\n"),
        "memory/b.md": memory("b", body),
        "memory/c.md": memory("c", body.replace("yield", "tools")),
    })
    live = Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=True))
    live.run()
    real = nd.Buckets.update
    calls: list[int] = []

    def broken(self: nd.Buckets, changed: dict[str, bytes]) -> set[object]:
        calls.append(1)
        touched = real(self, changed)  # the buckets patched, then the step fails
        if len(calls) == 1:
            self.order = {}
            raise KeyError("memory/b.md")
        return touched

    monkeypatch.setattr(nd.Buckets, "update", broken)
    (root / "memory/b.md").write_text(memory("b", body + "more\n"), encoding="utf-8")
    with pytest.raises(KeyError):
        live.run(changed={"memory/b.md"})
    (root / "memory/c.md").write_text(memory("c", body + "else\n"), encoding="utf-8")
    got = live.run(changed={"memory/c.md"})
    assert to_json(got) == _fresh(root)
    assert any(f.kind == "near_duplicate" for f in got.findings)
