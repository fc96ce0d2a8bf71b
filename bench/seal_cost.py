"""CPU of ``memtui history`` and ``memtui undo`` on a 1,000-record journal (issue 32: the
cost of sealing journal records), for the tree given, paired against another.

    python -m bench.seal_cost /work/main /work/wt/seal30 [rounds]

Builds a workspace once per tree (each tree seals with its own code: the records are made by
``memtui fix add-to-index`` once, then copied by that tree's journal code to 1,000 records,
so a tree that seals gets sealed copies and one that does not gets plain ones), then times,
in alternating rounds, each tree's ``history`` and ``undo`` (a fresh copy per undo) as CPU
(user+sys of the child), never wall time.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RECORDS = 1000

_COPY = """
import json, sys
from pathlib import Path
from memtui.core.workspace import open_workspace
root = Path(sys.argv[1]).resolve()
folder = root / ".memtui" / "journal"
first = json.loads((folder / "000001.json").read_text())
first.pop("seal", None)
try:
    from memtui.edit.journal_seal import seal
except ImportError:
    seal = None
for n in range(2, @RECORDS@ + 1):
    rec = dict(first, id=n, summary=f"copy {n}")
    if seal is not None:
        seal(rec, root)
    (folder / f"{n:06d}.json").write_text(json.dumps(rec, indent=1))
# the newest undoes into the file as it is: its after hash is the index's now
""".replace("@RECORDS@", str(RECORDS))


def _cpu(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _build(tree: Path, where: Path, env: dict[str, str]) -> Path:
    root = where / "ws"
    run = [sys.executable, "-m", "memtui"]
    subprocess.run([*run, "demo", str(root)], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([*run, "fix", "add-to-index", str(root), "memory/scrap-log.md"], cwd=tree,
                   env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, "-c", _COPY, str(root)], cwd=tree, env=env, check=True)
    return root


def main() -> None:
    trees = [Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    base = Path(tempfile.mkdtemp(prefix="seal-cost-"))
    envs, roots = [], []
    for i, tree in enumerate(trees):
        env = {**os.environ, "PYTHONPATH": str(tree), "MEMTUI_NO_CACHE": "1",
               "MEMTUI_CONFIG_DIR": str(base / f"config{i}"), "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("MEMTUI_PURE_PYTHON", None)
        envs.append(env)
        roots.append(_build(tree, base / f"t{i}", env))
    times: dict[tuple[int, str], list[float]] = {}
    for r in range(rounds):
        for i in (0, 1) if r % 2 == 0 else (1, 0):
            tree, env, root = trees[i], envs[i], roots[i]
            times.setdefault((i, "history"), []).append(
                _cpu([sys.executable, "-m", "memtui", "history", str(root)], tree, env))
            copy = base / f"undo{i}-{r}"
            shutil.copytree(root, copy, symlinks=True)
            # a copy is another workspace: its records are made again for it (sealed for
            # it by a tree that seals), not timed
            subprocess.run([sys.executable, "-c", _COPY, str(copy)], cwd=tree, env=env,
                           check=True)
            times.setdefault((i, "undo"), []).append(
                _cpu([sys.executable, "-m", "memtui", "undo", str(copy)], tree, env))
            shutil.rmtree(copy)
    for what in ("history", "undo"):
        for i, tree in enumerate(trees):
            got = sorted(times[(i, what)])
            print(f"{what:8} {tree}: median {got[len(got) // 2]:.3f} s CPU  "
                  f"(min {got[0]:.3f}, max {got[-1]:.3f}, {len(got)} runs)")
    shutil.rmtree(base)


if __name__ == "__main__":
    main()
