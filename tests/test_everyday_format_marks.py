"""newuser37 #19: the right-to-left mark (U+200F) Arabic editors put around numbers and the
zero-width non-joiner (U+200C) of Persian spelling were shown as ``\\u200f``/``\\u200c`` in
every title, hook and name — marks the audit itself judges harmless. They are shown as they
are there; a bidi override, a mark on a left-to-right line and a joiner between Latin
letters stay escaped."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree

FRONT = "---\nname: {0}\ndescription: {0}\nmetadata:\n  type: project\n---\nمتن.\n"


def test_rtl_and_persian_marks_print_as_they_are(tmp_path: Path) -> None:
    persian = "می\u200cخواهم-گزارش"
    arabic = "\u200fملاحظة-8080\u200f"
    ws = write_tree(tmp_path / "fa", {
        "MEMORY.md": "# فهرست\n",
        f"memory/{persian}.md": FRONT.format("یادداشت"),
        f"memory/{arabic}.md": FRONT.format("ملاحظة"),
        "memory/a\u200db.md": FRONT.format("a"),
        "memory/x\u202eyz.md": FRONT.format("x")})
    out = cli("audit", ws, "--fail-on", "never").stdout
    assert f"memory/{persian}.md" in out and "\\u200c" not in out, out
    assert f"memory/{arabic}.md" in out and "\\u200f" not in out
    assert "memory/a\\u200db.md" in out  # a joiner between Latin letters: escaped
    assert "memory/x\\u202eyz.md" in out and "\u202e" not in out  # an override: escaped
