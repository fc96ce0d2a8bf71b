"""Links that real memory folders write and that are not broken (real26, real27): a link
written as a folder (``notes/``) to a folder that is there, a root-relative link to a page
of a web site (``/pricing/``, ``/api/health``), and a ``[[wikilink]]`` that names a heading
of its own memory. Each is checked through the library and the command line (whose scans
hold no text and go through the scan cache, cold then warm)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from memtui.cli import main
from tests.core.helpers import make_ws, memory, run_audit


def _cli(ws: Path) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(ws), "--json", "--fail-on", "never"])
    return json.loads(out.getvalue())


def _broken(ws: Path) -> list[tuple[str, int | None, str]]:
    return sorted((f.path, f.line, f.message) for f in run_audit(ws).findings
                  if f.kind == "broken_link")


def _cli_broken(ws: Path) -> list[tuple[str, int | None, str]]:
    return sorted((f["path"], f["line"], f["message"]) for f in _cli(ws)["findings"]
                  if f["kind"] == "broken_link")


def test_a_link_written_as_a_folder_to_a_folder_there_is_not_broken(
        tmp_path: Path, cache: Path) -> None:
    """real26: ``[All notes](notes/)`` (the index) and ``[the notes](notes/)`` (a memory),
    the folder there, were broken links "a folder, not a file". Written with its ``/`` the
    link means the folder: nothing is broken. A folder named as a file (``notes`` with no
    ``/``, newuser25 #7) and a folder link to no folder stay broken."""
    ws = make_ws(tmp_path / "fl", {
        "MEMORY.md": "# Memory\n\n- [A](a.md) — a\n- [All notes](notes/) — the folder\n"
                     "- [Bare](notes) — no slash\n- [Gone](gone/) — no such folder\n",
        "a.md": memory("a", "See [the notes](notes/) and [one](notes/one.md)."),
        "notes/one.md": memory("one")})
    expected = [("MEMORY.md", 5, "link to notes: a folder, not a file"),
                ("MEMORY.md", 6, "link to gone: no such file")]
    assert _broken(ws) == expected
    for _ in range(2):  # cold, then warm
        assert _cli_broken(ws) == expected


def test_a_root_relative_link_to_a_web_page_is_not_broken(tmp_path: Path, cache: Path) -> None:
    """real27: a memory planning a web site's internal links (``[pillar](/services/)``,
    ``[city](/services/springfield/)``, ``[health](/api/health)``): a link that starts with
    one ``/`` and whose last segment has no file extension names a page of the site (or a
    folder), never a file; found nowhere it is no broken link. An absolute path to a file
    (``/…/notes.md``) found nowhere is still one."""
    missing = tmp_path / "not-here-r27"
    ws = make_ws(tmp_path / "web", {
        "MEMORY.md": "# Memory\n\n- [Site](site.md) — the site plan\n",
        "site.md": memory("site", "Each city page links up to the [pillar](/services/) and "
                          "sideways to [Springfield](/services/springfield/).\n"
                          "The probe is [health](/api/health?full=1#top).\n"
                          f"Notes: [n]({missing}/notes.md).\n")})
    expected = [("site.md", 9, f"link to {missing}/notes.md leads outside the memory "
                 "folder: no such file")]
    assert _broken(ws) == expected
    assert _cli_broken(ws) == expected


def test_a_wikilink_naming_a_heading_of_its_own_memory_is_not_dangling(
        tmp_path: Path, cache: Path) -> None:
    """real26: ``[[Deploy steps]]`` in a memory with a ``## Deploy steps`` heading (any
    case, trailing ``#`` run) was "names no memory yet". It names a heading of its own
    memory; a name no heading or memory spells stays dangling, a heading inside fenced
    code is no heading, and a memory named like the heading wins."""
    body = ("Follow [[deploy  STEPS]] and [[Rollback]]; see [[Nowhere]] and [[Fenced]] "
            "and [[Named]].\n\n## Deploy steps ##\n\nx\n\n### Rollback\n\ny\n\n"
            "```\n# Fenced\n```\n\n## Named\n")
    ws = make_ws(tmp_path / "hd", {
        "MEMORY.md": "# Memory\n\n- [A](a.md) — a\n- [N](named.md) — n\n",
        "a.md": memory("a", body), "named.md": memory("Named")})
    r = run_audit(ws)
    assert sorted(f.message for f in r.findings if f.kind == "dangling_wikilink") == [
        "[[Fenced]] names no memory yet", "[[Nowhere]] names no memory yet"]
    refs = {(w.target, w.resolved) for w in r.wikirefs}
    assert ("deploy  STEPS", "a.md") in refs and ("Named", "named.md") in refs
    for _ in range(2):  # cold, then warm (the scan cache keeps the mark)
        doc = _cli(ws)
        assert sorted(d["target"] for d in doc["wikilinks"]["dangling"]) == [
            "Fenced", "Nowhere"]
