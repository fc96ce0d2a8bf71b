"""Benchmark what a git repository's history costs a cold audit (issue 35's git rows).

    python bench/git_history.py [--rounds 5] [--commits 600] [--files 100]
                                [--fleet 100] [--fleet-files 100] [--jobs 2]

Builds once, under bench/out/git-history-C-F (reused when present), a repository of C
commits written with ``git fast-import`` (one pack, as a cloned repository is): 240
unrelated source files in nested folders, and an F-file workspace (``bench/generate.py``,
seed 7) at the prefix ``team/agents/memory``, added by commit C/6; after it every 5th
commit rewrites one memory, the others each rewrite one unrelated file. Three copies of
the same workspace are audited:

- ``tracked``: the committed one (``team/agents/memory``);
- ``untracked``: a copy in the work tree that git does not track (``scratch/ws``: a
  workspace made inside a checkout, as ``bench/out`` is inside memtui's own);
- ``outside``: a copy in a folder that is in no repository.

Each run is ``memtui audit WS --json`` with a new empty cache folder (cold); CPU is
user+sys of the process tree (``os.wait4``). The rounds are paired and interleaved (each
round runs every variant, in a rotating order); the report gives each variant's median
and the median of its per-round ratio to ``outside``.

``--fleet N`` (0: skip) adds the fleet row: N generated workspaces of ``--fleet-files``
files (``bench/fleet.py``'s), untracked inside the repository's work tree (as
``bench/fleet.py`` as shipped puts them, in memtui's checkout) and a copy outside,
audited with ``memtui audit ROOT --discover --json --jobs J``, one paired round each.

``--checkout REPO`` measures instead a workspace untracked in an existing checkout (issue
35's row: a clone of memtui's own repository): the F-file workspace is generated in
``REPO/bench/out/git-history-ws`` and copied outside; ``--before DIR`` runs the same pair
with the memtui of DIR too (another checkout, e.g. ``git worktree add /tmp/base 703d9ee``),
all four in the same interleaved rounds.
"""

from __future__ import annotations

import argparse
import json
import os
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
PREFIX = "team/agents/memory"


def _put(path: str, data: bytes) -> bytes:
    return f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n"


