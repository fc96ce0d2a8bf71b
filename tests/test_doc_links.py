"""Every relative link and every ``#anchor`` in the README, SECURITY.md and docs/ leads
somewhere (issue 32 #14: ``docs/app.md`` pointed at ``#rules-configuration-ignores-baseline``,
a heading of the README, not of that page).

Anchors are GitHub's heading slugs: the heading's text as rendered (code spans and links
reduced to their text), lower-cased, every character that is not a letter, a digit, ``_``,
``-`` or a space dropped, spaces turned into ``-``; a repeated slug gets ``-1``, ``-2``…
An explicit ``<a id="…">`` / ``<a name="…">`` is an anchor too.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "SECURITY.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)
HTML_HREF = re.compile(r"<a\s[^>]*\bhref=\"([^\"]+)\"", re.I)
HTML_ANCHOR = re.compile(r"<a\s[^>]*\b(?:id|name)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$", re.M)


def without_code(text: str) -> str:
    """The page with fenced blocks and code spans blanked: code is not a link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's markdown text."""
    text = CODE_SPAN.sub(lambda m: m.group(2), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link reads as its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.lower()
    keep = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -_" or cat[0] in "LMN" or cat == "Pc":
            keep.append(ch)
    return "".join(keep).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    found: set[str] = set(HTML_ANCHOR.findall(text))
    seen: dict[str, int] = {}
    for m in HEADING.finditer(FENCE.sub("", text)):
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(page: Path) -> list[str]:
    text = without_code(page.read_text(encoding="utf-8"))
    return INLINE_LINK.findall(text) + REF_DEF.findall(text) + HTML_HREF.findall(text)


def broken(page: Path) -> list[str]:
    bad = []
    for target in links(page):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target):  # https:, mailto: …
            continue
        path_part, _, fragment = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            bad.append(f"{target} (no such file)")
            continue
        if fragment and dest.suffix == ".md" and fragment not in anchors(dest):
            bad.append(f"{target} (no such heading in {dest.name})")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert broken(page) == []


def test_the_slugs_are_githubs() -> None:
    assert slug("Rules, configuration, ignores, baseline") == "rules-configuration-ignores-baseline"
    assert slug("Claude Code's memory") == "claude-codes-memory"
    assert slug("`memtui audit --json`: the contract") == "memtui-audit---json-the-contract"
    assert slug("Set up (Python ≥ 3.11)") == "set-up-python--311"
    assert slug("[SECURITY](SECURITY.md) and 記憶") == "security-and-記憶"


def test_the_checker_sees_a_broken_anchor_and_a_missing_file(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Top\n\n## Top\n\nsee [x](#top-1) [y](b.md#here)\n")
    (tmp_path / "b.md").write_text("## Elsewhere\n\n`[z](#nowhere)` and [w](c.md)\n")
    assert broken(tmp_path / "a.md") == ["b.md#here (no such heading in b.md)"]
    assert broken(tmp_path / "b.md") == ["c.md (no such file)"]


def test_no_command_installs_memtui_from_pypi() -> None:
    """memtui is not published: a command ``pip install memtui`` cannot work (issue 32 #14)."""
    pypi = re.compile(r"pip3? install\s+(?:-\S+\s+)*[\"']?memtui(?:[\s\"'\[]|$)", re.M)
    for page in PAGES:
        for block in FENCE.finditer(page.read_text(encoding="utf-8")):
            assert not pypi.search(block.group(0)), f"{page.name}: {block.group(0)[:200]}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "install it from a clone of this repository" in readme
    assert "git+<memtui's git URL>" in (ROOT / "docs" / "audit.md").read_text(encoding="utf-8")


SAID_ELSEWHERE = re.compile(
    r"\b[Ss]ee (?:the )?(?:\*\*)?\"?([A-Z][^\".()*]*?)\"?(?:\*\*)? (below|above)"
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_part_said_to_be_below_or_above_is_on_the_page(page: Path) -> None:
    """A "See X below" names a heading or a bold paragraph lead (``**X.**``) of the same page."""
    text = page.read_text(encoding="utf-8")
    leads = {slug(m) for m in re.findall(r"^\*\*([^*]+?)\.?\*\*", text, re.M)}
    for name, _ in SAID_ELSEWHERE.findall(without_code(text)):
        assert slug(name) in anchors(page) | leads, f"{page.name}: {name!r} is not on this page"
