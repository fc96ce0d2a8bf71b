"""Default text report length, in lines, on real directories and on messy copies of them.

    python -m bench.noise DIR...

For each DIR: the lines of ``python -m memtui audit DIR``, then of a copy of DIR (in a temp
dir) beside which a long-lived directory's extras are written: ``briefs/`` (127 daily briefs,
no frontmatter), ``lessons/`` (12 files with ``title``/``phase``/``date``) and two agent
definitions (``tools``/``model``). Nothing is written outside the temp dir.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def report_lines(path: Path) -> int:
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(path)],
                         capture_output=True, text=True, check=False)
    return len(out.stdout.splitlines())


def messy_copy(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest)
    (dest / "briefs").mkdir()
    for n in range(127):
        (dest / "briefs" / f"brief-{n:03d}.md").write_text(
            f"# Daily brief {n}\n\n- markets flat\n- two tickets closed\n", encoding="utf-8")
    (dest / "lessons").mkdir()
    for n in range(12):
        (dest / "lessons" / f"lesson-{n:02d}.md").write_text(
            f"---\ntitle: Lesson {n}\nphase: 2\ndate: 2026-05-{n + 1:02d}\n---\nnotes\n",
            encoding="utf-8")
    for name in ("reviewer", "tester"):
        (dest / f"agent-{name}.md").write_text(
            f"---\nname: {name}\ndescription: a subagent\ntools: Read, Grep\nmodel: sonnet\n"
            "---\nYou review.\n", encoding="utf-8")
    return dest


def main(argv: list[str]) -> int:
    print("| directory | report lines | messy copy |")
    print("|---|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for arg in argv:
            src = Path(arg)
            messy = messy_copy(src, Path(tmp) / src.name)
            print(f"| {src.name} | {report_lines(src)} | {report_lines(messy)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
