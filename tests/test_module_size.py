"""One concept per module: a module of memtui past 500 lines says at its top why."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "memtui"
LIMIT = 500


def long_modules_without_a_reason(root: Path = ROOT) -> list[str]:
    missing = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= LIMIT:
            continue
        doc = ast.get_docstring(ast.parse(text)) or ""
        if f"past {LIMIT} lines" not in doc:
            missing.append(f"{path.relative_to(root)} ({text.count(chr(10))} lines)")
    return missing


def test_every_long_module_says_why() -> None:
    assert long_modules_without_a_reason() == []


def test_the_check_sees_a_long_module_without_a_reason(tmp_path: Path) -> None:
    (tmp_path / "short.py").write_text('"""Short."""\n')
    (tmp_path / "long.py").write_text('"""Long, no reason."""\n' + "x = 1\n" * 600)
    (tmp_path / "why.py").write_text(
        f'"""Long.\n\nThe module is past {LIMIT} lines: one protocol."""\n' + "x = 1\n" * 600)
    assert [m.split(" ")[0] for m in long_modules_without_a_reason(tmp_path)] == ["long.py"]
