"""MEMORY.md's credential check reads again only what changed (issue 35), with the findings
of a whole reading: `memtui.core.scanner.index_secrets`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.core.scanner import continued_lines
from memtui.core.scanner.index import parse_index
from memtui.core.scanner.keywords import KeywordProbe
from memtui.core.scanner.scan import index_findings

BLIND = Path(__file__).parent / "blind"
TOKEN = "ghp_" + "Zq8mL2vR9xT4kP7wN3bY6cF1dH5jS0aE2gU8"


def _index(n: int) -> str:
    return "\n".join(f"- [note {i}](memory/note_{i:05d}.md) — what note {i} holds, in brief"
                     for i in range(n)) + "\n"


def _read_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    real = continued_lines.scan_text_bounded

    def counted(text, *args, **kwargs):
        sizes.append(text.count("\n") + 1)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(continued_lines, "scan_text_bounded", counted)
    return sizes


def test_one_line_appended_reads_no_whole_index(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _index(3000)
    index_findings(parse_index(text))
    sizes = _read_sizes(monkeypatch)
    more = text + f"- [note x](memory/note_x.md) — the deploy token {TOKEN}\n"
    found = [f for f in index_findings(parse_index(more)) if f.kind == "secret"]
    assert [f.line for f in found] == [3001]
    assert sizes and max(sizes) < 200, sizes  # (the whole index: 3,002 lines)
    sizes.clear()
    assert not [f for f in index_findings(parse_index(text)) if f.kind == "secret"]
    assert max(sizes, default=0) < 200, sizes


def _same(text: str, every: int) -> bool:
    """The blocks' findings are the whole reading's; whether the blocks were read."""
    from memtui.core.scanner import index_secrets as m

    def key(r):
        return [(h.line, h.kind, h.value) for h in r[0]], r[1]

    whole = continued_lines.scan_joined(text, probe=KeywordProbe(text))
    old = (m._EVERY, m._MIN_LINES, m.scan_joined)
    read_whole: list[bool] = []

    def counted(t, *args, **kwargs):
        read_whole.append(t is text)
        return old[2](t, *args, **kwargs)

    try:
        m._EVERY, m._MIN_LINES, m._kept, m.scan_joined = every, 2 * every, {}, counted
        m._read_once.append(True)
        assert key(m.index_secrets(text, KeywordProbe(text))) == key(whole)
    finally:
        m._EVERY, m._MIN_LINES, m.scan_joined = old
    return not any(read_whole)


@pytest.mark.parametrize("name", ["set20.json", "set28.json"])
def test_blocks_find_what_the_whole_index_holds(name: str) -> None:
    """A folded set's texts joined as an index, 20 texts an index, each under an entry and
    each of their lines an entry's hook: the blocks' findings are the whole text's, and some
    of the indexes are read by blocks (`bench/index_secrets_equal.py` runs every folded
    set; here two, cut as often as the rules let)."""
    texts = [d["text"] for d in json.loads((BLIND / name).read_text(encoding="utf-8"))]
    by_blocks = 0
    for k in range(0, min(len(texts), 200), 20):
        under, hooks = [], []
        for n, t in enumerate(texts[k:k + 20], k):
            first, *rest = t.split("\n")
            under.append(f"- [item {n}](memory/item_{n:05d}.md) — {first}")
            under.extend(rest)
            hooks.extend(f"- [line {n}.{j}](memory/item_{n:05d}.md) — {ln}"
                         for j, ln in enumerate(t.split("\n")))
        for text in ("\n".join(under), "\n".join(hooks)):
            by_blocks += _same(text, 2)
    assert by_blocks


def test_a_credential_heading_keeps_its_list_whole() -> None:
    from memtui.core.scanner.index_secrets import _blocks

    text = "## Passwords\n" + _index(400) + "## Notes\n" + _index(400)
    blocks = _blocks(text)
    assert blocks is not None
    assert blocks[0][1].startswith("## Passwords") and blocks[0][1].count("\n") > 400
