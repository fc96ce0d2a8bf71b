"""The readable report: summary first, then findings by kind with file:line."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import findings_text, print_report, row_count
from memtui.core.checks.noise import noise_folders
from memtui.core.config import Config
from memtui.core.reporting.grouping import Group, draw_items
from memtui.core.reporting.suppress import apply_to
from tests.core.helpers import make_ws, memory, run_audit


def _render(root: Path, **options: object) -> str:
    buf = io.StringIO()
    print_report(run_audit(root, **options), Console(file=buf, width=200, no_color=True,
                                                      highlight=False))
    return buf.getvalue()


def test_report_summary_then_findings(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [A](memory/a.md) — hook\n- [Gone](memory/gone.md)\n"
                     "- Cold: [b](memory/b.md) · [c](memory/c.md)\n",
        "memory/a.md": memory("a", "[[later]]\n"),
        "memory/b.md": memory("b"), "memory/c.md": memory("c"),
        "memory/x.md": memory("x", "[[a]]\n"), "memory/lone.md": memory("lone"),
    })
    out = _render(ws, file_tokens=False)  # the CLI's default (no Costliest files row)
    lines = [ln.rstrip() for ln in out.splitlines()]
    assert lines[0] == "memtui audit"
    assert lines[2] == "Layout / profile       item / item"
    assert lines[3] == "Memory files           5 (project 5)"
    # memory/gone.md is no memory: a broken link (newuser33 #26)
    assert lines[4] == ("Index                  MEMORY.md: 3 lines, 2 entries (1 memory, "
                        "1 broken), 1 packed (2 memories), 0 without links")
    assert lines[5] == "Linked from the index  3 of 5 files"
    assert lines[6] == "Orphans                2 (0 reachable by links, 2 unreachable)"
    # Broken links and wikilinks share one row, and the kinds no blank line between them:
    # a screen is 50 lines (issue 19 §4), and neither cost a fact.
    assert lines[7] == "Links                  1 broken; 2 wikilinks (1 dangling, 0 fuzzy)"
    assert lines[8].startswith("Injected block         ")
    assert "qwen /" in lines[8] and "cl100k tokens" in lines[8]
    assert lines[9].startswith("Share of the window    ") and "of 40,960 tokens" in lines[9]
    assert lines[10].startswith("Cost per memory        hot ")
    assert lines[11] == "Findings               1 error, 2 warning, 1 info"
    assert lines[12:] == [
        "",
        "Broken links (broken_link: 1 error)",
        "  MEMORY.md:2  link to memory/gone.md: no such file",
        "Orphans (orphan: 2 warning)",
        "  memory/lone.md  not linked from the index; unreachable: never seen",
        "  memory/x.md  not linked from the index; unreachable: never seen",
        "Dangling wikilinks (dangling_wikilink: 1 info)",
        "  memory/a.md:7  [[later]] names no memory yet",
    ]


def test_report_load_limit_and_no_findings(tmp_path: Path) -> None:
    (tmp_path / "e").mkdir()
    out = _render(tmp_path / "e")
    assert "Index                  MEMORY.md: none" in out
    assert out.rstrip().endswith("No findings.")
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](a.md)\n- [b](b.md)\n",
                                  "a.md": memory("a"), "b.md": memory("b")})
    out = _render(ws, max_lines=1)
    # The finding says what the summary's "Loaded" row would: the row is left out then.
    assert "Loaded " not in out
    assert "  MEMORY.md:2  line 2 past the load limit (1 lines / 25,000 bytes): never " \
           "loaded; 1 memory link unseen" in out
    # the Index row names the entry past the limit, as the header does (newuser27 #21)
    assert "MEMORY.md: 2 lines, 2 entries (2 memories, 1 past the load limit), 0 packed" \
        in out, out


def test_the_loaded_row_stands_in_for_an_ignored_load_limit_finding(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](a.md)\n- [b](b.md)\n",
                                  "a.md": memory("a"), "b.md": memory("b")})
    result = apply_to(run_audit(ws, max_lines=1),
                      Config(ignore=frozenset({"beyond_load_limit"})))
    buf = io.StringIO()
    print_report(result, Console(file=buf, width=200, no_color=True, highlight=False))
    assert "Loaded                 only the first 1 of 2 lines (profile load limit)" \
        in buf.getvalue()


def test_row_count_is_the_rows_findings_text_builds(tmp_path: Path) -> None:
    files = {"MEMORY.md": "- [a](a.md)\n- [gone](gone.md)\n", "a.md": memory("a", "[[x]]\n")}
    files.update({f"briefs/b{n}.md": "# brief\n" for n in range(3)})
    files.update({f"o{n}.md": memory(f"o{n}", "[[nope]]\n") for n in range(7)})
    files.update({f"x{n}.md": "no frontmatter\n" for n in range(7)})
    files["MEMORY.md"] += "".join(f"- [x](x{n}.md)\n" for n in range(7))
    result = run_audit(make_ws(tmp_path / "w", files))
    noise = noise_folders(result.scans, result.reachable)
    assert noise == {"briefs": ["briefs/b0.md", "briefs/b1.md", "briefs/b2.md"]}
    drawn = draw_items(result.findings, noise)
    assert sorted((g.kind, g.folder or "") for g in drawn if isinstance(g, Group)) == [
        ("dangling_wikilink", ""), ("frontmatter", ""), ("orphan", ""), ("orphan", "briefs")]
    assert row_count(result.findings, noise) == len(findings_text(result))
    assert row_count([]) == len(findings_text(run_audit(make_ws(tmp_path / "e", {})))) == 0


def test_report_says_one_in_the_singular(tmp_path: Path) -> None:
    """#20 item 15: an index of one line linking one memory, one wikilink."""
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [A](memory/a.md) — hook\n",
                                  "memory/a.md": memory("a", "[[a]]\n")})
    lines = [ln.rstrip() for ln in _render(ws).splitlines()]
    assert lines[4] == ("Index                  MEMORY.md: 1 line, 1 entry (1 memory), "
                        "0 packed (0 memories), 0 without links")
    assert lines[7].startswith("Links                  0 broken; 1 wikilink (")


