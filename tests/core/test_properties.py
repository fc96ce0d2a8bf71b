"""Property tests: no text makes the index or memory-file readers raise."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memtui.core.checks.instructions import scan_instructions
from memtui.core.scanner.index import parse_index
from memtui.core.scanner.links import markdown_links, resolve_href, wikilinks
from memtui.core.scanner.memory_file import (
    _FENCE,
    frontmatter_span,
    lenient_fields,
    parse_memory,
    split_frontmatter,
)
from memtui.core.scanner.textfile import decode

# Text biased towards the syntax the readers care about.
PIECES = st.sampled_from(["---", "\n", "\r\n", ":", ": ", "name", "type", "metadata",
                          "  ", "- ", "[", "]", "(", ")", "[[", "]]", "`", "```", "#", "<",
                          ">", "%20", "..", "/", "\\", "|", "\ufeff", "記憶", "'", '"', "{",
                          "}", "*", "&a", "!!python/object", "\t", "\x00", "\ud800"])
MARKDOWNISH = st.lists(st.one_of(PIECES, st.text(max_size=8)), max_size=60).map("".join)
TEXT = st.one_of(st.text(), MARKDOWNISH)
FAST = settings(max_examples=400, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(TEXT)
def test_parse_index_never_raises(text: str) -> None:
    idx = parse_index(text)
    assert [ln.number for ln in idx.lines] == list(range(1, len(idx.lines) + 1))
    for ln in idx.lines:
        assert ln.kind in ("entry", "packed", "prose", "heading", "blank")
        for lk in ln.links:
            assert lk.outside or (lk.target is not None and not lk.target.startswith("../"))


@FAST
@given(TEXT)
def test_parse_memory_never_raises(text: str) -> None:
    mf = parse_memory("memory/x.md", text)
    assert all(f.kind == "frontmatter" for f in mf.findings)
    assert mf.body_start >= 1
    for value in (mf.name, mf.description, mf.type):
        assert value is None or isinstance(value, str)


@FAST
@given(TEXT)
def test_frontmatter_helpers_never_raise(text: str) -> None:
    split_frontmatter(text)
    lenient_fields(text)
    scan_instructions(text)
    markdown_links("memory/a.md", text)
    wikilinks("memory/a.md", text)
    resolve_href("memory/a.md", text)


@FAST
@given(st.binary())
def test_decode_any_bytes(data: bytes) -> None:
    out = decode(data)
    assert "\r" not in out.text
    assert len(out.problems) == len(out.problem_lines)


HINTY = st.lists(st.one_of(st.sampled_from(
    ["AKIA", "akia", "Pass", "PWD", "token", "KEY", "ghp_", "GHO_", "sk-", "SG.", "eyJ",
     "://u:p@h", "-us12", "密碼", "Ignore", "previous", "instructions", "<|im_start|>",
     "[INST]", "<<SYS>>", "system: ", "You must now", "from now on, you", "reveal the",
     "system prompt", "忽略", "指示", "你現在是", "İ", "ß", "\n", " ", "AI", "KI", "LLM",
     "assistant", "Assistent", "### SYSTEM", "[SYSTEM]", "<system>", "To the ", ": ", ", ",
     "memory", "Example:", "> ", "«", "»", "\"", "delete MEMORY.md", "ИИ"]), st.text(max_size=5)),
    max_size=40).map("".join)


@FAST
@given(HINTY)
def test_secret_prefilter_keeps_every_hint_line(text: str) -> None:
    from memtui.core.creds.detector import _HINT, candidate_lines

    expected = [(i, ln) for i, ln in enumerate(text.split("\n")) if _HINT.search(ln)]
    assert candidate_lines(text) == expected


@FAST
@given(HINTY)
def test_instruction_prefilter_changes_nothing(text: str) -> None:
    from memtui.core.checks import addressed, instructions, unlabelled

    expected = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        # every line read whole, by the phrases, the orders' structure (fix32b), then the
        # address to the model and the system marker (session 33)
        if addressed.framed_as_example(lines, i):
            continue
        found = None
        for patterns in (instructions._PATTERNS, instructions.ORDERS):
            found = next(((reason, instructions.excerpt(m)) for pattern, reason in patterns
                          if (m := pattern.search(line)) and not instructions.mentioned(line, m)),
                         None)
            if found:
                break
        found = found or addressed.addressed(lines, i) or addressed.marked(lines, i)
        # and an order no label addresses (session 34)
        found = found or unlabelled.unlabelled(lines, i, addressed._names_model(line))
        if found:
            expected.append((1 + i, *found))
    # (the change of voice, "turns to the model", reads the whole text — where else it names
    # the model — not a line alone: tests/core/test_reader_voice.py and the blind sets cover it;
    # a line it reads is one the prefilter kept, the model named on it)
    assert [f for f in scan_instructions(text) if f[1] != "turns to the model"] == \
        [f for f in expected if f[1] != "turns to the model"]


_KEYS = st.sampled_from(["name", "description", "type", "metadata", "modified", "yes", "on",
                         "node_type", "originSessionId", "a-b", "x_y"])
_VALUES = st.one_of(
    st.sampled_from(["project", "user-role", "中文 名稱", "2026-01-02", "2026-13-40", "1.5",
                     "12", "yes", "No", "null", "~", "", "a: b", "a #c", "x:", "-x", "[a]",
                     "{a}", "'q'", '"q"', '"a\\"b"', "'it''s'", "\"x: y\"", "a\tb", "é",
                     "@x", "%x", "=", "<<", ".5", "+1", "0x1F", "1:20", "Rule: x"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12))
_LINES = st.lists(st.tuples(st.sampled_from(["", "  ", "    ", " "]), _KEYS, _VALUES),
                  max_size=8)


@FAST
@given(_LINES)
def test_simple_yaml_agrees_with_yaml(lines: list[tuple[str, str, str]]) -> None:
    import yaml

    from memtui.core.scanner.memory_file import simple_yaml

    fm = "\n".join(f"{lead}{key}:{' ' + value if value else ''}" for lead, key, value in lines)
    fast = simple_yaml(fm)
    if fast is None:
        return
    assert fast == yaml.load(fm, Loader=yaml.CSafeLoader)


_INDEX_BITS = st.sampled_from([
    "- ", "* ", "1. ", "# ", "## ", "  ", "    ", "> ", "\n", "\n\n", "---\n", " — ", " · ",
    "[a](memory/a.md)", "[A b](<memory/a b.md>)", "[x](memory/a%20b.md)", "[週報](memory/週報.md)",
    "[p](memory/recipe-(v2).md)", "[t](memory/t.md \"title\")", "[e](https://example.com/x)",
    "[f](memory/f.md#part)", "[q](memory/q.md?x=1)", "[u](../out.md)", "[n](/abs.md)",
    "[feedback_index_not_column](memory/f_i.md)", "[_em_](memory/e.md)", "[*b*](memory/b.md)",
    "[**s**](memory/s.md)", "[`c`](memory/c.md)", "`memory/x.md`", "` sp `", "`a [b](c) d`",
    "``x``", "[[wiki]]", "[[wiki]](memory/w.md)", "[ref]", "[ref]: memory/r.md", "![img](i.png)",
    "\\[esc]", "&amp;", "<b>", "[a]()", "[](memory/e.md)", "[a](memory/a.md)[b](memory/b.md)",
    "_x_", "*y*", "[a]", "]", "(", ")", "text", "中文說明", "\t", "[x](memory/%E9%80%B1.md)",
    "[x](memory/a^b.md)", "[x](memory/a|b.md)", "[x](memory/é.md)", "[x](C:\\\\x.md)",
])
INDEXISH = st.lists(st.one_of(_INDEX_BITS, st.text(max_size=4)), max_size=30).map("".join)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(INDEXISH)
def test_plain_link_reader_agrees_with_markdown_it(text: str) -> None:
    from memtui.core.scanner.index import plain_links
    from memtui.core.scanner.links import CodeSpan, markdown_links

    plain = plain_links(text)
    if plain is None:
        return
    spans: list[CodeSpan] = []
    assert plain == (markdown_links("MEMORY.md", text, 1, spans), spans)


CREDENTIAL_LINES = st.lists(st.one_of(st.sampled_from(
    ["password", "PASSWD", "pwd", "pass", "Passphrase", "secret", "TOKEN", "api_key", "apiKey",
     "SSH_KEY", "signing key", "client_secret", "credentials", "密碼", "口令", "令牌", " is ",
     " = ", "=", ": ", "：", "--", "`", "\"", "'", "Hunter2024!", "xx_wa_28efc561d81a16b3",
     "s3cret", "changeme", "$VAR", "<pw>", " ", "_", "-", "."]), st.text(max_size=4)),
    max_size=12).map("".join)


@FAST
@given(CREDENTIAL_LINES)
def test_the_credential_layer_is_reached_through_the_prefilter(line: str) -> None:
    """A text the cheap first look skips is never read: whatever the labelled-value layer
    would report, the first look lets through to it."""
    from memtui.core.creds.detector import scan_text
    from memtui.core.creds.structure import labelled_values

    line = line.replace("\n", " ")
    found = labelled_values([line])
    if found:
        values = [h.value for h in scan_text(line)]
        assert all(c.value in values or any(c.value in v or v in c.value for v in values)
                   for c in found)


def _span_line_by_line(text: str) -> tuple[str | None, int, int, bool]:
    """``frontmatter_span`` as it was written before one pattern found the closing line: a
    walk over the lines (the reference the pattern must agree with)."""
    if not text.startswith("---"):
        return None, 0, 1, True
    end = text.find("\n")
    if not _FENCE.match(text if end < 0 else text[:end]):
        return None, 0, 1, True
    if end < 0:
        return "", len(text), 2, False
    start = pos = end + 1
    number = 2
    while True:
        nl = text.find("\n", pos)
        line = text[pos:] if nl < 0 else text[pos:nl]
        if _FENCE.match(line) or line.rstrip() == "...":
            return (text[start:pos - 1] if pos > start else "",
                    len(text) if nl < 0 else nl + 1, number + 1, True)
        if nl < 0:
            return text[start:], len(text), number + 1, False
        pos, number = nl + 1, number + 1


FENCED = st.lists(st.one_of(st.sampled_from(
    ["---", "----", "...", "....", ".. .", "--- x", "\n", "\r", " ", "\t", "\x0b", "\x85",
     "\u2028", "\u3000", "a: b", "-", "."]), st.text(max_size=4)), max_size=30).map(
    lambda parts: "---\n" + "".join(parts))


@FAST
@given(st.one_of(TEXT, FENCED))
def test_frontmatter_span_agrees_with_the_line_walk(text: str) -> None:
    assert frontmatter_span(text) == _span_line_by_line(text)
