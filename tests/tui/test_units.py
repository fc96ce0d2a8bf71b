"""Pure helpers of the app: wikilink rewriting, the preview window, change notices, the
gauge, themes and the config file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.core.audit import Auditor
from memtui.core.workspace import open_workspace
from memtui.tui.change_notice import describe_change
from memtui.tui.config import load_config, save_config
from memtui.tui.themes import load_themes, theme_from_toml, theme_names
from memtui.tui.widgets.health_header import bar, fit_line
from memtui.tui.widgets.preview import window
from memtui.tui.widgets.wiki_markdown import mark_broken, rewrite_wikilinks


def test_wikilinks_become_state_links_outside_code() -> None:
    text = ("See [[a]], [[b|the b]] and [[c#part]]; `[[not]]` stays.\n"
            "```\n[[fenced]]\n```\n")
    out = rewrite_wikilinks(text, {"a": "exact", "b": "fuzzy"})
    assert out == ("See [a](wikilink:exact:a), [the b](wikilink:fuzzy:b) and "
                   "[c#part](wikilink:dangling:c); `[[not]]` stays.\n```\n[[fenced]]\n```\n")


def test_broken_links_are_marked_outside_code() -> None:
    text = ("See [old](old.md) and [fine](fine.md).\n```\n[old](old.md)\n```\n"
            "Out: [spec](../../spec.md)")
    out = mark_broken(text, "memory/a.md", {"memory/old.md", "../../spec.md"})
    assert out.split("\n") == [
        "See [✗ old](wikilink:broken:old.md) and [fine](fine.md).", "```", "[old](old.md)",
        "```", "Out: [✗ spec](wikilink:broken:..%2F..%2Fspec.md)"]
    assert mark_broken(text, "memory/a.md", set()) == text


def test_many_broken_links_on_one_line_are_each_marked_once() -> None:
    """newuser25 #40: a line of 40,000 broken links was copied whole at each one it marked
    (a minute of the screen's thread); joined once now, the same marks."""
    line = "- " + " ".join(f"[x{i}](x{i}.md)" for i in range(6)) + " and [ok](ok.md) end"
    out = mark_broken(line, "memory/a.md", {f"memory/x{i}.md" for i in range(0, 6, 2)})
    assert out == ("- [✗ x0](wikilink:broken:x0.md) [x1](x1.md) [✗ x2](wikilink:broken:x2.md)"
                   " [x3](x3.md) [✗ x4](wikilink:broken:x4.md) [x5](x5.md) and [ok](ok.md) end")
    many = " ".join(f"[x{i}](memory/x{i}.md)" for i in range(40_000))
    marked = mark_broken(many, "MEMORY.md", {f"memory/x{i}.md" for i in range(40_000)})
    assert marked.count("[✗ x") == 40_000
    assert marked.endswith("(wikilink:broken:memory%2Fx39999.md)")


def test_preview_window_cuts_one_line_past_the_limit() -> None:
    """newuser25 #40: a MEMORY.md of one 1 MB line (40,000 links) was taken whole by the
    window (whole lines only), then marked and parsed as markdown: minutes of the screen's
    thread. The line is cut at a space near the limit, and says how much is left out."""
    line = "- " + " ".join(f"[x{i}](memory/x{i}.md)" for i in range(40_000))
    shown, first = window(line, 1, None, limit=500)
    assert first == 1 and len(shown) < 600
    kept = shown.split(" *…")[0]
    assert line.startswith(kept) and kept.endswith(".md)")
    assert shown.endswith(f"*… {len(line) - len(kept):,} more characters on this line*")
    assert window("x" * 900, 1, None, limit=500)[0].startswith("x" * 500 + " *… 400 more")


def test_header_lines_give_up_whole_units_never_half_a_parenthesis() -> None:
    from rich.text import Text

    units = [(Text("40 memories"), None),
             (Text("index 28 entries (27 hot, 1 packed)"), Text("index 28 entries")),
             (Text("8 orphans (5 unreachable)"), None)]
    sep = Text(" · ")
    full = "40 memories · index 28 entries (27 hot, 1 packed) · 8 orphans (5 unreachable)"
    assert fit_line(units, None, sep).plain == full
    assert fit_line(units, len(full), sep).plain == full
    assert fit_line(units, 60, sep).plain == \
        "40 memories · index 28 entries · 8 orphans (5 unreachable)"
    assert fit_line(units, 40, sep).plain == "40 memories · index 28 entries …"
    assert fit_line(units, 8, sep).plain == "40 memo…"


def test_preview_window_cuts_long_bodies_and_follows_a_jump() -> None:
    body = "\n".join(f"line {i} " + "x" * 40 for i in range(1, 201))
    short, first = window(body, 5, None, limit=500)
    lines = short.split("\n")
    assert first == 5
    assert lines[0].startswith("line 1 ") and lines[-1] == (
        "*… 190 more lines: o opens the whole file*")
    jumped, first = window(body, 5, 5 + 99, limit=500)
    lines = jumped.split("\n")
    assert lines[0] == "*… 91 lines above not shown*"
    assert lines[2].startswith("line 92 ")
    assert first == 5 + 91 - 2  # the two note lines come before body line 92
    assert window("short", 3, 40) == ("short", 3)


def test_gauge() -> None:
    assert bar(0.0, 10) == "░" * 10
    assert bar(0.5, 10) == "█" * 5 + "░" * 5
    assert bar(0.05, 10) == "▌" + "░" * 9
    assert bar(3.0, 10) == "█" * 10


def test_change_notices(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (tmp_path / "memory" / "a.md").write_text("---\nname: a\n---\nA [[b]].\n", encoding="utf-8")
    auditor = Auditor(open_workspace(tmp_path))
    first = auditor.run()
    (tmp_path / "memory" / "b.md").write_text("---\nname: b\n---\nB.\n", encoding="utf-8")
    (tmp_path / "memory" / "c.md").write_text("---\nname: c\n---\nC.\n", encoding="utf-8")
    second = auditor.run({"memory/b.md", "memory/c.md"})
    assert describe_change({"memory/c.md", "memory/b.md"}, first, second) == (
        "memory/b.md created — not in the index (reachable by links)  (+1 more)")
    (tmp_path / "memory" / "a.md").unlink()
    third = auditor.run({"memory/a.md"})
    assert describe_change({"memory/a.md"}, second, third) == (
        "memory/a.md deleted — the index still links it")
    (tmp_path / "MEMORY.md").unlink()
    fourth = auditor.run({"MEMORY.md"})
    assert describe_change({"MEMORY.md"}, third, fourth) == (
        "MEMORY.md deleted — the index is empty; nothing is injected")
    (tmp_path / "MEMORY.md").write_text("- [B](memory/b.md) — b\n", encoding="utf-8")
    fifth = auditor.run({"MEMORY.md"})
    assert describe_change({"MEMORY.md"}, fourth, fifth) == "MEMORY.md created — 1 entry"
    (tmp_path / "MEMORY.md").write_text("- [B](memory/b.md) — bee\n", encoding="utf-8")
    sixth = auditor.run({"MEMORY.md"})
    assert describe_change({"MEMORY.md"}, fifth, sixth) == "MEMORY.md changed — 1 entry"
    assert describe_change({"notes.txt"}, fourth, fourth) is None


def test_shipped_themes_load_with_severity_colours() -> None:
    themes = {t.name: t for t in load_themes()}
    assert {"memtui-night", "memtui-paper"} <= set(themes)
    assert themes["memtui-night"].dark and not themes["memtui-paper"].dark
    for theme in themes.values():
        for var in ("severity-error", "severity-warning", "severity-info",
                    "wikilink-resolved", "wikilink-fuzzy", "wikilink-dangling"):
            assert theme.variables[var].startswith("#")
    assert "textual-dark" in theme_names() and "memtui-paper" in theme_names()


def test_a_malformed_theme_file_names_itself(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^bad\.toml: "):
        theme_from_toml(bad)


def test_config_round_trip_and_bad_file(tmp_path: Path) -> None:
    assert load_config() == {}
    assert save_config(theme="memtui-paper")
    assert json.loads((tmp_path / "config" / "config.json").read_text()) == {
        "theme": "memtui-paper"}
    (tmp_path / "config" / "config.json").write_text("{not json", encoding="utf-8")
    assert load_config() == {}


def test_a_theme_in_the_user_config_folder_is_offered(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "themes"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('name = "mine"\nprimary = "#336699"\ndark = false\n',
                                      encoding="utf-8")
    mine = {t.name: t for t in load_themes()}["mine"]
    assert (mine.primary, mine.dark) == ("#336699", False)
    assert "mine" in theme_names()
