"""Patterns compiled on first use, and the checks an audit may never reach left uncompiled."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from memtui.core.scanner.lazy_pattern import lazy_pattern

ROOT = Path(__file__).resolve().parents[2]


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    source = r"(?P<word>[a-z]+)(\d*)"
    lazy, compiled = lazy_pattern(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert "search" not in vars(lazy)  # nothing compiled yet
    text = "Abc12 de f3"
    assert lazy.search(text).span() == compiled.search(text).span()  # type: ignore[union-attr]
    assert "search" in vars(lazy)  # bound: later calls go straight to the compiled pattern
    assert [m.group("word") for m in lazy.finditer(text)] == ["Abc", "de", "f"]
    assert lazy.findall(text) == compiled.findall(text)
    assert lazy.sub("-", text) == compiled.sub("-", text)
    assert lazy.match("12") is None and lazy.fullmatch("ab") is not None
    assert lazy.groupindex == {"word": 1} and lazy.groups == 2
    assert lazy.pattern == source and lazy.flags == compiled.flags
    m = lazy.search(text)
    assert m is not None and m.re.groupindex == {"word": 1}


def test_an_audit_import_compiles_no_check_it_has_not_run() -> None:
    """Importing the audit leaves the credential layer unimported and the instruction and
    credential-hint patterns uncompiled (a clean workspace never needs them), nor does it
    import what only the app's shared scan uses (pickle)."""
    code = ("import sys\nimport memtui.core.audit\n"
            "from memtui.core.checks import instructions\n"
            "from memtui.core.creds import detector as secrets\n"
            "print('memtui.core.creds.structure' in sys.modules or 'pickle' in sys.modules, "
            "any('search' in vars(p) for p, _ in instructions._PATTERNS), "
            "'search' in vars(secrets._HINT))\n"
            "print(secrets.scan_text('DB_PASSWORD=Hunter2024!')[0].value)\n"
            "print('memtui.core.creds.structure' in sys.modules, "
            "'search' in vars(secrets._HINT))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=60)
    assert out.stdout.splitlines() == ["False False False", "Hunter2024!", "True True"]


def test_the_md_name_reader_keeps_the_patterns_meaning() -> None:
    """The index's ``*.md`` name reader (one backward pass, no pattern) accepts exactly the
    characters the former pattern did, in every plane (lone surrogates included)."""
    from memtui.core.scanner.index import mentioned_file
    from memtui.core.scanner.links import CodeSpan

    former = re.compile(r"(?:^|[\s/])([\w.\-/\u0080-\uffff]+\.md)$", re.IGNORECASE)

    def old(text: str) -> str | None:
        m = former.search(text.strip())
        return m.group(1) if m else None

    differ = [c for c in range(0x110000)
              if old(f"a{chr(c)}b.md") != mentioned_file(CodeSpan(1, f"a{chr(c)}b.md"))]
    assert differ == []
    for text in ("x.MD", "dir/a.Md", "see é.md", "😀.md", "two words.md", "K.md", "a.mdx",
                 "notes/.md", "x .md", "`a.md`", "a#b/c.md", "/x.md", "a b/c d.md"):
        assert old(text) == mentioned_file(CodeSpan(1, text)), text
