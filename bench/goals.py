"""Every row of issue 35's table in one run: memtui beside its peers and the floor.

    python bench/goals.py [--rows seed stem scale reaudit app git fleet] [--quick]
                          [--rounds 5] [--big-rounds 3] [--sizes 261 2000 10000 50000]
                          [--out bench/out/goals.json] [--venv DIR] [--no-install]
                          [--base DIR]
    python bench/goals.py --markdown RESULTS.json [--svg OUT.svg] [--doc PAGE.md]  # again

Every CPU figure is user + system seconds of one child process and its reaped children
(``os.wait4``), which a shared machine moves far less than wall time. Within a group the
runs go in rounds, each round running every contender once in a rotating order, and a
ratio is taken per round (a busy moment falls on both sides), then the median. The
1-minute load average is recorded before and after each group. The groups (``--rows``):

- ``seed``: cold ``memtui audit WS --json`` (an empty cache folder: a first run, as in CI)
  on the 261-file flat directory whose wikilinks use each memory's ``name:``, as the seed's
  template prescribes (``bench/peers.py``'s ``name`` shape), beside each peer and the floor;
  goal: ahead of every peer, ≤ 1.2× the floor.
- ``stem``: the same on the stem-linked shape (``[[note_00042]]``); goal ≤ 1× every peer.
- ``scale``: cold, warm (the cache the first round's cold run filled) and the floor at
  each ``--sizes`` (``bench/generate.py``'s item layout, as ``bench/engine.py``), with each
  run's own peak RSS (``VmHWM``); goals: cold ≤ 2× the floor at the two largest sizes,
  warm ≤ 1× and the CLI's peak ≤ 2× the floor's at the largest.
- ``reaudit``: ``bench/reaudit.py`` in a child at ``--reaudit-size``: the app's live
  re-audit after one memory gains a wikilink; goal ≤ 25 ms.
- ``app``: ``bench/tui.py`` at each ``--app-sizes`` (the app under Pilot, cold then warm):
  the most CPU the event loop spent between two 10 ms heartbeats while the token counts came
  in (goal < 50 ms), and the app process's own peak RSS at the largest size (≤ 200 MB).
- ``git``: ``bench/git_history.py``'s repository of ``--commits`` commits with a
  ``--git-files`` workspace tracked in it and an untracked copy, and (full runs) a workspace
  untracked in this checkout, each against a copy outside any repository; goal ≤ 1.1×.
- ``fleet``: ``bench/fleet.py``'s ``--fleet`` × ``--fleet-files`` fleet untracked inside
  that repository vs a copy outside, ``memtui audit ROOT --discover --json --jobs J``;
  goal ≤ 1.2×.

The floor is ``bench/engine.py``'s: walk and read every file, build the Qwen tokenizer from
its packaged vocabulary, encode MEMORY.md — the least a correct auditor does. The peers
(``memory-doctor``, ``claude-memory-lint``, ``amagi-vaultgraph``, ``memory-lint``,
``starlane``) are installed in a scratch virtualenv (``--venv``; ``--no-install`` uses what is
there and names what is not); each runs its check of the directory, writing nothing into it
(starlane writes its report into the vault, so it gets its own copy). MB are 10^6 bytes.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import engine, fleet, git_history, goals_doc, peers, tui  # noqa: E402
from bench.generate import generate  # noqa: E402

GROUPS = ("seed", "stem", "scale", "reaudit", "app", "git", "fleet")
#: Each peer: its package, its program, its command on a workspace (see ``peer_commands``).
PEERS = {"memory-doctor": "memory-doctor", "claude-memory-lint": "cml",
         "vaultgraph": "vaultgraph", "memory-lint": "memory-lint", "starlane": "starlane"}
PACKAGES = {"memory-doctor": "memory-doctor", "claude-memory-lint": "claude-memory-lint",
            "vaultgraph": "amagi-vaultgraph", "memory-lint": "memory-lint",
            "starlane": "starlane"}
FULL = dict(rounds=5, big_rounds=3, peer_size=261, sizes=[261, 2000, 10_000, 50_000],
            reaudit_size=10_000, repeat=7, app_sizes=[261, 10_000], commits=591,
            git_files=100, fleet=1000, fleet_files=100, fleet_rounds=2)
QUICK = dict(rounds=1, big_rounds=1, peer_size=30, sizes=[30, 60], reaudit_size=30,
             repeat=2, app_sizes=[30], commits=12, git_files=30, fleet=2, fleet_files=30,
             fleet_rounds=1)
BIG = 10_000  # sizes from here on run --big-rounds rounds

#: ``python -m memtui ARGS`` that writes its own peak RSS (VmHWM, KiB) to the file named by
#: its first argument as it ends, by either of the CLI's ways out (``os._exit`` for a
#: command that ends at once, else the interpreter's exit). tests/peak_memory.py's wrapper
#: calls ``main()`` and so pays the teardown the CLI skips: right for a test's bound, not for
#: CPU figures.
MEASURED = r"""
import atexit, os, runpy, sys
_file = sys.argv.pop(1)
def _peak():
    with open("/proc/self/status") as fh:
        kib = next(ln for ln in fh if ln.startswith("VmHWM:")).split()[1]
    with open(_file, "w") as out:
        out.write(kib)
