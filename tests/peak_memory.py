"""Run ``memtui ARGS`` in a child process and measure its own peak memory and CPU.

The peak is the child's ``VmHWM`` (the high-water mark of its own address space), read by the
child as ``main`` returns. Not ``ru_maxrss``: Linux carries it across ``fork`` and ``exec``, so
a child of a pytest process that has grown to 400 MiB reports at least 400 MiB whatever it does.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Runs ``memtui.cli.main`` (not ``entry``: it may end with ``os._exit``), then writes the
#: process's own VmHWM in KiB to the file named by its first argument.
MEASURE = """
import sys
from memtui.cli import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w") as out:
    out.write(next(ln for ln in open("/proc/self/status") if ln.startswith("VmHWM:")).split()[1])
raise SystemExit(code)
"""


@dataclass(frozen=True)
class Measured:
    code: int
    out: str
    err: str
    #: The child's own peak RSS in MiB; None when it died before reporting it.
    peak_mib: float | None
    cpu_seconds: float


def run_measured(args: list[str], env: Mapping[str, str] | None = None,
                 memory_limit: int | None = None, cpu_limit: int | None = None) -> Measured:
    """``memtui ARGS`` from the repository root, optionally under an address-space and a CPU
    limit; its exit code, output, own peak memory and CPU time (user + system)."""
    def limits() -> None:
        if memory_limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
        if cpu_limit is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit))

    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err:
        peak_file = Path(tmp) / "peak"
        proc = subprocess.Popen([sys.executable, "-c", MEASURE, str(peak_file), *args],
                                cwd=ROOT, env=dict(env if env is not None else os.environ),
                                stdout=out, stderr=err, preexec_fn=limits)
        _pid, status, usage = os.wait4(proc.pid, 0)
        out.seek(0)
        err.seek(0)
        peak = int(peak_file.read_text()) / 1024 if peak_file.exists() else None
        return Measured(os.waitstatus_to_exitcode(status), out.read().decode(),
                        err.read().decode(), peak, usage.ru_utime + usage.ru_stime)
