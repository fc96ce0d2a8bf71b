"""issue 35 (session 37): the natural order's key is one string, compared by Python's own
string comparison, ordering names as the tuple of their parts did — and a workspace where
the parts do not line up (a memory ``a.md`` beside a folder ``a.md5/``: text meets a
number) is audited, where the tuple's comparison raised ``TypeError`` out of discovery."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

from memtui.core.files.name_order import name_key, name_sorted
from tests.core.helpers import memory

ROOT = Path(__file__).resolve().parents[2]
_RUN = re.compile(r"([0-9]+)")


def parts_key(name: str) -> tuple[object, ...]:
    """The order as it was defined before: text and (length, digits) parts, then the name."""
    key: list[object] = []
    for i, part in enumerate(_RUN.split(name)):
        digits = part.lstrip("0") or "0"
        key.append((len(digits), digits) if i % 2 else part)
    key.append(name)
    return tuple(key)


def test_the_string_key_orders_names_as_their_parts_do() -> None:
    rnd = random.Random(37)
    chars = "a0123._-/Z9\x00\x01\x02é"
    compared = 0
    for _ in range(50_000):
        a = "".join(rnd.choice(chars) for _ in range(rnd.randint(0, 7)))
        b = "".join(rnd.choice(chars) for _ in range(rnd.randint(0, 7)))
        try:
            want = (parts_key(a) < parts_key(b), parts_key(a) == parts_key(b))
        except TypeError:  # parts that do not line up: any one total order
            continue
        compared += 1
        assert (name_key(a) < name_key(b), name_key(a) == name_key(b)) == want, (a, b)
    assert compared > 40_000
    assert name_sorted(["x-10", "x-9", "x-009", "x", "x-" + "9" * 5000, "x-" + "1" * 4999]) == \
        ["x", "x-009", "x-9", "x-10", "x-" + "1" * 4999, "x-" + "9" * 5000]


def test_a_memory_beside_a_folder_named_like_it_with_a_number(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory" / "a.md5").mkdir(parents=True)
    (ws / "memory" / "a.md").write_text(memory("a", "A.\n"), encoding="utf-8")
    (ws / "memory" / "a.md5" / "x.md").write_text(memory("x", "X.\n"), encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- [a](memory/a.md)\n- [x](memory/a.md5/x.md)\n",
                                  encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                          cwd=ROOT, capture_output=True, text=True,
                          env={"MEMTUI_NO_CACHE": "1", "PATH": "/usr/bin:/bin",
                               "PYTHONDONTWRITEBYTECODE": "1"})
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode in (0, 1), proc.stderr
    files = {row["path"] for row in json.loads(proc.stdout)["files"]}
    assert {"memory/a.md", "memory/a.md5/x.md"} <= files