_exit = os._exit
def _ending(status):
    _peak()
    _exit(status)
os._exit = _ending
atexit.register(_peak)
runpy.run_module("memtui", run_name="__main__", alter_sys=True)
"""
FLOOR_PEAK = """
with open(sys.argv[2], "w") as out:
    out.write(next(ln for ln in open("/proc/self/status") if ln.startswith("VmHWM:")).split()[1])
"""

Run = Callable[[], tuple[float, float | None]]


def mb(kib: float) -> float:
    return round(kib * 1024 / 1e6, 1)


def memtui_run(ws: Path, cache: Path | None = None, tree: Path = ROOT
               ) -> tuple[float, float]:
    """CPU seconds and own peak RSS (MB) of one ``memtui audit WS --json`` (see MEASURED):
    cold (a new empty cache folder) unless ``cache`` is given; ``tree``: the source tree
    whose memtui runs (run from there: ``-c`` puts the working folder first on the path)."""
    with tempfile.TemporaryDirectory(prefix="memtui-goals-") as tmp:
        peak, empty = Path(tmp) / "peak", Path(tmp) / "cache"
        empty.mkdir()
        cpu, _rss, _code = peers.run([sys.executable, "-c", MEASURED, str(peak), "audit",
                                      str(ws), "--json"], peers.memtui_env(cache or empty, tree),
                                     cwd=tree)
        return round(cpu, 3), mb(int(peak.read_text()))


def floor_run(ws: Path) -> tuple[float, float]:
    code = engine.FLOOR + FLOOR_PEAK
    with tempfile.TemporaryDirectory(prefix="memtui-goals-") as tmp:
        peak = Path(tmp) / "peak"
        cpu, _rss, _code = peers.run([sys.executable, "-c", code, str(ws), str(peak)],
                                     engine.env_for(ROOT))
        return round(cpu, 3), mb(int(peak.read_text()))


def paired(runs: dict[str, Run], rounds: int) -> dict[str, list[tuple[float, float | None]]]:
    """Every run once per round, the order rotating round by round."""
    names = list(runs)
    got: dict[str, list[tuple[float, float | None]]] = {n: [] for n in names}
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            got[name].append(runs[name]())
    return got


#: The least CPU time a run is taken to cost: a process that exits at once (a peer that is a
#: stub, on an idle machine) reads 0.0, under the kernel's accounting step.
MIN_CPU = 0.001


def median_ratio(got: dict[str, list], a: str, b: str) -> float:
    return round(statistics.median(max(x[0], MIN_CPU) / max(y[0], MIN_CPU)
                                   for x, y in zip(got[a], got[b], strict=True)), 3)


def med(got: dict[str, list], name: str) -> float:
    return round(statistics.median(x[0] for x in got[name]), 3)


def load() -> float:
    return round(os.getloadavg()[0], 2)


# -- the peers ---------------------------------------------------------------------------

def install(venv: Path, allowed: bool) -> dict[str, dict[str, str]]:
    """Each peer's program and version, or why it is missing."""
    bin_dir = venv / "bin"
    if allowed and not all((bin_dir / prog).exists() for prog in PEERS.values()):
        if not (bin_dir / "pip").exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        for name, package in PACKAGES.items():
            if not (bin_dir / PEERS[name]).exists():
                subprocess.run([str(bin_dir / "pip"), "install", "-q", package],
                               capture_output=True, check=False)
    out: dict[str, dict[str, str]] = {}
    for name, prog in PEERS.items():
        if not (bin_dir / prog).exists():
            out[name] = {"missing": f"{PACKAGES[name]} is not installed in {venv}"}
            continue
        version = "?"
        if (bin_dir / "python").exists():
            proc = subprocess.run([str(bin_dir / "python"), "-c", "import importlib.metadata "
                                   f"as m; print(m.version({PACKAGES[name]!r}))"],
                                  capture_output=True, text=True, check=False)
            version = proc.stdout.strip() if proc.returncode == 0 else "?"
        out[name] = {"program": str(bin_dir / prog), "package": PACKAGES[name],
                     "version": version}
    return out


