"""What memtui shows is safe to show: control characters and bytes that are not UTF-8 are
escaped, frontmatter values are bounded, and YAML alias bombs are refused (issue 9)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from memtui.core.reporting.safe_output import json_text, printable, short_value, utf8_safe
from memtui.core.scanner.memory_file import MAX_EXPANDED_VALUES, parse_memory
from tests.core.helpers import make_ws, memory, run_audit

PAYLOAD = "\x1b]0;PWNED\x07\x1b[31mRED\x9b2J"


def alias_bomb(levels: int = 9) -> str:
    """The "billion laughs" in YAML: each level lists the previous one nine times (~1 KB)."""
    lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        refs = ",".join([f"*l{i - 1}"] * 9)
        lines.append(f"l{i}: &l{i} [{refs}]")
    return "\n".join(lines) + "\n"


def test_printable_escapes_controls_and_undecodable_bytes() -> None:
    assert printable("memory/\udcff\udcfe.md") == "memory/\\xff\\xfe.md"
    assert printable(PAYLOAD) == "\\x1b]0;PWNED\\x07\\x1b[31mRED\\x9b2J"
    assert printable("a\tb\nc") == "a\\x09b\\x0ac"
    assert printable("a\tb\r\nc\rd", lines=True) == "a\tb\r\nc\\x0dd"
    assert printable("abc\u202egpj.md") == "abc\\u202egpj.md"  # bidi override
    plain = "週報格式 — ok é"
    assert printable(plain) is plain
    assert printable(printable(PAYLOAD)) == printable(PAYLOAD)  # idempotent


def test_json_text_is_valid_utf8_and_ascii_when_asked() -> None:
    value = {"path": "memory/\udcff\udcfe.md", "esc": PAYLOAD, "cjk": "週報", "bs": "a\\xb"}
    for ascii_only in (False, True):
        text = json_text(value, ascii_only=ascii_only)
        back = json.loads(text.encode("utf-8").decode("utf-8"))
        assert back == {**value, "path": "memory/\\xff\\xfe.md"}
        assert text.isascii() == ascii_only
    assert utf8_safe("x\udcffy") == "x\\xffy"


def test_short_value_never_builds_the_whole_text() -> None:
    import yaml

    bomb = yaml.load(alias_bomb(), Loader=yaml.SafeLoader)  # shared lists: cheap to build
    start = time.process_time()
    shown = short_value(bomb)
    assert time.process_time() - start < 1.0  # str(bomb) would take minutes and gigabytes
    assert len(shown) <= 300 and shown.endswith("…")
    assert short_value({"a": [1, "x\x1b"]}) == "{a: [1, x\\x1b]}"


def test_alias_bomb_is_refused_with_a_finding(tmp_path: Path) -> None:
    text = ("---\nname: boom\ndescription: d\nmetadata:\n  type: user\n" + alias_bomb()
            + "---\nbody\n")
    mf = parse_memory("memory/boom.md", text)
    msgs = [(f.line, f.message) for f in mf.findings if f.kind == "frontmatter"]
    assert len(msgs) == 1
    line, message = msgs[0]
    assert "alias" in message and f"{MAX_EXPANDED_VALUES:,}" in message
    # the first key whose expansion passes the limit: l3 (9**4 values), file line 9
    assert line == 9 and text.split("\n")[line - 1].startswith("l3:")
    assert mf.name == "boom" and mf.type == "user"  # recovered line by line
    assert all(isinstance(v, str) for v in mf.meta.values() if not isinstance(v, dict))

    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [b](memory/boom.md)\n",
                                   "memory/boom.md": text})
    result = run_audit(ws)
    assert ("memory/boom.md", 9) in [(f.path, f.line) for f in result.findings
                                     if f.kind == "frontmatter"]


def test_self_referencing_alias_and_deep_nesting_are_refused() -> None:
    mf = parse_memory("m.md", "---\nname: s\nx: &x [1, *x]\n---\n")
    assert any("contains itself" in f.message and f.line == 3 for f in mf.findings)
    deep = "---\nname: d\nx: &a " + "[" * 3000 + "]" * 3000 + "\ny: *a\n---\n"
    mf = parse_memory("m.md", deep)  # never raises
    assert mf.name == "d"


def test_small_aliases_still_load() -> None:
    mf = parse_memory("m.md", "---\nname: &n ok\ndescription: *n\nmetadata:\n  type: user\n"
                              "---\nbody\n")
    assert mf.description == "ok" and not mf.findings


def test_long_values_are_cut_in_finding_messages(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {
        "memory/a.md": memory("a", "x", type_="t" * 100_000 + PAYLOAD)})
    result = run_audit(ws)
    messages = [f.message for f in result.findings if f.kind == "frontmatter"]
    assert messages and all(len(m) <= 500 and "\x1b" not in m for m in messages)


def test_every_separator_and_format_character_is_escaped() -> None:
    """Issue 31 §7: categories Zl, Zp and Cf (this Python's Unicode), and the Hangul
    fillers, never reach a terminal raw; other letters and marks do."""
    import sys
    import unicodedata

    hidden = [chr(c) for c in range(0xA0, sys.maxunicode + 1)
              if unicodedata.category(chr(c)) in ("Zl", "Zp", "Cf")]
    hidden += ["\u115f", "\u1160", "\u3164", "\uffa0"]
    assert len(hidden) > 150
    for ch in hidden:
        for lines in (False, True):
            shown = printable(f"a{ch}b", lines=lines)
            assert shown.isascii() and shown.startswith("a\\") and shown.endswith("b"), ch
    assert printable("ok\u2028memory/ok.md:1  OK") == "ok\\u2028memory/ok.md:1  OK"
    assert printable("\U000e0041") == "\\U000e0041"
    kept = "é 週報 ∕ — \u0301 🙂"
    assert printable(kept) is kept
    assert printable(printable("a\u200bb")) == "a\\u200bb"
