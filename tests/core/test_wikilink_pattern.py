"""The wikilink pattern (issue 35) starts with its literal ``[[`` (``re`` skips to it, not
trying a look behind at every character) and finds exactly what its first spelling found
(``(?<!--)`` before the brackets: no wikilink after ``--``, a Lua block comment)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.scanner.links import WIKILINK, wikilinks

BEFORE = re.compile(r"(?<!--)\[\[([^\[\]\n]+?)\]\]")
PIECES = ["[[", "]]", "[", "]", "-", "--", "---", "a", "note", "|", "#", "\n", " ", "`",
          "é", "記憶", "--[[x]]"]


def test_the_pattern_starts_with_its_literal() -> None:
    assert WIKILINK.pattern.startswith(r"\[\[")


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.integers(0, 5))
def test_the_same_matches_as_the_look_before(pieces: list[str], pos: int) -> None:
    text = "".join(pieces)
    got = [(m.span(), m.group(1)) for m in WIKILINK.finditer(text, min(pos, len(text)))]
    want = [(m.span(), m.group(1)) for m in BEFORE.finditer(text, min(pos, len(text)))]
    assert got == want


def test_a_lua_comment_is_no_wikilink() -> None:
    text = "x --[[ block ]] y [[real]] z-[[half]] --[[again]]\n[[b|alias]]"
    assert [lk.target for lk in wikilinks("a.md", text)] == ["real", "half", "b"]


def test_a_path_segment_in_double_brackets_is_no_wikilink(tmp_path) -> None:
    """real39: notes on Next.js routing name ``[slug]/[...slug]/[[...slug]]``, the optional
    catch-all route folder; after a ``/`` the brackets are a path's segment, and the audit
    reported a dangling wikilink ``[[...slug]]``. A wikilink elsewhere on the line stays."""
    from tests.core.helpers import make_ws, memory, run_audit

    line = "Dynamic segments [slug]/[...slug]/[[...slug]], see [[deploy]]\n"
    assert [link.target for link in wikilinks("n.md", line)] == ["deploy"]
    root = make_ws(tmp_path / "w", {"MEMORY.md": "- [Routing](routing.md) — routes\n",
                                    "routing.md": memory("routing", line)})
    assert [f.message for f in run_audit(root).findings if f.kind == "dangling_wikilink"] \
        == ["[[deploy]] names no memory yet"]
