"""Benchmark ``memtui trend``: a workspace of F files with C commits touching it.

    python bench/trend.py [--commits 500] [--files 261]
    python bench/trend.py --tree /tmp/base --tree . --rounds 3 [--ws PATH]

Generates the repository under bench/out/trend-C-F once (reused when present): the
workspace from ``bench/generate.py`` in its first commit, then C-1 commits written with
``git fast-import``, each rewriting one memory file; every 7th also adds an unindexed
memory, every 11th deletes one. Then runs ``memtui trend WS --json`` twice, with an empty
token cache folder (cold) and again with the cache it left (warm), and prints wall and CPU
time (user+sys of the process tree: git's processes count). ``--tree`` (repeated): the
memtui of each tree (run from it), the trees interleaved in each of ``--rounds`` rounds, and
the median CPU of each; ``--ws``: a workspace of an existing repository instead.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.generate import generate  # noqa: E402

START = 1_700_000_000  # commit time of the first commit; one hour between commits


def make_repo(repo: Path, commits: int, files: int) -> Path:
    done = repo / ".complete"
    if done.exists():
        return repo / "ws"
    if repo.exists():
        shutil.rmtree(repo)
    ws = generate(repo / "ws", files, seed=7)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    texts = {p.relative_to(repo).as_posix(): p.read_bytes()
             for p in sorted(ws.rglob("*")) if p.is_file()}
    memories = sorted(p for p in texts if p.startswith("ws/memory/"))
    stream: list[bytes] = []

    def commit(n: int, changes: list[bytes]) -> None:
        stream.append(b"commit refs/heads/main\n")
        stream.append(f"committer b <b@example.invalid> {START + 3600 * n} +0000\n".encode())
        stream.append(f"data <<EOM\ncommit {n}\nEOM\n".encode())
        stream.extend(changes)
        stream.append(b"\n")

    def put(path: str, data: bytes) -> bytes:
        return f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n"

    commit(0, [put(p, d) for p, d in texts.items()])
    for n in range(1, commits):
        target = memories[n % len(memories)]
        texts[target] += f"\nRevised in commit {n}.\n".encode()
        changes = [put(target, texts[target])]
        if n % 7 == 0:
            changes.append(put(f"ws/memory/note-{n}.md",
                               f"---\nname: note-{n}\ndescription: n\ntype: project\n---\n"
                               f"Note {n}.\n".encode()))
        if n % 11 == 0:
            gone = memories.pop((n * 13) % len(memories))
            changes.append(f"D {gone}\n".encode())
        commit(n, changes)
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=b"".join(stream),
                   check=True)
    subprocess.run(["git", "-C", str(repo), "symbolic-ref", "HEAD", "refs/heads/main"],
                   check=True)
    done.write_text("ok\n")
    return ws


def run_trend(ws: Path, cache: str, tree: Path = HERE.parent) -> tuple[int, float, float]:
    env = {**os.environ, "MEMTUI_CACHE_DIR": cache}
    env.pop("MEMTUI_NO_CACHE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "memtui", "trend", str(ws), "--json"],
                          cwd=tree, env=env, capture_output=True, text=True,
                          check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return len(json.loads(proc.stdout)["points"]), wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=500)
    parser.add_argument("--files", type=int, default=261)
    parser.add_argument("--ws", type=Path, help="a workspace in a git repository to use")
    parser.add_argument("--tree", type=Path, action="append",
                        help="a memtui checkout to run (repeat to pair them)")
    parser.add_argument("--rounds", type=int, default=1)
    ns = parser.parse_args()
    ws = ns.ws or make_repo(HERE / "out" / f"trend-{ns.commits}-{ns.files}", ns.commits,
                            ns.files)
    trees = ns.tree or [HERE.parent]
    cpus: dict[tuple[int, str], list[float]] = {}
    for _ in range(ns.rounds):
        for at, tree in enumerate(trees):
            with tempfile.TemporaryDirectory(prefix="memtui-bench-cache-") as cache:
                for label in ("cold", "warm"):
                    points, wall, cpu = run_trend(ws, cache, tree.resolve())
                    cpus.setdefault((at, label), []).append(cpu)
                    print(f"{tree}: {points:,} points, {label} cache: "
                          f"wall {wall:.1f} s, CPU {cpu:.2f} s", flush=True)
    if ns.rounds > 1 or len(trees) > 1:
        for (at, label), got in cpus.items():
            print(f"median {label} {trees[at]}: {statistics.median(got):.2f} s CPU "
                  f"({', '.join(f'{c:.2f}' for c in got)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
