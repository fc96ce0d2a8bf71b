"""`simple_yaml` answers exactly as it did before its per-line work was cut (issue 35): the
former code, kept here as the reference, and the module's agree on generated frontmatter
(None included: a frontmatter left to YAML must still be left to it)."""

from __future__ import annotations

import re
import sys
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memtui.core.scanner.memory_file import simple_yaml

FAST = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_SIMPLE_KEY = re.compile(r"([A-Za-z_][\w-]*):(?: (.*))?$")
_RESERVED_WORDS = frozenset(["yes", "no", "true", "false", "on", "off", "null", "~", "y", "n"])
_DATE = re.compile(r"\d{4}-\d\d-\d\d$")
_PLAIN_BAD_START = frozenset("-?:,[]{}#&*!|>'\"%@`+.0123456789=<~")


def _former_scalar(value: str) -> tuple[bool, Any]:
    value = value.strip(" ")
    if not value or "\t" in value or not value.isprintable():
        return False, None
    first = value[0]
    if first == '"':
        inner = value[1:-1]
        ok = len(value) >= 2 and value[-1] == '"' and '"' not in inner and "\\" not in inner
        return ok, inner
    if first == "'":
        inner = value[1:-1]
        return len(value) >= 2 and value[-1] == "'" and "'" not in inner, inner
    if _DATE.match(value):
        import datetime as dt

        try:
            return True, dt.date.fromisoformat(value)
        except ValueError:
            return False, None
    if first in _PLAIN_BAD_START or value.lower() in _RESERVED_WORDS or ": " in value \
            or " #" in value or value.endswith(":"):
        return False, None
    return True, value


def former_simple_yaml(fm: str) -> dict[str, Any] | None:
    """`simple_yaml` as it was at 3b1e115."""
    out: dict[str, Any] = {}
    parent: dict[str, Any] | None = None
    indent = ""
    for line in fm.split("\n"):
        if not line.strip(" "):
            continue
        stripped = line.lstrip(" ")
        lead = line[: len(line) - len(stripped)]
        m = _SIMPLE_KEY.match(stripped)
        if m is None or m.group(1).lower() in _RESERVED_WORDS:
            return None
        key, value = sys.intern(m.group(1)), m.group(2)
        if lead:
            if parent is None or (indent and lead != indent):
                return None
            indent = lead
            target = parent
        else:
            if parent is not None and not parent:
                return None
            parent = None
            target = out
        if value is None or not value.strip(" "):
            if lead:
                return None
            parent, indent = {}, ""
            out[key] = parent
            continue
        ok, parsed = _former_scalar(value)
        if not ok:
            return None
        target[key] = sys.intern(parsed) if key == "type" and type(parsed) is str else parsed
    if (parent is not None and not parent) or not out:
        return None
    return out


_KEYS = st.one_of(
    st.sampled_from(["name", "description", "type", "metadata", "modified", "yes", "On",
                     "NULL", "y", "n", "False", "node_type", "a-b", "x_y", "İd", "ǅx", "KEY",
                     "ﬃx"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6))
_VALUES = st.one_of(
    st.sampled_from(["project", "user-role", "中文 名稱", "2026-01-02", "2026-13-40", "1.5",
                     "12", "yes", "No", "NULL", "~", "", "a: b", "a #c", "x:", "-x", "[a]",
                     "{a}", "'q'", '"q"', '"a\\"b"', "'it''s'", "\"x: y\"", "a\tb", "é",
                     "@x", "%x", "=", "<<", ".5", "+1", "0x1F", "1:20", "Rule: x", "İ",
                     "İes", "TRUE", "Off", "٢٠٢٦-٠١-٠٢", "２０２６-01-02", "2026-01-02x",
                     "\u00a0x", "x\u2028", " x ", "\"\"", "''", "\"", "'"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12))
_LINES = st.lists(st.tuples(st.sampled_from(["", "  ", "    ", " ", "\t"]), _KEYS,
                            st.sampled_from([":", ": ", ":  ", " :", ":\t"]), _VALUES),
                  max_size=8)


@FAST
@given(_LINES)
def test_simple_yaml_same_as_before(lines: list[tuple[str, str, str, str]]) -> None:
    fm = "\n".join(f"{lead}{key}{sep}{value}" for lead, key, sep, value in lines)
    assert simple_yaml(fm) == former_simple_yaml(fm)
    assert repr(simple_yaml(fm)) == repr(former_simple_yaml(fm))


def test_simple_yaml_same_on_written_frontmatter() -> None:
    cases = ["name: a\ndescription: \"b\"\nmetadata:\n  type: project",
             "name: a\nmodified: 2026-01-02\n", "name: a\nmodified: ２０２６-01-02",
             "name: a\nmodified: 2026-02-30", "on: x", "On: x", "name: No", "name: İ",
             "name: a\n  type: x", "metadata:\n", "metadata:\nname: a", "a:\tb", "a: b\t"]
    for fm in cases:
        assert repr(simple_yaml(fm)) == repr(former_simple_yaml(fm)), fm