def make_repo(repo: Path, commits: int, files: int) -> Path:
    """The repository (see the module); returns its work tree."""
    done = repo / ".complete"
    if done.exists():
        return repo
    if repo.exists():
        shutil.rmtree(repo)
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    ws = generate(repo / PREFIX, files, seed=7)
    memory = {p.relative_to(repo).as_posix(): p.read_bytes()
              for p in sorted(ws.rglob("*")) if p.is_file()}
    shutil.rmtree(repo / "team")
    source = {f"src/pkg{k // 24:02d}/sub{k % 3}/mod{k:03d}.py":
              f"# module {k}\n\ndef f{k}() -> int:\n    return {k}\n".encode()
              for k in range(240)}
    names = sorted(source)
    memories = sorted(p for p in memory if p.endswith(".md") and "/memory/memory/" in p)
    added = max(1, commits // 6)
    stream: list[bytes] = []
    for n in range(commits):
        if n == 0:
            changes = [_put(p, d) for p, d in source.items()]
        elif n == added:
            changes = [_put(p, d) for p, d in memory.items()]
        elif n > added and n % 5 == 0:
            target = memories[(n * 7) % len(memories)]
            memory[target] += f"\nRevised in commit {n}.\n".encode()
            changes = [_put(target, memory[target])]
        else:
            target = names[(n * 13) % len(names)]
            source[target] += f"# revised in commit {n}\n".encode()
            changes = [_put(target, source[target])]
        stream.append(b"commit refs/heads/main\n")
        stream.append(f"committer b <b@example.invalid> {START + 3600 * n} +0000\n".encode())
        stream.append(f"data <<EOM\ncommit {n}\nEOM\n".encode())
        stream.extend(changes)
        stream.append(b"\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=b"".join(stream),
                   check=True)
    subprocess.run(["git", "-C", str(repo), "symbolic-ref", "HEAD", "refs/heads/main"],
                   check=True)
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", "-f", "main"], check=True)
    shutil.copytree(repo / PREFIX, repo / "scratch" / "ws")
    done.write_text("ok\n")
    return repo


def cpu_of(argv: list[str], cache: str, code: Path = HERE.parent) -> tuple[float, str]:
    """CPU seconds (user+sys) of ``argv``'s process tree, with ``cache`` as its cache
    folder, and its standard output."""
    env = {**os.environ, "MEMTUI_CACHE_DIR": cache}
    env.pop("MEMTUI_NO_CACHE", None)
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, cwd=code, env=env, stdout=out,
                                stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{argv}: exit {proc.returncode}")
        out.seek(0)
        text = out.read().decode()
    return usage.ru_utime + usage.ru_stime, text


def audit_cpu(ws: Path, extra: tuple[str, ...] = (), code: Path = HERE.parent
              ) -> tuple[float, dict]:
    with tempfile.TemporaryDirectory(prefix="memtui-bench-cache-") as cache:
        cpu, text = cpu_of([sys.executable, "-m", "memtui", "audit", str(ws), "--json",
                            *extra], cache, code)
    return cpu, json.loads(text)


def ages(report: dict) -> list[tuple[str, str, object]]:
    return sorted((f["path"], f["age_source"], f.get("age_days"))
                  for f in report.get("files", []))


def paired(variants: dict[str, Path], rounds: int, extra: tuple[str, ...] = (),
           code: dict[str, Path] | None = None) -> dict[str, list[float]]:
    names = list(variants)
    got: dict[str, list[float]] = {n: [] for n in names}
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            got[name].append(audit_cpu(variants[name], extra,
                                       (code or {}).get(name, HERE.parent))[0])
    return got


def in_checkout(repo: Path, files: int, rounds: int, before: Path | None) -> None:
    """The ``--checkout`` measure (see the module)."""
    ws = generate(repo / "bench" / "out" / "git-history-ws", files, seed=7)
    outside = Path(tempfile.mkdtemp(prefix="memtui-bench-outside-"))
    try:
        shutil.copytree(ws, outside / "ws")
        variants = {"inside": ws, "outside": outside / "ws"}
        code = {}
        if before is not None:
            variants.update({"before-inside": ws, "before-outside": outside / "ws"})
            code = {"before-inside": before, "before-outside": before}
        got = paired(variants, rounds, code=code)
        commits = subprocess.run(["git", "-C", str(repo), "rev-list", "--count", "HEAD"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        print(f"{files}-file workspace untracked in {repo} ({commits} commits), "
              f"{rounds} paired rounds:")
        report({"inside": got["inside"], "outside": got["outside"]})
        if before is not None:
            print(f"  before ({before}):")
            report({"inside": got["before-inside"], "outside": got["before-outside"]})
    finally:
        shutil.rmtree(outside, ignore_errors=True)


def report(got: dict[str, list[float]], base: str = "outside") -> None:
    for name, cpus in got.items():
        ratios = [c / b for c, b in zip(cpus, got[base], strict=True)]
        print(f"  {name:10} median {statistics.median(cpus):.3f} s "
              f"(min {min(cpus):.3f}, max {max(cpus):.3f}); "
              f"paired ratio to {base}: median {statistics.median(ratios):.2f}×")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--commits", type=int, default=600)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--fleet", type=int, default=100)
    parser.add_argument("--fleet-files", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--checkout", type=Path)
    parser.add_argument("--before", type=Path)
    ns = parser.parse_args()
    if ns.checkout is not None:
        in_checkout(ns.checkout.resolve(), ns.files, ns.rounds, ns.before)
        return 0
    repo = make_repo(HERE / "out" / f"git-history-{ns.commits}-{ns.files}", ns.commits,
                     ns.files)
    outside = Path(tempfile.mkdtemp(prefix="memtui-bench-outside-"))
    try:
        shutil.copytree(repo / PREFIX, outside / "ws")
        variants = {"tracked": repo / PREFIX, "untracked": repo / "scratch" / "ws",
                    "outside": outside / "ws"}
        same = {name: ages(audit_cpu(ws)[1]) for name, ws in variants.items()}
        dated = sum(1 for _p, source, _d in same["tracked"] if source == "git")
        print(f"{ns.commits} commits, {ns.files}-file workspace ({dated} files dated by git "
              f"when tracked); cold `memtui audit WS --json`, {ns.rounds} paired rounds:")
        report(paired(variants, ns.rounds))
        if ns.fleet:
            fleet_in = repo / "scratch" / f"fleet-{ns.fleet}-{ns.fleet_files}"
            if not (fleet_in / ".complete").exists():
                for i in range(ns.fleet):
                    generate(fleet_in / f"item-{i:05d}", ns.fleet_files, seed=i)
                (fleet_in / ".complete").write_text("ok\n")
            shutil.copytree(fleet_in, outside / "fleet")
            extra = ("--discover", "--jobs", str(ns.jobs))
            got: dict[str, list[float]] = {"inside": [], "outside": []}
            for r in range(max(1, ns.rounds // 2)):
                for name in (("inside", "outside") if r % 2 == 0 else ("outside", "inside")):
                    ws = fleet_in if name == "inside" else outside / "fleet"
                    started = time.perf_counter()
                    got[name].append(audit_cpu(ws, extra)[0])
                    print(f"    fleet {name}: {got[name][-1]:.1f} s CPU, "
                          f"{time.perf_counter() - started:.1f} s wall", flush=True)
            print(f"fleet {ns.fleet} × {ns.fleet_files}, --jobs {ns.jobs}, untracked inside "
                  f"the repository vs outside:")
            report(got)
    finally:
        shutil.rmtree(outside, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
