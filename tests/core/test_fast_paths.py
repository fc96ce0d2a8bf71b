"""The audit's fast paths give exactly what the plain way gives (hypothesis)."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.counting.tokens import bytes_digest, text_digest
from memtui.core.derivation import gathered
from memtui.core.scanner.links import WIKILINK, mask_code, outside_fences, wikilink_name, wikilinks
from memtui.core.scanner.memory_file import parse_memory, split_frontmatter
from memtui.core.scanner.textfile import decode, read_text

_FENCE = re.compile(r"^-{3,}\s*$")
PIECES = st.sampled_from(["---", "...", "----  ", "\n", "name: a", "[[x]]", "[[y|z]]", "[[",
                          "]]", "記憶", " ", "a", "-", "\t", "[[a#h]]", "~~", "\n\n", "`", "```"])


def _split_by_lines(text: str) -> tuple[str | None, str, int, bool]:
    """The frontmatter split as it was written first: every line of the file split."""
    if not text.startswith("---"):
        return None, text, 1, True
    lines = text.split("\n")
    if not _FENCE.match(lines[0]):
        return None, text, 1, True
    for i in range(1, len(lines)):
        if _FENCE.match(lines[i]) or lines[i].rstrip() == "...":
            return "\n".join(lines[1:i]), "\n".join(lines[i + 1:]), i + 2, True
    return "\n".join(lines[1:]), "", len(lines) + 1, False


@settings(max_examples=500, deadline=None)
@given(st.lists(PIECES, max_size=25))
def test_frontmatter_split_reads_only_to_the_fence(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert split_frontmatter(text) == _split_by_lines(text)
    mf = parse_memory("m.md", text)
    assert (mf.body, mf.body_start) == _split_by_lines(text)[1:3]


@settings(max_examples=500, deadline=None)
@given(st.lists(PIECES, max_size=25), st.integers(1, 9))
def test_wikilinks_over_the_whole_text_equal_line_by_line(pieces: list[str], first: int
                                                          ) -> None:
    text = "".join(pieces)
    expected = [(n, m.group(0), wikilink_name(m.group(1)))
                for n, line in outside_fences(text.split("\n"), first)
                for m in WIKILINK.finditer(mask_code(line)) if wikilink_name(m.group(1))]
    assert [(lk.line, lk.raw, lk.target) for lk in wikilinks("m.md", text, first)] == expected


@given(st.binary(max_size=40))
def test_digest_from_the_bytes_read_is_the_text_digest(data: bytes) -> None:
    read = decode(data)
    if read.raw:
        assert bytes_digest(read.raw) == text_digest(read.text)
    assert read.raw in (b"", data)


def test_raw_bytes_only_when_the_text_is_their_decoding(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cases = {"plain.md": ("記憶\n".encode(), True), "bom.md": (b"\xef\xbb\xbfa\n", False),
             "crlf.md": (b"a\r\nb\r\n", False), "bad.md": (b"a\xff\n", False)}
    for name, (data, kept) in cases.items():
        (tmp_path / name).write_bytes(data)
        read = read_text(tmp_path / name)
        assert (read.raw == data) is kept, name
        assert bytes_digest(read.raw or read.text.encode()) == text_digest(read.text)
    (tmp_path / "big.md").write_bytes(b"x" * 50)
    big = read_text(tmp_path / "big.md", limit=10)
    assert big.text == "x" * 10 and big.raw == b"" and big.size == 50


def test_dangling_placeholders_keep_each_source_once_in_order() -> None:
    from memtui.core.derivation.graph import Graph

    g = Graph()
    sources = [f"m{i % 3000}.md" for i in range(6000)]  # every file twice, one missing name
    for src in sources:
        g.add_dangling(src, "later")
    g.add_dangling("a.md", "other")
    assert g.placeholders["later"] == [f"m{i}.md" for i in range(3000)]
    assert g.placeholders["other"] == ["a.md"]
    g.placeholders["late"].append("pre.md")  # a list filled before: still no repeats
    g.add_dangling("pre.md", "late")
    assert g.placeholders["late"] == ["pre.md"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.9, 2.0, 2.1, 3.0, 100.0, 1e9]),
                min_size=0, max_size=40),
       st.lists(st.floats(0, 5, allow_nan=False), max_size=40))
def test_copy_group_answers_as_the_window_by_window_search(base: list[float],
                                                           jitter: list[float]) -> None:
    from memtui.core.derivation.gathered import best_window, copy_group

    times = [b + (jitter[i] if i < len(jitter) else 0.0) for i, b in enumerate(base)]
    mtimes = {f"m{i}.md": t for i, t in enumerate(times)}
    assert copy_group(mtimes) == best_window(mtimes)
    same = {f"c{i}.md": 1000.0 + i * 0.01 for i in range(30)}  # a copy: found
    assert copy_group(same) == best_window(same) is not None


def test_copied_from_the_last_value_equals_copied_afresh() -> None:
    """`gathered.copied` derived from its last value by the files that changed (the live
    re-audit) gives what it gives afresh: a copy found, lost as files are edited one by
    one, found again as they are copied back."""
    rng = random.Random(35)
    mtimes: dict[str, float | None] = {f"m{i:02}.md": 1000.0 + rng.random() for i in range(30)}
    last = gathered.copied(mtimes)
    assert len(last[0]) == 30
    for step in range(120):
        rel = f"m{rng.randrange(30):02}.md"
        mtimes[rel] = rng.choice((None, 1000.0 + rng.random(), 5000.0 + step * 10))
        last = gathered.copied({rel: mtimes[rel]}, [rel], last)
        fresh = gathered.copied(mtimes)
        assert last[0] == fresh[0] and last[2] == fresh[2], step
