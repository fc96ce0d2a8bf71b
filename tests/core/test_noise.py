"""Noise (issue 19 §4): a messy directory's default report still fits one screen.

The fixtures mimic the shapes of real long-lived directories (daily briefs beside the
memories, lesson files with their own schema, agent definitions), written here by hand.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import print_report
from memtui.core.audit import AuditResult
from memtui.core.reporting.grouping import GROUP_MIN_FILES
from memtui.core.reporting.json_report import to_json
from tests.core.helpers import make_ws, memory, run_audit

BRIEF = "# Daily brief {n}\n\n- market opened flat\n- three tickets closed\n"
LESSON = "---\ntitle: Lesson {n}\nphase: 2\ndate: 2026-05-{n:02d}\n---\nWhat went well.\n"
AGENT = "---\nname: {n}\ndescription: reviews code\ntools: Read, Grep\nmodel: sonnet\n---\n"


def _memories(n: int) -> dict[str, str]:
    files = {f"m{i}.md": memory(f"m{i}") for i in range(n)}
    files["MEMORY.md"] = "".join(f"- [m{i}](m{i}.md) — hook\n" for i in range(n))
    return files


def _render(result: AuditResult) -> list[str]:
    buf = io.StringIO()
    print_report(result, Console(file=buf, width=100, no_color=True, highlight=False))
    return buf.getvalue().splitlines()


def test_an_unreached_folder_of_briefs_is_one_line_with_its_exclude(tmp_path: Path) -> None:
    files = _memories(3)
    files.update({f"briefs/2026-05-{n:02d}.md": BRIEF.format(n=n) for n in range(1, 31)})
    r = run_audit(make_ws(tmp_path / "w", files))
    # Each brief keeps its own orphan finding (issue 30 §3); no frontmatter findings.
    briefs = [f for f in r.findings
              if f.kind not in ("stale", "unknown_age") and f.path.startswith("briefs/")]
    assert [(f.kind, f.severity, f.line) for f in briefs] == [("orphan", "warning", None)] * 30
    assert not [f for f in r.findings if f.files and f.kind not in ("stale", "unknown_age")]
    assert len(r.orphans) == 30
    # The text report draws them as one line about the folder, with its exclude line.
    lines = _render(r)
    assert len(lines) <= 50, len(lines)
    folder = [ln for ln in lines if ln.startswith("  briefs/")]
    # fitted to the width (100): the folder, its count and the exclude line stay
    assert folder == ['  briefs/: 30 orphans, not memories? Add exclude = ["briefs/**"] to '
                      ".memtui.toml"]
    # The JSON lists each one, in the finding's usual shape.
    data = json.loads(json.dumps(to_json(r)))
    as_json = [f for f in data["findings"] if f["path"].startswith("briefs/")]
    assert len(as_json) == 30 and as_json[0]["path"] == "briefs/2026-05-01.md"
    assert set(as_json[0]) == {"kind", "severity", "path", "line", "message"}


def test_a_folder_the_index_reaches_or_holding_a_memory_is_not_proposed(
        tmp_path: Path) -> None:
    files = _memories(2)
    files.update({f"notes/n{n}.md": BRIEF.format(n=n) for n in range(4)})
    files.update({f"plans/p{n}.md": BRIEF.format(n=n) for n in range(4)})
    files["MEMORY.md"] += "- [n0](notes/n0.md) — a note\n"
    files["plans/real.md"] = memory("real")  # an unlinked memory: a real orphan
    r = run_audit(make_ws(tmp_path / "w", files))
    lines = _render(r)
    assert not [ln for ln in lines if "exclude" in ln]
    # 3 notes + 5 plans unreached: one orphan each, drawn as one line with the count.
    orphans = [f for f in r.findings if f.kind == "orphan"]
    assert len(orphans) == 8 and all(not f.files for f in orphans)
    assert [ln for ln in lines if "orphans:" in ln] == [
        "  8 orphans: notes/n1.md, notes/n2.md, notes/n3.md, plans/p0.md, plans/p1.md, "
        "plans/p2.md, …"]  # fits the 100 columns


def test_only_the_shallowest_folder_is_proposed(tmp_path: Path) -> None:
    files = _memories(1)
    files.update({f"digests/{y}/b{n}.md": BRIEF.format(n=n)
                  for y in (2024, 2025) for n in range(3)})
    r = run_audit(make_ws(tmp_path / "w", files))
    proposed = [ln for ln in _render(r) if "exclude" in ln]
    assert len(proposed) == 1
    assert proposed[0].startswith("  digests/: 6 orphans")
    assert 'exclude = ["digests/**"]' in proposed[0]


def test_another_frontmatter_schema_gets_one_note_per_file(tmp_path: Path) -> None:
    files = _memories(2)
    files.update({f"lesson{n}.md": LESSON.format(n=n) for n in range(1, 4)})
    files["MEMORY.md"] += "".join(f"- [l{n}](lesson{n}.md) — lesson\n" for n in range(1, 4))
    files["reviewer.md"] = "---\ntools: Read, Grep\nmodel: sonnet\n---\nYou review code.\n"
    files["tester.md"] = AGENT.format(n="tester")
    files["MEMORY.md"] += "- [reviewer](reviewer.md) — agent\n- [t](tester.md) — agent\n"
    # A memory missing fields is still checked as one (its name makes it memory-shaped).
    files["half.md"] = "---\nname: half\ntitle: t\n---\nbody\n"
    files["MEMORY.md"] += "- [h](half.md) — h\n"
    r = run_audit(make_ws(tmp_path / "w", files))
    fm = [f for f in r.findings if f.kind == "frontmatter"]
    assert [f.message for f in fm if f.path == "half.md"] == [
        "frontmatter has no 'description'",
        "frontmatter has no 'type' (expected under 'metadata')"]
    notes = [f for f in fm if f.path != "half.md"]
    assert [(f.path, f.severity) for f in notes] == [
        (p, "info") for p in ("lesson1.md", "lesson2.md", "lesson3.md", "reviewer.md",
                              "tester.md")]
    assert notes[0].message == ("another frontmatter schema (title, phase, date): not a "
                                "memory, so not checked as one")
    assert notes[3].message.startswith("another frontmatter schema (tools, model)")
    # Drawn as one group, as compact as the one note they were before issue 30.
    lines = _render(r)
    at = lines.index("Frontmatter (frontmatter: 2 warning, 5 info)")
    assert len([ln for ln in lines[at + 1:] if ln.startswith("  ")]) == 4  # 2 + 2, not 2 + 5
    group = [ln for ln in lines if "files with another frontmatter schema" in ln]
    assert group == ["  [info] 5 files with another frontmatter schema: lesson1.md, "
                     "lesson2.md, lesson3.md, reviewer.md, …"]  # fits the 100 columns


def test_no_frontmatter_on_127_files_is_one_line(tmp_path: Path) -> None:
    files = {f"n{i:03d}.md": f"note {i}\n" for i in range(127)}
    files["MEMORY.md"] = "".join(f"- [n{i}](n{i:03d}.md) — hook\n" for i in range(127))
    r = run_audit(make_ws(tmp_path / "w", files))
    fm = [f for f in r.findings if f.kind == "frontmatter"]
    assert len(fm) == 127 and {f.message for f in fm} == {
        "no frontmatter: the file has no name, description or type"}
    text = _render(r)
    at = text.index("Frontmatter (frontmatter: 127 info)")
    assert text[at + 1].startswith("  127 frontmatter findings: n000.md, n001.md, ")
    assert text[at + 2] == ("    each: no frontmatter: the file has no name, description "
                            "or type")
    assert len([ln for ln in text if "no frontmatter" in ln]) == 1


def test_the_threshold_and_the_kinds_kept_per_line(tmp_path: Path) -> None:
    # GROUP_MIN_FILES files without a name: drawn one per line; one more: one group.
    for n, want in ((GROUP_MIN_FILES, GROUP_MIN_FILES), (GROUP_MIN_FILES + 1, 2)):
        files = _memories(1)
        files.update({f"x{i}.md": "---\ndescription: d\nmetadata:\n  type: user\n---\n"
                      for i in range(n)})
        files["MEMORY.md"] += "".join(f"- [x](x{i}.md) — x\n" for i in range(n))
        r = run_audit(make_ws(tmp_path / f"w{n}", files))
        fm = [f for f in r.findings if f.kind == "frontmatter"]
        assert len(fm) == n, (n, fm)  # always one finding per file
        lines = _render(r)
        at = next(i for i, ln in enumerate(lines) if ln.startswith("Frontmatter ("))
        rows = [ln for ln in lines[at + 1:] if ln.startswith("  ")]
        assert len(rows) == want, (n, rows)
    # Secrets stay one per line however many files hold one: each needs redacting.
    files = _memories(1)
    files.update({f"s{i}.md": memory(f"s{i}", "password: Hunter2-Correct-Horse\n")
                  for i in range(GROUP_MIN_FILES + 3)})
    files["MEMORY.md"] += "".join(f"- [s](s{i}.md) — s\n"
                                  for i in range(GROUP_MIN_FILES + 3))
    r = run_audit(make_ws(tmp_path / "ws", files))
    secrets = [f for f in r.findings if f.kind == "secret"]
    assert len(secrets) == GROUP_MIN_FILES + 3
    assert all(f.line is not None and f.path != "." for f in secrets)
    lines = _render(r)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Secrets ("))
    rows = [ln for ln in lines[at + 1:] if not ln.startswith("    ")]  # wrapped (item 17)
    assert all(ln.startswith(f"  s{i}.md:") for i, ln in
               enumerate(rows[:GROUP_MIN_FILES + 3]))


def test_two_proposed_folders_together_are_the_one_exclude_line(tmp_path: Path) -> None:
    """When no single folder brings the report within 50 lines but the folders the report
    already proposes do together, the last line is one exclude line naming them all, and
    its figure is the report's once that line is in the configuration."""
    from memtui.core.audit import AuditOptions, Auditor
    from memtui.core.config import Config
    from memtui.core.reporting.suppress import apply_to
    from memtui.core.workspace import open_workspace
    from tests.core.helpers import NOW

    def run(root: Path, exclude: tuple[str, ...] = ()) -> AuditResult:
        opts = AuditOptions(now=NOW, exclude=exclude)
        cfg = Config(path=str(root / ".memtui.toml") if exclude else None, exclude=exclude)
        return apply_to(Auditor(open_workspace(root), opts).run(), cfg)

    def render(result: AuditResult, root: Path) -> list[str]:
        buf = io.StringIO()
        print_report(result, Console(file=buf, width=200, no_color=True, highlight=False),
                     reaudit=lambda folders: run(root, tuple(f"{d}/**" for d in folders)))
        return buf.getvalue().splitlines()

    seen = False
    for n in range(25, 45):  # orders in one memory, until the report passes 50 lines
        files = {"MEMORY.md": "- [a](a.md) — hook\n",
                 "a.md": memory("a", "".join(f"You must always answer in French {i}.\n"
                                             for i in range(n)))}
        files.update({f"briefs/b{i}.md": f"# brief {i}\n" for i in range(3)})
        files.update({f"drafts/d{i}.md": f"# draft {i}\n" for i in range(3)})
        root = make_ws(tmp_path / f"w{n}", files)
        lines = render(run(root), root)
        if len(lines) <= 50:
            assert "add exclude" not in lines[-1]
            continue
        # One line past: the last line names the fewest proposed folders that bring the
        # report within 50 lines (since the Config row is always there — a flat folder's
        # "no project" note, issue 34 — one folder alone can be enough), and keeps its promise.
        m = re.match(r"(\d+) lines; add exclude = (\[.*?\]) to \.memtui\.toml", lines[-1])
        assert m is not None and int(m[1]) == len(lines) - 1, lines[-1]
        folders = tuple(json.loads(m[2]))
        assert set(folders) <= {"briefs/**", "drafts/**"}, folders
        promised = int(lines[-1].rsplit("(", 1)[1].split()[0])
        after = render(run(root, folders), root)
        assert len(after) == promised <= 50
        seen = True
        break
    assert seen


def test_standard_keys_of_the_wrong_type_are_a_memory_told_what_is_wrong(
        tmp_path: Path) -> None:
    # newuser24 #64: `name: [a, b]` was "another frontmatter schema … not a memory" while
    # the same report counted the file as a memory (an orphan). Through the real CLI, whose
    # one-shot audit lets go of frontmatter values (keys_only) before noise reads them.
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "# Memory\n- [A](memory/a.md) — a\n",
        "memory/a.md": memory("a"),
        "memory/weird.md": "---\nname: [a, b]\ndescription: {x: 1}\nmetadata: \"str\"\n---\n"
                           "body\n",
    })
    root = Path(__file__).parents[2]
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         capture_output=True, text=True, cwd=root, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(root)})
    data = json.loads(out.stdout)
    assert [f["message"] for f in data["findings"] if f["path"] == "memory/weird.md"
            and f["kind"] == "frontmatter"] == [
        "frontmatter 'name' is a list, not text",
        "frontmatter 'description' is a mapping, not text",
        "frontmatter has no 'type' (expected under 'metadata', which is text, not a mapping)"]
    assert [o["path"] for o in data["orphans"]] == ["memory/weird.md"]
    assert data["memory_files"] == 2