def peer_commands(available: dict[str, dict[str, str]], ws: Path, scratch: Path
                  ) -> dict[str, list[str]]:
    """Each installed peer's check of ``ws``, set up so that it writes nothing there."""
    scratch.mkdir(parents=True, exist_ok=True)
    prog = {name: info["program"] for name, info in available.items() if "program" in info}
    cmds: dict[str, list[str]] = {}
    if "memory-doctor" in prog:
        (scratch / "handoffs").mkdir(exist_ok=True)
        cmds["memory-doctor"] = [prog["memory-doctor"], "lint", "--memory-dir", str(ws),
                                 "--handoffs-dir", str(scratch / "handoffs")]
    if "claude-memory-lint" in prog:
        cmds["claude-memory-lint"] = [prog["claude-memory-lint"], "check", str(ws)]
    if "vaultgraph" in prog:  # the orphan/dangling/suggestion report, no HTML written
        cmds["vaultgraph"] = [prog["vaultgraph"], str(ws), "--no-html", "-q"]
    if "memory-lint" in prog:  # frontmatter, links, line length, the index's coverage
        config = scratch / "memory-lint.yaml"
        config.write_text(
            f"version: 1\ncorpus_root: {json.dumps(str(ws))}\nprofiles:\n  memory:\n"
            '    include: ["*.md"]\n    exclude: ["MEMORY.md"]\n    checks:\n'
            "      frontmatter:\n        required_keys: [name, description]\n"
            "      links: true\n      structure:\n        max_line_length: 2000\n"
            'indexes:\n  - path: MEMORY.md\n    include: ["*.md"]\n    exclude: ["MEMORY.md"]\n',
            encoding="utf-8")
        cmds["memory-lint"] = [prog["memory-lint"], "--config", str(config), "--format", "json"]
    if "starlane" in prog:  # `mapcheck` writes AI/Digest/vault-check.md into the vault
        vault = scratch / "starlane-vault"
        shutil.rmtree(vault, ignore_errors=True)
        shutil.copytree(ws, vault)
        config = scratch / "aos.toml"
        config.write_text(f"[vault]\npath = {json.dumps(str(vault))}\n[paths]\n"
                          f"data = {json.dumps(str(scratch / 'starlane-data'))}\n",
                          encoding="utf-8")
        cmds["starlane"] = [prog["starlane"], "--config", str(config), "mapcheck"]
    return cmds


def beside_peers(style: str, n: int, available: dict, rounds: int, work: Path,
                 base: Path | None = None) -> dict:
    ws = peers.workspace(n, style, work / "peers")
    cmds = peer_commands(available, ws, work / "scratch" / f"peers-{style}")
    runs: dict[str, Run] = {"memtui": lambda: memtui_run(ws), "floor": lambda: floor_run(ws)}
    if base is not None:  # another memtui (``--base``), in the same rounds
        runs["memtui-base"] = lambda: memtui_run(ws, tree=base)
    for name, cmd in cmds.items():
        runs[name] = lambda cmd=cmd: (round(peers.run(cmd)[0], 3), None)
    got = paired(runs, rounds)
    return {"workspace": str(ws), "files": n, "shape": style, "rounds": rounds,
            "commands": {name: " ".join(cmd) for name, cmd in cmds.items()},
            "cpu": {name: med(got, name) for name in got},
            "ratio": {name: median_ratio(got, "memtui", name) for name in got
                      if name != "memtui"},
            "runs": got}


# -- memtui alone ------------------------------------------------------------------------

#: A file written less than this before a scan cannot be vouched for by its stat key
#: (`memtui.core.caches.scans.GRANULARITY_NS`): its cache entry is read again next time.
SETTLE = 2.5


def item_workspace(work: Path, n: int) -> Path:
    """The generated workspace of ``n`` memories (made once, then reused), written at least
    `SETTLE` seconds ago: a memory folder is not audited in the same instant it is written,
    and a warm run right after generating would re-read the files of the last two seconds
    (session 17's run: warm 10,000 1.67 s and 50,000 9.99 s instead of ~0.4 / ~1.4 s)."""
    ws = work / f"ws{n}"
    if not (ws / "MEMORY.md").exists():
        generate(ws, n)
        time.sleep(SETTLE)
    return ws


