"""No tracker reference (``newuser38 #24``, ``real31``, ``issue 32``) in what the app and
the CLI show (newuser42 #10: the app's and the browser's dialog on a folder of several
workspaces read "(newuser38 #24: not each one holds a MEMORY.md)"). Every string of
memtui's code is read but docstrings and style sheets (comments are no strings), and every
other file shipped in the package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "memtui"
TRACKER = re.compile(r"\b[a-z]+\d+[a-z]? #\d+|\b(?:newuser|real|redteam|session)\d+\b"
                     r"|\bissue \d+\b", re.IGNORECASE)


def _skipped(tree: ast.AST) -> set[int]:
    """The ids of the string constants no user sees: docstrings, style sheets."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id.endswith("CSS") for t in targets) \
                    and node.value is not None:
                skip |= {id(n) for n in ast.walk(node.value)}
    return skip


def tracker_references(package: Path = PACKAGE) -> list[str]:
    found = []
    for path in sorted(package.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".so", ".pyc"):
            continue
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = _skipped(tree)
            strings = [(n.lineno, n.value) for n in ast.walk(tree)
                       if isinstance(n, ast.Constant) and isinstance(n.value, str)
                       and id(n) not in skip]
        else:
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            strings = [(n, line) for n, line in enumerate(text.splitlines(), 1)]
        found += [f"{path.relative_to(package.parent)}:{n}: {m[0]}" for n, s in strings
                  for m in [TRACKER.search(s)] if m]
    return found


def test_no_tracker_reference_in_user_facing_text() -> None:
    assert tracker_references() == []


def test_the_probe_finds_one(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text('"""newuser1 #2 in a docstring."""\n'
                                   'CSS = "/* issue 3 */"\n'
                                   'x = ("of their own (newuser38 #24: not each")\n')
    assert tracker_references(tmp_path) == [f"{tmp_path.name}/m.py:3: newuser38 #24"]
