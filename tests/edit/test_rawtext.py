"""Raw line editing keeps every byte it does not edit."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memtui.core.scanner.index import parse_index
from memtui.core.scanner.textfile import decode
from memtui.edit.linkedit import dest_spans, retarget, rewrite_wikilinks
from memtui.edit.rawtext import RawText

PIECES = st.lists(st.sampled_from([b"a", b"\xc3\xa9", b"\r\n", b"\n", b"\r", b"\xff", b" ",
                                   b"\xef\xbb\xbf", b"[x](y.md)", b"#"]), max_size=30)


@given(PIECES)
def test_parse_then_serialise_is_the_identity(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    assert RawText.parse(data).to_bytes() == data


VALID = st.lists(st.sampled_from([b"a", b"\xc3\xa9", b"\r\n", b"\n", b"\r", b" ",
                                  b"[x](y.md)", b"#"]), max_size=30)


@given(st.booleans(), VALID)
def test_line_numbers_agree_with_the_core_parser(bom: bool, pieces: list[bytes]) -> None:
    data = (b"\xef\xbb\xbf" if bom else b"") + b"".join(pieces)
    raw = RawText.parse(data)
    lines = parse_index(decode(data).text).lines
    assert [(ln.number, ln.text) for ln in lines] == list(enumerate(raw.texts(), start=1))


@given(PIECES, st.integers(min_value=0, max_value=40))
def test_insert_then_delete_restores_the_bytes(pieces: list[bytes], at: int) -> None:
    data = b"".join(pieces)
    raw = RawText.parse(data)
    n = min(at, len(raw)) + 1
    raw.insert(n, ["new line"])
    assert raw.text(n) == "new line"
    raw.delete(n)
    assert raw.to_bytes() == data


def test_insert_uses_the_files_own_line_ending() -> None:
    raw = RawText.parse(b"\xef\xbb\xbfa\r\nb\r\n")
    raw.insert(2, ["x", "y"])
    assert raw.to_bytes() == b"\xef\xbb\xbfa\r\nx\r\ny\r\nb\r\n"
    raw.replace(1, ["p", "q"])
    assert raw.to_bytes() == b"\xef\xbb\xbfp\r\nq\r\nx\r\ny\r\nb\r\n"


def test_destinations_are_found_as_written() -> None:
    line = "- [a (b)](memory/a(1).md \"t\") · [c](<memory/c d.md>) `[e](e.md)` ![i](i.png)"
    assert [s.href for s in dest_spans(line)] == ["memory/a(1).md", "memory/c d.md", "i.png"]
    assert dest_spans("[ref]: <memory/x y.md> \"title\"")[0].href == "memory/x y.md"


def test_retarget_keeps_fragments_and_adds_angle_brackets_when_needed() -> None:
    line = "see [a](a.md#why) and [b](../b.md) and [c](<c d.md>)"
    out = retarget(line, "memory/x.md", lambda t: {"memory/a.md": "memory/new a.md",
                                                   "memory/c d.md": "memory/c.md"}.get(t))
    assert out == "see [a](<new a.md#why>) and [b](../b.md) and [c](c.md)"


def test_rewrite_wikilinks_keeps_alias_heading_and_code() -> None:
    line = "[[Old|alias]] [[ old #h]] `[[old]]` [[other]]"
    assert rewrite_wikilinks(line, lambda n: "new" if n.lower() == "old" else None) == \
        "[[new|alias]] [[ new #h]] `[[old]]` [[other]]"