def scale(sizes: list[int], rounds: int, big_rounds: int, work: Path) -> dict:
    out = {}
    for n in sizes:
        ws = item_workspace(work, n)
        warm = work / "scratch" / f"warm-{n}"
        shutil.rmtree(warm, ignore_errors=True)
        warm.mkdir(parents=True)
        # The first round runs cold first, in the warm runs' cache folder, still empty: a
        # cold run like any other, and the first run that fills the cache.
        got = paired({"cold": lambda ws=ws, warm=warm: memtui_run(
                          ws, None if any(warm.iterdir()) else warm),
                      "warm": lambda ws=ws, warm=warm: memtui_run(ws, warm),
                      "floor": lambda ws=ws: floor_run(ws)},
                     big_rounds if n >= BIG else rounds)
        out[str(n)] = {"cpu": {k: med(got, k) for k in got},
                       "peak_mb": {k: max(x[1] for x in got[k]) for k in got},
                       "cold_floor": median_ratio(got, "cold", "floor"),
                       "warm_floor": median_ratio(got, "warm", "floor"), "runs": got}
        print(f"  {n:,} files: {out[str(n)]['cpu']}", flush=True)
    return out


def reaudit(n: int, repeat: int, work: Path) -> dict:
    ws = item_workspace(work, n)
    with tempfile.TemporaryDirectory(prefix="memtui-goals-cache-") as cache:
        cmd = [sys.executable, str(ROOT / "bench" / "reaudit.py"), str(ws), "--repeat",
               str(repeat), "--json"]
        proc = subprocess.run(cmd, cwd=ROOT, env=peers.memtui_env(Path(cache)),
                              capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"bench/reaudit.py failed: {proc.stderr[-1500:]}")
    return {"files": n, "repeat": repeat, "ms": json.loads(proc.stdout)}


def app(sizes: list[int], quick: bool, work: Path) -> dict:
    runs = ("cold",) if quick else ("cold", "warm")
    return {str(n): tui.measure_workspace(str(item_workspace(work, n)), runs) for n in sizes}


# -- git ---------------------------------------------------------------------------------

def in_repository(path: Path) -> bool:
    return subprocess.run(["git", "-C", str(path), "rev-parse", "--git-dir"],
                          capture_output=True, check=False).returncode == 0


def copied(source: Path, dest: Path) -> Path:
    """``dest``, a copy of ``source`` made once (a ``.complete`` mark says it is whole)."""
    if not (dest / ".complete").exists():
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(source, dest, ignore=shutil.ignore_patterns(".complete"))
        (dest / ".complete").write_text("ok\n")
    return dest


def git_rows(commits: int, files: int, rounds: int, checkout: bool, work: Path,
             outside: Path) -> dict:
    repo = git_history.make_repo(work / f"git-history-{commits}-{files}", commits, files)
    variants = {"tracked": repo / git_history.PREFIX, "untracked": repo / "scratch" / "ws",
                "outside": copied(repo / git_history.PREFIX, outside / f"git-ws-{files}")}
    if checkout:  # bench/git_history.py --checkout's place: untracked in this checkout
        variants["checkout"] = generate(ROOT / "bench" / "out" / "git-history-ws", files,
                                        seed=7)
    dated = sum(1 for _p, source, _d in git_history.ages(git_history.audit_cpu(
        variants["tracked"])[1]) if source == "git")
    got = paired({name: lambda ws=ws: (round(git_history.audit_cpu(ws)[0], 3), None)
                  for name, ws in variants.items()}, rounds)
    count = subprocess.run(["git", "-C", str(ROOT), "rev-list", "--count", "HEAD"],
                           capture_output=True, text=True, check=False).stdout.strip()
    return {"commits": commits, "files": files, "dated_by_git": dated, "rounds": rounds,
            "checkout_commits": count if checkout else None,
            "cpu": {k: med(got, k) for k in got},
            "ratio": {k: median_ratio(got, k, "outside") for k in got if k != "outside"},
            "runs": got}


def fleet_rows(commits: int, files: int, n: int, per: int, jobs: int, rounds: int,
               work: Path, outside: Path) -> dict:
    repo = git_history.make_repo(work / f"git-history-{commits}-{files}", commits, files)
    inside = fleet.make_fleet(repo / "scratch" / f"fleet-{n}-{per}", n, per)
    out = copied(inside, outside / f"fleet-{n}-{per}")
    extra = ("--discover", "--jobs", str(jobs))
    walls: dict[str, list[float]] = {"inside": [], "outside": []}

    def timed(name: str, ws: Path) -> tuple[float, None]:
        started = time.perf_counter()
        cpu = git_history.audit_cpu(ws, extra)[0]
        walls[name].append(round(time.perf_counter() - started, 1))
        print(f"    fleet {name}: {cpu:.1f} s CPU, {walls[name][-1]:.1f} s wall", flush=True)
        return round(cpu, 3), None

    got = paired({"inside": lambda: timed("inside", inside),
                  "outside": lambda: timed("outside", out)}, rounds)
    return {"workspaces": n, "files": per, "jobs": jobs, "rounds": rounds, "wall": walls,
            "cpu": {k: med(got, k) for k in got},
            "ratio": median_ratio(got, "inside", "outside"), "runs": got}


