"""Count the outcomes of the app and of ``memtui audit --discover`` run again and again as
another user who cannot read part of the workspace (issue 31: outcomes that varied between
runs). Needs root (to drop to ``nobody`` with ``setpriv``: root itself ignores modes).

    sudo python bench/race_as_nobody.py --runs 20 --code . \\
        --python /usr/bin/python3.11 --site /work/venv/lib/python3.11/site-packages

``--python`` must be an interpreter ``nobody`` can run (a venv under /root is not: the
child processes memtui starts would die at once). Prints, for each case, how many runs
gave each distinct outcome (the app: its findings and notice one second after its first
audit, elapsed times masked; ``--discover``: its whole output and exit status).
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\n{1}\n"

APP_ONCE = '''
import asyncio, sys, time
from memtui.tui.app import open_app

async def main():
    app = open_app(sys.argv[1], watch=True)
    async with app.run_test(size=(160, 50)) as pilot:
        deadline = time.monotonic() + 60
        while not (app.audits >= 1 and app.views_ready):
            if time.monotonic() > deadline:
                print("no audit within 60 s; notice:", app.notice)
                return
            await pilot.pause(0.05)
        await pilot.pause(1.0)
        for f in sorted((f.kind, f.path, f.line, f.message) for f in app.result.findings):
            print("finding", f)
        print("notice", app.notice)

asyncio.run(main())
'''


def build(base: Path) -> tuple[Path, Path]:
    """A workspace with an unreadable folder in memory/, and a --discover root holding a
    readable workspace and one whose memory/ and MEMORY.md are unreadable."""
    app = base / "app"
    (app / "memory/locked").mkdir(parents=True)
    (app / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (app / "memory/a.md").write_text(MEMORY.format("a", "fact"), encoding="utf-8")
    (app / "memory/locked/b.md").write_text(MEMORY.format("b", "hidden"), encoding="utf-8")
    root = base / "root"
    for name in ("w1", "w2"):
        (root / name / "memory").mkdir(parents=True)
        (root / name / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
        (root / name / "memory/a.md").write_text(MEMORY.format("a", "fact"), encoding="utf-8")
    (base / "app_once.py").write_text(APP_ONCE, encoding="utf-8")
    (base / "home").mkdir()
    for folder, _dirs, files in os.walk(base):
        os.chmod(folder, 0o777 if folder.endswith("home") else 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    for locked in (app / "memory/locked", root / "w2/memory", root / "w2/MEMORY.md"):
        os.chmod(locked, 0)
    return app, root


def as_nobody(args: argparse.Namespace, base: Path, argv: list[str]) -> str:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(base / "home"),
           "PYTHONPATH": f"{Path(args.code).resolve()}:{args.site}", "NO_COLOR": "1"}
    done = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                           args.python, *argv], cwd=base, env=env, capture_output=True,
                          text=True, timeout=120)
    return re.sub(r"in [0-9.]+ s", "in … s", done.stdout + done.stderr) + \
        f"exit={done.returncode}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--code", default=".", help="the memtui checkout to run")
    parser.add_argument("--python", default="/usr/bin/python3.11")
    parser.add_argument("--site", default=f"{sys.prefix}/lib/python3.11/site-packages",
                        help="site-packages holding memtui's dependencies")
    args = parser.parse_args()
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        print("needs root and setpriv", file=sys.stderr)
        return 2
    base = Path(tempfile.mkdtemp(prefix="memtui-race-"))
    os.chmod(base, 0o755)
    try:
        app, root = build(base)
        cases = {"app (cache kept between runs)": [str(base / "app_once.py"), str(app)],
                 "audit --discover --json": ["-m", "memtui", "audit", "--discover",
                                             "--json", str(root)]}
        for name, argv in cases.items():
            counts = collections.Counter(as_nobody(args, base, argv)
                                         for _ in range(args.runs))
            print(f"{name}: {len(counts)} distinct outcome(s) in {args.runs} runs")
            for outcome, n in counts.most_common():
                print(f"  {n:3d} × {outcome.strip().splitlines()[-2:]}")
    finally:
        for folder, _dirs, _files in os.walk(base):
            os.chmod(folder, 0o755)
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