def test_many_findings_in_one_file_are_one_group_naming_lines(tmp_path: Path) -> None:
    """Issue 30: an index with 45 long lines without a link drew 45 rows (a 75-line
    report); more than eight of one kind in one file are one group naming their lines."""
    prose = "".join(f"- note {i}: " + "words " * 30 + "\n" for i in range(12))
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md) — a\n" + prose,
                                  "memory/a.md": memory("a")})
    rows = [str(t) for t in findings_text(run_audit(ws), 100)]
    content = [r for r in rows if "with no link" in r]
    assert content[0] == "  12 lines with no link in MEMORY.md, lines 2–13"  # newuser37 #26
    assert len(content) == 2 and all(len(r) <= 100 for r in rows)


def test_counts_past_999_have_separators_everywhere(tmp_path: Path) -> None:
    """issue 32 (newuser22 #36): ``Links  11999 broken`` beside ``12,000 lines``."""
    lines = "".join(f"- [F{i}](memory/f{i}.md) — gone\n" for i in range(1_200))
    ws = make_ws(tmp_path / "w", {"MEMORY.md": lines, "memory/a.md": memory("a")})
    out = _render(ws)
    assert "Links                  1,200 broken;" in out
    assert "Findings               1,200 error, 1 warning" in out
    assert "(broken_link: 1,200 error)" in out
    assert "11999" not in out and " 1200 " not in out


def test_a_per_memory_cost_is_written_as_every_figure() -> None:
    """newuser30 #25: ``hot 50021 chars`` beside ``50,021`` everywhere else; ``:g`` wrote a
    million as ``1e+06``."""
    from memtui.commands.report_text import figure

    assert [figure(x) for x in (27.5, 11.0, 50021.0, 1234567.3)] == \
        ["27.5", "11", "50,021", "1,234,567.3"]