# -- the run -----------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", nargs="+", choices=GROUPS, default=list(GROUPS))
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes and one round: a smoke test of the harness")
    for name, value in FULL.items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, list):
            parser.add_argument(flag, type=int, nargs="+", default=None)
        else:
            parser.add_argument(flag, type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", type=Path, default=ROOT / "bench" / "out" / "goals",
                        help="where the workspaces and the repository are made (reused)")
    parser.add_argument("--outside", type=Path,
                        default=Path(tempfile.gettempdir()) / "memtui-goals-outside",
                        help="copies outside any git repository (reused)")
    parser.add_argument("--venv", type=Path, default=peers.VENV)
    parser.add_argument("--no-install", action="store_true")
    parser.add_argument("--base", type=Path,
                        help="seed and stem rows: also run the memtui of this source tree "
                             "(e.g. `git archive main memtui | tar -x -C DIR`), as memtui-base")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "goals.json")
    parser.add_argument("--markdown", type=Path, metavar="RESULTS.json",
                        help="print the tables of an earlier run's JSON; measure nothing")
    parser.add_argument("--svg", type=Path, help="with --markdown: write the growth plot")
    parser.add_argument("--doc", type=Path,
                        help="with --markdown: put the tables into this page between its markers")
    ns = parser.parse_args(argv)
    if ns.markdown is not None:
        return goals_doc.main([str(ns.markdown), *(["--svg", str(ns.svg)] if ns.svg else []),
                               *(["--doc", str(ns.doc)] if ns.doc else [])])
    sizes = QUICK if ns.quick else FULL
    cfg = {name: getattr(ns, name) if getattr(ns, name) is not None else value
           for name, value in sizes.items()}
    work, outside = ns.work.resolve(), ns.outside.resolve()
    work.mkdir(parents=True, exist_ok=True)
    outside.mkdir(parents=True, exist_ok=True)
    if in_repository(outside):
        print(f"goals: {outside} is inside a git repository; --outside must not be",
              file=sys.stderr)
        return 2
    peers.compile_memtui()
    base = ns.base.resolve() if ns.base is not None else None
    if base is not None:
        compileall.compile_dir(base / "memtui", quiet=2)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    results: dict = {
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "commit": commit,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}",
        "command": " ".join(["python bench/goals.py", *(argv if argv is not None
                                                        else sys.argv[1:])]),
        "quick": ns.quick, "config": cfg, "groups": {}, "load": {}}
    available = install(ns.venv, not ns.no_install) if {"seed", "stem"} & set(ns.rows) else {}
    results["peers"] = available
    steps: dict[str, Callable[[], dict]] = {
        "seed": lambda: beside_peers("name", cfg["peer_size"], available, cfg["rounds"], work,
                                     base),
        "stem": lambda: beside_peers("stem", cfg["peer_size"], available, cfg["rounds"], work,
                                     base),
        "scale": lambda: scale(cfg["sizes"], cfg["rounds"], cfg["big_rounds"], work),
        "reaudit": lambda: reaudit(cfg["reaudit_size"], cfg["repeat"], work),
        "app": lambda: app(cfg["app_sizes"], ns.quick, work),
        "git": lambda: git_rows(cfg["commits"], cfg["git_files"], cfg["rounds"],
                                not ns.quick and in_repository(ROOT), work, outside),
        "fleet": lambda: fleet_rows(cfg["commits"], cfg["git_files"], cfg["fleet"],
                                    cfg["fleet_files"], ns.jobs, cfg["fleet_rounds"], work,
                                    outside),
    }
    print(f"{results['started']}; {results['machine']}; {commit}; load {load()}", flush=True)
    for group in GROUPS:
        if group not in ns.rows:
            continue
        before, started = load(), time.time()
        print(f"{group} (load {before})", flush=True)
        results["groups"][group] = steps[group]()
        results["load"][group] = {"before": before, "after": load(),
                                  "minutes": round((time.time() - started) / 60, 1)}
        ns.out.parent.mkdir(parents=True, exist_ok=True)
        ns.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    results["rows"] = goals_doc.rows(results)
    ns.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(goals_doc.markdown(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
