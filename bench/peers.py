"""memtui's cold audit side by side with the two peers on PyPI, in CPU seconds.

    python bench/peers.py [--sizes 261 2000] [--link-styles stem name] [--alone 10000 50000]
                          [--repeat 3]

- Installs ``memory-doctor`` and ``claude-memory-lint`` into a scratch virtualenv under
  ``bench/out/peers-venv`` (once; ``--reinstall`` starts it again).
- Generates workspaces with ``bench/generate.py --layout flat --median-bytes 2900`` (a Claude
  Code memory directory shaped like the measured one: memories beside a 110-line MEMORY.md,
  median 2.9 KB) under ``bench/out/peers``, in each ``--link-styles`` shape: ``stem`` (each
  memory's ``name:`` is its file stem and wikilinks say ``[[note_00042]]``) and ``name`` (each
  memory has a kebab-case ``name:`` of its own and wikilinks use it, as the seed's template
  prescribes; memory-doctor, which matches wikilinks against file stems only, then finds
  every link dead and runs its edit-distance suggestion for each).
- For each ``--sizes`` workspace and shape, runs in turn, ``--repeat`` times: ``memtui audit
  WS --json`` with an empty cache folder (a first run, as in CI), ``memory-doctor lint
  --memory-dir WS`` and ``cml check WS``; each pass gives one memtui/peer ratio, and the
  table shows medians.
- For each ``--alone`` workspace, memtui only: cold (empty cache folder) and warm (the cache
  the cold run filled), with each run's peak RSS.

Time is CPU seconds (user + system) of the child process, from ``os.wait4``, which on a
shared machine moves far less than wall time; peak RSS comes from the same call. memtui runs
from this source tree, its bytecode compiled first (as installing it does, and as the peers'
is in their virtualenv), so that no run pays for compiling memtui's modules even where
``PYTHONDONTWRITEBYTECODE`` is set.
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.generate import LINK_STYLES, generate  # noqa: E402

OUT = ROOT / "bench" / "out"
VENV = OUT / "peers-venv"
PEERS = ("memory-doctor", "claude-memory-lint")


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path = ROOT
        ) -> tuple[float, float, int]:
    """(CPU seconds, peak RSS in MB, exit status) of one child run to completion."""
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()  # small; read before waiting so a chatty child never blocks
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode()[-800:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode


def install(reinstall: bool) -> Path:
    if reinstall:
        shutil.rmtree(VENV, ignore_errors=True)
    bin_dir = VENV / "bin"
    if not (bin_dir / "cml").exists() or not (bin_dir / "memory-doctor").exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(bin_dir / "pip"), "install", "-q", *PEERS], check=True)
    return bin_dir


def workspace(n: int, link_style: str = "stem", root: Path = OUT / "peers") -> Path:
    """The flat ``n``-file workspace in ``link_style`` under ``root`` (made once)."""
    ws = root / (f"flat-{n}" if link_style == "stem" else f"flat-{n}-{link_style}")
    if not (ws / "MEMORY.md").exists():
        generate(ws, n, layout="flat", median=2900, link_style=link_style)
    return ws


def compile_memtui() -> None:
    """memtui's bytecode, written as an install writes it (quietly; a failure shows later)."""
    compileall.compile_dir(ROOT / "memtui", quiet=2)


def memtui_env(cache: Path, tree: Path = ROOT) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MEMTUI_NO_CACHE",)}
    env.update(PYTHONPATH=str(tree), MEMTUI_CACHE_DIR=str(cache))
    return env


def memtui_cold(ws: Path) -> tuple[float, float]:
    cache = Path(tempfile.mkdtemp(prefix="memtui-peers-cache-"))
    try:
        cpu, rss, _ = run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                          memtui_env(cache))
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return cpu, rss


def median(values: list[float]) -> float:
    return statistics.median(values)


def ratio(value: float) -> str:
    """Two decimals, or three below 0.1 (a ratio of 0.002 is not 0.00)."""
    return f"{value:.2f}" if value >= 0.1 else f"{value:.3f}"


def side_by_side(bin_dir: Path, sizes: list[int], styles: list[str], repeat: int
                 ) -> list[str]:
    handoffs = Path(tempfile.mkdtemp(prefix="memtui-peers-handoffs-"))
    peers = {
        "memory-doctor lint": lambda ws: [str(bin_dir / "memory-doctor"), "lint",
                                          "--memory-dir", str(ws), "--handoffs-dir",
                                          str(handoffs)],
        "claude-memory-lint check": lambda ws: [str(bin_dir / "cml"), "check", str(ws)],
    }
    rows = ["| files | wikilinks by | memtui cold | " + " | ".join(peers) + " | " +
            " | ".join(f"memtui / {name.split()[0]}" for name in peers) + " |",
            "|---|---|---|" + "---|" * (2 * len(peers))]
    for n, style in [(n, style) for n in sizes for style in styles]:
        ws = workspace(n, style)
        mine: list[float] = []
        theirs: dict[str, list[float]] = {name: [] for name in peers}
        ratios: dict[str, list[float]] = {name: [] for name in peers}
        for _ in range(repeat):  # one pass: memtui, then each peer, on the same workspace
            cpu, _rss = memtui_cold(ws)
            mine.append(cpu)
            for name, cmd in peers.items():
                peer_cpu, _, _ = run(cmd(ws))
                theirs[name].append(peer_cpu)
                ratios[name].append(cpu / peer_cpu)
        row = (f"| {n:,} | {style} | {median(mine):.2f} s | " +
               " | ".join(f"{median(theirs[name]):.2f} s" for name in peers) + " | " +
               " | ".join(f"**{ratio(median(ratios[name]))}**" for name in peers) + " |")
        rows.append(row)
        print(row, flush=True)
    shutil.rmtree(handoffs, ignore_errors=True)
    return rows


def alone(sizes: list[int], repeat: int) -> list[str]:
    rows = ["| files | memtui cold: CPU | peak RSS | memtui warm: CPU | peak RSS |",
            "|---|---|---|---|---|"]
    for n in sizes:
        ws = workspace(n)
        cold = [memtui_cold(ws) for _ in range(repeat)]
        cache = Path(tempfile.mkdtemp(prefix="memtui-peers-warm-"))
        try:
            cmd = [sys.executable, "-m", "memtui", "audit", str(ws), "--json"]
            run(cmd, memtui_env(cache))  # fills the cache; not counted
            warm = [run(cmd, memtui_env(cache))[:2] for _ in range(repeat)]
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        row = (f"| {n:,} | {median([c for c, _ in cold]):.2f} s | "
               f"{max(r for _, r in cold):.0f} MB | {median([c for c, _ in warm]):.2f} s | "
               f"{max(r for _, r in warm):.0f} MB |")
        rows.append(row)
        print(row, flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[261, 2000])
    parser.add_argument("--link-styles", nargs="+", choices=LINK_STYLES,
                        default=list(LINK_STYLES))
    parser.add_argument("--alone", type=int, nargs="*", default=[10_000, 50_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reinstall", action="store_true")
    ns = parser.parse_args()
    bin_dir = install(ns.reinstall)
    compile_memtui()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{started}; {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; load average {os.getloadavg()[0]:.1f}; "
          f"medians of {ns.repeat}", flush=True)
    table = side_by_side(bin_dir, ns.sizes, ns.link_styles, ns.repeat) if ns.sizes else []
    solo = alone(ns.alone, ns.repeat) if ns.alone else []
    print(f"\nload average after: {os.getloadavg()[0]:.1f}\n")
    print("\n".join([*table, "", *solo]))


if __name__ == "__main__":
    main()
